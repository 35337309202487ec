/**
 * The work budget of expressions. The machine counts its instructions between two decisions
 * (MAX_INSTRUCTIONS_PER_STEP), but one instruction may run an expression whose loops nest
 * (`count(filter(range(0, 2000), a => count(filter(range(0, 2000), b => a < b)) > 0))` is four
 * million lambda calls, and a spec function may call another twice, that one another twice, …):
 * that work is counted here, so any runaway evaluation stops with an error at its place.
 *
 * What counts, the same in both compilers (the closures, builtins.ts, and generated code,
 * src/codegen/emit.ts): a built-in that goes through a list takes as many steps as the list has
 * items, before it starts (a lambda's calls, the items `in`, `indexOf`, `==` on lists, `take`,
 * `reverse`, … look at or copy; a `range` or a `concat` the items it makes), and a spec
 * function's body one step each time it is entered. Counting a loop once, by its length, keeps
 * the cost off the items: one subtraction per loop.
 *
 * Where the budget starts: where the machine's does (`run`, and after each decision it answers on
 * the spot: src/interpreter/vm.ts), and at the entry of an expression evaluated outside the
 * machine (a pending choice's options, a view, a tool's evaluation), which is then one run of
 * its own. `open` counts the runs under way, so an expression entered inside one draws on it.
 */
import { MAX_EXPRESSION_WORK } from '../limits.ts';
import type { Span } from './ast.ts';
import { ExprRuntimeError } from './errors.ts';

/** `left`: steps left in the current run; `open`: metered runs under way (one object, so generated code reads it as `R.work`) */
export const WORK: { left: number; open: number } = { left: MAX_EXPRESSION_WORK, open: 0 };

/** the budget starts again (the machine's step begins, or a decision was answered) */
export function refillWork(): void {
  WORK.left = MAX_EXPRESSION_WORK;
}

/** what the error says: `what` did too much (`this expression`, a choice's look-ahead) */
export function workMessage(what: string): string {
  return `${what} did more than ${MAX_EXPRESSION_WORK.toLocaleString('en')} steps of work without anyone deciding ` +
    '(a step is an item a built-in goes through, or a function called): loops inside loops multiply';
}

/** the budget ran out at `at` (the built-in or the call that took the last steps) */
export function workSpent(at: Span): never {
  throw new ExprRuntimeError(workMessage('this expression'), at);
}

/** `n` steps at `at`: the slow path is workSpent (generated code writes the same test inline) */
export function chargeWork(n: number, at: Span): void {
  if ((WORK.left -= n) < 0) workSpent(at);
}

/** `n` steps taken outside an expression's nodes (a choice's look-ahead, a seat or graph function):
 *  the error is placed by whoever catches it (the expression, or the machine at the instruction) */
export function chargeSteps(n: number, what: string): void {
  if ((WORK.left -= n) < 0) throw new Error(workMessage(what));
}

/** `f(ctx)` as one run of its own when no run is under way (an expression evaluated outside the machine) */
export function metered<C, R>(f: (ctx: C) => R, ctx: C): R {
  WORK.open++;
  WORK.left = MAX_EXPRESSION_WORK;
  try {
    return f(ctx);
  } finally {
    WORK.open--;
  }
}
