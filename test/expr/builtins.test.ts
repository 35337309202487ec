import { describe, expect, it } from 'vitest';
import { ExprRuntimeError, T, compileExpr, typeToString } from '../../src/expr/index.ts';
import { FakeScope, ctxFor, firstError, makeWorld, run, typeOf } from './fake-scope.ts';

// The world (fake-scope.ts): seats 0..3 with wounds [2, 0, 5, 2], roles robber/cop/robber/robber,
// seat 2 out; hands [0,1,2], [3], [], [4,5]; cards 0..5 kinds spy,bill,bill,spy,bill,gun,
// values 1,5000,1000,1,5000,0; nums = [3, 1, 4, 1, 5]; names = ['bo', 'al', 'cy'].

describe('count', () => {
  it('counts a list, or the elements that satisfy a condition', () => {
    expect(run('count(seats)')).toBe(4);
    expect(run('count([])')).toBe(0);
    expect(run('count(seats, s => s.wounds == 2)')).toBe(2);
    expect(run('count(first(seats).hand, c => c.kind == "spy")')).toBe(1);
    expect(run('count(first(seats).hand, c => c.kind == "spy") >= 1')).toBe(true);
  });
  it('checks its arguments', () => {
    expect(firstError('count(3)')).toMatchObject({ message: 'count: argument 1 must be a list, got number', at: '3' });
    expect(firstError('count(seats, s => s.wounds)')).toMatchObject({
      message: 'count: the condition must give a bool, got number', at: 's.wounds',
    });
    expect(firstError('count(seats, 1)')).toMatchObject({ message: 'count: argument 2 must be a lambda, like x => …', at: '1' });
    expect(firstError('count(seats, (a, b) => true)')).toMatchObject({
      message: 'count: argument 2 must be a lambda of 1 parameter, got 2', at: '(a, b) => true',
    });
    expect(firstError('count()')).toMatchObject({ message: expect.stringMatching(/^count takes 1 or 2 arguments, got 0/), at: 'count()' });
    expect(firstError('count(seats, s => true, 3, 4)')).toMatchObject({ message: expect.stringMatching(/got 4/), at: '3, 4' });
  });
});

describe('sum, min, max', () => {
  it('sums numbers or a key', () => {
    expect(run('sum(nums)')).toBe(14);
    expect(run('sum([])')).toBe(0);
    expect(run('sum(seats, s => s.wounds)')).toBe(9);
    expect(run('sum(first(seats).hand, c => c.value)')).toBe(6001);
  });
  it('takes min and max of a list (0 when empty), of a key, or of numbers', () => {
    expect(run('min(nums)')).toBe(1);
    expect(run('max(nums)')).toBe(5);
    expect(run('min([])')).toBe(0);
    expect(run('max(filter(nums, n => n > 10))')).toBe(0);
    expect(run('max(seats, s => s.wounds)')).toBe(5);
    expect(run('min(seats, s => s.wounds + 1)')).toBe(1);
    expect(run('min(seats, s => s.wounds + 1) + max(filter(seats, s => false), s => 1)')).toBe(1);
    expect(run('min(a, b)')).toBe(-3);
    expect(run('max(a, b, c, 100)')).toBe(100);
    expect(run('min(3, 1, 2)')).toBe(1);
  });
  it('checks their arguments', () => {
    expect(firstError('sum(seats)')).toMatchObject({ message: expect.stringMatching(/^sum: argument 1 must be a list of numbers, got list<seat>/), at: 'seats' });
    expect(firstError('sum(nums, n => n > 1)')).toMatchObject({ message: 'sum: the lambda must give a number, got bool', at: 'n > 1' });
    expect(firstError('min(a, target)')).toMatchObject({ message: 'min: argument 2 must be a number, got seat', at: 'target' });
    expect(firstError('max(5)')).toMatchObject({ message: 'max: argument 1 must be a list, got number' });
    expect(firstError('max()')).toMatchObject({ message: expect.stringMatching(/^max takes 1 or more arguments, got 0/) });
  });
});

describe('minBy, maxBy, allMinBy, allMaxBy', () => {
  it('picks the first element at the extreme, none if empty', () => {
    expect(run('maxBy(seats, s => s.wounds)')).toBe(2);
    expect(run('minBy(seats, s => s.wounds)')).toBe(1);
    expect(run('maxBy(alive, s => s.wounds)')).toBe(0); // seats 0 and 3 tie at 2: the first wins
    expect(run('minBy(filter(seats, s => false), s => s.wounds)')).toBe(null);
    expect(run('maxBy(names, n => n)')).toBe('cy');
    expect(typeToString(typeOf('maxBy(seats, s => s.wounds)'))).toBe('seat');
  });
  it('keeps every tie, in list order', () => {
    expect(run('allMaxBy(alive, s => s.wounds)')).toEqual([0, 3]);
    expect(run('allMinBy(seats, s => s.wounds)')).toEqual([1]);
    expect(run('allMinBy(nums, n => n)')).toEqual([1, 1]);
    expect(run('allMaxBy([], n => n)')).toEqual([]);
    expect(typeToString(typeOf('allMaxBy(seats, s => s.wounds)'))).toBe('list<seat>');
  });
  it('wants a number or string key', () => {
    expect(firstError('maxBy(seats, s => s.out)')).toMatchObject({ message: 'maxBy: the key must be a number or a string, got bool', at: 's.out' });
    expect(firstError('allMinBy(seats, s => s)')).toMatchObject({ message: 'allMinBy: the key must be a number or a string, got seat' });
  });
});

describe('filter, map, any, all', () => {
  it('filters and maps into new lists', () => {
    expect(run('filter(seats, s => s.role == "robber")')).toEqual([0, 2, 3]);
    expect(run('map(seats, s => s.wounds * 2)')).toEqual([4, 0, 10, 4]);
    expect(typeToString(typeOf('map(seats, s => s.hand)'))).toBe('list<list<card>>');
    expect(run('map(map(nums, n => n + 1), n => n * 10)')).toEqual([40, 20, 50, 20, 60]);
  });
  it('any and all short-circuit', () => {
    expect(run('any(seats, s => s.out)')).toBe(true);
    expect(run('all(seats, s => s.out)')).toBe(false);
    expect(run('all(alive, s => not s.out)')).toBe(true);
    expect(run('any([], x => true)')).toBe(false);
    expect(run('all([], x => false)')).toBe(true);
    // they stop at the first decisive element: reading seat 9 ('ghost') would throw
    expect(run('any(concat([me], [ghost]), s => s.wounds == 2)')).toBe(true);
    expect(run('all(concat([target], [ghost]), s => s.wounds > 0)')).toBe(false);
    // (the fake scope's missing seat fails in JS; it leaves the expression as a positioned error)
    expect(() => run('any(concat([target], [ghost]), s => s.wounds == 2)')).toThrow(ExprRuntimeError);
  });
  it('checks the predicate', () => {
    expect(firstError('filter(seats, s => s.wounds)')).toMatchObject({ message: 'filter: the condition must give a bool, got number' });
    expect(firstError('all(3, x => true)')).toMatchObject({ message: 'all: argument 1 must be a list, got number', at: '3' });
  });
});

describe('sortBy, reverse, first, last, take, drop, concat', () => {
  it('sorts stably and ascending by a number or string key', () => {
    expect(run('sortBy(seats, s => s.wounds)')).toEqual([1, 0, 3, 2]);
    expect(run('sortBy(seats, s => -s.wounds)')).toEqual([2, 0, 3, 1]);
    expect(run('sortBy(names, n => n)')).toEqual(['al', 'bo', 'cy']);
    expect(run('sortBy(seats, s => s.role)')).toEqual([1, 0, 2, 3]);
  });
  it('never mutates its input', () => {
    const world = makeWorld();
    const before = structuredClone(world);
    expect(run('sortBy(nums, n => n)', world)).toEqual([1, 1, 3, 4, 5]);
    expect(run('reverse(nums)', world)).toEqual([5, 1, 4, 1, 3]);
    expect(run('concat(nums, [9])', world)).toEqual([3, 1, 4, 1, 5, 9]);
    expect(run('take(nums, 2)', world)).toEqual([3, 1]);
    expect(run('filter(deck, c => true)', world)).not.toBe(world.deck);
    expect(world).toEqual(before);
  });
  it('reads the ends of a list, none if empty', () => {
    expect(run('first(nums)')).toBe(3);
    expect(run('last(nums)')).toBe(5);
    expect(run('first([])')).toBe(null);
    expect(run('last(filter(seats, s => s.wounds > 9))')).toBe(null);
    expect(run('first(seats).wounds')).toBe(2);
  });
  it('takes and drops', () => {
    expect(run('take(nums, 2)')).toEqual([3, 1]);
    expect(run('drop(nums, 2)')).toEqual([4, 1, 5]);
    expect(run('take(nums, 10)')).toEqual([3, 1, 4, 1, 5]);
    expect(run('drop(nums, -1)')).toEqual([3, 1, 4, 1, 5]);
    expect(run('take(nums, -1)')).toEqual([]);
    expect(firstError('take(nums, "2")')).toMatchObject({ message: 'take: argument 2 must be a number, got string', at: '"2"' });
  });
  it('concatenates lists of one type', () => {
    expect(run('concat(alive, [target])')).toEqual([0, 1, 3, 1]);
    expect(typeToString(typeOf('concat([], deck)'))).toBe('list<card>');
    expect(firstError('concat(seats, deck)')).toMatchObject({ message: 'concat: cannot join a list<seat> and a list<card>' });
  });
});

describe('indexOf, contains', () => {
  it('searches with ===', () => {
    expect(run('indexOf(nums, 4)')).toBe(2);
    expect(run('indexOf(nums, 7)')).toBe(-1);
    expect(run('contains(alive, target)')).toBe(true);
    expect(run('contains(names, "zed")')).toBe(false);
    expect(run('contains(alive, none)')).toBe(false);
  });
  it('checks the element type', () => {
    expect(firstError('contains(seats, 1)')).toMatchObject({ message: 'contains: cannot look for a number in a list<seat>', at: '1' });
    expect(firstError('indexOf(map(seats, s => s.hand), deck)')).toMatchObject({ message: expect.stringContaining('lists cannot be compared') });
  });
});

describe('floor, ceil, abs, round, range', () => {
  it('computes', () => {
    expect(run('floor(7 / 2)')).toBe(3);
    expect(run('ceil(7 / 2)')).toBe(4);
    expect(run('floor(-7 / 2)')).toBe(-4);
    expect(run('abs(b)')).toBe(3);
    expect(run('round(2.5)')).toBe(3);
    expect(run('round(2.4)')).toBe(2);
    expect(run('range(0, 4)')).toEqual([0, 1, 2, 3]);
    expect(run('range(3, 3)')).toEqual([]);
    expect(run('sum(range(1, players + 1))')).toBe(10);
  });
  it('wants numbers', () => {
    expect(firstError('floor(target)')).toMatchObject({ message: 'floor: argument 1 must be a number, got seat', at: 'target' });
    expect(firstError('range(1)')).toMatchObject({ message: expect.stringMatching(/^range takes 2 arguments, got 1/) });
    expect(firstError('abs(1, 2)')).toMatchObject({ message: expect.stringMatching(/^abs takes 1 argument, got 2/), at: '2' });
  });
});

describe('scope functions', () => {
  it('calls the interpreter functions after the built-ins', () => {
    expect(run('left(target)')).toBe(2);
    expect(run('score(maxBy(seats, s => s.wounds))')).toBe(50);
    expect(run('three() * 2')).toBe(6);
    expect(typeOf('left(me)')).toEqual(T.seat);
  });
  it('reports their check messages, naming the function once', () => {
    expect(firstError('left(3)')).toMatchObject({ message: 'left: needs a seat', at: 'left(3)' });
    expect(firstError('score(1, 2)')).toMatchObject({ message: 'score takes one seat' });
    expect(firstError('left(s => s)')).toMatchObject({ message: 'left: argument 1 cannot be a lambda', at: 's => s' });
  });
});

describe('compiled closures', () => {
  it('can be run many times, on different worlds, with fresh lists each time', () => {
    const r = compileExpr('[a, sum(seats, s => s.wounds)]', new FakeScope());
    if ('errors' in r) throw new Error('did not compile');
    const w1 = makeWorld();
    const w2 = makeWorld();
    w2.vars.a = 100;
    w2.seats[0]!.wounds = 10;
    const x = r.fn(ctxFor(w1)) as number[];
    expect(x).toEqual([7, 9]);
    x.push(1);
    expect(r.fn(ctxFor(w1))).toEqual([7, 9]);
    expect(r.fn(ctxFor(w2))).toEqual([100, 17]);
  });
});
