/**
 * Numbers a rule may hold (src/rule-numbers.ts): finite and within ±Number.MAX_SAFE_INTEGER. A
 * literal outside is refused where it is written; a result outside — a division by zero, an
 * overflow — is an error at the operator (issue 30 §3: `0 / 0` was accepted, and a NaN score made
 * every seat a winner).
 */
import { describe, expect, it } from 'vitest';
import { ExprRuntimeError, compileExpr, parseExpr } from '../../src/expr/index.ts';
import { FakeScope, ctxFor, firstError, makeWorld, run } from './fake-scope.ts';

function runFailure(src: string, vars: Record<string, unknown> = {}): { message: string; at: string } {
  const r = compileExpr(src, new FakeScope());
  if ('errors' in r) throw new Error(`${src}: ${r.errors[0]!.message}`);
  const world = makeWorld();
  Object.assign(world.vars, vars);
  try {
    r.fn(ctxFor(world));
  } catch (err) {
    expect(err).toBeInstanceOf(ExprRuntimeError);
    const e = err as ExprRuntimeError;
    return { message: e.message, at: src.slice(e.offset, e.offset + e.length) };
  }
  throw new Error(`${src} did not fail`);
}

describe('numbers a rule may hold', () => {
  it('refuses a literal that is no such number, where it is written', () => {
    const digits = `1${'0'.repeat(400)}`;
    const e = parseExpr(`a + ${digits}`);
    expect(e).toHaveProperty('errors');
    const err = (e as { errors: { message: string; offset: number; length: number }[] }).errors[0]!;
    expect(err.message).toBe('the number 100000000000…000000 (401 characters) is outside ±9,007,199,254,740,991, the numbers a rule may hold');
    expect(err.offset).toBe(4);
    expect(parseExpr('9007199254740992')).toHaveProperty('errors');
    expect(run('9007199254740991 - 1')).toBe(9007199254740990);
  });

  it('refuses a division by a literal zero, and a folded literal part that is no number, when compiled', () => {
    expect(firstError('0 / 0')).toMatchObject({ message: "division by zero: '/ 0' has no value", at: '0 / 0' });
    expect(firstError('a % 0')).toMatchObject({ message: "division by zero: '% 0' has no value", at: 'a % 0' });
    expect(firstError('a + 9007199254740991 * 2')).toMatchObject({ message: expect.stringMatching(/^9007199254740991 \* 2 is 1\.801e\+16, outside ±9,007,199,254,740,991/), at: '9007199254740991 * 2' });
  });

  it('fails at the operator whose result is no such number, when it runs', () => {
    expect(runFailure('c + a / (b + 3)')).toEqual({ message: 'division by zero: 7 / 0 has no value', at: 'a / (b + 3)' });
    expect(runFailure('(a - a) / (b + 3) > 1')).toEqual({ message: 'division by zero: 0 / 0 has no value', at: '(a - a) / (b + 3)' });
    expect(runFailure('a % (b + 3)')).toEqual({ message: 'division by zero: 7 % 0 has no value', at: 'a % (b + 3)' });
    expect(runFailure('a * c', { a: 9e15 })).toEqual({ message: '9000000000000000 * 12 is 1.080e+17, outside ±9,007,199,254,740,991, the numbers a rule may hold', at: 'a * c' });
    expect(runFailure('a + c', { a: 9007199254740991 })).toMatchObject({ at: 'a + c' });
    expect(runFailure('sum(nums, x => x * 1000000000000000)')).toMatchObject({ message: expect.stringMatching(/^the sum is 1\.400e\+16, outside/), at: 'sum(nums, x => x * 1000000000000000)' });
  });

  it('computes fractions and floored modulo as before', () => {
    expect(run('7 / 2')).toBe(3.5);
    expect(run('(0 - 7) % 3')).toBe(2);
    expect(run('a / c')).toBeCloseTo(7 / 12);
  });
});
