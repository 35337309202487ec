/**
 * Names inside expression strings, for the editor: the name under the cursor (by the expression
 * language's own lexer) and the names an expression may use.
 */
import { builtinNames } from '../expr/index.ts';
import { Identifier, tokenize } from '../expr/lexer.ts';
import { builtInGlobals } from '../interpreter/compile/scope.ts';
import type { CursorScalar } from './cursor.ts';
import { schemaFacts } from './schema-facts.ts';
import { idsOf, type GameSymbol, type SymbolIndex } from './symbols.ts';

/** Is this scalar a value the expression language reads? (Its key holds expressions in the schemas, or it is a `with:` argument.) */
export function isExpression(c: CursorScalar): boolean {
  if (c.isKey) return false;
  const own = c.keys[c.keys.length - 1];
  return (own !== undefined && schemaFacts().exprKeys.has(own)) || c.keys[c.keys.length - 2] === 'with';
}

export interface NameSpan {
  name: string;
  /** start and end index in the expression */
  start: number;
  end: number;
}

/** The names of an expression (the lexer's identifiers; a word scan when it does not lex yet). */
export function namesIn(src: string): NameSpan[] {
  const lexed = tokenize(src);
  if ('tokens' in lexed) {
    return lexed.tokens.filter((t) => t.tokenType === Identifier).map((t) => ({ name: t.image, start: t.startOffset, end: t.startOffset + t.image.length }));
  }
  const out: NameSpan[] = [];
  for (const m of src.matchAll(/[\p{L}_][\p{L}\p{N}_]*/gu)) out.push({ name: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** The name the cursor is on (or just after). */
export function nameAt(src: string, index: number): NameSpan | undefined {
  return namesIn(src).find((n) => n.start <= index && index <= n.end);
}

export interface NameChoice {
  name: string;
  /** what it is: "var (number)", "built-in function", … */
  detail: string;
  symbol?: GameSymbol;
  /** of the type the expression must have */
  fits?: boolean;
}

/** The names an expression may use at game level: the game's vars, zones, space sets and functions, and the built-ins. */
export function expressionNames(index: SymbolIndex | undefined): NameChoice[] {
  const out: NameChoice[] = [];
  if (index) {
    for (const s of idsOf(index, ['var', 'space set', 'function'])) out.push({ name: s.id, detail: describeKind(s), symbol: s });
    for (const s of idsOf(index, ['zone'])) if ((s.node as { per?: string }).per !== 'seat') out.push({ name: s.id, detail: describeKind(s), symbol: s });
  }
  const g = builtInGlobals();
  for (const n of g.names) out.push({ name: n, detail: 'built-in name' });
  for (const n of [...builtinNames, ...g.functions]) out.push({ name: n, detail: 'built-in function' });
  return out;
}

/** The names after `x.`: the options after `options.`, else what a seat holds (its vars and zones, and `out`). */
export function memberNames(index: SymbolIndex | undefined, object: string): NameChoice[] {
  if (!index) return [];
  if (object === 'options') return idsOf(index, ['option']).map((s) => ({ name: s.id, detail: describeKind(s), symbol: s }));
  const seat = [...idsOf(index, ['seat var']), ...idsOf(index, ['zone']).filter((s) => (s.node as { per?: string }).per === 'seat')];
  return [...seat.map((s) => ({ name: s.id, detail: describeKind(s), symbol: s })), { name: 'out', detail: 'built-in: the seat is out of the game' }];
}

export function describeKind(s: GameSymbol): string {
  return s.type ? `${s.kind} (${s.type})` : s.kind;
}
