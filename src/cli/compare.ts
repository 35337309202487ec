/**
 * `rules compare <game>`: the comparisons a designer asks for, in one command (src/simulate/study.ts
 * plays them):
 *
 *   1. agents: every agent of `--agents` alone in one seat against every other in the remaining
 *      seats (the lone seat rotating over the games), its win rate with a 95 % interval and as a
 *      multiple of the uniform share;
 *   2. the first seat's edge when every seat plays `--play` (an agent that tries to win);
 *   3. with `--b-option` or `--set`: setting B against setting A on the same seeds, every seat
 *      playing `--play` — each figure under A and B, and the difference with its 95 % interval.
 *
 * Every run is seeded (game i: gameSeed(S, i)), so the figures are the same on every machine, with
 * --workers as without.
 */
import { join } from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { AgentNameError, parseAgentName, type AgentName } from '../agents/named.ts';
import type { Engine, Json } from '../interpreter/api.ts';
import { playGames, runHeader, type RunSettings } from '../simulate/run.ts';
import { playOnThreads, type Workers } from '../simulate/pool.ts';
import { compileWithOverrides, OverrideError, overridesText, parseOverride, type Override } from '../simulate/setting.ts';
import { agentMatrix, compareSettings, seatEdge, type AgentMatrix, type Play, type PlayedGame, type SeatEdge, type SettingsComparison, type StudyBase } from '../simulate/study.ts';
import type { Interval } from '../stats/describe.ts';
import { effectiveOptions, loadEngine, parseIntArg, parseOptions, parsePlayers, parseSeed, rulesDirOf } from './common.ts';
import { UsageError, type CliContext } from './context.ts';
import { fmtNumber, MAX_WORKERS } from './simulate.ts';
import { chunkJob, startChunkWorkers, type GamePlace, type RecordLine } from './simulate-worker.ts';
import { seatNumber } from '../seat-number.ts';

export const DEFAULT_COMPARE_GAMES = 40;
export const DEFAULT_MATRIX_AGENTS = 'search:64,random';
export const DEFAULT_PLAY = 'search:64';

export interface CompareCliOptions {
  players?: string;
  games?: string;
  seed?: string;
  option?: string[];
  agents?: string;
  play?: string;
  bOption?: string[];
  set?: string[];
  only?: string;
  workers?: string;
  json?: boolean;
  rulesDir?: string;
}

export interface CompareReport {
  game: string;
  players: number;
  seed: number;
  games: number;
  options: Record<string, Json>;
  matrix?: AgentMatrix;
  edge?: SeatEdge;
  comparison?: SettingsComparison;
}

const SECTIONS = ['matrix', 'edge', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

function agentName(flag: string, raw: string): AgentName {
  try {
    const a = parseAgentName(raw);
    if (a.search?.timeMs !== undefined) throw new AgentNameError(`'${raw}' thinks for a time, so the games would depend on the machine's speed: give iterations (search:N)`);
    return a.name;
  } catch (e) {
    if (e instanceof AgentNameError) throw new UsageError(`${flag}: ${e.message}`);
    throw e;
  }
}

/** games [0, games) of a run on `threads` threads (the same games on any number); `workers` starts
 *  the worker threads when first asked (kept for the next run: the caller destroys them);
 *  `progress` is told of each game played */
export function playWith(engine: Engine, where: GamePlace, threads: number, workers: () => Workers | undefined, progress?: Progress): Play {
  return async (run: RunSettings, games: number): Promise<PlayedGame[]> => {
    const out: PlayedGame[] = [];
    const pool = workers();
    progress?.start(run, games);
    try {
      if (pool === undefined || threads <= 1) {
        playGames(engine, run, 0, games, (index, game, steps) => {
          out.push({ index, game, steps });
          progress?.update(out.length);
        });
        return out;
      }
      const head = runHeader(engine, run);
      await playOnThreads(chunkJob(engine, where, { run, form: 'records', head }), 0, games, threads, (chunk) => {
        for (const line of chunk.text.split('\n')) {
          if (line === '') continue;
          const { steps, ...game } = JSON.parse(line) as RecordLine;
          out.push({ index: out.length, game, steps });
        }
        progress?.update(out.length);
      }, { workers: pool, keep: true });
      return out;
    } finally {
      progress?.stop();
    }
  };
}

/** a run's progress on a terminal (stderr): which run, how many of its games are played */
export interface Progress {
  start(run: RunSettings, games: number): void;
  update(played: number): void;
  stop(): void;
}

function terminalProgress(ctx: CliContext): Progress | undefined {
  if (!ctx.io.errIsTTY || ctx.io.errStream === undefined) return undefined;
  let bar: SingleBar | undefined;
  let runs = 0;
  return {
    start(run, games) {
      runs++;
      const who = run.agents === undefined ? 'random' : [...new Set(run.agents)].join(' + ');
      bar = new SingleBar({ stream: ctx.io.errStream, clearOnComplete: true, hideCursor: true, fps: 5, format: `run ${runs} (${who}) [{bar}] {value}/{total} games` }, Presets.shades_classic);
      bar.start(games, 0);
    },
    update(played) {
      bar?.update(played);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

export async function compareCommand(ctx: CliContext, gameId: string, o: CompareCliOptions): Promise<number> {
  const rulesDir = rulesDirOf(ctx, o.rulesDir);
  const engine = loadEngine(ctx, rulesDir, gameId);
  const players = parsePlayers(engine, o.players, engine.maxPlayers);
  const games = parseIntArg('--games', o.games, 1, 1_000_000) ?? DEFAULT_COMPARE_GAMES;
  const seed = parseSeed(o.seed) ?? 1;
  const workers = parseIntArg('--workers', o.workers, 1, MAX_WORKERS) ?? 1;
  const options = effectiveOptions(engine, parseOptions(engine, o.option));
  const agents = [...new Set((o.agents ?? DEFAULT_MATRIX_AGENTS).split(',').map((a) => agentName('--agents', a)))];
  const play = agentName('--play', o.play ?? DEFAULT_PLAY);
  const optionsB = effectiveOptions(engine, { ...parseOptions(engine, o.option), ...parseOptions(engine, o.bOption) });
  let overrides: Override[];
  try {
    overrides = (o.set ?? []).map(parseOverride);
  } catch (e) {
    if (e instanceof OverrideError) throw new UsageError(`--set ${e.message}`);
    throw e;
  }
  const hasB = (o.bOption ?? []).length > 0 || overrides.length > 0;
  const wanted = parseSections(o.only, hasB);
  if (wanted.includes('matrix') && agents.length < 2) throw new UsageError(`--agents: the matrix needs two agents or more, got ${agents.join(', ')}`);

  let engineB: Engine = engine;
  if (overrides.length > 0) {
    try {
      engineB = compileWithOverrides(join(rulesDir, gameId), overrides);
    } catch (e) {
      if (e instanceof OverrideError) throw new UsageError(`--set ${overridesText(overrides).join(' ')}: ${e.message}`);
      throw e;
    }
  }
  const whereA: GamePlace = { rulesDir, gameId };
  const whereB: GamePlace = overrides.length > 0 ? { rulesDir, gameId, overrides } : whereA;
  let poolA: Workers | undefined;
  let poolB: Workers | undefined;
  const threads = workers;
  const startA = () => (threads > 1 ? (poolA ??= startChunkWorkers(whereA, threads - 1)) : undefined);
  const startB = () => (threads > 1 ? (poolB ??= whereB === whereA ? startA() : startChunkWorkers(whereB, threads - 1)) : undefined);
  const base: StudyBase = { players, seed, options, games };
  const report: CompareReport = { game: engine.id, players, seed, games, options };
  try {
    const progress = terminalProgress(ctx);
    const playA = playWith(engine, whereA, threads, startA, progress);
    if (wanted.includes('matrix')) report.matrix = await agentMatrix(playA, base, agents);
    if (wanted.includes('edge')) report.edge = await seatEdge(playA, base, play);
    if (wanted.includes('settings')) {
      const changes = [...overridesText(overrides), ...Object.entries(optionsB).filter(([k, v]) => options[k] !== v).map(([k, v]) => `${k}=${JSON.stringify(v)}`)];
      report.comparison = await compareSettings(playA, playWith(engineB, whereB, threads, startB, progress), base, optionsB, play, changes);
    }
  } finally {
    await poolA?.pool.destroy();
    if (poolB !== poolA) await poolB?.pool.destroy();
  }
  ctx.io.out(o.json ? `${JSON.stringify(report)}\n` : formatCompare(report));
  return 0;
}

function parseSections(raw: string | undefined, hasB: boolean): Section[] {
  if (raw === undefined) return hasB ? [...SECTIONS] : ['matrix', 'edge'];
  const parts = raw.split(',').map((x) => x.trim());
  for (const x of parts) if (!(SECTIONS as readonly string[]).includes(x)) throw new UsageError(`--only: unknown part '${x}'; parts: ${SECTIONS.join(', ')}`);
  if (parts.includes('settings') && !hasB) throw new UsageError('--only settings: give setting B with --b-option k=v or --set var=expression');
  return parts as Section[];
}

// ---------------------------------------------------------------------------------------------
// The readable report

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const signed = (s: string): string => (s.startsWith('-') || s.startsWith('−') ? `−${s.replace(/^[-−]/, '')}` : `+${s}`);
const pctPoints = (x: number): string => signed((x * 100).toFixed(1));

function pad(s: string, n: number, right = false): string {
  if (s.length >= n) return s;
  return right ? ' '.repeat(n - s.length) + s : s + ' '.repeat(n - s.length);
}

/** rows of cells as columns: the first column left, the others right, two spaces between */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => pad(c, widths[i]!, i > 0)).join('  ').trimEnd());
}

const range = (i: Interval, f: (x: number) => string): string => `${f(i.lo)} – ${f(i.hi)}`;

export function formatCompare(r: CompareReport): string {
  const lines: string[] = [];
  const opts = Object.entries(r.options).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  lines.push(`${r.game}: ${r.players} players, seed ${r.seed}, ${r.games} games per run${opts.length ? `, options ${opts.join(' ')}` : ''}`);
  const share = 1 / r.players;
  if (r.matrix) {
    const m = r.matrix;
    lines.push('', `Agents: the row's agent in one seat, the column's in every other seat (the lone seat`, `rotates); its win rate, 95 % interval, and as a multiple of the share (${pct(share)}).`, '');
    const head = ['', ...m.agents.map((a) => `vs ${a}`)];
    const rows = m.agents.map((a, i) => [a, ...m.cells[i]!.map((c) => (c === null ? '·' : `${pct(c.record.rate)} (${range(c.record.interval, pct)}) ${c.ofShare.x.toFixed(1)}×`))]);
    lines.push(...table([head, ...rows]));
  }
  if (r.edge) {
    const e = r.edge;
    lines.push('', `Seats, every seat ${e.agent} (seat 1 moves first unless the rules pick a start player; seats from 1):`, '');
    const rows = e.seats.map((s, seat) => [String(seatNumber(seat)), String(s.wins), pct(s.rate), range(s.interval, pct), fmtNumber(s.meanScore)]);
    lines.push(...table([['seat', 'wins', 'win rate', '95% interval', 'mean score'], ...rows]));
    lines.push('', `First seat's edge over the share (${pct(share)}): ${pctPoints(e.firstSeatEdge.x)} points (${pctPoints(e.firstSeatEdge.lo)} to ${pctPoints(e.firstSeatEdge.hi)}).`);
  }
  if (r.comparison) {
    const c = r.comparison;
    lines.push('', `Setting B: ${c.changes.length ? c.changes.join(' ') : 'the same as A'}; every seat ${c.agent}, the same ${c.games} seeds.`, `Each figure under A and B, and B − A with its 95 % interval (paired by seed):`, '');
    const isRate = (f: string) => f.startsWith('win rate') || f.startsWith('end:') || f.startsWith('result:') || f === 'no winner' || f === 'shared win';
    const rows = c.figures.map((f) => {
      const show = isRate(f.figure) ? pct : fmtNumber;
      const diff = isRate(f.figure) ? (x: number) => pctPoints(x) : (x: number) => signed(fmtNumber(x));
      const bounds = Number.isFinite(f.interval.lo) ? `${diff(f.interval.lo)} to ${diff(f.interval.hi)}` : '—';
      return [f.figure, show(f.a), show(f.b), diff(f.diff), bounds];
    });
    lines.push(...table([['figure', 'A', 'B', 'B − A', '95% interval'], ...rows]));
    lines.push('', `Rates differ in points (percentage points). ${c.sameGames} of ${c.games} games came out the same under A and B.`);
  }
  return lines.join('\n') + '\n';
}
