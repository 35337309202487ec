import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { play, tinyGame } from './helpers.ts';

// seat 0 buys: a kind, then how many; a kind costs its price each, and the total must be affordable
const buy = (money: number, extra = '') =>
  tinyGame({
    seatVars: `  - id: cash
    type: number
    initial: ${money}
    text: {en: Cash., zh: 現金。}
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
            ${extra}
        where: 'n * (if k == "dear" then 5 else 2) <= me.cash'
      - add: seat(0).points
        value: n`,
  });

describe('choices in steps', () => {
  it('offers at each step only the values the later steps can complete', () => {
    const { engine: e, diagnostics } = compileGameDir(buy(5), { smoke: true });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    let s = e!.create({ players: 2, seed: 1 });
    expect(e!.legalActions(s, 0).map((a) => a.value)).toEqual(['cheap', 'dear']);
    s = play(e!, s, [{ choice: 'buy-kind', value: 'cheap' }]);
    expect(e!.legalActions(s, 0).map((a) => a.value)).toEqual([1, 2]); // 3 cheap cost 6 > 5
    s = play(e!, s, [{ choice: 'buy-count', value: 2 }]);
    expect(e!.evaluate(s, 'seat(0).points')).toBe(2); // the answers are bound after the choice
  });

  it('leaves out a first-step value that no later step can complete', () => {
    const { engine: e } = compileGameDir(buy(4));
    const s = e!.create({ players: 2, seed: 1 });
    expect(e!.legalActions(s, 0).map((a) => a.value)).toEqual(['cheap']); // one dear costs 5 > 4
  });

  it('takes a step with one completable value without asking when it says ask: several', () => {
    const { engine: e } = compileGameDir(buy(5, 'ask: several'));
    let s = e!.create({ players: 2, seed: 1 });
    s = play(e!, s, [{ choice: 'buy-kind', value: 'dear' }]); // only 1 dear is affordable: not asked
    expect(e!.pending(s)).toBeNull();
    expect(e!.evaluate(s, 'seat(0).points')).toBe(1);
  });

  it('reports a first step with no completable value, naming the choice, at its rule', () => {
    const dir = buy(1);
    const { diagnostics } = compileGameDir(dir, { smoke: true });
    const errs = diagnostics.filter((d) => d.severity === 'error');
    expect(errs).toHaveLength(1);
    expect(errs[0]!.message).toMatch(/no value of the first step of the choice 'buy' in steps can be completed/);
    expect(errs[0]!.file).toMatch(/game\.yaml$/);
    // at `- id: main`, the rule that holds the choice
    const lines = readFileSync(join(dir, 'game.yaml'), 'utf8').split('\n');
    expect(lines[errs[0]!.line - 1]).toBe('  - id: main');
    expect(errs[0]!.col).toBe(5);
  });
});
