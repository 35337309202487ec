/**
 * `npm run bench:simulate`: two figures of `rules simulate`:
 *
 *  1. workers: `rules simulate --workers 2` against one worker on the same run, each a process of
 *     its own as a user starts it, interleaved over --rounds rounds; the ratio of wall times per
 *     round (median, min–max), and whether both printed the same bytes. Includes starting the pool
 *     (each worker loads and compiles the game), so short runs gain less. A loaded machine lowers it: a machine
 *     check first prints what two threads of a pure CPU loop gain here now, the ceiling. Each run's
 *     threads' own CPU time is read from /proc while it runs: the busiest thread of the 2-worker run
 *     against the 1-worker run's main thread estimates what a quiet machine would give.
 *  2. memory: the heap after a full GC, sampled each time the JSON output is flushed, for 10³, 10⁴
 *     and 10⁵ games (--json, the largest output), each in a fresh process: flat when the games are
 *     streamed (through simulateCommand in-process, output counted and thrown away). For contrast, simulate() (the API that returns the report with its list of games).
 *
 *   npm run bench:simulate -- [--game cash-n-guns] [--games 60000,240000] [--rounds 3] [--max 100000] [--skip-workers] [--skip-memory] [--json FILE]
 *
 * Needs --expose-gc (the npm script passes it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpu } from './child-cpu.ts';
import { Worker } from 'node:worker_threads';
import * as games from '../src/games.ts';
import { simulateCommand } from '../src/cli/simulate.ts';
import { simulate } from '../src/simulate/run.ts';
import type { CliContext } from '../src/cli/context.ts';
import { positiveFlag } from './args.ts';

const rulesDir = fileURLToPath(new URL('../rules', import.meta.url));
const bin = fileURLToPath(new URL('../bin/rules.js', import.meta.url));
/** the figures, for --json FILE */
const report: Record<string, unknown> = {};
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const flag = (name: string): boolean => process.argv.includes(`--${name}`);
const game = arg('game', 'cash-n-guns');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:simulate does)');

function ctxWith(out: (t: string) => void): CliContext {
  return { games, io: { out, err: () => {}, errIsTTY: false, outIsTTY: false }, defaultRulesDir: rulesDir };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** the speed-up two threads of a pure CPU loop get here now: the ceiling for any --workers 2 figure */
async function machineCeiling(): Promise<number> {
  const n = 4e8;
  const loop = (iterations: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const w = new Worker(new URL('./burn-worker.mjs', import.meta.url), { workerData: iterations });
      w.once('message', () => resolve());
      w.once('error', reject);
    });
  let t0 = performance.now();
  await loop(n);
  const one = performance.now() - t0;
  t0 = performance.now();
  await Promise.all([loop(n / 2), loop(n / 2)]);
  return one / (performance.now() - t0);
}

/** CPU seconds of each thread of a live process, from /proc/<pid>/task/<tid>/stat (utime + stime) */
function threadCpu(pid: number): Map<string, { name: string; cpu: number }> {
  const out = new Map<string, { name: string; cpu: number }>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name: st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')), cpu: (Number(f[11]) + Number(f[12])) / 100 });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

interface Run {
  wall: number;
  cpu: number;
  /** the main thread's CPU seconds, and the busiest other thread's (a worker thread, else one of V8's), read while it ran */
  mainCpu: number;
  otherCpu: number;
}

/** one `rules simulate` run as a user starts it (bin/rules.js, a process of its own, output to a
 *  file): its wall time, the CPU time of the process and its threads, and of its busiest threads */
async function simulateRun(args: string[], out: string): Promise<Run> {
  const fd = openSync(out, 'w');
  try {
    const c0 = childCpu();
    const t0 = performance.now();
    const child = spawn(process.execPath, [bin, 'simulate', ...args], { stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const last = new Map<string, { name: string; cpu: number }>();
    const poll = setInterval(() => {
      for (const [tid, t] of threadCpu(child.pid!)) last.set(tid, t);
    }, 50);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(poll);
    if (code !== 0) throw new Error(`rules simulate ${args.join(' ')} failed: ${stderr}`);
    const main = last.get(String(child.pid))?.cpu ?? 0;
    const others = [...last].filter(([tid]) => tid !== String(child.pid)).map(([, t]) => t.cpu);
    return { wall: (performance.now() - t0) / 1000, cpu: childCpu() - c0, mainCpu: main, otherCpu: Math.max(0, ...others) };
  } finally {
    closeSync(fd);
  }
}

/** the speed-up of one run length (`n` games) */
interface WorkersFigure {
  game: string;
  games: number;
  speedup: number;
  min: number;
  max: number;
  wall: { one: number; two: number };
  quietEstimate: { median: number; min: number; max: number };
  same: boolean;
}

/**
 * `--games` takes a list (default 60000,240000): a worker thread first loads and compiles the game
 * and V8 compiles its hot code again in that thread (about a second and a half of CPU on this
 * machine, bench figure "CPU time" below), so a short run gains less than a long one.
 */
async function workers(): Promise<void> {
  const sizes = arg('games', '60000,240000').split(',').map((x) => x.trim());
  const figures: WorkersFigure[] = [];
  for (const n of sizes) figures.push(await workersFor(n));
  report.workers = figures.at(-1);
  report.workersBySize = figures;
  if (figures.some((f) => !f.same)) process.exitCode = 1;
}

async function workersFor(n: string): Promise<WorkersFigure> {
  const rounds = Math.round(positiveFlag('bench:simulate', '--rounds', arg('rounds', '3')));
  const ratios: number[] = [];
  const times: Record<string, number[]> = { '1': [], '2': [] };
  const cpus: Record<string, number[]> = { '1': [], '2': [] };
  // what the load does not move much: each run's busiest threads' own CPU time
  const threads: { one: number; main: number; worker: number }[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-simulate-'));
  const outs = { '1': join(dir, 'one.json'), '2': join(dir, 'two.json') };
  console.log(`workers: rules simulate ${game} --games ${n} --json, as processes of their own; ${rounds} rounds; ${availableParallelism()} cores, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`  machine check: two threads of a pure CPU loop run ${(await machineCeiling()).toFixed(2)}× one thread now (2 on a quiet 2-core machine)`);
  let same = true;
  try {
    // not timed: builds the CLI bundle and the schema cache if they are stale
    await simulateRun([game, '--games', '1'], outs['1']);
    for (let r = 0; r < rounds; r++) {
      const t: Record<string, number> = {};
      const th: Record<string, Run> = {};
      for (const w of r % 2 ? (['2', '1'] as const) : (['1', '2'] as const)) {
        const run = await simulateRun([game, '--games', n, '--seed', String(r + 1), '--json', '--workers', w], outs[w]);
        t[w] = run.wall;
        th[w] = run;
        times[w]!.push(run.wall);
        cpus[w]!.push(run.cpu);
      }
      threads.push({ one: th['1']!.mainCpu, main: th['2']!.mainCpu, worker: th['2']!.otherCpu });
      same &&= readFileSync(outs['1']).equals(readFileSync(outs['2']));
      ratios.push(t['1']! / t['2']!);
      console.log(`  round ${r + 1}: 1 worker ${t['1']!.toFixed(2)} s (CPU ${cpus['1']!.at(-1)!.toFixed(2)} s), 2 workers ${t['2']!.toFixed(2)} s (CPU ${cpus['2']!.at(-1)!.toFixed(2)} s), speed-up ${(t['1']! / t['2']!).toFixed(2)}×`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`  median: 1 worker ${median(times['1']!).toFixed(2)} s, 2 workers ${median(times['2']!).toFixed(2)} s; speed-up ${median(ratios).toFixed(2)}× (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}); the same bytes: ${same ? 'yes' : 'NO'}`);
  console.log(`  CPU time (all threads): 1 worker ${median(cpus['1']!).toFixed(2)} s, 2 workers ${median(cpus['2']!).toFixed(2)} s — the extra is the worker thread loading and compiling the game`);
  // on a quiet machine a run takes about as long as its busiest thread's CPU time (the threads
  // then run side by side): the estimate of the speed-up there
  const quiet = threads.map((x) => x.one / Math.max(x.main, x.worker));
  const last = threads.at(-1)!;
  console.log(`  threads' own CPU time: 1 worker: its main thread ${median(threads.map((x) => x.one)).toFixed(2)} s; 2 workers: the main thread ${median(threads.map((x) => x.main)).toFixed(2)} s, the worker thread ${median(threads.map((x) => x.worker)).toFixed(2)} s (last round: ${last.main.toFixed(2)} s and ${last.worker.toFixed(2)} s)`);
  console.log(`  speed-up a quiet machine would give, estimated as the 1-worker main thread over the busiest thread of 2: ${median(quiet).toFixed(2)}× (min ${Math.min(...quiet).toFixed(2)}, max ${Math.max(...quiet).toFixed(2)})`);
  return { game, games: Number(n), speedup: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), wall: { one: median(times['1']!), two: median(times['2']!) }, quietEstimate: { median: median(quiet), min: Math.min(...quiet), max: Math.max(...quiet) }, same };
}

/**
 * One memory figure, in a process of its own (nothing left over from another run): the heap after
 * a full GC above the baseline (the game compiled and 100 games played), sampled at each flush of
 * the streamed --json output, or every 500 games of simulate() keeping its games.
 */
async function memoryChild(n: number, kept: boolean): Promise<void> {
  await simulateCommand(ctxWith(() => {}), game, { games: '100', json: true });
  simulate(games.openGame(rulesDir, game).engine!, { players: 6, games: 100, seed: 1 });
  gc!();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let bytes = 0;
  const sample = (): void => {
    gc!();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const t0 = performance.now();
  if (kept) {
    const rep = simulate(games.openGame(rulesDir, game).engine!, { players: 6, games: n, seed: 1, onGame: (d) => d % 500 === 0 && sample() });
    sample();
    bytes = rep.games.length;
  } else {
    await simulateCommand(ctxWith((t) => { bytes += t.length; sample(); }), game, { games: String(n), json: true });
  }
  process.stdout.write(JSON.stringify({ base, above: peak - base, seconds: (performance.now() - t0) / 1000, bytes }) + '\n');
}

function memory(): void {
  const max = Math.round(positiveFlag('bench:simulate', '--max', arg('max', '100000')));
  console.log(`memory: ${game}, heap after full GC above a baseline (game compiled, 100 games played), peak of the samples; each figure in a fresh process`);
  const rows: { games: number; streamedMb: number; baseMb: number }[] = [];
  for (let n = 1000; n <= max; n *= 10) {
    const figure = (kept: boolean) => {
      const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--memory-child', String(n), ...(kept ? ['--kept'] : []), '--game', game], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`memory child failed: ${r.stderr}`);
      return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { base: number; above: number; seconds: number; bytes: number };
    };
    const streamed = figure(false);
    const keptLine = n <= 10_000 ? `; simulate() keeping the games: ${mb(figure(true).above)}` : '';
    console.log(`  ${n.toLocaleString('en')} games (${mb(streamed.bytes)} of JSON, ${streamed.seconds.toFixed(1)} s): streamed ${mb(streamed.above)} above the baseline of ${mb(streamed.base)}${keptLine}`);
    rows.push({ games: n, streamedMb: streamed.above / 2 ** 20, baseMb: streamed.base / 2 ** 20 });
  }
  report.memory = { game, rows };
}

if (flag('memory-child')) {
  await memoryChild(Number(arg('memory-child', '1000')), flag('kept'));
  process.exit(0);
}
if (!flag('skip-workers')) await workers();
if (!flag('skip-memory')) memory();
if (arg('json', '')) writeFileSync(arg('json', ''), JSON.stringify(report, null, 2));
