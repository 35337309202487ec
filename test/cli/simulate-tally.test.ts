/**
 * The mergeable tally behind simulate's summary: the summary of merged tallies is the summary of
 * all the games, and both are what the list of games gives through describe() (the way the
 * summary was computed before it was built from partial sums).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describe as spread, wilson } from '../../src/stats/describe.ts';
import { SummaryTally, type SimulatedGame } from '../../src/stats/summary.ts';

const P = 3;
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

const game = fc.record({
  seed: fc.nat(),
  winners: fc.uniqueArray(fc.integer({ min: 0, max: P - 1 }), { maxLength: P }).map((w) => w.sort()),
  scores: fc.array(fc.integer({ min: -50, max: 400 }), { minLength: P, maxLength: P }),
  out: fc.constant([] as number[]),
  rounds: fc.integer({ min: 1, max: 9 }),
  end: fc.constantFrom('a', 'b', 'end-z'),
  result: fc.constantFrom('most', 'last'),
});
const played = fc.array(fc.tuple(game, fc.integer({ min: 0, max: 500 })), { maxLength: 60 });

/** the summary from the list of games, as simulate() computed it before the tally */
function fromList(games: [SimulatedGame, number][]) {
  const K = Math.max(games.length, 1);
  const wins = Array.from({ length: P }, (_, s) => games.filter(([g]) => g.winners.includes(s)).length);
  const counts = (key: 'end' | 'result') => {
    const m = new Map<string, number>();
    for (const [g] of games) m.set(g[key], (m.get(g[key]) ?? 0) + 1);
    return Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
  };
  const r6 = (d: ReturnType<typeof spread>) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, round6(v)]));
  return {
    games: games.length,
    wins,
    winRate: wins.map((w) => round6(w / K)),
    meanScore: Array.from({ length: P }, (_, s) => round6(games.reduce((a, [g]) => a + g.scores[s]!, 0) / K)),
    noWinner: games.filter(([g]) => g.winners.length === 0).length,
    ends: counts('end'),
    results: counts('result'),
    meanRounds: round6(games.reduce((a, [g]) => a + g.rounds, 0) / K),
    meanActions: round6(games.reduce((a, [, s]) => a + s, 0) / K),
    winInterval: wins.map((w) => {
      const { lo, hi } = wilson(w, games.length);
      return { lo: round6(lo), hi: round6(hi) };
    }),
    sharedWins: games.filter(([g]) => g.winners.length > 1).length,
    scoreSpread: Array.from({ length: P }, (_, s) => r6(spread(games.map(([g]) => g.scores[s]!)))),
    roundsSpread: r6(spread(games.map(([g]) => g.rounds))),
    actionsSpread: r6(spread(games.map(([, s]) => s))),
  };
}

function tally(games: [SimulatedGame, number][]): SummaryTally {
  const t = new SummaryTally(P);
  for (const [g, s] of games) t.add(g, s);
  return t;
}

describe('SummaryTally', () => {
  it('gives the bytes of the summary computed from the list of games', () => {
    fc.assert(fc.property(played, (games) => {
      expect(JSON.stringify(tally(games).summary())).toBe(JSON.stringify(fromList(games)));
    }));
  });

  it('merged from parts (through its JSON, as rules merge reads it) is the tally of the whole', () => {
    fc.assert(fc.property(played, fc.nat(), fc.nat(), (games, a, b) => {
      const [i, j] = [a % (games.length + 1), b % (games.length + 1)].sort((x, y) => x - y) as [number, number];
      const merged = SummaryTally.fromJSON(JSON.parse(JSON.stringify(tally(games.slice(0, i)).toJSON())));
      merged.merge(SummaryTally.fromJSON(JSON.parse(JSON.stringify(tally(games.slice(i, j)).toJSON()))));
      merged.merge(tally(games.slice(j)));
      expect(JSON.stringify(merged.summary())).toBe(JSON.stringify(tally(games).summary()));
      expect(merged.toJSON()).toEqual(tally(games).toJSON());
    }));
  });

  it('scores that are not whole numbers: the tally of parts merged is the tally of the whole, to the last bit', () => {
    // worker threads and shards tally their own games; the mean score must not depend on how they
    // were grouped (a running sum of 0.1-steps does: (a + b) + c is not a + (b + c))
    const tenths = played.map((gs) => gs.map(([g, s]) => [{ ...g, scores: g.scores.map((x) => x / 10 + 0.1) }, s] as [SimulatedGame, number]));
    fc.assert(fc.property(tenths, fc.nat(), (games, a) => {
      const i = a % (games.length + 1);
      const merged = SummaryTally.fromJSON(JSON.parse(JSON.stringify(tally(games.slice(0, i)).toJSON())));
      merged.merge(tally(games.slice(i)));
      const whole = tally(games);
      expect(merged.toJSON()).toEqual(whole.toJSON());
      expect(JSON.stringify(merged.summary())).toBe(JSON.stringify(whole.summary()));
    }), { numRuns: 300 });
  });
});
