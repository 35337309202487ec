/**
 * Values of spec functions kept for the rest of one evaluation: `placeable(s)` asks `otherMax(s, c)`
 * for every character c, and each of those asks `teamSeats(t)` and `sides()` again — the same
 * answers, since nothing changes while an expression runs. A function whose body loops (a filter,
 * a sum, …, or a call of such a function), with no parameter or one that is a seat, a card or a
 * place, or two such (`needed(s, c)`, asked for every count a staged choice looks ahead over), keeps
 * its value per argument (pair of arguments), stamped with the evaluation it was computed in.
 *
 * An evaluation begins where the machine enters an expression that calls such a function, itself
 * or through others: the entry of that top-level expression (compile.ts, `guarded`) and a
 * generated block's direct call of one (src/codegen/) move EPOCH on; an expression that calls none
 * reads and keeps nothing, and a spec function's own body does not start one (it is only ever
 * entered from inside an expression). So a kept value is read only while the state is the one it
 * was computed on.
 * Another game's or another engine's evaluation has a stamp of its own.
 */

/** the current evaluation's stamp (one cell, so generated code reads and moves it as `R.epoch[0]`) */
export const EPOCH: number[] = [0];

/**
 * One function's kept values. No parameter: `[stamp, value]`. One parameter: `[stamps, values]`,
 * both indexed by the argument (a seat, card or place id; `none` is not kept). Two parameters:
 * `[stamps, values]` indexed by the first argument, each a row (made when first needed) indexed by
 * the second.
 */
export type MemoTable = [number, unknown] | [number[], unknown[]] | [number[][], unknown[][]];

export function memoTable(params: number): MemoTable {
  return params === 0 ? [-1, null] : [[], []];
}

/** the built-ins that loop over a list: a body calling one costs more than looking a value up */
const LOOPS: ReadonlySet<string> = new Set(['count', 'sum', 'min', 'max', 'minBy', 'maxBy', 'allMinBy', 'allMaxBy', 'filter', 'map', 'any', 'all', 'sortBy', 'indexOf', 'contains']);

/** whether a body that calls these names is worth keeping: it loops, or calls a function that does */
export function worthKeeping(calls: Iterable<string>, loops: (fn: string) => boolean): boolean {
  for (const n of calls) if (LOOPS.has(n) || loops(n)) return true;
  return false;
}

/** whether values of the given parameter kinds can be kept (ids that index an array) */
export function keepable(paramKinds: readonly string[]): boolean {
  return paramKinds.length <= 2 && paramKinds.every((k) => ['seat', 'card', 'space'].includes(k));
}
