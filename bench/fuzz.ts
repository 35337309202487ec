/**
 * `npm run fuzz`: random games of every game under rules/ (10^5 each by default), every player
 * count and option set in turn, each decision checked by the invariants of
 * test/properties/invariants.ts (every card once, vars of their declared types, counts never
 * negative, scores and winners as the outcome rules say, the end within the decision budget).
 * Plays on the fast path (log off, nextSeat + pickAction + applyInPlace). Prints games/s,
 * decisions checked, failures (the first few in full), and the range each number var took.
 *
 *   npm run fuzz                               # every game, 100000 games each
 *   npm run fuzz -- downtown --games 20000 --seed 1 --workers 2
 *
 * Exit code 1 when any game breaks an invariant.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { DEFAULT_MAX_STEPS } from '../src/agents/playout.ts';
import { listGames } from '../src/games.ts';
import type { State } from '../src/interpreter/state.ts';
import { openForTest } from '../test/properties/games.ts';
import { makeChecker, playChecked, signedVars } from '../test/properties/invariants.ts';
import { testRng } from '../test/properties/worlds.ts';

const RULES_DIR = fileURLToPath(new URL('../rules/', import.meta.url));
const SHOW_FAILURES = 5;

interface Job {
  game: string;
  games: number;
  seed: number;
  shard: number;
  shards: number;
}

interface Tally {
  games: number;
  decisions: number;
  maxDecisions: number;
  failures: number;
  messages: string[];
  /** var -> [min, max] over every step */
  ranges: Record<string, [number, number]>;
  seconds: number;
}

/** Play the games of one shard (game i when i % shards === shard). */
function runShard(job: Job): Tally {
  const g = openForTest(`${RULES_DIR}${job.game}`);
  const deps = { program: g.program, engine: g.engine, spec: g.spec, maxSteps: DEFAULT_MAX_STEPS };
  const checker = makeChecker(deps);
  const p = g.program;
  const t: Tally = { games: 0, decisions: 0, maxDecisions: 0, failures: 0, messages: [], ranges: {}, seconds: 0 };
  // the range of each number var: [global vars..., seat vars...] by declaration index
  const names = [...p.vars.map((d) => d.id), ...p.seatVars.map((d) => `seat.${d.id}`)];
  const isNumber = [...p.vars, ...p.seatVars].map((d) => d.type === 'number');
  const lo = new Float64Array(names.length).fill(Infinity);
  const hi = new Float64Array(names.length).fill(-Infinity);
  const note = (k: number, x: unknown) => {
    if (typeof x === 'number') {
      if (x < lo[k]!) lo[k] = x;
      if (x > hi[k]!) hi[k] = x;
    } else if (Array.isArray(x)) for (const y of x) note(k, y);
  };
  const offset = p.vars.length;
  // the ranges are read through the checker's step: wrap it
  const ranged = {
    begin(s: State) {
      const c = checker.begin(s);
      return {
        step(x: State) {
          c.step(x);
          for (let i = 0; i < offset; i++) if (isNumber[i]) note(i, x.g[i]);
          for (const st of x.seats) for (let i = 0; i < st.v.length; i++) if (isNumber[offset + i]) note(offset + i, st.v[i]);
        },
        end: c.end,
      };
    },
  };
  const t0 = performance.now();
  for (let i = job.shard; i < job.games; i += job.shards) {
    const cfg = g.configs[i % g.configs.length]!;
    const seed = (job.seed + i) >>> 0 || 1;
    const rng = testRng(seed ^ 0x9e3779b9);
    try {
      const n = playChecked(deps, ranged, { ...cfg, seed }, (k) => Math.floor(rng() * k));
      t.decisions += n;
      if (n > t.maxDecisions) t.maxDecisions = n;
    } catch (err) {
      t.failures++;
      if (t.messages.length < SHOW_FAILURES) t.messages.push((err as Error).message);
    }
    t.games++;
  }
  t.seconds = (performance.now() - t0) / 1000;
  names.forEach((name, k) => {
    if (lo[k]! <= hi[k]!) t.ranges[name] = [lo[k]!, hi[k]!];
  });
  return t;
}

function merge(ts: Tally[]): Tally {
  const out: Tally = { games: 0, decisions: 0, maxDecisions: 0, failures: 0, messages: [], ranges: {}, seconds: 0 };
  for (const t of ts) {
    out.games += t.games;
    out.decisions += t.decisions;
    out.maxDecisions = Math.max(out.maxDecisions, t.maxDecisions);
    out.failures += t.failures;
    out.messages.push(...t.messages.slice(0, SHOW_FAILURES - out.messages.length));
    out.seconds = Math.max(out.seconds, t.seconds);
    for (const [k, [a, b]] of Object.entries(t.ranges)) {
      const r = out.ranges[k];
      out.ranges[k] = r ? [Math.min(r[0], a), Math.max(r[1], b)] : [a, b];
    }
  }
  return out;
}

function parseArgs(argv: string[]): { games: string[]; count: number; seed: number; workers: number } {
  const games: string[] = [];
  let count = 100_000;
  let seed = 1;
  let workers = Math.min(2, availableParallelism());
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const num = (name: string) => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) throw new Error(`${name} needs a whole number, got ${argv[i]}`);
      return v;
    };
    if (a === '--games') count = num('--games');
    else if (a === '--seed') seed = num('--seed');
    else if (a === '--workers') workers = Math.max(1, Math.min(num('--workers'), availableParallelism()));
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}; options: --games N, --seed N, --workers N`);
    else games.push(a);
  }
  const known = listGames(RULES_DIR);
  for (const id of games) if (!known.includes(id)) throw new Error(`no game '${id}' under rules/; games: ${known.join(', ')}`);
  return { games: games.length ? games : known, count, seed, workers };
}

const fmt = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<number> {
  const { games, count, seed, workers } = parseArgs(process.argv.slice(2));
  console.log(`fuzz: ${fmt(count)} games per game, seeds from ${seed}, ${workers} worker(s); every decision checked\n`);
  let failed = 0;
  for (const game of games) {
    const t0 = performance.now();
    const jobs: Job[] = Array.from({ length: workers }, (_, shard) => ({ game, games: count, seed, shard, shards: workers }));
    const tallies =
      workers === 1
        ? [runShard(jobs[0]!)]
        : await Promise.all(
            jobs.map(
              (job) =>
                new Promise<Tally>((resolve, reject) => {
                  const w = new Worker(new URL('./fuzz-worker.mjs', import.meta.url), { workerData: job });
                  w.once('message', (t: Tally) => resolve(t));
                  w.once('error', reject);
                  w.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
                }),
            ),
          );
    const t = merge(tallies);
    const wall = (performance.now() - t0) / 1000;
    const g = openForTest(`${RULES_DIR}${game}`);
    const signed = signedVars(g.spec);
    console.log(`${game}: ${fmt(t.games)} games, ${fmt(t.decisions)} decisions checked, ${t.failures} failures`);
    console.log(`  ${fmt(t.games / wall, 1)} games/s, ${fmt(t.decisions / wall)} decisions/s (${fmt(wall, 1)} s wall), ${fmt(t.decisions / Math.max(1, t.games), 1)} decisions/game, at most ${fmt(t.maxDecisions)} (budget ${fmt(DEFAULT_MAX_STEPS)})`);
    console.log(`  configurations: ${g.configs.length} (player counts × option sets), played in turn`);
    const ranges = Object.entries(t.ranges).sort(([a], [b]) => a.localeCompare(b));
    console.log(`  number vars (min..max; * = a count, checked never below 0): ${ranges.map(([k, [a, b]]) => `${k}${signed.has(k.replace(/^seat\./, '')) ? '' : '*'} ${a}..${b}`).join(', ')}`);
    for (const m of t.messages) console.log(`  FAILURE: ${m}`);
    console.log('');
    if (t.failures > 0) failed++;
  }
  return failed > 0 ? 1 : 0;
}

if (isMainThread) {
  main().then(
    (code) => (process.exitCode = code),
    (err: Error) => {
      console.error(`fuzz: ${err.message}`);
      process.exitCode = 2;
    },
  );
} else {
  parentPort!.postMessage(runShard(workerData as Job));
}
