import { describe, expect, it } from 'vitest';
import {
  ExprRuntimeError, T, assignable, compileExpr, compileLambda, formatExprError, parseExpr, typeFromName, typeToString,
} from '../../src/expr/index.ts';
import { FakeScope, ctxFor, errorsOf, firstError, run, typeOf } from './fake-scope.ts';

describe('operators', () => {
  it('does arithmetic, with exact division and floored modulo', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('7 / 2')).toBe(3.5);
    expect(run('a % 3')).toBe(1);
    expect(run('b % 4')).toBe(1); // -3 mod 4: the divisor's sign, so seat arithmetic wraps
    expect(run('(0 - 1) % players')).toBe(3);
    expect(run('-a - -b')).toBe(-10);
    expect(run('5_000 * 2')).toBe(10000);
  });
  it('compares numbers and tests equality of primitives', () => {
    expect(run('a > b and a >= 7 and b < 0 and b <= -3')).toBe(true);
    expect(run('a == 7 and 7 == a and a != c')).toBe(true);
    expect(run('"x" == "x" and first(names) != "al"')).toBe(true);
    expect(run('target == me')).toBe(false);
    expect(run('flag == true')).toBe(true);
  });
  it('compares lists item by item, in order', () => {
    expect(run('nums == nums')).toBe(true);
    expect(run('[1, 2] == [1, 2] and [1, 2] != [2, 1] and [1] != [1, 1]')).toBe(true);
    expect(run('[[1], [2, 3]] == [[1], [2, 3]] and [[1]] != [[2]]')).toBe(true);
    expect(run('take(nums, 0) == drop(nums, 99)')).toBe(true);
  });
  it('short-circuits and/or', () => {
    // ghost is seat 9: reading it would throw
    expect(run('false and ghost.wounds > 0')).toBe(false);
    expect(run('true or ghost.wounds > 0')).toBe(true);
    expect(run('flag || ghost.out')).toBe(true);
    expect(run('!flag && ghost.out')).toBe(false);
  });
  it('tests membership with in', () => {
    expect(run('target in alive')).toBe(true);
    expect(run('4 in nums')).toBe(true);
    expect(run('not (9 in nums)')).toBe(true);
    expect(run('"al" in names')).toBe(true);
  });
  it('evaluates if lazily', () => {
    expect(run('if a > 5 then "big" else "small"')).toBe('big');
    expect(run('if flag then 1 else ghost.wounds')).toBe(1);
    expect(run('1 + if flag then 2 else 3')).toBe(3);
  });
  it('builds lists', () => {
    expect(run('[a, b, a + b]')).toEqual([7, -3, 4]);
    expect(run('[]')).toEqual([]);
    expect(typeToString(typeOf('[]'))).toBe('list<any>');
    expect(typeToString(typeOf('[none, target]'))).toBe('list<seat>');
    expect(typeToString(typeOf('[[], [1]]'))).toBe('list<list<number>>');
  });
  it('reads names and members, including CJK names', () => {
    expect(run('搶劫 * 2')).toBe(6);
    expect(run('target.wounds + me.wounds')).toBe(2);
    expect(run('count(target.hand)')).toBe(1);
  });
});

describe('none', () => {
  it('compares with seats, cards, strings and numbers', () => {
    expect(run('target == none')).toBe(false);
    expect(run('none != first(deck)')).toBe(true);
    expect(run('first(filter(seats, s => s.wounds > 9)) == none')).toBe(true);
    expect(run('a != none')).toBe(true);
    expect(run('none == none')).toBe(true);
  });
  it('gives way to the other branch of an if', () => {
    expect(typeOf('if flag then none else target')).toEqual(T.seat);
    expect(typeOf('if flag then first(deck) else none')).toEqual(T.card);
    expect(run('if flag then none else target')).toBe(null);
  });
  it('does not mix with bools or lists', () => {
    expect(firstError('flag == none')).toMatchObject({ message: "cannot compare bool with none using '=='" });
    expect(firstError('if flag then none else true')).toMatchObject({ message: expect.stringContaining("the branches of 'if' have different types") });
  });
  it('fails clearly when a member is read from none at run time', () => {
    const r = compileExpr('first(filter(seats, s => false)).wounds', new FakeScope());
    if ('errors' in r) throw new Error('did not compile');
    let caught: unknown;
    try {
      r.fn(ctxFor());
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ExprRuntimeError);
    expect(caught).toMatchObject({ message: "cannot read '.wounds' of none", offset: 0, length: 39 });
  });
});

describe('type errors point at the culprit', () => {
  it.each([
    ['target + 1', "'+' needs numbers, got seat", 'target'],
    ['1 + target', "'+' needs numbers, got seat", 'target'],
    ['a * "x"', "'*' needs numbers, got string", '"x"'],
    ['me < 2', "'<' needs numbers, got seat", 'me'],
    ['a and flag', "'and' needs bools, got number", 'a'],
    ['flag || nums', "'or' needs bools, got list<number>", 'nums'],
    ['not a', "'not' needs a bool, got number", 'a'],
    ['-flag', "'-' needs a number, got bool", 'flag'],
    ['target == 1', "cannot compare seat with number using '=='", 'target == 1'],
    ['me != "x"', "cannot compare seat with string using '!='", 'me != "x"'],
    ['nums == alive', "cannot compare list<number> with list<seat> using '=='", 'nums == alive'],
    ['a in 3', "'in' needs a list on its right, got number", '3'],
    ['a in alive', "'in': cannot look for a number in a list<seat>", 'a in alive'],
    ['if a then 1 else 2', "the condition of 'if' must be a bool, got number", 'a'],
    ['if flag then 1 else "x"', "the branches of 'if' have different types: number after 'then', string after 'else'", 'if flag then 1 else "x"'],
    ['[1, "x"]', 'list items must all have one type: this one is string, the earlier ones number', '"x"'],
    ['x => x', 'a lambda (x => …) is only allowed as an argument of a function that takes one, such as count, filter or map', 'x => x'],
    ['count', "'count' is a function: call it with its arguments, like count(…)", 'count'],
    ['a(1)', "'a' names a value, not a function: it cannot be called", 'a(1)'],
    ['5.wounds'.replace('5', '(5)'), 'number has no member \'wounds\'', 'wounds'],
    ['none.wounds', "none has no members, so no 'wounds'", 'wounds'],
  ])('%s', (src, message, at) => {
    expect(firstError(src)).toMatchObject({ message, at });
  });

  it('offsets are source offsets, also after CJK text', () => {
    const e = firstError('搶劫 + target');
    expect(e).toMatchObject({ offset: 5, length: 6 });
  });

  it('checks the expected type', () => {
    expect(firstError('a + 1', T.bool)).toMatchObject({ message: 'expected bool, got number', at: 'a + 1' });
    expect(compileExpr('none', new FakeScope(), T.seat)).toHaveProperty('fn');
    expect(compileExpr('[]', new FakeScope(), T.list(T.card))).toHaveProperty('fn');
    expect(firstError('[]', T.number)).toMatchObject({ message: 'expected number, got list<any>' });
  });

  it('collects several independent errors, in source order', () => {
    const es = errorsOf('wonds + 1 > 0 and target + 1 == 2 or flag.x');
    expect(es.map((e) => e.message)).toEqual([
      'unknown name \'wonds\'',
      "'+' needs numbers, got seat",
      "bool has no member 'x'",
    ]);
  });

  it('does not cascade from one error', () => {
    expect(errorsOf('count(filter(seats, s => s.wondz > 1)) + 1 > 0')).toHaveLength(1);
    expect(errorsOf('-(x + 1) * 2')).toHaveLength(1);
    expect(errorsOf('left(nobody)')).toHaveLength(1);
  });
});

describe('suggestions', () => {
  it('suggests names, members and functions', () => {
    expect(firstError('count(alivee)')).toMatchObject({ message: "unknown name 'alivee'; did you mean 'alive'?", at: 'alivee' });
    expect(firstError('me.wonds')).toMatchObject({ message: "seat has no member 'wonds'; did you mean 'wounds'?", at: 'wonds' });
    expect(firstError('me.hnad')).toMatchObject({ message: "seat has no member 'hnad'; did you mean 'hand'?" });
    expect(firstError('first(deck).Kind')).toMatchObject({ message: "card has no member 'Kind'; did you mean 'kind'?" });
    expect(firstError('cuont(seats)')).toMatchObject({ message: "unknown function 'cuont'; did you mean 'count'?", at: 'cuont' });
    expect(firstError('scor(me)')).toMatchObject({ message: "unknown function 'scor'; did you mean 'score'?" });
    expect(firstError('filter(seats, seat => saet.out)')).toMatchObject({ message: "unknown name 'saet'; did you mean 'seat'?" });
    expect(firstError('搶 + 1')).toMatchObject({ message: "unknown name '搶'; did you mean '搶劫'?" });
  });
  it('stays quiet when nothing is close', () => {
    expect(firstError('zzzzzz')).toMatchObject({ message: "unknown name 'zzzzzz'" });
    expect(firstError('me.qqqq')).toMatchObject({ message: "seat has no member 'qqqq'" });
  });
});

describe('lambdas', () => {
  it('binds parameters that shadow outer names', () => {
    expect(run('map(nums, a => a * 2)')).toEqual([6, 2, 8, 2, 10]);
    expect(run('a + sum(nums, a => a)')).toBe(21);
  });
  it('nests, with the inner lambda reading the outer parameter', () => {
    expect(run('filter(seats, s => count(s.hand, c => c.value > s.wounds * 1000) >= 1)')).toEqual([0, 1, 3]);
    expect(run('map(seats, s => count(filter(seats, t => t.wounds < s.wounds)))')).toEqual([1, 0, 3, 1]);
    expect(run('sum(range(0, 3), i => sum(range(0, 3), j => i * j))')).toBe(9);
    expect(run('map(range(0, 2), x => map(range(0, 2), x => x * 10))')).toEqual([[0, 10], [0, 10]]);
  });
  it('gets its parameter type from the list', () => {
    expect(firstError('filter(deck, c => c.wounds > 0)')).toMatchObject({ message: "card has no member 'wounds'", at: 'wounds' });
  });
  it('refuses a duplicate parameter', () => {
    const r = compileLambda('(x, x) => x', new FakeScope(), [T.number, T.number]);
    expect('errors' in r && r.errors[0]).toMatchObject({ message: "parameter 'x' is declared twice", offset: 4, length: 1 });
  });
  it('allocates a fresh slot per parameter', () => {
    const scope = new FakeScope();
    const r = compileExpr('count(seats, s => any(s.hand, c => c.kind == "spy")) + sum(nums, n => n)', scope);
    expect('fn' in r).toBe(true);
    expect(scope.slots).toBe(3);
  });
});

describe('compileLambda', () => {
  it('compiles a top-level lambda to a function of its arguments', () => {
    const r = compileLambda('s => s.wounds * 2', new FakeScope(), [T.seat], T.number);
    if ('errors' in r) throw new Error('did not compile');
    expect(r.type).toEqual(T.number);
    const ctx = ctxFor();
    expect([0, 1, 2, 3].map((s) => r.fn(ctx, s))).toEqual([4, 0, 10, 4]);
  });
  it('takes several parameters', () => {
    const r = compileLambda('(x, y) => x.wounds - y.wounds', new FakeScope(), [T.seat, T.seat]);
    if ('errors' in r) throw new Error('did not compile');
    expect(r.fn(ctxFor(), 2, 0)).toBe(3);
    const r3 = compileLambda('(x, y, z) => x + y * z', new FakeScope(), [T.number, T.number, T.number]);
    if ('errors' in r3) throw new Error('did not compile');
    expect(r3.fn(ctxFor(), 1, 2, 3)).toBe(7);
  });
  it('accepts a plain expression when there are no parameters', () => {
    const r = compileLambda('a + 1', new FakeScope(), []);
    expect('fn' in r && r.fn(ctxFor())).toBe(8);
    const r0 = compileLambda('() => a + 2', new FakeScope(), []);
    expect('fn' in r0 && r0.fn(ctxFor())).toBe(9);
  });
  it('reports a missing lambda, a wrong arity, and a wrong result type', () => {
    expect(compileLambda('s.wounds', new FakeScope(), [T.seat])).toEqual({
      errors: [{ message: 'expected a lambda of 1 parameter, like x => …', offset: 0, length: 8 }],
    });
    const r2 = compileLambda('(a, b) => a', new FakeScope(), [T.seat]);
    expect('errors' in r2 && r2.errors[0]!.message).toBe('expected a lambda of 1 parameter, got 2');
    const r3 = compileLambda('s => s.out', new FakeScope(), [T.seat], T.number);
    expect('errors' in r3 && r3.errors[0]).toMatchObject({ message: 'the lambda must give a number, got bool', offset: 5, length: 5 });
  });
});

describe('AST input', () => {
  it('compiles a node taken from a parsed expression', () => {
    const p = parseExpr('target.wounds');
    if ('errors' in p) throw new Error('did not parse');
    if (p.ast.kind !== 'Member') throw new Error('not a member');
    const obj = compileExpr(p.ast.object, new FakeScope(), T.seat);
    expect('fn' in obj && obj.fn(ctxFor())).toBe(1);
    const bad = compileExpr(p.ast.object, new FakeScope(), T.card);
    expect('errors' in bad && bad.errors[0]).toMatchObject({ message: 'expected card, got seat', offset: 0, length: 6 });
  });
});

describe('types', () => {
  it('prints types', () => {
    expect(typeToString(T.list(T.list(T.seat)))).toBe('list<list<seat>>');
    expect(typeToString(T.none)).toBe('none');
  });
  it('maps DSL type names', () => {
    expect(typeFromName('seats')).toEqual(T.list(T.seat));
    expect(typeFromName('strings')).toEqual(T.list(T.string));
    expect(typeFromName('bool')).toEqual(T.bool);
    expect(typeFromName('thing')).toBeUndefined();
  });
  it('decides assignability', () => {
    expect(assignable(T.none, T.seat)).toBe(true);
    expect(assignable(T.none, T.bool)).toBe(false);
    expect(assignable(T.seat, T.number)).toBe(false);
    expect(assignable(T.list(T.any), T.list(T.card))).toBe(true);
    expect(assignable(T.list(T.seat), T.list(T.card))).toBe(false);
    expect(assignable(T.any, T.list(T.card))).toBe(true);
  });
});

describe('formatExprError', () => {
  it('underlines the span', () => {
    const src = 'count(alivee)';
    const e = errorsOf(src)[0]!;
    expect(formatExprError(src, e)).toBe("count(alivee)\n      ^^^^^^ unknown name 'alivee'; did you mean 'alive'?");
  });
});
