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
 * B is made after a random prefix and both worlds are played on in lockstep (the same answers)
 * until `me` decides, so values the rules work out after B branched off are met too.
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

/** a random game after `prefix` steps (null if it ended or waits for chance) */
function randomGame(engine: EngineTools<unknown>, cfg: { players: number; options: Record<string, Json> }, seed: number, prefix: number): State | null {
  const rng = testRng(seed);
  let s = engine.create({ players: cfg.players, options: cfg.options, seed }) as State;
  for (let step = 0; step < prefix; step++) {
    const pd = engine.pending(s);
    if (pd === null || pd.kind !== 'choice') return null;
    const seat = pd.waitingFor[Math.floor(rng() * pd.waitingFor.length)]!;
    const legal = engine.legalActions(s, seat);
    const next = engine.apply(s, seat, legal[Math.floor(rng() * legal.length)]!) as State;
    if (next.result !== null) return s;
    s = next;
  }
  return engine.pending(s)?.kind === 'choice' ? s : null;
}

/**
 * World B made from world A after a random prefix; both played on in lockstep (the same answers,
 * while B allows them) until `me` must choose among several answers — then its samples and its
 * decision are compared. So a value the rules work out from something hidden after B branched off
 * (a local, an option list) is met too. Stops when what `me` may observe differs.
 */
function coupledDecision(p: Program, engine: EngineTools<unknown>, cfg: { players: number; options: Record<string, Json> }, me: number, seed: number, prefix: number): Outcome {
  let a = randomGame(engine, cfg, seed, prefix);
  if (a === null) return { changed: false, decided: false };
  const rng = testRng(seed ^ 0x5bd1e995);
  let { state: b, changed } = perturb(p, a, me, rng, randomPerturbWhat(rng));
  if (changed.length === 0) ({ state: b, changed } = perturb(p, a, me, rng, { mode: 'all' }));
  if (changed.length === 0) return { changed: false, decided: false };
  const act = testRng(seed ^ 0x27d4eb2d);
  for (let step = 0; step < 300; step++) {
    if (a.result !== null || b.result !== null || observation(p, a, me) !== observation(p, b, me)) return { changed: true, decided: false };
    const pd = engine.pending(a);
    if (pd === null || pd.kind !== 'choice') return { changed: true, decided: false };
    const legalA = engine.legalActions(a, me);
    if (pd.waitingFor.includes(me) && legalA.length > 1) {
      const where = `players ${cfg.players}, options ${JSON.stringify(cfg.options)}, seed ${seed}, prefix ${prefix}, lockstep ${step}, me ${me}; B differs in ${changed.slice(0, 6).join('; ')}`;
      // the worlds are alike to `me` (the tests' own model), and its answers are the same
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
    const seat = pd.waitingFor[Math.floor(act() * pd.waitingFor.length)]!;
    const legal = engine.legalActions(a, seat);
    const action = legal[Math.floor(act() * legal.length)]!;
    if (!engine.legalActions(b, seat).some((x) => JSON.stringify(x) === JSON.stringify(action))) return { changed: true, decided: false };
    a = engine.apply(a, seat, action) as State;
    try {
      b = engine.apply(b, seat, action) as State;
    } catch {
      // B need not be reachable (swapped secrets may contradict the public history): stop there
      return { changed: true, decided: false };
    }
  }
  return { changed: true, decided: false };
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
