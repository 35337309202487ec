/**
 * `npm run bench:compare -- --base DIR`: this checkout against another (a `git worktree` of the
 * commit to compare with), in one process, on the same seeds as `npm run bench`: random playouts
 * per second of CPU time, the two checkouts interleaved in rotating rounds (medians, min–max, and
 * the new/base ratio taken within each round), and the bytes allocated per playout.
 *
 * Allocation is read from V8's GC profiler: what the collections freed plus what the heap grew by
 * over a run of playouts, divided by their number (logs off, as simulate plays).
 *
 *   git worktree add --detach /tmp/base main && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npm run bench:compare -- --base /tmp/base [games…] [--rounds 7] [--slice 0.4] [--alloc-games 200]
 *
 * Without --base it measures this checkout alone.
 */
import { basename, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { positive, runMain, UsageError } from './args.ts';
import { table } from './table.ts';

interface Checkout {
  name: string;
  /** play game i of the run; the decisions taken */
  play: (i: number) => number;
}

interface Args {
  base?: string;
  games: string[];
  rounds: number;
  slice: number;
  allocGames: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { games: [], rounds: 7, slice: 0.4, allocGames: 200 };
  const num = positive;
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    if (x === '--base') a.base = resolve(argv[++i] ?? '.');
    else if (x === '--rounds') a.rounds = Math.round(num(x, argv[++i]));
    else if (x === '--slice') a.slice = num(x, argv[++i]);
    else if (x === '--alloc-games') a.allocGames = Math.round(num(x, argv[++i]));
    else if (x.startsWith('-')) throw new UsageError(`unknown option ${x}; options: --base DIR, --rounds N, --slice SECONDS, --alloc-games N`);
    else a.games.push(x);
  }
  return a;
}

/** a checkout's engine for one game, at its largest player count, playing as `npm run bench` does */
async function checkout(name: string, root: string, game: string): Promise<{ run: Checkout; players: number }> {
  const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(`${root}/${path}`).href)) as T;
  const { compileGameDir } = await load<typeof import('../src/games.ts')>('src/games.ts');
  const { playout } = await load<typeof import('../src/agents/playout.ts')>('src/agents/playout.ts');
  // gameSeed(1, i) is deriveSeed(1, i) (src/simulate/run.ts): read from random-agent.ts, which older checkouts have too
  const { agentSeedFor, deriveSeed } = await load<typeof import('../src/agents/random-agent.ts')>('src/agents/random-agent.ts');
  const gameSeed = deriveSeed;
  const { engine, diagnostics } = compileGameDir(`${root}/rules/${game}`);
  if (engine === undefined) throw new Error(`${name}: ${game} does not compile (${diagnostics.length} diagnostics)`);
  const players = engine.maxPlayers;
  const seeds: number[] = [];
  const seedOf = (i: number): number => (seeds[i] ??= gameSeed(1, i));
  return { players, run: { name, play: (i) => playout(engine, { players, seed: seedOf(i), log: false }, agentSeedFor(seedOf(i)), { record: false }).steps } };
}

/** playouts per second of this process's CPU time (the machine is shared: wall time moves with
 *  the other jobs' load, CPU time much less), over `seconds` of wall time */
function slice(c: Checkout, seconds: number): number {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let games = 0;
  while (performance.now() - t0 < seconds * 1000) c.play(games++);
  const cpu = process.cpuUsage(cpu0);
  return games / ((cpu.user + cpu.system) / 1e6);
}

/** bytes allocated per playout over games 0..n-1 */
function allocation(c: Checkout, n: number): number {
  for (let i = 0; i < Math.min(n, 20); i++) c.play(i); // warm: compiled code, caches
  const profiler = new GCProfiler();
  const before = getHeapStatistics().used_heap_size;
  profiler.start();
  for (let i = 0; i < n; i++) c.play(i);
  const after = getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop();
  let freed = 0;
  for (const gc of statistics) freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  return (after - before + freed) / n;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const spread = (xs: number[], digits = 0): string => `${fmt(median(xs), digits)} (${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)})`;

async function main(): Promise<void> {
  // the generated code is measured from the first game on, not once it has tiered up (src/interpreter/tiering.ts)
  process.env['RULES_CODEGEN'] ??= 'eager';
  const a = parseArgs(process.argv.slice(2));
  const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  const games = a.games.length ? a.games : ['cash-n-guns', 'downtown', 'speakeasy', 'the-boss'];
  const rows: string[][] = [['game', 'players', 'new/s', 'base/s', 'new/base', 'new KB/playout', 'base KB/playout']];
  for (const game of games) {
    const mine = await checkout(basename(here), here, game);
    const runs = [mine.run];
    if (a.base) runs.push((await checkout('base', a.base, game)).run);
    const rates = runs.map((): number[] => []);
    const ratios: number[] = [];
    for (const r of runs) slice(r, Math.min(0.3, a.slice));
    for (let round = 0; round < a.rounds; round++) {
      process.stderr.write(`\r${game}: round ${round + 1}/${a.rounds}…`);
      const rate: number[] = [];
      for (let k = 0; k < runs.length; k++) {
        const at = (k + round) % runs.length;
        rate[at] = slice(runs[at]!, a.slice);
        rates[at]!.push(rate[at]!);
      }
      if (runs.length > 1) ratios.push(rate[0]! / rate[1]!);
    }
    process.stderr.write('\n');
    const kb = runs.map((r) => allocation(r, a.allocGames) / 1024);
    rows.push([game, String(mine.players), spread(rates[0]!), rates[1] ? spread(rates[1]) : '', ratios.length ? spread(ratios, 2) : '', fmt(kb[0]!, 1), kb[1] !== undefined ? fmt(kb[1], 1) : '']);
  }
  process.stdout.write(table(rows) + '\n');
  process.stdout.write(`playouts per CPU second: median (min–max) of ${a.rounds} interleaved rounds of ${a.slice} s; new/base taken within each round. KB/playout: allocated, over ${a.allocGames} playouts.\n`);
}

await runMain('bench:compare', main);
