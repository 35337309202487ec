/**
 * Expressions in scenarios: evaluate them on a state, and when an expectation fails, say why.
 *
 * Problems carry the character offset in the expression they are about, so the runner can point
 * at the exact column in the YAML file: a syntax or type error at its token, a failing
 * `a and b` at the conjunct that is false, a failing comparison with the value of each side.
 */
import { ExprRuntimeError, parseExpr, type Ast } from '../expr/index.ts';
import type { EngineTools, Json } from '../interpreter/api.ts';

export interface ExprProblem {
  /** character offset in the expression */
  offset: number;
  message: string;
  hint?: string;
}

/** Evaluate `src` on `state`; errors come back as problems with offsets, never thrown. */
export function evaluate<S>(engine: EngineTools<S>, state: S, src: string): { ok: true; value: Json } | { ok: false; problems: ExprProblem[] } {
  const parsed = parseExpr(src);
  if ('errors' in parsed) {
    const hint = unbalanced(src) ? 'inside [ … ] or { … } a comma separates items: write such an expression in quotes, or as a "- " list item' : undefined;
    return { ok: false, problems: parsed.errors.map((e) => ({ offset: e.offset, message: e.message, ...(hint ? { hint } : {}) })) };
  }
  try {
    return { ok: true, value: engine.evaluate(state, src) };
  } catch (e) {
    return { ok: false, problems: problemsOf(e, src) };
  }
}

// "all(seats" / "s => s.out)": what a flow list [all(seats, s => s.out)] makes of one expression
function unbalanced(src: string): boolean {
  let depth = 0;
  for (const ch of src) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
  }
  return depth !== 0;
}

/** Turn an exception from engine.evaluate into problems with offsets. */
function problemsOf(e: unknown, src: string): ExprProblem[] {
  if (e instanceof ExprRuntimeError) return [{ offset: e.offset, message: e.message }];
  const message = e instanceof Error ? e.message : String(e);
  // compile errors come formatted as "<source line>\n<spaces>^^^ <message>" (formatExprError)
  const lines = message.split('\n');
  const out: ExprProblem[] = [];
  for (let i = 1; i < lines.length; i++) {
    const m = /^( *)\^+ (.*)$/.exec(lines[i]!);
    if (!m) continue;
    const lineStart = Math.max(0, src.indexOf(lines[i - 1]!));
    out.push({ offset: lineStart + m[1]!.length, message: m[2]! });
  }
  return out.length > 0 ? out : [{ offset: 0, message }];
}

/**
 * Check that `src` is true on `state`: [] when it is. Otherwise the problem points at the part
 * of the expression that is false and shows the values involved.
 */
export function checkExpectation<S>(engine: EngineTools<S>, state: S, src: string): ExprProblem[] {
  const r = evaluate(engine, state, src);
  if (!r.ok) return r.problems;
  if (r.value === true) return [];
  if (r.value !== false) {
    return [
      {
        offset: 0,
        message: `expected ${src} to be true, but it is ${show(r.value)}, not true or false`,
        hint: 'an expectation must be a condition, e.g. seat(1).wounds == 3',
      },
    ];
  }
  const parsed = parseExpr(src);
  if ('errors' in parsed) return [{ offset: 0, message: `expected ${src} to be true; it is false` }];
  const valueOf = (n: Ast): Json | undefined => {
    const v = evaluate(engine, state, slice(src, n));
    return v.ok ? v.value : undefined;
  };
  // descend into `and`: the first conjunct that is not true is the one to show
  let node = parsed.ast;
  while (node.kind === 'Binary' && node.op === 'and') node = valueOf(node.left) !== true ? node.left : node.right;
  const details = explainFalse(node, src, valueOf) ?? (node === parsed.ast ? 'it is false' : `${slice(src, node)} is false`);
  return [{ offset: node.offset, message: `expected ${src} to be true; ${details}` }];
}

function explainFalse(node: Ast, src: string, valueOf: (n: Ast) => Json | undefined): string | undefined {
  if (node.kind === 'Binary' && ['==', '!=', '<', '<=', '>', '>=', 'in'].includes(node.op)) {
    const sides = [node.left, node.right].filter((n) => !isLiteral(n));
    if (sides.length === 0) return undefined;
    return sides.map((n) => `${slice(src, n)} is ${show(valueOf(n))}`).join(', ');
  }
  if (node.kind === 'Unary' && node.op === 'not' && !isLiteral(node.operand)) {
    return `${slice(src, node.operand)} is ${show(valueOf(node.operand))}`;
  }
  return undefined;
}

function isLiteral(n: Ast): boolean {
  switch (n.kind) {
    case 'Number':
    case 'String':
    case 'Bool':
    case 'None':
      return true;
    case 'Unary':
      return n.op === '-' && isLiteral(n.operand);
    case 'List':
      return n.items.every(isLiteral);
    default:
      return false;
  }
}

function slice(src: string, n: Ast): string {
  return src.slice(n.offset, n.offset + n.length);
}

/** A value as the expression language writes it. */
export function show(v: Json | undefined): string {
  if (v === undefined) return '(cannot be evaluated)';
  if (v === null) return 'none';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => show(x)).join(', ')}]`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
