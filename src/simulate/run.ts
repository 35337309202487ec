/**
 * Running games: a simulation's seeds, the agent of each seat, the loop that plays games [from, to)
 * of a run, and the tally of what they ended with. The command line (`rules simulate`), the site's
 * Simulations pages and the benchmarks call this; none of it prints anything.
 *
 * Seeds (documented contract): with base seed S (default 1), game i (0-based) is created with
 *   gameSeed(S, i) = deriveSeed(S, i)
 * and its agents use agentSeedFor(gameSeed) (seat s: seatAgentSeed(agentSeed, s)); see
 * src/agents/random-agent.ts for deriveSeed. So game i of a simulation is the same game as
 * `rules play <game> --seed <games[i].seed> --seats random,…` with the same players and options.
 */
import type { Engine, GameResult, Json } from '../interpreter/api.ts';
import { agentSeedFor, deriveSeed } from '../agents/random-agent.ts';
import { playout } from '../agents/playout.ts';
import { namedSeatAgents, type AgentName } from '../agents/named.ts';
import { SummaryTally, type SimulatedGame, type SimulationSummary } from '../stats/summary.ts';

export type { SimulatedGame, SimulationSummary } from '../stats/summary.ts';

export const DEFAULT_SEED = 1;
export const DEFAULT_GAMES = 100;

/** the config seed of game `index` of a simulation with base seed `base` */
export function gameSeed(base: number, index: number): number {
  return deriveSeed(base, index);
}

/** what identifies a simulation's run: everything of its report but the games and the summary */
export interface RunHeader {
  game: string;
  players: number;
  seed: number;
  /** every declared option with the value used */
  options: Record<string, Json>;
  /** the agent of each seat; present only when agents were given (all random otherwise) */
  agents?: AgentName[];
}

export interface SimulationReport extends RunHeader {
  games: SimulatedGame[];
  summary: SimulationSummary;
}

/** how each game of a run is played (options already completed with their defaults) */
export interface RunSettings {
  players: number;
  seed: number;
  options: Record<string, Json>;
  /** the agent of each seat; with `rotate`, a lineup the seats take in turn (lineupOf) */
  agents?: AgentName[];
  /** game i's seat s plays agents[(s + i) mod agents.length]: every agent sits in every seat in
   *  turn (a study of agents against each other; `rules simulate` does not rotate) */
  rotate?: boolean;
  maxSteps?: number;
}

/** the agent of each seat in game `index` of a run (undefined: all random) */
export function lineupOf(run: RunSettings, index: number): AgentName[] | undefined {
  const agents = run.agents;
  if (agents === undefined || !run.rotate) return agents;
  return Array.from({ length: run.players }, (_, s) => agents[(s + index) % agents.length]!);
}

export interface SimulateParams {
  players: number;
  games: number;
  seed: number;
  /** given options (missing ones take their defaults) */
  options?: Record<string, Json>;
  maxSteps?: number;
  /** the agent of each seat (default: all random) */
  agents?: AgentName[];
  /** called after each game */
  onGame?: (done: number) => void;
}

/** the full option set (declared defaults + given values), in the engine's declaration order */
export function effectiveOptions(engine: Engine, given: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const o of engine.options) out[o.id] = Object.hasOwn(given, o.id) ? given[o.id]! : o.default;
  return out;
}

export function gameRecord(seed: number, r: GameResult): SimulatedGame {
  return {
    seed,
    winners: [...r.winners],
    scores: [...r.scores],
    out: [...r.out],
    rounds: r.rounds,
    end: r.end,
    result: r.result,
  };
}

/**
 * Play games [from, to) of a run, in order; `onGame` gets each game's index, record and the
 * decisions it took. The one loop behind simulate(), the command line, its shards and its workers.
 */
export function playGames(
  engine: Engine,
  run: RunSettings,
  from: number,
  to: number,
  onGame: (index: number, game: SimulatedGame, steps: number) => void,
  /** how many games this engine plays in the run, about (a chunk's caller knows more than to − from) */
  expected: number = to - from,
): void {
  engine.expectGames?.(expected);
  for (let i = from; i < to; i++) {
    const seed = gameSeed(run.seed, i);
    let played;
    try {
      // no log: the simulation reads only the results
      played = playout(engine, { players: run.players, seed, options: run.options, log: false }, agentSeedFor(seed), {
        record: false,
        ...(run.agents !== undefined ? { agents: namedSeatAgents(lineupOf(run, i)!, agentSeedFor(seed)).seats } : {}),
        ...(run.maxSteps !== undefined ? { maxSteps: run.maxSteps } : {}),
      });
    } catch (e) {
      const err = new Error(`game ${i} (seed ${seed}): ${(e as Error).message}`);
      err.stack = (e as Error).stack;
      // keep the rules' place of a game error, so the message can point at it
      throw Object.assign(err, { at: (e as { at?: unknown }).at });
    }
    onGame(i, gameRecord(seed, played.result), played.steps);
  }
}

/** the header of a run's report */
export function runHeader(engine: Engine, run: RunSettings): RunHeader {
  return {
    game: engine.id,
    players: run.players,
    seed: run.seed,
    options: run.options,
    ...(run.agents !== undefined ? { agents: [...run.agents] } : {}),
  };
}

/** the settings of a run from simulate()'s parameters */
export function runSettings(engine: Engine, params: SimulateParams): RunSettings {
  return {
    players: params.players,
    seed: params.seed,
    options: effectiveOptions(engine, params.options ?? {}),
    ...(params.agents !== undefined ? { agents: params.agents } : {}),
    ...(params.maxSteps !== undefined ? { maxSteps: params.maxSteps } : {}),
  };
}

/** Run the simulation (no I/O). Deterministic: depends only on the engine and params. */
export function simulate(engine: Engine, params: SimulateParams): SimulationReport {
  const run = runSettings(engine, params);
  const games: SimulatedGame[] = [];
  const tally = new SummaryTally(run.players);
  playGames(engine, run, 0, params.games, (i, g, steps) => {
    games.push(g);
    tally.add(g, steps);
    params.onGame?.(i + 1);
  });
  return { ...runHeader(engine, run), games, summary: tally.summary() };
}
