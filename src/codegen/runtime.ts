/**
 * `R`: the only helpers generated code calls, one entry per name in RUNTIME_NAMES. Each means
 * exactly what the closure compiler does at the same node (src/expr/compile.ts, builtins.ts).
 */
import { asRuntimeError, faultAtCall, mod, sameListAt } from '../expr/compile.ts';
import { concatLists, orderByKeys, rangeList, reversed } from '../expr/builtins.ts';
import { WORK, workSpent } from '../expr/budget.ts';
import { addFault, arithFault, sumFault } from '../expr/numbers.ts';
import { ExprRuntimeError } from '../expr/errors.ts';
import { EPOCH } from '../expr/memo.ts';
import type { Fault } from '../expr/ir.ts';
import type { RUNTIME_NAMES } from './tokens.ts';

export const RUNTIME: { readonly [K in (typeof RUNTIME_NAMES)[number]]: unknown } = Object.freeze({
  /** the current evaluation's stamp, for kept function values (src/expr/memo.ts) */
  epoch: EPOCH,
  fail: (f: Fault): never => {
    throw new ExprRuntimeError(f.message, f.at);
  },
  /** the work budget (src/expr/budget.ts): the source names it `W` (`W.left` taken from), `R.spent(at)` when it runs out */
  work: WORK,
  spent: workSpent,
  /** a number outside the ones a rule may hold (src/expr/numbers.ts) */
  arith: arithFault,
  sumOut: sumFault,
  addOut: addFault,
  mod,
  sameList: sameListAt,
  rethrow: asRuntimeError,
  atCall: faultAtCall,
  concat: concatLists,
  range: rangeList,
  order: orderByKeys,
  reversed,
  isInt: Number.isInteger,
  isArray: Array.isArray,
  min: Math.min,
  max: Math.max,
  floor: Math.floor,
  ceil: Math.ceil,
  abs: Math.abs,
  round: Math.round,
  /** a move's count as whole cards (src/effects/move.ts) */
  trunc: Math.trunc,
});
