/**
 * The static proof that a choice always offers an option (src/interpreter/compile/choice-proofs.ts):
 * what the form of the options proves, what the guards around a choice prove, and — the part
 * that must never go wrong — that a fact stops counting as soon as something it reads may change.
 */
import { describe, expect, it } from 'vitest';
import { ChoiceProver } from '../../src/interpreter/compile/choice-proofs.ts';

const spec = {
  functions: [
    { id: 'robbable', body: 'filter(stacks, x => count(x) > 0)' },
    { id: 'wrapper', body: 'robbable(s)' },
  ],
  procedures: [{ id: 'refill', do: [{ move: 'deck', to: 'stacks' }] }],
  triggers: [{ id: 'on-rob', on: 'robbed', do: [{ set: 'cash', to: 0 }] }],
};
const prover = (): ChoiceProver => new ChoiceProver(spec, (name) => (name === 'location' ? { allInPlay: true } : undefined));

describe('proof by the form of the options', () => {
  const form = (options: string): string | undefined => prover().prove(options, 'current', true);
  it('proves non-empty lists, concat, if with both branches, literal ranges and places always in play', () => {
    expect(form('["stay", "leave"]')).toBe('form');
    expect(form('concat([0], filter(notes, v => v <= me.cash))')).toBe('form');
    expect(form('if isCop(me) then ["stay"] else ["stay", "leave"]')).toBe('form');
    expect(form('range(1, 4)')).toBe('form');
    expect(form('location')).toBe('form');
  });
  it('proves a filter of a literal list when some item passes whatever the state', () => {
    expect(form('filter(["sell", "peek"], o => o == "peek" or count(sellable(me)) > 0)')).toBe('form');
    // one of the cases always holds: stocked() is empty or it is not
    expect(form('filter(["peek", "pass"], o => (o == "peek" and count(stocked()) > 0) or (o == "pass" and count(stocked()) == 0))')).toBe('form');
  });
  it('does not prove what the state decides', () => {
    expect(form('[]')).toBeUndefined();
    expect(form('range(3, 3)')).toBeUndefined();
    expect(form('range(a, b)')).toBeUndefined();
    expect(form('me.hand')).toBeUndefined();
    expect(form('filter(alive, t => t != me)')).toBeUndefined();
    expect(form('filter([1000, 2000], x => x <= me.cash)')).toBeUndefined();
    expect(form('filter(["peek", "pass"], o => (o == "peek" and count(stocked()) > 0) or (o == "pass" and count(stocked()) > 1))')).toBeUndefined();
  });
});

describe('proof by the guards around a choice', () => {
  it('an if that tests the same list, also through count(x) > k and the choosing seat as me', () => {
    const p = prover();
    p.assume('count(bigOpts) > 1', true);
    expect(p.prove('bigOpts', 'current', true)).toBe('guard');
    p.assume('count(robbable(current)) > 0 and mode == "rob"', true);
    expect(p.prove('robbable(me)', 'current', true)).toBe('guard');
    // several seats choose: me is each of them, not `current`
    expect(p.prove('robbable(me)', 'filter(seats, s => s != current)', false)).toBeUndefined();
    // another seat
    expect(p.prove('robbable(me)', 'left(current)', true)).toBeUndefined();
  });

  it('the else branch of an emptiness test', () => {
    const p = prover();
    p.assume('count(hand) == 0', false);
    expect(p.prove('hand', 'current', true)).toBe('guard');
  });

  it('a guard stops counting when something it reads is written, directly or through a function or a procedure', () => {
    const written = (effect: Record<string, unknown>, guard = 'count(wrapper(current)) > 0', options = 'wrapper(current)'): string | undefined => {
      const p = prover();
      p.assume(guard, true);
      expect(p.prove(options, 'current', true)).toBe('guard');
      p.kill([effect]);
      return p.prove(options, 'current', true);
    };
    // robbable reads `stacks`, which the move writes
    expect(written({ move: 'current.hand', to: 'stacks' })).toBeUndefined();
    expect(written({ call: 'refill' })).toBeUndefined();
    expect(written({ set: 'current', to: 'left(current)' })).toBeUndefined();
    expect(written({ let: 's', be: '1' })).toBeUndefined(); // the function's own name: over-killed, still sound
    expect(written({ shuffle: 'stacks' })).toBeUndefined();
    expect(written({ endGame: 'x' })).toBeUndefined();
    expect(written({ unknownEffect: 1 })).toBeUndefined();
    // what it does not read leaves it standing
    expect(written({ set: 'cash', to: 3 })).toBe('guard');
    expect(written({ emit: 'robbed' })).toBe('guard');
    expect(written({ log: { en: 'x', zh: 'x' } })).toBe('guard');
    expect(written({ reveal: 'hand' })).toBe('guard');
    // eliminating a seat changes `alive`
    expect(written({ eliminate: 'current' }, 'count(filter(alive, t => t != current)) > 0', 'filter(alive, t => t != current)')).toBeUndefined();
    // a loop body: its writes count before the first choice in it
    expect(written({ forEach: 'seats', as: 's', do: [{ choose: 'c', options: 'hand', as: 'stacks' }] })).toBeUndefined();
  });

  it("an inlined procedure does not see the caller's guards, and its own are dropped on return", () => {
    const p = prover();
    p.assume('count(x) > 0', true);
    const outer = p.hide();
    expect(p.prove('x', 'current', true)).toBeUndefined(); // a parameter x of the procedure is another x
    p.assume('count(y) > 0', true);
    expect(p.prove('y', 'current', true)).toBe('guard');
    p.unhide(outer);
    expect(p.prove('x', 'current', true)).toBe('guard');
    expect(p.prove('y', 'current', true)).toBeUndefined();
  });
});

describe('what holds whenever a choice opens', () => {
  const withEnd = (when: string): ChoiceProver =>
    new ChoiceProver({ ...spec, ends: [{ id: 'one-left', when }, { id: 'after-8' }] }, () => undefined);
  const aim = 'filter(alive, t => t != me)';

  it('no end condition holds (the engine checks them right before), and a list of distinct seats minus one is not empty', () => {
    expect(withEnd('count(alive) <= 1').prove(aim, 'filter(alive, s => s.inRound)', false)).toBe('guard');
    // the same count written the other ways round
    expect(withEnd('not (count(alive) > 1)').prove(aim, 'current', true)).toBe('guard');
    expect(withEnd('count(alive) < 3').prove(aim, 'current', true)).toBe('guard');
    // count(alive) >= 3 implies >= 2
    expect(withEnd('count(alive) <= 2').prove('filter(alive, t => t != me)', 'current', true)).toBe('guard');
  });

  it('proves nothing when the end leaves one player, the list may repeat, the filter drops more, or a local shadows the name', () => {
    expect(withEnd('count(alive) == 0').prove(aim, 'current', true)).toBeUndefined();
    expect(withEnd('count(hand) <= 1').prove('filter(hand, c => c != x)', 'current', true)).toBeUndefined();
    expect(withEnd('count(alive) <= 1').prove('filter(alive, t => t != me and t != current)', 'current', true)).toBeUndefined();
    expect(withEnd('count(alive) <= 1').prove(aim, 'current', true, (name) => name === 'alive')).toBeUndefined();
  });
});

describe('facts from answers and from one branch of an if', () => {
  const west = 'filter(["rob", "peek", "pass"], o => (o == "rob" and count(robbable(me)) > 0) or (o == "peek" and count(stocked()) > 0) or o == "pass")';

  it('the answer is one of its options: a later test of it tells which case held', () => {
    const p = prover();
    p.chose(west, 'current', true, 'a');
    p.assume('a == "peek"', true);
    expect(p.prove('stocked()', 'current', true)).toBe('guard');
    expect(p.prove('robbable(current)', 'current', true)).toBeUndefined();
    const q = prover();
    q.chose(west, 'current', true, 'a');
    q.assume('a == "pass"', true);
    expect(q.prove('stocked()', 'current', true)).toBeUndefined();
  });

  it('a fact undone in the then-branch still holds after the if when the branch did not run', () => {
    const p = prover();
    p.chose(west, 'current', true, 'a');
    const before = p.snapshot();
    p.assume('a == "rob"', true);
    p.kill([{ move: 'stocks', to: 'stacks' }]); // the rob branch moves cards
    const killedThen = p.takeKilled(before);
    p.mergeBranches('a == "rob"', killedThen, new Set(), [{ move: 'stocks', to: 'stacks' }], undefined);
    p.assume('a == "peek"', true);
    expect(p.prove('stocked()', 'current', true)).toBe('guard');
  });

  it('but not when the branch also changed what its condition reads', () => {
    const p = prover();
    p.chose(west, 'current', true, 'a');
    const before = p.snapshot();
    const branch = [{ set: 'a', to: '"peek"' }, { move: 'stocks', to: 'stacks' }];
    p.kill(branch);
    const killedThen = p.takeKilled(before);
    p.mergeBranches('a == "rob"', killedThen, new Set(), branch, undefined);
    p.assume('a == "peek"', true);
    expect(p.prove('stocked()', 'current', true)).toBeUndefined();
  });

  it('an answer whose options read the name it is stored in says nothing', () => {
    const p = prover();
    p.chose('filter(["x", "y"], o => o != a or count(stocked()) > 0)', 'current', true, 'a');
    p.assume('a == "x"', true);
    expect(p.prove('stocked()', 'current', true)).toBeUndefined();
  });
});
