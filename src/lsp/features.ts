/**
 * The editor's questions about a position — hover, completion, definition, references — and
 * the outline and quick fixes of a file, answered from one game's symbol index and the seeds.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { findScenarioFiles } from '../conformance/index.ts';
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  CompletionItemKind,
  MarkupKind,
  SymbolKind as LspSymbolKind,
  type CodeAction,
  type CompletionItem,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol,
  type Hover,
  type Location,
  type Range,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Located } from '../loader/load-folder.ts';
import { parseRef, seedIndex, seedInfo, seedLines, seedsDir } from '../loader/seeds.ts';
import { cursorOn, ownKey, parseText, scalarAt, type CursorScalar } from './cursor.ts';
import { builtinNames } from '../expr/index.ts';
import { displayPath } from '../loader/yaml-file.ts';
import { placeKey, type ScopedName } from './scopes.ts';
import { describeKind, expressionNames, isExpression, memberNames, nameAt, namesIn, type NameChoice } from './names.ts';
import { tokenRange } from './ranges.ts';
import { schemaFacts } from './schema-facts.ts';
import { idsOf, type GameSymbol, type SymbolIndex, type SymbolKind } from './symbols.ts';
import type { Workspace } from './workspace.ts';

/** keys whose value is the id of a declared rule of one kind */
const idKeys: Record<string, SymbolKind[]> = {
  call: ['procedure'],
  endGame: ['end rule'],
  list: ['effect list'],
  kind: ['card kind'],
};

interface At {
  ws: Workspace;
  path: string;
  doc: TextDocument;
  offset: number;
}

function cursor(at: At): CursorScalar | undefined {
  return scalarAt(parseText(at.doc.getText()), at.offset);
}

function indexFor(at: At): SymbolIndex | undefined {
  const dir = at.ws.gameDirOf(at.path);
  return dir ? at.ws.index(dir) : undefined;
}

/** The symbol a scalar names at the cursor: a name in an expression, or a whole value that is an id. */
function symbolAt(c: CursorScalar, index: SymbolIndex | undefined): { id: string; symbols: GameSymbol[]; start: number; end: number } | undefined {
  if (!index || c.isKey) return undefined;
  if (isExpression(c)) {
    const n = nameAt(c.value, c.index);
    if (!n) return undefined;
    return { id: n.name, symbols: index.byId.get(n.name) ?? [], start: n.start, end: n.end };
  }
  const symbols = index.byId.get(c.value);
  return symbols ? { id: c.value, symbols, start: 0, end: c.value.length } : undefined;
}

export function hover(at: At): Hover | null {
  const c = cursor(at);
  if (!c) return null;
  const md = (value: string): Hover => ({ contents: { kind: MarkupKind.Markdown, value } });
  if (c.isKey) {
    const effect = schemaFacts().effects.get(c.value);
    return effect && c.keys.length > 1 ? md(`**effect \`${effect.key}\`**: ${effect.description}${effect.value ? `\n\n\`${effect.key}:\` ${effect.value}` : ''}`) : null;
  }
  if (ownKey(c) === 'ref') {
    const text = seedHover(c.value, typeof c.siblings.quote === 'string' ? c.siblings.quote : undefined);
    return text ? md(text) : null;
  }
  const found = symbolAt(c, indexFor(at));
  if (!found) return null;
  if (found.symbols.length === 0) {
    if (!isExpression(c)) return null;
    const builtIn = expressionNames(undefined).find((n) => n.name === found.id);
    if (builtIn) return md(`**${builtIn.detail}** \`${builtIn.name}\``);
    const local = scopeAt(at, c)?.find((n) => n.name === found.id);
    return local ? md(`**local** \`${local.name}\`: ${local.detail}`) : null;
  }
  return md(found.symbols.map(symbolHover).join('\n\n---\n\n'));
}

function symbolHover(s: GameSymbol): string {
  const node = s.node as { text?: { en?: string; zh?: string }; source?: { ref: string; quote: string }[]; assumption?: { why?: { en?: string } } };
  const parts = [`**${describeKind(s)}** \`${s.id}\``];
  if (node.text?.en) parts.push(node.text.en);
  if (node.text?.zh) parts.push(node.text.zh);
  for (const c of node.source ?? []) parts.push(`source ${c.ref}: “${c.quote.replace(/\n/g, ' ')}”`);
  if (node.assumption?.why?.en) parts.push(`assumption: ${node.assumption.why.en}`);
  parts.push(`declared at ${s.at.file}:${s.at.line}:${s.at.col}`);
  return parts.join('\n\n');
}

/** The cited lines of a seed, numbered, with the quote in bold. */
export function seedHover(ref: string, quote: string | undefined): string | undefined {
  const r = parseRef(ref.trim());
  const lines = r ? seedLines(r.seed) : undefined;
  if (!r || !lines) return undefined;
  const info = seedInfo(r.seed);
  const shown = lines.slice(r.from - 1, r.to);
  if (shown.length === 0) return undefined;
  // mark the quote: where it starts on the cited lines joined by line breaks (as the checker reads them)
  const joined = shown.join('\n');
  const q = quote ?? '';
  const start = q ? joined.indexOf(q) : -1;
  let lineStart = 0;
  const out = shown.map((line, i) => {
    const from = lineStart;
    lineStart += line.length + 1;
    let body = escapeMd(line);
    if (start >= 0) {
      const a = Math.max(0, start - from);
      const b = Math.min(line.length, start + q.length - from);
      if (a < b) body = `${escapeMd(line.slice(0, a))}**${escapeMd(line.slice(a, b))}**${escapeMd(line.slice(b))}`;
    }
    return `${r.from + i}: ${body}`;
  });
  const title = info ? (typeof info.title === 'string' ? info.title : info.title.en) : '';
  return [`**seed ${r.seed}, line${r.to !== r.from ? `s ${r.from}–${r.to}` : ` ${r.from}`}**${title ? ` · ${title}` : ''}`, ...out].join('\n\n');
}

function escapeMd(s: string): string {
  return s.replace(/([\\`*_[\]<>])/g, '\\$1');
}

export function completion(at: At): CompletionItem[] {
  const text = at.doc.getText();
  const c = cursor(at);
  const index = indexFor(at);
  let key: string | undefined;
  let before: string;
  let expression: boolean;
  if (c && !c.isKey) {
    key = ownKey(c);
    before = c.value.slice(0, c.index);
    expression = isExpression(c);
  } else {
    // nothing written after the key yet: `call: |`
    const lineStart = text.lastIndexOf('\n', at.offset - 1) + 1;
    const m = /^\s*(?:-\s+)*([\w]+):\s*["']?([^"']*)$/.exec(text.slice(lineStart, at.offset));
    if (!m) return [];
    key = m[1];
    before = m[2] ?? '';
    expression = key !== undefined && schemaFacts().exprKeys.has(key);
  }
  if (key === 'ref') return refCompletion(before);
  const kinds = key ? idKeys[key] : undefined;
  if (kinds && !expression) return index ? idsOf(index, kinds).map((s) => item(s.id, describeKind(s), CompletionItemKind.Reference, s)) : [];
  if (!expression) return [];
  // after `x.` or `f(…).`: the members of what stands before the dot
  const member = /([\p{L}_][\p{L}\p{N}_]*|\))\s*\.\s*[\p{L}\p{N}_]*$/u.exec(before);
  const choices: NameChoice[] = member ? memberNames(index, member[1]!) : (c && inScope(at, c, before)) || expressionNames(index);
  // names of the type the expression must have come first
  return choices.map((n) => ({ ...item(n.name, n.detail, n.symbol ? CompletionItemKind.Variable : CompletionItemKind.Function, n.symbol), sortText: `${n.fits ? 0 : 1}${n.name}` }));
}

/** The names the compiler had in scope at the expression the cursor is in (undefined: it has not seen it). */
function scopeAt(at: At, c: CursorScalar): ScopedName[] | undefined {
  const dir = at.ws.gameDirOf(at.path);
  const scopes = dir ? at.ws.scopes(dir) : undefined;
  const start = parseText(at.doc.getText()).lines.linePos(c.offsets[0] ?? 0);
  return scopes?.get(placeKey(displayPath(at.path), start.line, start.col));
}

/**
 * The names the compiler had in scope at this expression (locals included), the built-in
 * functions and the parameters of lambdas written before the cursor; undefined when the
 * expression is not in the last version of the game that loaded (it was just typed).
 */
function inScope(at: At, c: CursorScalar, before: string): NameChoice[] | undefined {
  const names = scopeAt(at, c);
  if (!names) return undefined;
  const index = indexFor(at);
  const lambdaParams = [...before.matchAll(/\(?\s*([\p{L}_][\p{L}\p{N}_]*(?:\s*,\s*[\p{L}_][\p{L}\p{N}_]*)*)\s*\)?\s*=>/gu)].flatMap((m) => m[1]!.split(/\s*,\s*/));
  return [
    ...lambdaParams.map((name) => ({ name, detail: 'lambda parameter' })),
    ...names.map((n) => {
      const symbol = index?.byId.get(n.name)?.[0];
      return { name: n.name, detail: symbol ? describeKind(symbol) : n.detail, fits: n.fits, ...(symbol ? { symbol } : {}) };
    }),
    ...builtinNames.map((name) => ({ name, detail: 'built-in function' })),
  ];
}

function item(label: string, detail: string, kind: CompletionItemKind, s?: GameSymbol): CompletionItem {
  const text = (s?.node as { text?: { en?: string } } | undefined)?.text?.en;
  return { label, detail, kind, ...(text ? { documentation: text } : {}) };
}

function refCompletion(before: string): CompletionItem[] {
  const m = /^([0-9]{3}):/.exec(before.trim());
  if (!m) return seedIndex().map((s) => ({ label: `${s.id}:`, detail: `${s.game}: ${typeof s.title === 'string' ? s.title : s.title.en}`, kind: CompletionItemKind.File }));
  const lines = seedLines(m[1]!) ?? [];
  return lines.flatMap((line, i) => (line.trim() === '' ? [] : [{ label: `${m[1]}:${i + 1}`, detail: line.slice(0, 80), kind: CompletionItemKind.Reference, sortText: String(i + 1).padStart(6, '0') }]));
}

export function definition(at: At): Location[] {
  const c = cursor(at);
  if (!c) return [];
  if (ownKey(c) === 'ref') {
    const r = parseRef(c.value.trim());
    const info = r ? seedInfo(r.seed) : undefined;
    if (!r || !info) return [];
    const line = Math.max(0, r.from - 1);
    return [{ uri: pathToFileURL(join(seedsDir, info.file)).href, range: { start: { line, character: 0 }, end: { line, character: 0 } } }];
  }
  const found = symbolAt(c, indexFor(at));
  return (found?.symbols ?? []).map((s) => location(at.ws, s.at));
}

function location(ws: Workspace, l: Located, length?: number): Location {
  const path = resolve(l.file);
  const range = tokenRange(ws.textOf(path) ?? '', l.line, l.col);
  if (length !== undefined) range.end = { line: range.start.line, character: range.start.character + length };
  return { uri: pathToFileURL(path).href, range };
}

/** Every place a name is used in the game's files (and, asked for, where it is declared). */
export function references(at: At, includeDeclaration: boolean): Location[] {
  const c = cursor(at);
  const index = indexFor(at);
  const dir = at.ws.gameDirOf(at.path);
  if (!c || !index || !dir) return [];
  const found = c.isKey ? undefined : ownKey(c) === 'id' ? { id: c.value } : symbolAt(c, index);
  if (!found || !index.byId.has(found.id)) return [];
  const id = found.id;
  const out: Location[] = [];
  // the game's files, and its scenarios (test/conformance/<game>/ beside rules/)
  const scenarios = findScenarioFiles(join(dirname(dirname(resolve(dir))), 'test', 'conformance', basename(dir)));
  for (const file of [...index.files, ...scenarios]) {
    const path = resolve(file);
    const text = at.ws.textOf(path);
    if (text === undefined) continue;
    const parsed = parseText(text);
    for (const s of parsed.scalars) {
      if (s.isKey || typeof s.node.value !== 'string') continue;
      const sc = cursorOn(parsed, s, s.node.range?.[0] ?? 0);
      if (!sc) continue;
      const spans = isExpression(sc) ? namesIn(sc.value).filter((n) => n.name === id) : sc.value === id && (includeDeclaration || ownKey(sc) !== 'id') ? [{ start: 0, end: id.length }] : [];
      for (const n of spans) {
        const start = offsetPosition(parsed.lines, sc.offsets[n.start] ?? 0);
        out.push({ uri: pathToFileURL(path).href, range: { start, end: { line: start.line, character: start.character + (n.end - n.start) } } });
      }
    }
  }
  return out;
}

function offsetPosition(lines: ReturnType<typeof parseText>['lines'], offset: number): { line: number; character: number } {
  const p = lines.linePos(offset);
  return { line: p.line - 1, character: p.col - 1 };
}

const lspKind: Record<SymbolKind, LspSymbolKind> = {
  option: LspSymbolKind.Property,
  'card kind': LspSymbolKind.Class,
  'space set': LspSymbolKind.Enum,
  var: LspSymbolKind.Variable,
  'seat var': LspSymbolKind.Field,
  zone: LspSymbolKind.Array,
  function: LspSymbolKind.Function,
  procedure: LspSymbolKind.Method,
  trigger: LspSymbolKind.Event,
  'effect list': LspSymbolKind.Interface,
  rule: LspSymbolKind.Module,
  'end rule': LspSymbolKind.Event,
  'result rule': LspSymbolKind.Constant,
};

/** The rules of one file as an outline: its sections, each with the ids declared in it, in file order. */
export function documentSymbols(ws: Workspace, path: string, text: string): DocumentSymbol[] {
  const dir = ws.gameDirOf(path);
  const index = dir ? ws.index(dir) : undefined;
  if (!index) return [];
  const sections: DocumentSymbol[] = [];
  const mine = index.all.filter((s) => resolve(s.at.file) === resolve(path)).sort((a, b) => a.at.line - b.at.line || a.at.col - b.at.col);
  for (const s of mine) {
    const range: Range = tokenRange(text, s.at.line, s.at.col);
    const symbol: DocumentSymbol = { name: s.id, detail: describeKind(s), kind: lspKind[s.kind], range, selectionRange: range };
    const last = sections[sections.length - 1];
    if (last?.name === s.section) {
      last.children!.push(symbol);
      last.range = { start: last.range.start, end: range.end };
    } else sections.push({ name: s.section, kind: LspSymbolKind.Namespace, range, selectionRange: range, children: [symbol] });
  }
  return sections;
}

/** A quick fix for each diagnostic that says "did you mean 'x'?": write x in its place. */
export function codeActions(uri: string, diagnostics: LspDiagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.source !== 'rules') continue;
    const m = /did you mean '([^']+)'/.exec(typeof d.message === 'string' ? d.message : d.message.value);
    if (!m) continue;
    out.push({ title: `Change to '${m[1]}'`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: { changes: { [uri]: [{ range: d.range, newText: m[1]! }] } } });
  }
  return out;
}
