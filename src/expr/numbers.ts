/**
 * A number an expression makes that no rule may hold (src/rule-numbers.ts): a division by zero,
 * a product or a sum past ±9,007,199,254,740,991. Both compilers fail at the operator that made it
 * with these messages (compile.ts and builtins.ts; src/codegen/emit.ts through `R`), and so does an
 * `add` effect's sum (src/effects/set.ts, src/codegen/blocks.ts).
 */
import type { Span } from './ast.ts';
import { ExprRuntimeError } from './errors.ts';
import { NUMBER_RANGE, showNumber } from '../rule-numbers.ts';

export { MAX_NUMBER, isRuleNumber } from '../rule-numbers.ts';

/** why `x op y` (which gave r) is no number a rule may hold */
export function arithMessage(op: string, x: number, y: number, r: number): string {
  if ((op === '/' || op === '%') && y === 0) return `division by zero: ${showNumber(x)} ${op} 0 has no value`;
  return `${showNumber(x)} ${op} ${showNumber(y)} is ${showNumber(r)}, outside ${NUMBER_RANGE}, the numbers a rule may hold`;
}

/** `x op y` gave r, outside the numbers a rule may hold: an error at the operator's expression */
export function arithFault(op: string, x: number, y: number, r: number, at: Span): never {
  throw new ExprRuntimeError(arithMessage(op, x, y, r), at);
}

/** a sum of a list outside the range (sum(l), sum(l, x => …)) */
export function sumFault(r: number, at: Span): never {
  throw new ExprRuntimeError(`the sum is ${showNumber(r)}, outside ${NUMBER_RANGE}, the numbers a rule may hold`, at);
}

/** an `add` effect's new value outside the range (no span: the machine places it at the effect) */
export function addFault(before: number, add: number): never {
  throw new Error(`adding ${showNumber(add)} to ${showNumber(before)} gives ${showNumber(before + add)}, outside ${NUMBER_RANGE}, the numbers a rule may hold`);
}
