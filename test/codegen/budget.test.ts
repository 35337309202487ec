/**
 * Generated code takes the work budget (src/expr/budget.ts) exactly as the closures do: the same
 * steps for every expression, so a runaway evaluation stops at the same place with the same
 * message whichever compiler runs it — a filter fused into its consumer included — and so do the
 * numbers no rule may hold (src/rule-numbers.ts).
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ExprRuntimeError, T, compileExpr, type Scope } from '../../src/expr/index.ts';
import { WORK } from '../../src/expr/budget.ts';
import { MAX_EXPRESSION_WORK } from '../../src/limits.ts';
import { CodeUnit, codegenReport } from '../../src/codegen/unit.ts';

/** xs, ys: lists of numbers; n, m: numbers; at s.g[i] as the interpreter's globals are */
function scope(slots: { n: number }): Scope {
  const names: Record<string, { i: number; list: boolean }> = { xs: { i: 0, list: true }, ys: { i: 1, list: true }, n: { i: 2, list: false }, m: { i: 3, list: false } };
  return {
    name(id) {
      const d = names[id];
      if (!d) return undefined;
      return { type: d.list ? T.list(T.number) : T.number, get: (c) => (c as unknown as { s: { g: unknown[] } }).s.g[d.i], path: ['s', 'g', d.i] };
    },
    member: () => undefined,
    fn: () => undefined,
    newSlot: () => slots.n++,
  };
}

interface Outcome {
  value?: unknown;
  error?: { message: string; offset: number; length: number };
  steps: number;
}

function run(src: string, generated: boolean, g: unknown[]): Outcome {
  const slots = { n: 0 };
  const unit = generated ? new CodeUnit() : undefined;
  const r = compileExpr(src, scope(slots), undefined, unit);
  if ('errors' in r) throw new Error(`${src}: ${r.errors.map((e) => e.message).join('; ')}`);
  if (unit) {
    const program = {};
    unit.finish(program);
    const report = codegenReport(program)!;
    expect(report.mode, report.reason).toBe('generated');
  }
  const world = { locals: new Array<unknown>(slots.n).fill(null), s: { g } };
  try {
    const value = r.fn(world as never);
    return { value, steps: MAX_EXPRESSION_WORK - WORK.left };
  } catch (err) {
    if (!(err instanceof ExprRuntimeError)) throw err;
    return { error: { message: err.message, offset: err.offset, length: err.length }, steps: MAX_EXPRESSION_WORK - WORK.left };
  }
}

// each kind of node that goes through a list, fused (a filter into its consumer, a map into a fold) or not
const EXPRESSIONS = [
  'count(xs)', 'count(xs, x => x > n)', 'count(filter(xs, x => x > n))', 'count(filter(xs, x => x > 0), y => y < m)',
  'sum(xs)', 'sum(filter(xs, x => x > m))', 'sum(filter(xs, x => x > m), x => x - 1)', 'max(map(xs, x => x * n))',
  'sum(map(filter(xs, x => x > 0), x => count(ys, y => y < x)))', 'min(map(xs, x => count(filter(ys, y => y < x))))',
  'first(filter(xs, x => x > n))', 'any(filter(xs, x => x < 0), y => y == m)', 'all(xs, x => x != n)',
  'minBy(filter(xs, x => x > 1), x => -x)', 'allMaxBy(xs, x => x % 4)', 'sortBy(filter(ys, y => y != n), y => y)',
  'map(filter(xs, x => x > 0), x => x * 2)', 'filter(filter(xs, x => x > 0), x => x < m)', 'count(filter(filter(xs, x => x > 0), x => x < m))',
  'reverse(concat(xs, ys))', 'take(xs, n)', 'drop(ys, m)', 'range(m, n)', 'n in xs', 'xs == ys', 'indexOf(ys, m)', 'contains(xs, n)',
  'count(xs, x => any(ys, y => y == x))', 'sum(xs, x => count(filter(ys, y => y < x)))', 'count(xs, x => x in ys)',
  'n / m + sum(xs) % m', 'sum(xs, x => x * 1000000000000000)',
];

const ints = fc.array(fc.integer({ min: -6, max: 9 }), { maxLength: 7 });

describe('generated code takes the work budget as the closures do', () => {
  for (const src of EXPRESSIONS) {
    it(src, () => {
      fc.assert(
        fc.property(ints, ints, fc.integer({ min: -4, max: 8 }), fc.integer({ min: -4, max: 8 }), (xs, ys, n, m) => {
          const g = [xs, ys, n, m];
          return isDeepStrictEqual(run(src, true, g), run(src, false, g));
        }),
        { numRuns: 60 },
      );
    });
  }

  // loops inside loops past the budget: the same step, place and message on both
  const RUNAWAY = [
    'count(filter(range(0, 2000), a => count(filter(range(0, 2000), b => a < b)) > 0))',
    'count(range(0, 3000), a => count(filter(range(0, 3000), b => b < a)) > n)',
    'sum(map(range(0, 2000), a => sum(map(range(0, 2000), b => b))))',
    'any(range(0, 100000), a => first(filter(range(0, 100000), b => b > a + 1)) < 0)',
    'count(range(0, 100000), a => a + 1 in range(0, 100000))',
  ];
  for (const src of RUNAWAY) {
    it(`stops at the same place: ${src}`, () => {
      const a = run(src, true, [[], [], 1, 2]);
      const b = run(src, false, [[], [], 1, 2]);
      expect(a.error?.message).toMatch(/did more than 2,000,000 steps of work/);
      expect(a).toEqual(b);
    });
  }
});
