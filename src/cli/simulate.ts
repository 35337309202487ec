/**
 * `rules simulate <game>`: random agents play K games.
 *
 * Seeds (documented contract): with base seed S (default 1), game i (0-based) is created with
 *   gameSeed(S, i) = deriveSeed(S, i)
 * and its random agents use agentSeedFor(gameSeed) (seat s: seatAgentSeed(agentSeed, s)); see
 * src/agents/random-agent.ts for deriveSeed. So game i of a simulation is the same game as
 * `rules play <game> --seed <games[i].seed> --seats random,…` with the same players and options.
 */
import { SingleBar, Presets } from 'cli-progress';
import type { Engine, GameResult, Json } from '../interpreter/api.ts';
import { agentSeedFor, deriveSeed } from '../agents/random-agent.ts';
import { playout } from '../agents/playout.ts';
import { effectiveOptions, loadEngine, parseIntArg, parseOptions, parsePlayers, parseSeed, rulesDirOf } from './common.ts';
import type { CliContext } from './context.ts';

export const DEFAULT_SEED = 1;
export const DEFAULT_GAMES = 100;

/** the config seed of game `index` of a simulation with base seed `base` */
export function gameSeed(base: number, index: number): number {
  return deriveSeed(base, index);
}

export interface SimulatedGame {
  seed: number;
  winners: number[];
  scores: number[];
  out: number[];
  rounds: number;
  end: string;
  result: string;
}

export interface SimulationSummary {
  games: number;
  /** games won per seat (a shared win counts for every winner) */
  wins: number[];
  /** wins[seat] / games */
  winRate: number[];
  meanScore: number[];
  /** games without any winner */
  noWinner: number;
  /** end rule id -> number of games (keys sorted) */
  ends: Record<string, number>;
  /** outcome result rule id -> number of games (keys sorted) */
  results: Record<string, number>;
  meanRounds: number;
  meanActions: number;
}

export interface SimulationReport {
  game: string;
  players: number;
  seed: number;
  /** every declared option with the value used */
  options: Record<string, Json>;
  games: SimulatedGame[];
  summary: SimulationSummary;
}

export interface SimulateParams {
  players: number;
  games: number;
  seed: number;
  /** given options (missing ones take their defaults) */
  options?: Record<string, Json>;
  maxSteps?: number;
  /** called after each game */
  onGame?: (done: number) => void;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function sortedCounts(m: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
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

/** Run the simulation (no I/O). Deterministic: depends only on the engine and params. */
export function simulate(engine: Engine, params: SimulateParams): SimulationReport {
  const options = effectiveOptions(engine, params.options ?? {});
  const P = params.players;
  const games: SimulatedGame[] = [];
  const wins = new Array<number>(P).fill(0);
  const scoreSum = new Array<number>(P).fill(0);
  const ends = new Map<string, number>();
  const results = new Map<string, number>();
  let noWinner = 0;
  let rounds = 0;
  let actions = 0;
  for (let i = 0; i < params.games; i++) {
    const seed = gameSeed(params.seed, i);
    let run;
    try {
      // no log: the simulation reads only the results
      run = playout(engine, { players: P, seed, options, log: false }, agentSeedFor(seed), {
        record: false,
        ...(params.maxSteps !== undefined ? { maxSteps: params.maxSteps } : {}),
      });
    } catch (e) {
      const err = new Error(`game ${i} (seed ${seed}): ${(e as Error).message}`);
      err.stack = (e as Error).stack;
      // keep the rules' place of a game error, so the message can point at it
      throw Object.assign(err, { at: (e as { at?: unknown }).at });
    }
    const r = run.result;
    games.push(gameRecord(seed, r));
    for (const w of r.winners) wins[w] = (wins[w] ?? 0) + 1;
    if (r.winners.length === 0) noWinner++;
    for (let s = 0; s < P; s++) scoreSum[s]! += r.scores[s] ?? 0;
    ends.set(r.end, (ends.get(r.end) ?? 0) + 1);
    results.set(r.result, (results.get(r.result) ?? 0) + 1);
    rounds += r.rounds;
    actions += run.steps;
    params.onGame?.(i + 1);
  }
  const K = Math.max(params.games, 1);
  return {
    game: engine.id,
    players: P,
    seed: params.seed,
    options,
    games,
    summary: {
      games: params.games,
      wins,
      winRate: wins.map((w) => round6(w / K)),
      meanScore: scoreSum.map((s) => round6(s / K)),
      noWinner,
      ends: sortedCounts(ends),
      results: sortedCounts(results),
      meanRounds: round6(rounds / K),
      meanActions: round6(actions / K),
    },
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

/** the readable (non --json) report */
export function formatReport(rep: SimulationReport, gamesPerSecond?: number): string {
  const s = rep.summary;
  const lines: string[] = [];
  const opts = Object.entries(rep.options).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  lines.push(
    `${rep.game}: ${s.games} games, ${rep.players} players, seed ${rep.seed}` +
      (opts.length ? `, options ${opts.join(' ')}` : ''),
  );
  lines.push('');
  lines.push(`${pad('seat', 6)}${pad('wins', 8)}${pad('win rate', 10)}mean score`);
  for (let seat = 0; seat < rep.players; seat++) {
    lines.push(
      `${pad(String(seat), 6)}${pad(String(s.wins[seat]), 8)}${pad(pct(s.winRate[seat] ?? 0), 10)}${s.meanScore[seat]}`,
    );
  }
  if (s.noWinner > 0) lines.push(`no winner: ${s.noWinner} (${pct(s.noWinner / Math.max(s.games, 1))})`);
  lines.push('');
  lines.push('end rules:');
  for (const [id, n] of Object.entries(s.ends)) lines.push(`  ${pad(id, 24)} ${pad(String(n), 8)}${pct(n / Math.max(s.games, 1))}`);
  lines.push('');
  lines.push(`mean rounds: ${s.meanRounds}`);
  lines.push(`mean actions per game: ${s.meanActions}`);
  if (gamesPerSecond !== undefined) lines.push(`speed: ${gamesPerSecond.toFixed(1)} games/s`);
  return lines.join('\n') + '\n';
}

export interface SimulateCliOptions {
  players?: string;
  games?: string;
  seed?: string;
  option?: string[];
  json?: boolean;
  rulesDir?: string;
  /** commander's --no-timing */
  timing?: boolean;
}

export async function simulateCommand(ctx: CliContext, gameId: string, o: SimulateCliOptions): Promise<number> {
  const engine = loadEngine(ctx, rulesDirOf(ctx, o.rulesDir), gameId);
  const players = parsePlayers(engine, o.players, engine.maxPlayers);
  const games = parseIntArg('--games', o.games, 1, 10_000_000) ?? DEFAULT_GAMES;
  const seed = parseSeed(o.seed) ?? DEFAULT_SEED;
  const options = parseOptions(engine, o.option);

  let bar: SingleBar | undefined;
  if (ctx.io.errIsTTY && ctx.io.errStream !== undefined) {
    bar = new SingleBar(
      { stream: ctx.io.errStream, clearOnComplete: true, hideCursor: true, etaBuffer: 50, fps: 10 },
      Presets.shades_classic,
    );
    bar.start(games, 0);
  }
  const now = ctx.now ?? (() => performance.now());
  const t0 = now();
  let rep: SimulationReport;
  try {
    rep = simulate(engine, { players, games, seed, options, onGame: bar ? (d) => bar.update(d) : undefined });
  } finally {
    bar?.stop();
  }
  const seconds = (now() - t0) / 1000;
  if (o.json) {
    ctx.io.out(JSON.stringify(rep) + '\n');
  } else {
    ctx.io.out(formatReport(rep, o.timing === false ? undefined : games / Math.max(seconds, 1e-9)));
  }
  return 0;
}
