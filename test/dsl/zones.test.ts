import { describe, expect, it } from 'vitest';
import { brokenFixture, errorsOf, open } from './helpers.ts';

const broken = (from: string, to: string): string => brokenFixture('zones', from, to);

describe('zone parameters', () => {
  it('run one procedure on a game zone and on a keyed zone entry, reading and moving the zone passed', () => {
    const e = open('zones');
    const s = e.create({ players: 2, seed: 1 });
    // deck: 1, 1, 2, 2 → turned until a 2 shows (three tiles); stack[x]: 1, 2 → the 1 differs from 2 at once
    expect(e.evaluate(s, 'map(shown, t => t.number)')).toEqual([1, 2, 1, 1]);
    expect(e.evaluate(s, 'count(deck)')).toBe(1);
    expect(e.evaluate(s, 'count(stack[letter["x"]])')).toBe(1);
    expect(e.evaluate(s, 'count(stack[letter["y"]])')).toBe(2);
  });

  it('logs the zone the caller passed, by its own name', () => {
    const e = open('zones');
    const s = e.create({ players: 2, seed: 1 });
    const moves = e.view(s, 0).log.filter((l) => l.event === 'move').map((l) => (l.data as { from: string }).from);
    expect(moves).toEqual(['deck', 'deck', 'deck', 'stack[x]']);
  });

  it('refuses an argument that is not a zone, a write to the parameter, and an index on it', () => {
    expect(errorsOf(broken("with: {from: deck, than: 1}", "with: {from: 3, than: 1}"))).toEqual([
      expect.stringMatching(/^\d+:\d+ parameter 'from' of procedure 'turn-until-differs' is a zone: pass a zone, like deck or stack\[x\]$/),
    ]);
    expect(errorsOf(broken("      - move: from\n        to: shown\n        count: 1\n\nsetup", "      - set: from\n        to: shown\n\nsetup"))).toEqual([
      expect.stringMatching(/'from' is a zone parameter: it cannot be set/),
    ]);
    expect(errorsOf(broken("      - move: from\n        to: shown\n        count: 1\n\nsetup", "      - move: 'from[letter[\"x\"]]'\n        to: shown\n        count: 1\n\nsetup"))).toEqual([
      expect.stringMatching(/'from' is a zone parameter: pass the entry of a keyed zone itself/),
    ]);
  });
});
