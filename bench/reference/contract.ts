/**
 * What a same-games reference (bench/reference/<game>.ts) exports: `playout(players, seed,
 * agentSeed)` plays the game the engine plays with GameConfig { players, seed } (default options)
 * and random agents seeded from agentSeed (src/agents/random-agent.ts) — the same chance draws,
 * the same cards, the same agent picks — and returns its result. With `log`, it appends each
 * decision as the engine's playout logs it (seat, choice id, chosen value), so a test can compare
 * the games move by move.
 */
export interface ReferenceDecision {
  seat: number;
  choice: string;
  value: unknown;
}

export interface ReferenceResult {
  winners: number[];
  scores: number[];
  /** eliminated seats, ascending */
  out: number[];
  rounds: number;
  end: string;
  result: string;
  /** decisions answered */
  steps: number;
}

export type ReferencePlayout = (players: number, seed: number, agentSeed: number, log?: ReferenceDecision[]) => ReferenceResult;
