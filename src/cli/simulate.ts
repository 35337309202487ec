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
import { stringify } from 'csv-stringify/sync';
import type { Engine, GameResult, Json } from '../interpreter/api.ts';
import { agentSeedFor, deriveSeed } from '../agents/random-agent.ts';
import { playout } from '../agents/playout.ts';
import { AGENT_KINDS, isAgentKind, namedSeatAgents, type AgentKind } from '../agents/named.ts';
import { effectiveOptions, loadEngine, parseIntArg, parseOptions, parsePlayers, parseSeed, rulesDirOf } from './common.ts';
import { UsageError, type CliContext } from './context.ts';
import { describe, roundTo, wilson, type Interval, type Spread } from '../stats/describe.ts';

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
  // --- added for readable reports (issue 11); the fields above keep their bytes
  /** 95 % Wilson score interval of winRate[seat] */
  winInterval: Interval[];
  /** games with more than one winner (each winner's wins count them) */
  sharedWins: number;
  /** spread of each seat's final score */
  scoreSpread: Spread[];
  /** spread of the rounds played */
  roundsSpread: Spread;
  /** spread of the actions (decisions answered) per game */
  actionsSpread: Spread;
}

export interface SimulationReport {
  game: string;
  players: number;
  seed: number;
  /** every declared option with the value used */
  options: Record<string, Json>;
  /** the agent of each seat; present only when `--agents` was given (all random otherwise) */
  agents?: AgentKind[];
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
  /** the agent of each seat (default: all random) */
  agents?: AgentKind[];
  /** called after each game */
  onGame?: (done: number) => void;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const roundSpread = (d: Spread): Spread =>
  Object.fromEntries(Object.entries(d).map(([k, v]) => [k, round6(v)])) as unknown as Spread;

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
  let sharedWins = 0;
  const actionCounts: number[] = [];
  for (let i = 0; i < params.games; i++) {
    const seed = gameSeed(params.seed, i);
    let run;
    try {
      // no log: the simulation reads only the results
      run = playout(engine, { players: P, seed, options, log: false }, agentSeedFor(seed), {
        record: false,
        ...(params.agents !== undefined ? { agents: namedSeatAgents(params.agents, agentSeedFor(seed)).seats } : {}),
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
    if (r.winners.length > 1) sharedWins++;
    actionCounts.push(run.steps);
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
    ...(params.agents !== undefined ? { agents: [...params.agents] } : {}),
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
      winInterval: wins.map((w) => {
        const { lo, hi } = wilson(w, params.games);
        return { lo: round6(lo), hi: round6(hi) };
      }),
      sharedWins,
      scoreSpread: Array.from({ length: P }, (_, seat) => roundSpread(describe(games.map((g) => g.scores[seat] ?? 0)))),
      roundsSpread: roundSpread(describe(games.map((g) => g.rounds))),
      actionsSpread: roundSpread(describe(actionCounts)),
    },
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** a figure as a report shows it: at most one decimal, thousands grouped (65,000; 7.3) */
export function fmtNumber(x: number): string {
  const r = roundTo(x, 1);
  return r.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function padLeft(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

/** rows of cells as columns: text left, figures right, two spaces between */
function table(head: string[], rows: string[][], leftCols = 1): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < leftCols ? pad(c, widths[i]!) : padLeft(c, widths[i]!))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)];
}

/** "mean 7.3, sd 1.2; min 5, quartiles 6 / 7 / 8, max 12" */
export function fmtSpread(d: Spread): string {
  return `mean ${fmtNumber(d.mean)}, sd ${fmtNumber(d.sd)}; min ${fmtNumber(d.min)}, quartiles ${fmtNumber(d.q1)} / ${fmtNumber(d.median)} / ${fmtNumber(d.q3)}, max ${fmtNumber(d.max)}`;
}

/** how shared wins are counted (lines under 80 columns) */
export function sharedWinsSentence(s: SimulationSummary): string {
  const base = 'A shared win counts as a win for every seat that shares it, so the win rates\ncan add up to more than 100 %';
  if (s.sharedWins === 0) return `${base}; no game here had a shared win.`;
  return `${base}: ${s.sharedWins} of ${s.games} games (${pct(s.sharedWins / Math.max(s.games, 1))}) had more than one winner.`;
}

/** the readable (non --json) report */
export function formatReport(rep: SimulationReport, gamesPerSecond?: number): string {
  const s = rep.summary;
  const K = Math.max(s.games, 1);
  const lines: string[] = [];
  const opts = Object.entries(rep.options).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  lines.push(
    `${rep.game}: ${s.games} games, ${rep.players} players, seed ${rep.seed}` +
      (opts.length ? `, options ${opts.join(' ')}` : '') +
      (rep.agents ? `, agents ${rep.agents.join(',')}` : ''),
  );
  lines.push('');
  const seatRows = Array.from({ length: rep.players }, (_, seat) => {
    const ci = s.winInterval[seat] ?? { lo: 0, hi: 1 };
    const d = s.scoreSpread[seat]!;
    return [
      String(seat), String(s.wins[seat]), pct(s.winRate[seat] ?? 0), `${pct(ci.lo)} – ${pct(ci.hi)}`,
      fmtNumber(d.mean), fmtNumber(d.sd), fmtNumber(d.min), fmtNumber(d.q1), fmtNumber(d.median), fmtNumber(d.q3), fmtNumber(d.max),
    ];
  });
  lines.push(
    ...table(['seat', 'wins', 'win rate', '95% interval', 'score mean', 'sd', 'min', 'q1', 'median', 'q3', 'max'], seatRows),
  );
  lines.push('');
  lines.push('Win rate = wins / games, with its 95 % Wilson score interval; scores are');
  lines.push("each seat's final score (mean, sd, min, quartiles q1 / median / q3, max).");
  lines.push(sharedWinsSentence(s));
  if (s.noWinner > 0) lines.push(`no winner: ${s.noWinner} (${pct(s.noWinner / K)})`);
  lines.push('');
  lines.push('end rules:');
  lines.push(...table(['  rule', 'games', 'share'], Object.entries(s.ends).map(([id, n]) => [`  ${id}`, String(n), pct(n / K)])));
  lines.push('results:');
  lines.push(...table(['  rule', 'games', 'share'], Object.entries(s.results).map(([id, n]) => [`  ${id}`, String(n), pct(n / K)])));
  lines.push('');
  lines.push(`rounds per game: ${fmtSpread(s.roundsSpread)}`);
  lines.push(`actions per game: ${fmtSpread(s.actionsSpread)}`);
  if (gamesPerSecond !== undefined) lines.push(`speed: ${gamesPerSecond.toFixed(1)} games/s`);
  return lines.join('\n') + '\n';
}

/**
 * `--csv`: one row per game for spreadsheets (RFC 4180, header row). Columns: game, players, each
 * option, seed, rounds, end, result, winners (seats separated by spaces), out, then score_<seat>
 * and win_<seat> (1 when the seat is among the winners) for every seat.
 */
export function formatCsv(rep: SimulationReport): string {
  const optionKeys = Object.keys(rep.options);
  const seats = Array.from({ length: rep.players }, (_, i) => i);
  const header = [
    'game', 'players', ...optionKeys.map((k) => `option_${k}`), 'seed', 'rounds', 'end', 'result', 'winners', 'out',
    ...seats.map((s) => `score_${s}`), ...seats.map((s) => `win_${s}`),
  ];
  const rows = rep.games.map((g) => [
    rep.game, rep.players, ...optionKeys.map((k) => { const v = rep.options[k]; return typeof v === 'string' ? v : JSON.stringify(v); }),
    g.seed, g.rounds, g.end, g.result, g.winners.join(' '), g.out.join(' '),
    ...seats.map((s) => g.scores[s] ?? ''), ...seats.map((s) => (g.winners.includes(s) ? 1 : 0)),
  ]);
  return stringify([header, ...rows], { record_delimiter: '\n' });
}

/** `--agents greedy` (every seat) or `--agents greedy,random,random` (one per seat) */
export function parseAgents(raw: string | undefined, players: number): AgentKind[] | undefined {
  if (raw === undefined) return undefined;
  const kinds = raw.split(',').map((k) => k.trim());
  const bad = kinds.find((k) => !isAgentKind(k));
  if (bad !== undefined) throw new UsageError(`--agents: unknown agent '${bad}'; known agents: ${AGENT_KINDS.join(', ')}`);
  if (kinds.length === 1) return new Array<AgentKind>(players).fill(kinds[0] as AgentKind);
  if (kinds.length !== players) {
    throw new UsageError(`--agents: give one agent for every seat or one per seat (${players}), got ${kinds.length}`);
  }
  return kinds as AgentKind[];
}

export interface SimulateCliOptions {
  players?: string;
  games?: string;
  seed?: string;
  option?: string[];
  agents?: string;
  json?: boolean;
  csv?: boolean;
  rulesDir?: string;
  /** commander's --no-timing */
  timing?: boolean;
}

export async function simulateCommand(ctx: CliContext, gameId: string, o: SimulateCliOptions): Promise<number> {
  if (o.json && o.csv) throw new UsageError('--json and --csv print the games in different forms: give one of them');
  const engine = loadEngine(ctx, rulesDirOf(ctx, o.rulesDir), gameId);
  const players = parsePlayers(engine, o.players, engine.maxPlayers);
  const games = parseIntArg('--games', o.games, 1, 10_000_000) ?? DEFAULT_GAMES;
  const seed = parseSeed(o.seed) ?? DEFAULT_SEED;
  const options = parseOptions(engine, o.option);
  const agents = parseAgents(o.agents, players);

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
    rep = simulate(engine, { players, games, seed, options, ...(agents ? { agents } : {}), onGame: bar ? (d) => bar.update(d) : undefined });
  } finally {
    bar?.stop();
  }
  const seconds = (now() - t0) / 1000;
  if (o.json) {
    ctx.io.out(JSON.stringify(rep) + '\n');
  } else if (o.csv) {
    ctx.io.out(formatCsv(rep));
  } else {
    ctx.io.out(formatReport(rep, o.timing === false ? undefined : games / Math.max(seconds, 1e-9)));
  }
  return 0;
}
