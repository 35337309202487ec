/**
 * An information-set Monte Carlo tree search agent, generic over every spec (docs/agents.md says
 * why this shape and what it does not do).
 *
 * Each iteration samples a world consistent with what the seat may see (`engine.sampleWorld`: the
 * seat's view, its own answers and the agent's seed — never the true state's secrets), plays it on
 * and backs the outcome up a tree of the seat's own decisions:
 *
 *   - the tree holds only this seat's decisions (TAG's "self-only" tree): the other seats answer at
 *     random in between, as they do in the rollout; a node's children are keyed by what the seat
 *     can tell its answers apart by (a card by its kind or front as the seat knows it), and an
 *     answer is scored against the iterations in which it was offered (ISMCTS's availability
 *     counts: the answers offered differ from world to world);
 *   - below the tree, a random playout on the engine's fast path (`autoplay`), cut off after
 *     `horizon` answers in all; a game that ended is worth its result (a win 1, shared among the
 *     winners; else 0), a game cut off is worth the seat's place by the spec's own `outcome.score`
 *     (`engine.scores`): half its rank among the seats, half its score's place between the lowest
 *     and the highest — so a value is always in [0, 1];
 *   - the answer given is the root child visited most (ties: the higher mean).
 *
 * Budget: `iterations` (`search:N`, default 256), and for interactive play a time limit too
 * (whichever comes first). A search with an iteration budget only is a function of the seat's
 * view and the agent's seed: the same seed in two games the seat cannot tell apart gives the same
 * answer (test/properties/agent-fairness.test.ts).
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Action, Engine, Pick } from '../interpreter/api.ts';
import type { Agent } from './random-agent.ts';

export interface SearchParams {
  /** iterations per decision (one sampled world each) */
  iterations: number;
  /** stop after this many milliseconds of thinking too (interactive play; makes answers depend on the machine) */
  timeMs?: number;
  /** answers played from the decision before the playout is cut off and valued by the score */
  horizon: number;
  /** UCB's exploration constant (values are in [0, 1]) */
  c: number;
}

export const DEFAULT_SEARCH: SearchParams = { iterations: 256, horizon: 200, c: 0.7 };

/** what the last decision's search did (for benchmarks and the curious) */
export interface SearchStats {
  iterations: number;
  /** iterations whose sampled world failed (a rule met a state the sample made up) */
  failed: number;
  /** answers offered at the root */
  answers: number;
  ms: number;
}

/** one answer at a node: its statistics and the node below it */
interface Child {
  visits: number;
  total: number;
  /** iterations in which this answer was offered here */
  avail: number;
  below?: Node;
}

type Node = Map<string, Child>;

export class SearchAgent implements Agent {
  private readonly rng;
  readonly params: SearchParams;
  /** the last decision's search */
  last: SearchStats | undefined;

  constructor(seed: number, params: Partial<SearchParams> = {}) {
    this.rng = xoroshiro128plus(seed | 0);
    this.params = { ...DEFAULT_SEARCH, ...params };
  }

  private index(n: number): number {
    return n <= 1 ? 0 : uniformInt(this.rng, 0, n - 1);
  }

  chance(outcomes: number): number {
    return this.index(outcomes);
  }

  act<S>(engine: Engine<S>, state: S, seat: number): Action {
    const legal = engine.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} has nothing to decide now`);
    if (legal.length === 1) return legal[0]!;
    if (engine.sampleWorld === undefined || engine.autoplay === undefined || engine.nextSeat === undefined || engine.pickAction === undefined) {
      throw new Error(`the search agent needs an engine that samples worlds and plays out fast (${engine.id} does not)`);
    }
    const t0 = performance.now();
    const { iterations, timeMs, horizon, c } = this.params;
    // every draw of this decision comes from its own seed, drawn from the agent's
    const rng = xoroshiro128plus(this.index(0x7fffffff));
    const draw = (n: number): number => (n <= 1 ? 0 : uniformInt(rng, 0, n - 1));
    const pick: Pick = draw;
    const players = engine.view(state, seat).players;
    const picks: Pick[] = Array.from({ length: players }, () => pick);
    const rootKeys = legal.map((a) => rootKey(a));
    const root: Node = new Map();
    let failed = 0;
    let done = 0;
    const path: Child[] = [];
    for (; done < iterations; done++) {
      if (timeMs !== undefined && done > 0 && performance.now() - t0 >= timeMs) break;
      path.length = 0;
      let value: number;
      try {
        const w = engine.sampleWorld(state, seat, draw(0x7fffffff));
        let node = root;
        let depth = 0;
        let steps = 0;
        let expanded = false;
        // down the tree: the others answer at random, this seat by its statistics
        while (!expanded && steps < horizon && engine.result(w) === null) {
          const who = engine.nextSeat(w);
          if (who === null) break;
          if (who !== seat) {
            const a = engine.pickAction(w, who, pick);
            if (a === null) throw new Error(`seat ${who} has no answer in a sampled world`);
            engine.applyInPlace(w, who, a);
            steps++;
            continue;
          }
          const offered = engine.legalActions(w, seat);
          const keys = offered.map((a) => (depth === 0 ? rootKey(a) : innerKey(engine, w, seat, a)));
          let chosen = -1;
          const untried: number[] = [];
          for (let i = 0; i < keys.length; i++) {
            const child = node.get(keys[i]!);
            if (child === undefined) {
              if (!untried.some((j) => keys[j] === keys[i])) untried.push(i);
            } else child.avail++;
          }
          if (untried.length > 0) {
            chosen = untried[draw(untried.length)]!;
            node.set(keys[chosen]!, { visits: 0, total: 0, avail: 1 });
            expanded = true;
          } else {
            let best = -Infinity;
            for (let i = 0; i < keys.length; i++) {
              const child = node.get(keys[i]!)!;
              const u = child.total / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
              if (u > best) {
                best = u;
                chosen = i;
              }
            }
          }
          const child = node.get(keys[chosen]!)!;
          path.push(child);
          engine.applyInPlace(w, seat, offered[chosen]!);
          steps++;
          depth++;
          node = child.below ??= new Map();
        }
        // the playout, cut off at the horizon
        if (steps < horizon && engine.result(w) === null) engine.autoplay(w, picks, horizon - steps);
        value = worth(engine, w, seat);
      } catch {
        // a sampled world the rules could not play on (a value the sample made up may contradict
        // what the rules assume): it tells nothing either way
        failed++;
        value = 0.5;
      }
      for (const child of path) {
        child.visits++;
        child.total += value;
      }
    }
    let best = 0;
    let bestVisits = -1;
    let bestMean = -Infinity;
    rootKeys.forEach((key, i) => {
      const child = root.get(key);
      const visits = child?.visits ?? 0;
      const mean = child && child.visits > 0 ? child.total / child.visits : -Infinity;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = i;
        bestVisits = visits;
        bestMean = mean;
      }
    });
    this.last = { iterations: done, failed, answers: legal.length, ms: performance.now() - t0 };
    return legal[best]!;
  }
}

/** the root's answers are the seat's own legal actions in the true state, the same in every sample */
function rootKey(a: Action): string {
  return `${a.choice}\u0000${JSON.stringify(a.value)}`;
}

/** further down, an answer is what the seat can tell it by: a card by its kind or front as it knows it */
function innerKey<S>(engine: Engine<S>, w: S, seat: number, a: Action): string {
  if (engine.answerType(a.choice) === 'card' && a.value !== null) return `${a.choice}\u0000card:${engine.describe(a, 'en', w, seat)}`;
  return rootKey(a);
}

/** what a played-on world is worth to `seat`, in [0, 1] */
export function worth<S>(engine: Engine<S>, w: S, seat: number): number {
  const r = engine.result(w);
  if (r !== null) return r.winners.includes(seat) ? 1 / r.winners.length : 0;
  const scores = engine.scores?.(w);
  if (scores === undefined || scores.length < 2) return 0.5;
  const mine = scores[seat]!;
  let below = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let s = 0; s < scores.length; s++) {
    const x = scores[s]!;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
    if (s !== seat) below += x < mine ? 1 : x === mine ? 0.5 : 0;
  }
  const rank = below / (scores.length - 1);
  const place = hi > lo ? (mine - lo) / (hi - lo) : 0.5;
  return 0.5 * rank + 0.5 * place;
}
