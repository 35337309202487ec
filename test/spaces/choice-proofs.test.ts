import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';

describe('static proof that a choice always offers an option, on the games', () => {
  const proofs = (dir: string): Record<string, string | false> =>
    Object.fromEntries(compileGameDir(dir).engine!.choiceProofs().map((c) => [c.id, c.proven ? c.by! : false]));

  it('proves list literals and both branches of an if by their form; leaves state-dependent options to the random games', () => {
    const cng = proofs('rules/cash-n-guns');
    // 'if isCop(me) and … then ["stay"] else ["stay", "leave"]'
    expect(cng['leave']).toBe('form');
    // 'filter(alive, t => t != me)': the one-left end never holds when a choice opens, so two or
    // more are alive, and dropping one seat from a list without repeats leaves one
    expect(cng['aim']).toBe('guard');
    // 'me.hand' depends on the state
    expect(cng['bullet']).toBe(false);
  });

  it('proves choices under an if that tests their options, and cases chosen earlier', () => {
    const boss = proofs('rules/the-boss');
    // a later step of the choice in steps where → big-cubes → small-cubes: 'where' offered only
    // characters where some number of big and small cubes completes the placing
    expect(boss['big-cubes']).toBe('stages');
    expect(boss['small-cubes']).toBe('stages');
    expect(boss['whose-cube']).toBe('guard');
    // the hand is dealt by rules the proof does not follow
    expect(boss['reveal']).toBe(false);
    const downtown = proofs('rules/downtown');
    // west-action offers "peek" only when a stack is stocked; 'if: a == "peek"' then 'options: stocked()'
    expect(downtown['west-action']).toBe('form');
    expect(downtown['peek-informant']).toBe('guard');
    // 'filter(occ, v => canPay(me, v))' under 'count(occ) > 0': the filter may still drop every occupant
    expect(downtown['payee']).toBe(false);
  });

  it('a space set with a place only in play with 3 players is not proven', () => {
    const majority = compileGameDir('test/fixtures/spaces/majority').engine!;
    expect(majority.choiceProofs()).toEqual([{ id: 'where', rule: 'place-rounds', proven: false }]);
  });
});
