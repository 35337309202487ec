import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { T, compileExpr, compileLambda, parseExpr } from '../../src/expr/index.ts';
import { FakeScope, ctxFor, makeWorld } from './fake-scope.ts';

// A tiny reference model: random expression trees, printed with as few parentheses as the
// grammar allows (so precedence and associativity are exercised), evaluated in plain JS.
type E =
  | { t: 'num'; v: number }
  | { t: 'var'; name: 'a' | 'b' | 'c' }
  | { t: 'neg'; e: E }
  | { t: 'bin'; op: '+' | '-' | '*' | '/' | '%'; l: E; r: E };
type B =
  | { t: 'lit'; v: boolean }
  | { t: 'flag' }
  | { t: 'cmp'; op: '==' | '!=' | '<' | '<=' | '>' | '>='; l: E; r: E }
  | { t: 'not'; e: B }
  | { t: 'logic'; op: 'and' | 'or'; l: B; r: B }
  | { t: 'if'; c: B; a: B; b: B };

const world = makeWorld();
const vars = world.vars as { a: number; b: number; c: number; flag: boolean };

const num: fc.Arbitrary<E> = fc.letrec<{ e: E }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.nat({ max: 1000 }).map((v): E => ({ t: 'num', v })),
    fc.constantFrom('a', 'b', 'c').map((name): E => ({ t: 'var', name })),
    tie('e').map((e): E => ({ t: 'neg', e })),
    fc.tuple(fc.constantFrom('+', '-', '*', '/', '%'), tie('e'), tie('e')).map(([op, l, r]): E => ({ t: 'bin', op, l, r })),
  ),
})).e;

const bool: fc.Arbitrary<B> = fc.letrec<{ b: B }>((tie) => ({
  b: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean().map((v): B => ({ t: 'lit', v })),
    fc.constant<B>({ t: 'flag' }),
    fc.tuple(fc.constantFrom('==', '!=', '<', '<=', '>', '>='), num, num).map(([op, l, r]): B => ({ t: 'cmp', op, l, r })),
    tie('b').map((e): B => ({ t: 'not', e })),
    fc.tuple(fc.constantFrom('and', 'or'), tie('b'), tie('b')).map(([op, l, r]): B => ({ t: 'logic', op, l, r })),
    fc.tuple(tie('b'), tie('b'), tie('b')).map(([c, a, b]): B => ({ t: 'if', c, a, b })),
  ),
})).b;

const mod = (x: number, y: number) => x - y * Math.floor(x / y);

/** a result no rule may hold (src/expr/numbers.ts): NaN, ±Infinity, past the safe integers */
class NotANumber extends Error {}
const checked = (x: number): number => {
  if (!(Math.abs(x) <= Number.MAX_SAFE_INTEGER)) throw new NotANumber(String(x));
  return x;
};

function evalE(e: E): number {
  switch (e.t) {
    case 'num': return e.v;
    case 'var': return vars[e.name];
    case 'neg': return -evalE(e.e);
    case 'bin': {
      const l = evalE(e.l);
      const r = evalE(e.r);
      switch (e.op) {
        case '+': return checked(l + r);
        case '-': return checked(l - r);
        case '*': return checked(l * r);
        case '/': return checked(l / r);
        case '%': {
          const m = l % r;
          // floored: the result takes the divisor's sign
          return checked(m !== 0 && m < 0 !== r < 0 ? m + r : m);
        }
      }
    }
  }
}

function evalB(b: B): boolean {
  switch (b.t) {
    case 'lit': return b.v;
    case 'flag': return vars.flag;
    case 'cmp': {
      const l = evalE(b.l);
      const r = evalE(b.r);
      switch (b.op) {
        case '==': return l === r;
        case '!=': return l !== r;
        case '<': return l < r;
        case '<=': return l <= r;
        case '>': return l > r;
        case '>=': return l >= r;
      }
    }
    case 'not': return !evalB(b.e);
    case 'logic': return b.op === 'and' ? evalB(b.l) && evalB(b.r) : evalB(b.l) || evalB(b.r);
    case 'if': return evalB(b.c) ? evalB(b.a) : evalB(b.b);
  }
}

// precedence levels, lowest first: if 0, or 1, and 2, not 3, compare 4, add 5, mul 6, neg 7, atom 8
const precE = (e: E) => (e.t === 'bin' ? (e.op === '+' || e.op === '-' ? 5 : 6) : e.t === 'neg' ? 7 : 8);
const precB = (b: B) => (b.t === 'if' ? 0 : b.t === 'logic' ? (b.op === 'or' ? 1 : 2) : b.t === 'not' ? 3 : b.t === 'cmp' ? 4 : 8);
const wrap = (s: string, yes: boolean) => (yes ? `(${s})` : s);

function printE(e: E): string {
  switch (e.t) {
    case 'num': return String(e.v);
    case 'var': return e.name;
    case 'neg': return `-${wrap(printE(e.e), precE(e.e) < 7)}`;
    case 'bin': {
      const p = precE(e);
      // left-associative: a right operand of the same level needs parentheses
      return `${wrap(printE(e.l), precE(e.l) < p)} ${e.op} ${wrap(printE(e.r), precE(e.r) <= p)}`;
    }
  }
}

function printB(b: B): string {
  switch (b.t) {
    case 'lit': return String(b.v);
    case 'flag': return 'flag';
    case 'cmp': return `${printE(b.l)} ${b.op} ${printE(b.r)}`; // operands are arithmetic: always tighter
    case 'not': return `not ${wrap(printB(b.e), precB(b.e) < 3)}`;
    case 'logic': {
      const p = precB(b);
      return `${wrap(printB(b.l), precB(b.l) < p)} ${b.op} ${wrap(printB(b.r), precB(b.r) <= p)}`;
    }
    // the else branch runs to the end, so an `if` is wrapped whenever it is an operand (level 0)
    case 'if': return `if ${printB(b.c)} then ${printB(b.a)} else ${printB(b.b)}`;
  }
}

/** the model's value, or `fault` when it makes a number no rule may hold */
function model<T>(f: () => T): T | 'fault' {
  try {
    return f();
  } catch (err) {
    if (err instanceof NotANumber) return 'fault';
    throw err;
  }
}

/** the expression's value, or `fault`: refused when compiled (a division by a literal zero, a
 *  folded literal part out of range) or failed when run, with the numbers' own messages */
function compiled(src: string, type: typeof T.number): unknown {
  const r = compileExpr(src, new FakeScope(), type);
  if ('errors' in r) {
    expect(r.errors[0]!.message, src).toMatch(/division by zero|outside ±9,007,199,254,740,991/);
    return 'fault';
  }
  try {
    return r.fn(ctxFor(world));
  } catch (err) {
    expect((err as Error).message, src).toMatch(/division by zero|outside ±9,007,199,254,740,991/);
    return 'fault';
  }
}

describe('properties', () => {
  it('random arithmetic evaluates as in JS, and a result no rule may hold is an error', () => {
    fc.assert(
      fc.property(num, (e) => {
        const src = printE(e);
        const want = model(() => evalE(e));
        const got = compiled(src, T.number);
        // a division by a literal zero is refused when compiled, even where it would not run
        if (got === 'fault' && want !== 'fault') expect(compileExpr(src, new FakeScope(), T.number), src).toHaveProperty('errors');
        else expect(got, src).toBe(want);
      }),
      { numRuns: 500 },
    );
  });

  it('random boolean logic evaluates as in JS', () => {
    fc.assert(
      fc.property(bool, (b) => {
        const src = printB(b);
        const want = model(() => evalB(b));
        const got = compiled(src, T.bool);
        if (got === 'fault' && want !== 'fault') expect(compileExpr(src, new FakeScope(), T.bool), src).toHaveProperty('errors');
        else expect(got, src).toBe(want);
      }),
      { numRuns: 500 },
    );
  });

  it('floored modulo agrees with the x - y*floor(x/y) definition', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -9, max: 9 }).filter((y) => y !== 0), (x, y) => {
        const r = compileExpr(`(${x}) % (${y}) + a - a`, new FakeScope());
        if ('errors' in r) throw new Error('did not compile');
        expect(r.fn(ctxFor(world))).toBe(mod(x, y) + 0);
      }),
    );
  });

  const junk = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc
      .array(
        fc.constantFrom(
          '(', ')', '[', ']', ',', '.', '=>', 'x', 'count', 'filter', 'if', 'then', 'else', '1', '2.5', '"s"', "'", '"',
          '+', '-', '*', '/', '%', '==', '<', 'not', 'and', 'or', '!', '&&', ' ', 'seats', 'a', 's', 'none', 'true', '=',
          'in', '搶劫', 'target', 'wounds', 'hand', 'me', 'left', '_', '\n', '\\',
        ),
        { maxLength: 25 },
      )
      .map((parts) => parts.join('')),
  );

  it('garbage never makes parse or compile throw, and errors stay inside the source', () => {
    fc.assert(
      fc.property(junk, (src) => {
        for (const r of [
          parseExpr(src),
          compileExpr(src, new FakeScope()),
          compileExpr(src, new FakeScope(), T.bool),
          compileLambda(src, new FakeScope(), [T.seat]),
        ]) {
          if ('errors' in r) {
            expect(r.errors.length).toBeGreaterThan(0);
            for (const e of r.errors) {
              expect(typeof e.message).toBe('string');
              expect(e.message).not.toMatch(/internal/);
              expect(e.offset).toBeGreaterThanOrEqual(0);
              expect(e.length).toBeGreaterThanOrEqual(0);
              expect(e.offset + e.length).toBeLessThanOrEqual(src.length);
            }
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('whatever parses prints back through its spans', () => {
    fc.assert(
      fc.property(junk, (src) => {
        const r = parseExpr(src);
        if ('ast' in r) {
          expect(r.ast.offset).toBeGreaterThanOrEqual(0);
          expect(r.ast.offset + r.ast.length).toBeLessThanOrEqual(src.length);
          // the root's span covers all but surrounding whitespace
          expect(src.slice(r.ast.offset, r.ast.offset + r.ast.length)).toBe(src.trim());
        }
      }),
      { numRuns: 3000 },
    );
  });
});
