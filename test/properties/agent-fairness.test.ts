/**
 * A fair agent decides from what its seat may see (issue 32): the coupled-world property of
 * noninterference.test.ts applied to the search agent. World A is a random game stopped where
 * seat `me` must choose among several answers; world B is A with what `me` cannot see changed
 * (worlds.ts: other seats' hands swapped, kinds of unseen cards permuted, hidden piles reordered,
 * secret values swapped or moved). For every game, player count and option set:
 *
 *   - the worlds the engine samples for `me` (`engine.sampleWorld`) are the same in A and B for the
 *     same seed: every place's cards by kind, every var, the open choice's answers and options —
 *     all but the card ids, which are tokens (an id lies where it lies in each world);
 *   - the search agent with the same seed gives the same answer in A and B.
 *
 * A small sample runs in `npm test`; AGENT_FAIRNESS_RUNS=<n> runs more per game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, EngineTools, Json } from '../../src/interpreter/api.ts';
import type { Program } from '../../src/interpreter/program.ts';
import type { State } from '../../src/interpreter/state.ts';
import { SearchAgent } from '../../src/agents/search.ts';
import { allGames } from './games.ts';
import { observation, perturb, randomPerturbWhat, testRng } from './worlds.ts';
import { firstDifference } from '../interpreter/helpers.ts';

const RUNS = Number(process.env['AGENT_FAIRNESS_RUNS'] ?? 10);

/** a sampled world as what the rules read of it: cards by kind (ids are tokens), vars, the open choice */
function canonical(p: Program, w: State): Json {
  const kind = (id: number): string => p.cards[w.kinds[id]!]!.id;
  const cardsOf = (v: Json, type: string): Json => (type === 'card' && typeof v === 'number' ? kind(v) : type === 'cards' && Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? kind(x) : x)) : v);
  const pd = w.pending;
  const ch = pd?.kind === 'choice' ? p.code[pd.at] : undefined;
  const cardOptions = ch?.op === 'choose' && ch.c.optionType === 'card';
  return {
    z: w.z.map((zone) => zone.map(kind)),
    g: w.g.map((v, i) => cardsOf(v, p.vars[i]!.type)),
    seats: w.seats.map((st) => ({ z: st.z.map((zone) => zone.map(kind)), v: st.v.map((v, i) => cardsOf(v, p.seatVars[i]!.type)), out: st.out })),
    pending: pd === null ? null : {
      at: pd.at,
      seats: pd.seats,
      answered: pd.answered,
      answers: pd.answers.map((a) => (cardOptions && typeof a === 'number' ? kind(a) : a)),
      options: pd.options.map((o) => (cardOptions ? o.map((x) => (typeof x === 'number' ? kind(x) : x)).sort() : o)),
    },
    revealed: w.revealed.map(kind),
    rng: w.rng,
    steps: w.steps,
  } as Json;
}

interface Outcome {
  changed: boolean;
  decided: boolean;
}

/** play a random game to a decision of `me` with several answers, some way in; null if none */
function decisionOf(engine: EngineTools<unknown>, cfg: { players: number; options: Record<string, Json> }, me: number, seed: number, prefix: number): State | null {
  const rng = testRng(seed);
  let s = engine.create({ players: cfg.players, options: cfg.options, seed }) as State;
  for (let step = 0; step < prefix + 2000; step++) {
    const pd = engine.pending(s);
    if (pd === null || pd.kind !== 'choice') return null;
    if (step >= prefix && pd.waitingFor.includes(me) && engine.legalActions(s, me).length > 1) return s;
    const seat = pd.waitingFor[Math.floor(rng() * pd.waitingFor.length)]!;
    const legal = engine.legalActions(s, seat);
    s = engine.apply(s, seat, legal[Math.floor(rng() * legal.length)]!) as State;
  }
  return null;
}

function coupledDecision(p: Program, engine: EngineTools<unknown>, cfg: { players: number; options: Record<string, Json> }, me: number, seed: number, prefix: number): Outcome {
  const a = decisionOf(engine, cfg, me, seed, prefix);
  if (a === null) return { changed: false, decided: false };
  const rng = testRng(seed ^ 0x5bd1e995);
  let { state: b, changed } = perturb(p, a, me, rng, randomPerturbWhat(rng));
  if (changed.length === 0) ({ state: b, changed } = perturb(p, a, me, rng, { mode: 'all' }));
  if (changed.length === 0) return { changed: false, decided: false };
  const where = `players ${cfg.players}, options ${JSON.stringify(cfg.options)}, seed ${seed}, prefix ${prefix}, me ${me}; B differs in ${changed.slice(0, 6).join('; ')}`;
  // the worlds are alike to `me` (the tests' own model), and its answers are the same
  expect(observation(p, b, me), where).toBe(observation(p, a, me));
  const legalA = engine.legalActions(a, me);
  expect(JSON.stringify(engine.legalActions(b, me)), where).toBe(JSON.stringify(legalA));
  for (const k of [1, 2]) {
    const wa = canonical(p, engine.sampleWorld!(a, me, seed + k) as State);
    const wb = canonical(p, engine.sampleWorld!(b, me, seed + k) as State);
    const diff = firstDifference(wa, wb);
    expect(diff, `the sampled worlds differ (${where}): ${diff}`).toBe('');
  }
  const decide = (s: State): Action => new SearchAgent(seed, { iterations: 12, horizon: 30 }).act(engine, s, me);
  expect(decide(b), where).toEqual(decide(a));
  return { changed: true, decided: true };
}

describe('the search agent is fair: coupled worlds give the same samples and the same decision', () => {
  for (const g of allGames()) {
    it(`${g.id}: every player count and option set`, () => {
      const outcomes: Outcome[] = [];
      fc.assert(
        fc.property(
          fc.nat({ max: g.configs.length - 1 }).chain((ci) =>
            fc.record({
              ci: fc.constant(ci),
              me: fc.nat({ max: g.configs[ci]!.players - 1 }),
              seed: fc.integer({ min: 1, max: 0x7fffffff }),
              prefix: fc.oneof(fc.constant(0), fc.nat({ max: 40 }), fc.nat({ max: 400 })),
            }),
          ),
          ({ ci, me, seed, prefix }) => {
            outcomes.push(coupledDecision(g.program, g.engine, g.configs[ci]!, me, seed, prefix));
          },
        ),
        { numRuns: RUNS },
      );
      // the sample did compare worlds that differ in something hidden
      expect(outcomes.filter((o) => o.changed && o.decided).length, `${g.id}: no run changed anything hidden`).toBeGreaterThan(0);
    });
  }
});
