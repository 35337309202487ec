/**
 * What a same-games reference (bench/reference/<game>.ts) exports: `playout(players, seed,
 * agentSeed)` plays the game the engine plays with GameConfig { players, seed } (default options)
 * and random agents seeded from agentSeed (src/agents/random-agent.ts) — the same chance draws,
 * the same cards, the same agent picks — and returns its result. With `log`, it appends each
 * decision as the engine's playout logs it (seat, choice id, chosen value), so a test can compare
 * the games move by move.
 */
import type { SimulatedGame } from '../../src/stats/summary.ts';

export interface ReferenceDecision {
  seat: number;
  choice: string;
  value: unknown;
}

/** the game's result as `rules simulate` records it (without the seed), and the decisions answered */
export interface ReferenceResult extends Omit<SimulatedGame, 'seed'> {
  steps: number;
}

export type ReferencePlayout = (players: number, seed: number, agentSeed: number, log?: ReferenceDecision[]) => ReferenceResult;
