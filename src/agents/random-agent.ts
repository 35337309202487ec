/**
 * A seeded random agent: picks uniformly among `engine.legalActions(state, seat)` (through
 * `engine.pickAction` when the engine offers it, which draws the same index).
 *
 * It owns its RNG (pure-rand xoroshiro128plus), which is independent of the game's RNG kept in
 * the state: the game's chance draws depend only on GameConfig.seed, the agents' choices only on
 * the agent seed.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Action, Engine, Pick } from '../interpreter/api.ts';

/** Anything that answers a seat's pending choice (and, for external chance, a chance draw). */
export interface Agent {
  /** pick one of `engine.legalActions(state, seat)` */
  act<S>(engine: Engine<S>, state: S, seat: number): Action;
  /** pick an outcome index in [0, outcomes) of an external chance draw */
  chance(outcomes: number): number;
  /** for agents that answer from the count alone: `act` returns `legalActions(state, seat)[pick(n)]`
   *  (n that list's length), so playouts may let the engine answer where a choice opens */
  readonly pick?: Pick;
}

/** murmur3's 32-bit finaliser: a bijective avalanche on uint32 */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Derive a sub-seed from a base seed and a stream index (any integers; both taken modulo 2^32).
 *
 *   deriveSeed(base, index) = fmix32(fmix32(base) + index * 0x9E3779B9 + 1) & 0x7FFFFFFF
 *
 * (uint32 arithmetic; fmix32 = murmur3's finaliser). The result is in [0, 2^31).
 * Pure and platform independent, so derived seeds are stable across runs and machines.
 */
export function deriveSeed(base: number, index: number): number {
  const b = fmix32(base >>> 0);
  const mixed = (b + Math.imul(index >>> 0, 0x9e3779b9) + 1) >>> 0;
  return fmix32(mixed) & 0x7fffffff;
}

/** the seed of the agents of a game played with config seed `gameSeed` */
export function agentSeedFor(gameSeed: number): number {
  return deriveSeed(gameSeed, 0x7fffffff);
}

/** the seed of seat `seat`'s random agent (seat -1 = the chance player) under `agentSeed` */
export function seatAgentSeed(agentSeed: number, seat: number): number {
  return deriveSeed(agentSeed, seat + 1);
}

export class RandomAgent implements Agent {
  private readonly rng;
  /** index() bound once, for engines that build only the picked action or none. Assigned in the
   *  constructor, not as a class field: tsx (esbuild keepNames) would wrap a field's arrow in a
   *  naming call for every agent, and playouts make agents by the thousand. */
  readonly pick: Pick;

  constructor(seed: number) {
    this.rng = xoroshiro128plus(seed | 0);
    this.pick = (n) => this.index(n);
  }

  /** a uniform integer in [0, n) */
  index(n: number): number {
    if (!(n >= 1)) throw new Error(`random agent: cannot choose among ${n} options`);
    return n === 1 ? 0 : uniformInt(this.rng, 0, n - 1);
  }

  act<S>(engine: Engine<S>, state: S, seat: number): Action {
    // the same draw either way: one index among the legal actions
    if (engine.pickAction) {
      const action = engine.pickAction(state, seat, this.pick);
      if (action !== null) return action;
    } else {
      const legal = engine.legalActions(state, seat);
      if (legal.length > 0) return legal[this.index(legal.length)]!;
    }
    const p = engine.pending(state);
    const what = p === null ? 'nothing is pending' : p.kind === 'choice' ? `choice '${p.choice}' (rule '${p.rule}')` : `chance draw (rule '${p.rule}')`;
    throw new Error(`seat ${seat} must answer ${what} but has no legal action`);
  }

  chance(outcomes: number): number {
    return this.index(outcomes);
  }
}

export function createRandomAgent(seed: number): RandomAgent {
  return new RandomAgent(seed);
}

/** one random agent per seat, plus the chance player's (only used for external chance) */
export function randomSeatAgents(agentSeed: number, players: number): { seats: Agent[]; chance: Agent } {
  const seats: Agent[] = [];
  for (let s = 0; s < players; s++) seats.push(new RandomAgent(seatAgentSeed(agentSeed, s)));
  return { seats, chance: new RandomAgent(seatAgentSeed(agentSeed, -1)) };
}
