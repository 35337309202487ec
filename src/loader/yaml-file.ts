/**
 * One YAML file: its data, its syntax errors as diagnostics, and a way back from any object or
 * array of the data (and any character inside a string value) to a line and column in the file.
 */
import { MAX_FILE_BYTES, MAX_YAML_ALIASES, MAX_YAML_DEPTH } from '../limits.ts';
import { relative, resolve, sep } from 'node:path';
import {
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
  type Scalar,
  type YAMLError,
} from 'yaml';
import type { Diagnostic } from './diagnostics.ts';
import { scalarOffsets } from './yaml-scalar.ts';
import { CONTROL_CHARACTER } from '../control-characters.ts';
import { NotUtf8Error, readTextFile, ReadFileError } from '../file-io.ts';
import { internAll } from '../intern.ts';
import { isRuleNumber, literalProblem } from '../rule-numbers.ts';

export interface Located {
  file: string;
  line: number;
  col: number;
}

export interface YamlFile {
  /** the file as shown in diagnostics (relative to the current directory) */
  file: string;
  text: string;
  /** the parsed data; undefined when the file could not be read or has YAML syntax errors */
  data: unknown;
  /** syntax errors and warnings */
  diagnostics: Diagnostic[];
  /** true when `obj` is an object or array of this file's data */
  has(obj: object): boolean;
  /** where `obj` starts; with a key, where that key (map) or item (list) starts */
  where(obj: object, key?: string | number): Located;
  /** where character `offset` of the string value at obj[key] stands in the file */
  whereInValue(obj: object, key: string | number, offset: number): Located;
  /** where the value at a JSON pointer (as in Ajv's instancePath) stands; with extraKey, that key of it */
  locatePointer(pointer: string, extraKey?: string): Located;
}

/** Path for messages: relative to the current directory, with forward slashes. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  return (rel === '' ? path : rel).split(sep).join('/');
}

/** Read and parse a YAML file; with `text`, that text stands for the file's (an editor's unsaved buffer). */
export function readYamlFile(path: string, text?: string): YamlFile {
  const file = displayPath(path);
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const tooLarge = (bytes: number) =>
    parseYaml(file, '', [{ file, line: 1, col: 1, severity: 'error', message: `this file is ${mb(bytes)}; a rules file may be at most ${mb(MAX_FILE_BYTES)}`, hint: 'split it into several files in the game folder' }]);
  if (text !== undefined) {
    const bytes = Buffer.byteLength(text);
    return bytes > MAX_FILE_BYTES ? tooLarge(bytes) : parseYaml(file, text);
  }
  try {
    return parseYaml(file, readTextFile(path, MAX_FILE_BYTES));
  } catch (e) {
    if (e instanceof ReadFileError && e.reason === 'too-large') return tooLarge(e.size ?? MAX_FILE_BYTES + 1);
    if (e instanceof NotUtf8Error) {
      const message = `this file is not UTF-8 text: the byte ${e.hex} here is not part of a UTF-8 character`;
      return parseYaml(file, '', [{ file, line: e.line, col: e.col, severity: 'error', message, hint: 'save the file as UTF-8 (read otherwise, the byte would become a replacement character in a text)' }]);
    }
    const reason = e instanceof ReadFileError && e.reason === 'not-a-file' ? `${e.message}; rules files must be ordinary files` : (e as Error).message;
    return parseYaml(file, '', [{ file, line: 1, col: 1, severity: 'error', message: `cannot read this file: ${reason}` }]);
  }
}

/** Parse YAML text; `file` is only used in diagnostics and positions. Never throws. */
export function parseYaml(file: string, text: string, extra: Diagnostic[] = []): YamlFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const at = (offset: number): Located => ({ file, ...lineCounter.linePos(Math.max(0, offset)) });

  const diagnostics: Diagnostic[] = [...extra];
  // a parser out of stack says so at many places: once is enough
  const errors = doc.errors.filter((e, i) => !/call stack/i.test(e.message) || doc.errors.findIndex((f) => /call stack/i.test(f.message)) === i);
  for (const e of errors) {
    // where the parser ran out of stack depends on how deep its caller's stack already was (a
    // worker thread's, the language server's): the report points where the brackets first nest
    // too deep instead, the same on any stack
    const deep = /call stack/i.test(e.message) ? flowTooDeep(text, MAX_YAML_DEPTH) : undefined;
    diagnostics.push(yamlProblem(e, 'error', at, deep));
  }
  // one walk finds the aliases without an anchor or inside their own value, the keys split off by
  // a comma and the control characters in texts
  const walked = doc.errors.length === 0 ? walkChecks(doc, text, at) : undefined;
  if (walked) diagnostics.push(...tooDeep(doc, at), ...walked.aliases, ...walked.controls);
  for (const w of doc.warnings) diagnostics.push(yamlProblem(w, 'warning', at));

  if (walked) diagnostics.push(...walked.commas);

  let data: unknown;
  const nodes = new WeakMap<object, YamlNode>();
  if (doc.errors.length === 0 && !extra.some((d) => d.severity === 'error') && !walked?.cyclic) {
    try {
      // the words of the rules as V8's own copies, once, where they are read (intern.ts)
      data = internAll(doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }));
      indexNodes(doc, doc.contents, data, nodes);
    } catch (e) {
      // an alias bomb, an alias without anchor (reported above), or something unforeseen: report, do not crash
      if (/excessive alias/i.test((e as Error).message)) diagnostics.push(aliasBomb(doc, at));
      else if (!diagnostics.some((d) => d.severity === 'error'))
        diagnostics.push({ ...at(0), severity: 'error', message: `cannot read this YAML: ${(e as Error).message}` });
      data = undefined;
    }
  }

  const nodeStart = (n: unknown): number | undefined => (isNode(n) && n.range ? n.range[0] : undefined);
  const fileStart = at(0);

  // a map's pairs by key, made on the first look-up: quotes and diagnostics ask for keys of the same
  // maps again and again, and a search of the pairs each time was a tenth of a validate run
  const pairsByKey = new WeakMap<object, Map<string, Pair<unknown, unknown>>>();
  const pairOf = (n: YAMLMap<unknown, unknown>, key: string | number): Pair<unknown, unknown> | undefined => {
    let byKey = pairsByKey.get(n);
    if (byKey === undefined) {
      byKey = new Map();
      for (const p of n.items) {
        const k = keyString(p.key);
        // the first pair of a key, as find() gave (a repeated key is an error of its own)
        if (k !== undefined && !byKey.has(k)) byKey.set(k, p);
      }
      pairsByKey.set(n, byKey);
    }
    return byKey.get(String(key));
  };

  // the YAML node of obj[key]: a pair's value in a map, an item in a sequence
  const valueNode = (obj: object, key: string | number): unknown => {
    const n = nodes.get(obj);
    if (isMap(n)) return pairOf(n, key)?.value;
    if (isSeq(n) && typeof key === 'number') return n.items[key];
    return undefined;
  };

  const where = (obj: object, key?: string | number): Located => {
    const n = nodes.get(obj);
    if (!n) return fileStart;
    if (key !== undefined) {
      if (isMap(n)) {
        const pair = pairOf(n, key);
        const s = nodeStart(pair?.key);
        if (s !== undefined) return at(s);
      } else if (isSeq(n) && typeof key === 'number') {
        const s = nodeStart(n.items[key]);
        if (s !== undefined) return at(s);
      }
    }
    const s = nodeStart(n);
    return s === undefined ? fileStart : at(s);
  };

  const offsetsCache = new WeakMap<Scalar, number[]>();
  const whereInValue = (obj: object, key: string | number, offset: number): Located => {
    const v = valueNode(obj, key);
    if (!isScalar(v) || !v.range) return where(obj, key);
    let offsets = offsetsCache.get(v);
    if (!offsets) offsetsCache.set(v, (offsets = scalarOffsets(text, v)));
    const i = Math.max(0, Math.min(Math.trunc(offset) || 0, offsets.length - 1));
    return at(offsets[i] ?? v.range[0]);
  };

  return {
    file,
    text,
    data,
    diagnostics,
    has: (obj) => nodes.has(obj),
    where,
    whereInValue,
    locatePointer: (pointer, extraKey) => at(pointerOffset(doc, pointer, extraKey)),
  };
}

/** The first collection nested deeper than MAX_YAML_DEPTH (walked without recursion: reading it would recurse). */
function tooDeep(doc: Document, at: (offset: number) => Located): Diagnostic[] {
  const stack: [unknown, number][] = [[doc.contents, 1]];
  while (stack.length > 0) {
    const [n, depth] = stack.pop()!;
    if (!isMap(n) && !isSeq(n)) continue;
    if (depth > MAX_YAML_DEPTH) {
      return [{ ...at(n.range?.[0] ?? 0), severity: 'error', message: `the lists and maps here nest more than ${MAX_YAML_DEPTH} levels deep`, hint: 'no rule needs this depth: flatten the data' }];
    }
    for (const item of n.items) {
      if (isPair(item)) stack.push([item.value, depth + 1]);
      else stack.push([item, depth + 1]);
    }
  }
  return [];
}

/**
 * Aliases (`*name`) that name no anchor before them, and aliases inside the value their anchor is
 * on (that value would hold itself: the `yaml` package reads it as a cyclic structure, and every
 * walk of the rules after it would go round for ever), each at the alias; and in flow maps, keys
 * without a value that a comma split off (commaSplit); and string scalars holding a control
 * character (controlCharacter), and numbers no rule may hold (badNumber). One walk of the document
 * for all of them.
 * `cyclic`: the document holds itself somewhere, so it must not be read into data.
 */
function walkChecks(doc: Document, text: string, at: (offset: number) => Located): { aliases: Diagnostic[]; commas: Diagnostic[]; controls: Diagnostic[]; cyclic: boolean } {
  const aliases: Diagnostic[] = [];
  const commas: Diagnostic[] = [];
  const controls: Diagnostic[] = [];
  const anchors = new Set<string>();
  let cyclic = false;
  visit(doc, {
    Node(_, node) {
      if (!isAlias(node) && node.anchor) anchors.add(node.anchor);
      if (isMap(node)) commaSplits(node, at, commas);
      if (isScalar(node) && typeof node.value === 'string') {
        const bad = controlCharacter(node, text, at);
        if (bad) controls.push(bad);
      }
      if (isScalar(node) && typeof node.value === 'number' && !isRuleNumber(node.value)) controls.push(badNumber(node, text, at));
    },
    Alias(_, node, path) {
      const where = at(node.range?.[0] ?? 0);
      if (!anchors.has(node.source)) {
        aliases.push({ ...where, severity: 'error', message: `the alias *${node.source} names no anchor &${node.source} above it`, hint: `write &${node.source} on the value to repeat, before any *${node.source}` });
        return;
      }
      const target = node.resolve(doc);
      if (target === undefined || !path.includes(target)) return;
      cyclic = true;
      aliases.push({
        ...where,
        severity: 'error',
        message: `the alias *${node.source} is inside the value &${node.source} names, so that value would hold itself without end`,
        hint: `an alias repeats a value written out before it: write out what *${node.source} should hold here, or use a procedure that calls itself (call)`,
      });
    },
  });
  return { aliases, commas, controls, cyclic };
}

/** a number scalar outside the numbers a rule may hold (`.nan`, `.inf`, `1e400`, 20 digits: src/expr/numbers.ts) */
function badNumber(node: Scalar, text: string, at: (offset: number) => Located): Diagnostic {
  const start = node.range?.[0] ?? 0;
  const written = text.slice(start, node.range?.[1] ?? start);
  return {
    ...at(start),
    severity: 'error',
    message: literalProblem(node.value as number, written) ?? `the number ${written} is not one a rule may hold`,
    hint: 'a number in a rule is finite and whole numbers are exact: at most 9,007,199,254,740,991 either way',
  };
}

/** the first character of a string scalar that no text may hold (control-characters.ts), at that character */
function controlCharacter(node: Scalar, text: string, at: (offset: number) => Located): Diagnostic | undefined {
  const value = node.value as string;
  const m = CONTROL_CHARACTER.exec(value);
  if (!m) return undefined;
  const code = m[0].codePointAt(0)!;
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const offset = scalarOffsets(text, node)[m.index] ?? node.range?.[0] ?? 0;
  const bidi = code >= 0x202a;
  return {
    ...at(offset),
    severity: 'error',
    message: bidi
      ? `this text holds ${name}, a bidirectional control character: the text would show in another order than it is written`
      : `this text holds ${name}, a control character: a terminal that prints the text obeys it as a command`,
    hint: 'rules texts may hold line breaks and tabs, but no other control characters: remove it (an escape such as \\e in double quotes writes one)',
  };
}

/**
 * An "alias bomb": aliases of values that hold aliases multiply, so a few lines unfold into
 * millions of nodes. Point at the alias where the unfolded aliases pass the limit.
 */
function aliasBomb(doc: Document, at: (offset: number) => Located): Diagnostic {
  const memo = new Map<unknown, number>();
  // aliases a node unfolds into (an alias counts itself and what its anchor unfolds into)
  const unfolded = (n: unknown): number => {
    if (isAlias(n)) {
      const target = n.resolve(doc);
      return 1 + (target ? unfolded(target) : 0);
    }
    if (!isMap(n) && !isSeq(n)) return 0;
    const known = memo.get(n);
    if (known !== undefined) return known;
    memo.set(n, 0); // a node that holds an alias of itself is reported by walkChecks, and never unfolded
    let total = 0;
    for (const item of n.items) total += isPair(item) ? unfolded(item.key) + unfolded(item.value) : unfolded(item);
    memo.set(n, total);
    return total;
  };
  let total = 0;
  let where = 0;
  visit(doc, {
    Alias(_, node) {
      total += unfolded(node);
      if (total > MAX_YAML_ALIASES) {
        where = node.range?.[0] ?? 0;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return { ...at(where), severity: 'error', message: `the aliases (*name) here unfold into more than ${MAX_YAML_ALIASES.toLocaleString('en')} copies`, hint: 'write the values out instead of repeating them with aliases of aliases' };
}

// Walk the YAML tree and the JS value together, so each JS object/array maps to its node.
function indexNodes(doc: Document, node: unknown, value: unknown, nodes: WeakMap<object, YamlNode>): void {
  if (isAlias(node)) return; // the anchored node was (or will be) indexed where it is defined
  if (value === null || typeof value !== 'object' || nodes.has(value)) return;
  if (isMap(node) && !Array.isArray(value)) {
    nodes.set(value, node);
    for (const pair of node.items) {
      const k = keyString(pair.key);
      if (k !== undefined) indexNodes(doc, pair.value, (value as Record<string, unknown>)[k], nodes);
    }
  } else if (isSeq(node) && Array.isArray(value)) {
    nodes.set(value, node);
    node.items.forEach((item, i) => indexNodes(doc, item, value[i], nodes));
  }
}

function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  if (key === null || key === undefined) return undefined;
  return typeof key === 'object' ? undefined : String(key);
}

/** Offset of the deepest existing node on the pointer's path (ecosystem.md §6). */
function pointerOffset(doc: Document, pointer: string, extraKey?: string): number {
  const segs = pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extraKey !== undefined) segs.push(extraKey);
  let node: unknown = doc.contents;
  let best = isNode(node) && node.range ? node.range[0] : 0;
  for (let i = 0; i < segs.length; i++) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyString(p.key) === segs[i]);
      if (!pair) break;
      if (i === segs.length - 1 && extraKey !== undefined) {
        if (isNode(pair.key) && pair.key.range) best = pair.key.range[0];
        break;
      }
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(segs[i])];
    } else break;
    if (isNode(node) && node.range) best = node.range[0];
  }
  return best;
}

// `{en: $5,000 bill, zh: …}`: inside braces a comma starts a new entry, so "000 bill" becomes a
// key without a value. Legal YAML, never what a rule editor meant.
function commaSplits(map: YAMLMap<unknown, unknown>, at: (offset: number) => Located, out: Diagnostic[]): void {
  if (!map.flow) return;
  for (const pair of map.items) {
    if (pair.value !== null || !isScalar(pair.key) || !pair.key.range) continue;
    out.push({
      ...at(pair.key.range[0]),
      severity: 'error',
      message: `inside { … } a comma starts a new entry, so "${String(pair.key.value)}" became a key of its own`,
      hint: 'put text that contains a comma in quotes, e.g. en: "$5,000 bill"',
    });
  }
}

// yaml's messages are terse and technical; add a hint for the mistakes people actually make.
const yamlHints: Record<string, string> = {
  DUPLICATE_KEY: 'a key may appear only once in the same map: remove or rename one of them',
  TAB_AS_INDENT: 'indent with spaces, never tabs',
  BAD_INDENT: 'check the indentation: items of the same list or map must start in the same column',
  MISSING_CHAR: 'a closing quote or bracket is missing',
  MULTILINE_IMPLICIT_KEY: 'a key must fit on one line: is a ":" missing, or is a text with ": " not in quotes?',
  BLOCK_AS_IMPLICIT_KEY: 'is a ":" missing at the end of the previous line, or is the indentation off?',
  UNEXPECTED_TOKEN: 'texts that contain ": ", " #", or start with [ { * & ! | > \' " % @ ` need quotes',
  BAD_SCALAR_START: 'texts that start with [ { * & ! | > \' " % @ ` need quotes',
  MULTIPLE_DOCS: 'remove the "---" line (or put the second part in a file of its own)',
};

/**
 * Where flow brackets (`[`, `{`) first nest more than `max` deep, from the text alone (quoted
 * texts and comments skipped, roughly: this only places a report), or undefined.
 */
export function flowTooDeep(text: string, max: number): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) {
        if (quote === "'" && text[i + 1] === "'") i++;
        else quote = undefined;
      }
      continue;
    }
    const after = i === 0 || /[\s[{,:]/.test(text[i - 1]!);
    if (c === '#' && after) {
      const eol = text.indexOf('\n', i);
      if (eol < 0) return undefined;
      i = eol;
    } else if ((c === '"' || c === "'") && after) quote = c;
    else if (c === '[' || c === '{') {
      if (++depth > max) return i;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return undefined;
}

function yamlProblem(e: YAMLError, severity: 'error' | 'warning', at: (offset: number) => Located, offset: number = e.pos[0]): Diagnostic {
  // yaml repeats the position at the end of its message ("at line 3, column 2"); we give it separately
  let message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').replace(/\.$/, '');
  // the parser itself ran out of stack: the nesting is too deep to read
  if (/call stack/i.test(message)) message = `the lists and maps here nest too deeply to read (more than ${MAX_YAML_DEPTH} levels are refused)`;
  if (e.code === 'MULTIPLE_DOCS') message = 'a rules file holds one YAML document, but a second one starts here';
  const hint = yamlHints[e.code];
  const d: Diagnostic = { ...at(offset), severity, message: `YAML: ${lowerFirst(message)}` };
  if (hint) d.hint = hint;
  return d;
}

function lowerFirst(s: string): string {
  return s.length > 1 && /[A-Z][a-z]/.test(s.slice(0, 2)) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

