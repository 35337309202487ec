/**
 * `rules simulate <game>`: agents play K games (random unless `--agents` says otherwise), and
 * what they ended with is printed: a readable report, --json, --csv, or a shard file for `rules
 * merge`. The games themselves are run by src/simulate/ (seeds, agents, the loop, the threads);
 * this module reads the command line and prints.
 */
import { SingleBar, Presets } from 'cli-progress';
import { stringify } from 'csv-stringify/sync';
import { AgentNameError, parseAgentList, type AgentName } from '../agents/named.ts';
import { DEFAULT_GAMES, DEFAULT_SEED, playGames, runHeader, runSettings, type RunHeader, type SimulationReport } from '../simulate/run.ts';
import { playOnThreads, type Workers } from '../simulate/pool.ts';
import { loadEngine, parseIntArg, parseOptions, parsePlayers, parseSeed, rulesDirOf } from './common.ts';
import { MAX_SIMULATED_GAMES } from '../limits.ts';
import { UsageError, type CliContext } from './context.ts';
import { reportSink, type OutputForm } from './simulate-output.ts';
import { chunkJob, startChunkWorkers, type PlayedChunk } from './simulate-worker.ts';
import { parseShard, shardPlace } from './shard-file.ts';
import { roundTo, type Spread } from '../stats/describe.ts';
import { SummaryTally, type SimulatedGame, type SimulationSummary } from '../stats/summary.ts';
import { seatNumber } from '../seat-number.ts';

// what src/cli's other modules and older callers import from here (shard-file.ts: gameSeed, RunHeader)
export { DEFAULT_GAMES, DEFAULT_SEED, gameRecord, gameSeed, playGames, runHeader, runSettings, simulate } from '../simulate/run.ts';
export type { RunHeader, RunSettings, SimulateParams, SimulatedGame, SimulationReport, SimulationSummary } from '../simulate/run.ts';

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
export function formatReport(rep: RunHeader & { summary: SimulationSummary }, gamesPerSecond?: number): string {
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
      String(seatNumber(seat)), String(s.wins[seat]), pct(s.winRate[seat] ?? 0), `${pct(ci.lo)} – ${pct(ci.hi)}`,
      fmtNumber(d.mean), fmtNumber(d.sd), fmtNumber(d.min), fmtNumber(d.q1), fmtNumber(d.median), fmtNumber(d.q3), fmtNumber(d.max),
    ];
  });
  lines.push(
    ...table(['seat', 'wins', 'win rate', '95% interval', 'score mean', 'sd', 'min', 'q1', 'median', 'q3', 'max'], seatRows),
  );
  lines.push('');
  lines.push('Seats count from 1 in the order of play (--json and --csv number them from 0).');
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
  return csvHeader(rep) + rep.games.map((g) => csvRow(rep, g)).join('');
}

/** the header row of --csv (with its line end) */
export function csvHeader(head: RunHeader): string {
  const seats = Array.from({ length: head.players }, (_, i) => i);
  const header = [
    'game', 'players', ...Object.keys(head.options).map((k) => `option_${k}`), 'seed', 'rounds', 'end', 'result', 'winners', 'out',
    ...seats.map((s) => `score_${s}`), ...seats.map((s) => `win_${s}`),
  ];
  return stringify([header], { record_delimiter: '\n' });
}

/** one game's row of --csv (with its line end) */
export function csvRow(head: RunHeader, g: SimulatedGame): string {
  const seats = Array.from({ length: head.players }, (_, i) => i);
  const row = [
    head.game, head.players, ...Object.keys(head.options).map((k) => { const v = head.options[k]; return typeof v === 'string' ? v : JSON.stringify(v); }),
    g.seed, g.rounds, g.end, g.result, g.winners.join(' '), g.out.join(' '),
    ...seats.map((s) => g.scores[s] ?? ''), ...seats.map((s) => (g.winners.includes(s) ? 1 : 0)),
  ];
  return stringify([row], { record_delimiter: '\n' });
}

/** `--agents greedy` (every seat) or `--agents search:512,random,random` (one per seat) */
export function parseAgents(raw: string | undefined, players: number): AgentName[] | undefined {
  if (raw === undefined) return undefined;
  try {
    return parseAgentList(raw, players);
  } catch (e) {
    if (e instanceof AgentNameError) throw new UsageError(`--agents: ${e.message}`);
    throw e;
  }
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
  /** threads to play on: the main thread and workers − 1 worker threads */
  workers?: string;
  shard?: string;
}

/** the most worker threads `--workers` takes */
export const MAX_WORKERS = 256;

export async function simulateCommand(ctx: CliContext, gameId: string, o: SimulateCliOptions): Promise<number> {
  if (o.json && o.csv) throw new UsageError('--json and --csv print the games in different forms: give one of them');
  const shardArg = parseShard(o.shard);
  if (shardArg && (o.json || o.csv)) {
    throw new UsageError('--shard writes a shard file for `rules merge`; give --json or --csv to `rules merge`, which prints the whole run');
  }
  const workers = parseIntArg('--workers', o.workers, 1, MAX_WORKERS) ?? 1;
  const rulesDir = rulesDirOf(ctx, o.rulesDir);
  // the worker threads load the game while this thread does (the pool module is loaded only for
  // --workers, not for every command and the site)
  const started = workers > 1 ? startChunkWorkers({ rulesDir, gameId }, workers - 1) : undefined;
  try {
    return await simulateWith(ctx, gameId, o, shardArg, workers, rulesDir, started);
  } finally {
    // a run that ended early (a bad option, a game that does not compile) stops the threads here;
    // playOnThreads has destroyed the pool of a run that played
    await started?.pool.destroy();
  }
}

async function simulateWith(
  ctx: CliContext,
  gameId: string,
  o: SimulateCliOptions,
  shardArg: ReturnType<typeof parseShard>,
  workers: number,
  rulesDir: string,
  started: Workers | undefined,
): Promise<number> {
  const engine = loadEngine(ctx, rulesDir, gameId);
  const players = parsePlayers(engine, o.players, engine.maxPlayers);
  const games = parseIntArg('--games', o.games, 1, MAX_SIMULATED_GAMES) ?? DEFAULT_GAMES;
  const seed = parseSeed(o.seed) ?? DEFAULT_SEED;
  const options = parseOptions(engine, o.option);
  const agents = parseAgents(o.agents, players);
  const run = runSettings(engine, { players, games, seed, options, ...(agents ? { agents } : {}) });
  const place = shardArg ? shardPlace(shardArg.shard, shardArg.of, games) : shardPlace(1, 1, games);

  const head = runHeader(engine, run);
  const form: OutputForm = shardArg ? 'shard' : o.json ? 'json' : o.csv ? 'csv' : 'text';
  const sink = reportSink(form, head, (t) => ctx.io.out(t), place);
  const tally = new SummaryTally(players);
  let bar: SingleBar | undefined;
  if (ctx.io.errIsTTY && ctx.io.errStream !== undefined) {
    bar = new SingleBar(
      { stream: ctx.io.errStream, clearOnComplete: true, hideCursor: true, etaBuffer: 50, fps: 10 },
      Presets.shades_classic,
    );
    bar.start(place.to - place.from, 0);
  }
  const onGame = (i: number, g: SimulatedGame, steps: number): void => {
    sink.game(g);
    tally.add(g, steps);
    bar?.update(i + 1 - place.from);
  };
  const now = ctx.now ?? (() => performance.now());
  const t0 = now();
  try {
    if (started !== undefined) {
      // each chunk arrives formatted and tallied by the thread that played it
      const onChunk = (chunk: PlayedChunk, _from: number, to: number): void => {
        sink.games(chunk.text);
        tally.merge(SummaryTally.fromJSON(chunk.tally));
        bar?.update(to - place.from);
      };
      const perThread = Math.ceil((place.to - place.from) / workers);
      await playOnThreads(chunkJob(engine, { rulesDir, gameId }, { run, form, head, perThread }), place.from, place.to, workers, onChunk, { workers: started });
    }
    else playGames(engine, run, place.from, place.to, onGame);
  } finally {
    bar?.stop();
  }
  const seconds = (now() - t0) / 1000;
  const gps = form === 'text' && o.timing !== false ? tally.games / Math.max(seconds, 1e-9) : undefined;
  sink.end(tally.summary(), tally, gps);
  return 0;
}
