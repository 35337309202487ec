/**
 * Secrets stay secret, for every game, player count and option set (issue 10 §1): two worlds that
 * differ only in what seat `me` cannot see — other seats' hands swapped, kinds of unseen cards
 * permuted, unseen deck orders changed, secret vars swapped — played with the same public answers
 * while other seats' secret answers are chosen independently, give `me` identical views, log,
 * pending decision, legal actions, `describe` labels, presentation model (what the page and the
 * terminal render) and terminal screen at every step, until
 * what `me` may observe differs (test/properties/worlds.ts explains the rule).
 *
 * A small sample runs in `npm test`; NONINTERFERENCE_RUNS=<n> runs more per game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/interpreter/api.ts';
import { allGames, openForTest } from './games.ts';
import { coupledRun, type CoupledOutcome } from './worlds.ts';
import { limitForRuns } from '../limits.ts';

const DEFAULT_RUNS = 12;
const RUNS = Number(process.env['NONINTERFERENCE_RUNS'] ?? DEFAULT_RUNS);
/** each test's time limit grows with the runs asked for (the default runs fit vitest's 60 s) */
const TIME_LIMIT = limitForRuns(RUNS, DEFAULT_RUNS);

describe('non-interference: coupled worlds differing in hidden things look the same to a seat', () => {
  for (const g of allGames()) {
    it(`${g.id}: every player count and option set`, () => {
      const outcomes: CoupledOutcome[] = [];
      fc.assert(
        fc.property(
          fc.nat({ max: g.configs.length - 1 }).chain((ci) =>
            fc.record({
              ci: fc.constant(ci),
              me: fc.nat({ max: g.configs[ci]!.players - 1 }),
              seed: fc.integer({ min: 1, max: 0x7fffffff }),
              // where world B branches off: at the start, or some way into the game
              prefix: fc.oneof(fc.constant(0), fc.nat({ max: 40 }), fc.nat({ max: 400 })),
            }),
          ),
          ({ ci, me, seed, prefix }) => {
            const cfg = g.configs[ci]!;
            outcomes.push(coupledRun(g.program, g.engine, { ...cfg, me, seed, prefix, maxCompared: 80, spec: g.spec }));
          },
        ),
        { numRuns: RUNS },
      );
      if (process.env['NONINTERFERENCE_STATS']) console.log(g.id, summary(outcomes));
      // the sample did compare worlds that differ (a game with nothing hidden would fail here: say so)
      const differing = outcomes.filter((o) => o.changed.length > 0);
      expect(differing.length, `${g.id}: no run changed anything hidden`).toBeGreaterThan(0);
      expect(differing.reduce((n, o) => n + o.compared, 0)).toBeGreaterThan(0);
    }, TIME_LIMIT);
  }
});

describe('non-interference aimed at secret roles', () => {
  // The leak of issue 10 §1: a reset of every seat's secret answer was logged only where it
  // changed a value, so the cop (the one seat whose answer could be "report") was named to all.
  // Here the roles of two other seats are swapped and the cop reports whenever it may, in both
  // worlds: which seat reported must not show. (The general property meets this case too, but
  // rarely; this one meets it in most runs.)
  it("Cash'n Guns, undercover: two other seats' roles swapped, the cop reporting", () => {
    const g = allGames().find((x) => x.id === 'cash-n-guns') ?? openForTest('rules/cash-n-guns');
    const configs = g.configs.filter((cfg) => cfg.options['undercover'] === true);
    const outcomes: CoupledOutcome[] = [];
    fc.assert(
      fc.property(fc.nat({ max: configs.length - 1 }), fc.nat({ max: 5 }), fc.integer({ min: 1, max: 0x7fffffff }), fc.nat({ max: 60 }), (ci, me, seed, prefix) => {
        const cfg = configs[ci]!;
        const policy = (choice: string, legal: Action[]) => (choice === 'phone' ? legal.find((x) => x.value === 'report') : undefined);
        outcomes.push(coupledRun(g.program, g.engine, { ...cfg, me: me % cfg.players, seed, prefix, maxCompared: 200, what: { mode: 'swap', swapZones: ['role'] }, policy, spec: g.spec }));
      }),
      { numRuns: RUNS },
    );
    if (process.env['NONINTERFERENCE_STATS']) console.log('roles', summary(outcomes));
    expect(outcomes.filter((o) => o.changed.length > 0).length).toBeGreaterThan(0);
  }, TIME_LIMIT);
});

function summary(outcomes: CoupledOutcome[]): string {
  const stops = new Map<string, number>();
  for (const o of outcomes) stops.set(o.stop, (stops.get(o.stop) ?? 0) + 1);
  const errors = [...new Set(outcomes.flatMap((o) => (o.error ? [o.error.slice(0, 120)] : [])))];
  return JSON.stringify({
    runs: outcomes.length,
    changed: outcomes.filter((o) => o.changed.length > 0).length,
    compared: outcomes.reduce((n, o) => n + o.compared, 0),
    secretAnswersDiffered: outcomes.reduce((n, o) => n + o.secretAnswersDiffered, 0),
    stops: Object.fromEntries(stops),
    errors,
  });
}
