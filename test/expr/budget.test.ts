/**
 * The work budget of expressions (src/expr/budget.ts): built-ins that go through lists and spec
 * function calls take steps, so a runaway evaluation — loops inside loops — stops with an error
 * at its place instead of hanging, while every real game stays far below it (issue 30 §3).
 */
import { describe, expect, it } from 'vitest';
import { ExprRuntimeError, compileExpr } from '../../src/expr/index.ts';
import { WORK, metered } from '../../src/expr/budget.ts';
import { MAX_EXPRESSION_WORK } from '../../src/limits.ts';
import { FakeScope, ctxFor, run } from './fake-scope.ts';

function failure(src: string): { message: string; at: string; offset: number } {
  const r = compileExpr(src, new FakeScope());
  if ('errors' in r) throw new Error(r.errors[0]!.message);
  try {
    r.fn(ctxFor());
  } catch (err) {
    expect(err).toBeInstanceOf(ExprRuntimeError);
    const e = err as ExprRuntimeError;
    return { message: e.message, at: src.slice(e.offset, e.offset + e.length), offset: e.offset };
  }
  throw new Error(`${src} did not fail`);
}

/** the steps one evaluation of src took (run outside the machine: a run of its own) */
function steps(src: string): number {
  run(src);
  return MAX_EXPRESSION_WORK - WORK.left;
}

describe('the work budget of expressions', () => {
  it("stops the issue's nested lambdas at the inner built-in that took the last step", () => {
    const src = 'count(filter(range(0, 2000), a => count(filter(range(0, 2000), b => a < b)) > 0))';
    const f = failure(src);
    expect(f.message).toMatch(/^this expression did more than 2,000,000 steps of work without anyone deciding/);
    // the inner range, filter or count: a built-in inside the lambda
    expect(f.offset).toBeGreaterThan(src.indexOf('a =>'));
    expect(f.at).toMatch(/^(range|filter|count)\(/);
  });

  it('stops loops over the largest lists a spec may build, nested', () => {
    expect(failure('count(range(0, 100000), a => any(range(0, 100000), b => b == a + 1))').message).toMatch(/steps of work/);
    // built-ins that go through a list without a lambda take steps too
    expect(failure('count(range(0, 100000), a => a in range(0, 100000))').message).toMatch(/steps of work/);
    expect(failure('sum(range(0, 100000), a => indexOf(range(0, 100000), a))').message).toMatch(/steps of work/);
  });

  it('counts each item a built-in goes through, and nothing for what needs no loop', () => {
    expect(steps('count(nums)')).toBe(0);
    expect(steps('count(nums, x => x > 1)')).toBe(5);
    expect(steps('sum(filter(nums, x => x > 1))')).toBe(5 + 3);
    expect(steps('first(filter(nums, x => x > 1))')).toBe(5);
    expect(steps('sum(map(nums, x => x * 2))')).toBe(5 + 5);
    expect(steps('range(0, 7)')).toBe(7);
    expect(steps('concat(nums, nums)')).toBe(10);
    expect(steps('3 in nums')).toBe(5);
    expect(steps('nums == nums')).toBe(5);
    expect(steps('count(nums, x => count(nums, y => y < x) > 0)')).toBe(5 + 5 * 5);
  });

  it('starts again for each expression evaluated outside a run, and is shared inside one', () => {
    const big = 'count(range(0, 1000), x => count(range(0, 600), y => y > x) > 0)'; // 1,202,000 steps
    expect(steps(big)).toBe(1_202_000);
    expect(run(big)).toBe(599);
    const r = compileExpr(big, new FakeScope());
    if ('errors' in r) throw new Error('does not compile');
    const ctx = ctxFor();
    // inside one run (the machine's step between two decisions) the second exhausts it
    expect(() => metered(() => { r.fn(ctx); r.fn(ctx); }, ctx)).toThrow(/steps of work/);
    expect(WORK.open).toBe(0);
  });
});
