/**
 * The measures of a run (src/simulate/measure.ts): the final score split into the terms of the
 * spec's own score, the rules counted from the log, and the games the same as `rules simulate`'s.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { Engine } from '../../src/interpreter/api.ts';
import { measureGame, scoreTerms, summarizeMeasures, type MeasureRun } from '../../src/simulate/measure.ts';
import { effectiveOptions, simulate } from '../../src/simulate/run.ts';

const rules = fileURLToPath(new URL('../../rules/', import.meta.url));

describe('scoreTerms', () => {
  it('splits a sum at its top-level plus signs, keeping bracketed terms whole', () => {
    expect(scoreTerms('s => s.pocket + s.safe + buildingMoney(s) + bottleMoney(s)').map((t) => t.text)).toEqual(['s.pocket', 's.safe', 'buildingMoney(s)', 'bottleMoney(s)']);
    expect(scoreTerms('s => a(s) - 5 * s.x + (if p(s) then 10 * (s.y + 1) else 0)').map((t) => t.text)).toEqual(['a(s) - 5 * s.x', '(if p(s) then 10 * (s.y + 1) else 0)']);
    expect(scoreTerms('s => s.money')).toEqual([{ text: 's.money', lambda: 's => s.money' }]);
  });

  it('gives nothing for what is not a lambda of one seat', () => {
    expect(scoreTerms('1 + 2')).toEqual([]);
    expect(scoreTerms('s => (')).toEqual([]);
  });
});

describe('measureGame', () => {
  const { engine } = compileGameDir(`${rules}the-boss`);
  const e = engine as Engine;
  const players = 4;
  const run: MeasureRun = { players, seed: 3, options: effectiveOptions(e, {}), agents: new Array(players).fill('random'), terms: scoreTerms('s => s.money') };

  it('plays the game rules simulate plays, and its terms add up to the scores', () => {
    const sim = simulate(e, { players, games: 2, seed: 3 });
    const measured = [measureGame(e, run, 0), measureGame(e, run, 1)];
    for (const [i, m] of measured.entries()) {
      const g = sim.games[i]!;
      expect({ seed: m.seed, winners: m.winners, scores: m.scores, rounds: m.rounds, end: m.end }).toEqual({ seed: g.seed, winners: g.winners, scores: g.scores, rounds: g.rounds, end: g.end });
      expect(m.terms[0]).toEqual(m.scores);
      expect(Object.values(m.effects).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(Object.keys(m.answers).length).toBeGreaterThan(0);
    }
    const s = summarizeMeasures(run, measured);
    expect(s.games).toBe(2);
    expect(s.terms[0]!.share).toBeCloseTo(1, 9);
    expect(s.seats.reduce((a, r) => a + r.wins, 0)).toBeGreaterThanOrEqual(2);
    // every rule that took effect did so in at least one game, and no more games than were played
    for (const f of Object.values(s.rules)) expect(f.games >= 1 && f.games <= 2).toBe(true);
  });
});
