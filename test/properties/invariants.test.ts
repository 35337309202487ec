/**
 * Properties of every game, player count and option set (issue 10 §5), over random games: every
 * card exists exactly once at every step, vars keep their declared types and counts never go
 * negative, scores and winners are what the outcome rules say, and the game ends within the
 * decision budget (test/properties/invariants.ts says how the bounds are derived). A small sample
 * here; `npm run fuzz` plays 10^5 games per game. INVARIANT_RUNS=<n> runs more per game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STEPS } from '../../src/agents/playout.ts';
import type { State } from '../../src/interpreter/state.ts';
import { allGames } from './games.ts';
import { makeChecker, playChecked, signedVars, Violation } from './invariants.ts';
import { testRng } from './worlds.ts';
import { limitForRuns } from '../limits.ts';

const DEFAULT_RUNS = 20;
const RUNS = Number(process.env['INVARIANT_RUNS'] ?? DEFAULT_RUNS);

describe('invariants at every step of random games', () => {
  for (const g of allGames()) {
    it(`${g.id}: cards, vars, scores and the end, for every player count and option set`, () => {
      const deps = { program: g.program, engine: g.engine, spec: g.spec, maxSteps: DEFAULT_MAX_STEPS };
      const checker = makeChecker(deps);
      let decisions = 0;
      fc.assert(
        fc.property(fc.nat({ max: g.configs.length - 1 }), fc.integer({ min: 1, max: 0x7fffffff }), fc.boolean(), (ci, seed, log) => {
          const rng = testRng(seed ^ 0x9e3779b9);
          decisions += playChecked(deps, checker, { ...g.configs[ci]!, seed, log }, (n) => Math.floor(rng() * n));
        }),
        { numRuns: RUNS },
      );
      expect(decisions).toBeGreaterThan(RUNS);
    }, limitForRuns(RUNS, DEFAULT_RUNS));
  }
});

describe('the checks can fail', () => {
  // a check that cannot fail proves nothing: break a state in each way and see it caught
  const g = allGames().find((x) => x.program.zones.some((z) => z.per === 'game') && x.program.seatVars.some((d) => d.type === 'number'))!;
  const deps = { program: g.program, engine: g.engine, spec: g.spec, maxSteps: DEFAULT_MAX_STEPS };
  const fresh = () => g.engine.create({ ...g.configs[0]!, seed: 7 }) as State;
  const broken = (mutate: (s: State) => void): string => {
    const s = fresh();
    const c = makeChecker(deps).begin(s);
    c.step(s);
    mutate(s);
    try {
      c.step(s);
    } catch (err) {
      if (err instanceof Violation) return err.message;
      throw err;
    }
    return 'not caught';
  };
  const anyCard = (s: State) => s.z.find((z) => z.length > 0) ?? s.seats.flatMap((st) => st.z).find((z) => z.length > 0)!;
  const numberVar = g.program.seatVars.findIndex((d) => d.type === 'number' && d.by === undefined);

  it('a card copied, a card lost', () => {
    expect(broken((s) => anyCard(s).push(anyCard(s)[0]!))).toMatch(/lies twice/);
    expect(broken((s) => anyCard(s).pop())).toMatch(/lie in no zone/);
  });

  it('a number that is NaN or Infinity, a count below 0, a value of the wrong type', () => {
    expect(broken((s) => (s.seats[0]!.v[numberVar] = Number.NaN))).toMatch(/not a finite number/);
    expect(broken((s) => (s.seats[0]!.v[numberVar] = Number.POSITIVE_INFINITY))).toMatch(/not a finite number/);
    expect(broken((s) => (s.seats[0]!.v[numberVar] = 'x'))).toMatch(/not a finite number/);
    const signed = signedVars(g.spec);
    const count = g.program.seatVars.findIndex((d, i) => d.type === 'number' && d.by === undefined && !signed.has(d.id) && (fresh().seats[0]!.v[i] as number) >= 0);
    expect(count).toBeGreaterThanOrEqual(0);
    expect(broken((s) => (s.seats[0]!.v[count] = -1))).toMatch(/went below 0/);
  });

  it('a wrong score or winner at the end', () => {
    const s = g.engine.create({ ...g.configs[0]!, seed: 7, log: false }) as State;
    const rng = testRng(7);
    let steps = 0;
    for (let seat = g.engine.nextSeat!(s); seat !== null; seat = g.engine.nextSeat!(s), steps++) g.engine.applyInPlace(s, seat, g.engine.pickAction!(s, seat, (n) => Math.floor(rng() * n))!);
    const end = (mutate: (s: State) => void) => {
      const t = JSON.parse(JSON.stringify(s)) as State;
      mutate(t);
      try {
        makeChecker(deps).begin(t).end(t, steps);
      } catch (err) {
        return (err as Error).message;
      }
      return 'not caught';
    };
    expect(end(() => {})).toBe('not caught');
    expect(end((t) => (t.result = { ...t.result!, scores: t.result!.scores.map((x) => x + 1) }))).toMatch(/outcome.score gives/);
    expect(end((t) => (t.result = { ...t.result!, winners: t.result!.winners.length > 0 ? [] : [0] }))).toMatch(/winners/);
    expect(end((t) => (t.result = { ...t.result!, result: 'no-such-rule' }))).toMatch(/first result rule that holds/);
    expect(makeChecker({ ...deps, maxSteps: 1 }).begin(s).end.bind(null, s, steps)).toThrow(/budget/);
  });
});
