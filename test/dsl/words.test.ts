import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { errorsOf, tinyGame } from './helpers.ts';

const game = (to: string, initial = 'stay') =>
  tinyGame({
    seatVars: `  - id: plan
    type: string
    values: [stay, leave]
    initial: ${initial}
    text: {en: A plan., zh: 計畫。}
    assumption: {why: test fixture}`,
    body: `      - set: seat(0).plan
        to: ${to}
      - if: seat(0).plan == "leave"
        then:
          - add: seat(0).points
            value: 1`,
  });

describe('plain words for string values with declared words', () => {
  it('reads a plain word as that value', () => {
    const { engine: e, diagnostics } = compileGameDir(game('leave'));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(e!.result(e!.create({ players: 2, seed: 1 }))!.scores[0]).toBe(1);
  });

  it('refuses a word that is not one of them, at its place', () => {
    expect(errorsOf(game('leeve'))).toEqual([expect.stringMatching(/^\d+:\d+ 'leeve' is not one of the words this value may hold: stay, leave$/)]);
  });

  it('still takes an expression, and refuses an initial value outside the words', () => {
    expect(errorsOf(game('\'if true then "leave" else "stay"\''))).toEqual([]);
    expect(errorsOf(game('stay', 'go'))).toEqual([expect.stringMatching(/'go' is not one of its words: stay, leave/)]);
  });
});
