import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';

describe('static proof that a choice always offers an option', () => {
  it('proves list literals, both branches of an if, and a space set always in play; leaves filters to the random games', () => {
    const cng = compileGameDir('rules/cash-n-guns').engine!;
    const proofs = Object.fromEntries(cng.choiceProofs().map((c) => [c.id, c.proven]));
    // 'if isCop(me) and … then ["stay"] else ["stay", "leave"]'
    expect(proofs['leave']).toBe(true);
    // 'filter(alive, t => t != me)' can be empty as far as the form shows
    expect(proofs['aim']).toBe(false);
    // 'me.hand' depends on the state
    expect(proofs['bullet']).toBe(false);
    const majority = compileGameDir('test/fixtures/spaces/majority').engine!;
    // 'place' has a place only in play with 3 players: not proven
    expect(majority.choiceProofs()).toEqual([{ id: 'where', rule: 'place-rounds', proven: false }]);
  });
});
