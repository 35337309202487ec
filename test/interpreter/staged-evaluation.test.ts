/**
 * A choice in steps looks ahead over one unchanged state as one evaluation (src/effects/choose.ts,
 * src/expr/memo.ts): the spec functions its later steps and `where` share are computed once per
 * options call. Each options call must begin an evaluation of its own: a kept value from an
 * earlier one, before the state changed, must not be read.
 */
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { play, tinyGame } from '../dsl/helpers.ts';

// `rich()` loops (a filter), so its value is kept per evaluation; only a literal runs between the
// two choices (the `add`), so nothing else starts an evaluation there
const game = (): string =>
  tinyGame({
    seatVars: `  - id: cash
    type: number
    initial: 0
    text: {en: Cash., zh: 現金。}
    assumption: {why: test fixture}`,
    extra: `functions:
  - id: rich
    returns: seats
    body: filter(seats, s => s.cash >= 3)
    text: {en: The rich., zh: 富者。}
    assumption: {why: test fixture}`,
    body: `      - choose: buy
        seats: seat(0)
        prompt: {en: Buy, zh: 買}
        steps:
          - choose: buy-kind
            as: k
            options: '["cheap", "dear"]'
          - choose: buy-count
            as: n
            options: range(1, 4)
        where: n <= count(rich()) + 1
      - add: seat(1).cash
        value: 5
      - choose: again
        seats: seat(0)
        prompt: {en: Again, zh: 再買}
        steps:
          - choose: again-kind
            as: k2
            options: '["cheap", "dear"]'
          - choose: again-count
            as: n2
            options: range(1, 4)
        where: n2 <= count(rich()) + 1`,
  });

describe('a choice in steps looks ahead as one evaluation', () => {
  it('reads the state as it is when each choice opens, not a value kept before it changed', () => {
    const { engine: e, diagnostics } = compileGameDir(game());
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    let s = e!.create({ players: 2, seed: 1 });
    s = play(e!, s, [{ choice: 'buy-kind', value: 'cheap' }]);
    expect(e!.legalActions(s, 0).map((a) => a.value)).toEqual([1]); // nobody is rich yet
    s = play(e!, s, [{ choice: 'buy-count', value: 1 }, { choice: 'again-kind', value: 'dear' }]);
    expect(e!.legalActions(s, 0).map((a) => a.value)).toEqual([1, 2]); // seat 1 is rich now
  });
});
