/**
 * `npm run bench:playouts` (the first part of `npm run bench`): random playouts per second of
 * every game under rules/, at its maximum player count, for each engine that plays it, compared
 * fairly:
 *
 *   interpreter   the spec through src/ (playout() with random agents, as `rules simulate`): its
 *                 expressions as generated code (src/codegen/)
 *   closures      the same, every expression a closure (the fallback, RULES_CODEGEN=off): the
 *                 ratio "generated / closures" is what the code generator gains
 *   reference     bench/reference/<game>.ts — hand-written, playing the *same games* (same RNG
 *                 draws, same cards, same agent choices: test/bench/ checks it)
 *   lower bound   bench/reference/<game>.lower-bound.ts — hand-written with less work (cheaper
 *                 RNG, counts instead of cards): not the same games, a floor for what is possible
 *
 * The engines are interleaved: each of --rounds rounds gives every engine one --slice of time in
 * turn (the order rotating from round to round), all from the same seeds (game i of a slice has
 * config seed gameSeed(1, i), as simulate's game i). Each figure is the median of the rounds with
 * its spread (min–max); the ratios are taken within each round (the same machine load) and their
 * median reported. A loaded machine moves all the figures; the ratios move less.
 *
 *   npm run bench:playouts                          # every game under rules/
 *   npm run bench:playouts -- the-boss --rounds 9 --slice 0.5 --json bench.json
 *   npm run bench:playouts -- --rules-dir DIR --players 4
 *   npm run bench:playouts -- --cpu                 # per CPU second: steadier when other work shares the cores
 */
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { basename, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { positive, runMain, UsageError } from './args.ts';
import { table } from './table.ts';
import { compileGameDir, gameDirsFor } from '../src/games.ts';
import { compileProgram } from '../src/interpreter/compile/index.ts';
import { makeEngine } from '../src/interpreter/engine.ts';
import { agentSeedFor } from '../src/agents/random-agent.ts';
import { playout } from '../src/agents/playout.ts';
import { gameSeed } from '../src/simulate/run.ts';
import type { ReferencePlayout } from './reference/contract.ts';

type LowerBound = (players: number, seed: number) => { actions: number };

interface EngineRun {
  name: string;
  /** play game `i` of the run; the decisions it took */
  play: (i: number) => number;
}

interface Figure {
  samples: number[];
  median: number;
  min: number;
  max: number;
}

interface GameBench {
  game: string;
  players: number;
  /** playouts/s per engine */
  playouts: Record<string, Figure>;
  /** decisions per playout per engine, over the games it played (seeds from game 0 on: a faster
   *  engine plays more of them, so engines playing the same games come close, not equal) */
  actionsPerGame: Record<string, number>;
  /** interpreter/reference etc., per round */
  ratios: Record<string, Figure>;
  error?: string;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const figure = (samples: number[]): Figure => ({ samples, median: median(samples), min: Math.min(...samples), max: Math.max(...samples) });

/** play games 0, 1, 2, … for `seconds`; playouts/s (of wall time, or with `cpu` of this process's CPU time) and decisions taken */
function slice(run: EngineRun, seconds: number, cpu = false): { rate: number; games: number; actions: number } {
  const budget = seconds * 1000;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let games = 0;
  let actions = 0;
  let now = t0;
  while (now - t0 < budget) {
    actions += run.play(games);
    games++;
    now = performance.now();
  }
  const used = process.cpuUsage(c0);
  const ms = cpu ? (used.user + used.system) / 1000 : now - t0;
  return { rate: games / (ms / 1000), games, actions };
}

interface Args {
  games: string[];
  rounds: number;
  slice: number;
  rulesDir: string;
  players?: number;
  json?: string;
  /** rates per CPU second of this process rather than per wall second (steadier when other work shares the cores) */
  cpu: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { games: [], rounds: 7, slice: 0.4, rulesDir: fileURLToPath(new URL('../rules', import.meta.url)), cpu: false };
  const num = positive;
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    if (x === '--rounds') a.rounds = Math.round(num(x, argv[++i]));
    else if (x === '--slice') a.slice = num(x, argv[++i]);
    else if (x === '--players') a.players = Math.round(num(x, argv[++i]));
    else if (x === '--rules-dir') a.rulesDir = resolve(argv[++i] ?? '.');
    else if (x === '--json') a.json = argv[++i] ?? 'bench.json';
    else if (x === '--cpu') a.cpu = true;
    else if (x.startsWith('-')) throw new UsageError(`unknown option ${x}; options: --rounds N, --slice SECONDS, --players N, --rules-dir DIR, --json FILE, --cpu`);
    else a.games.push(x);
  }
  return a;
}

const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const fmtFigure = (f: Figure | undefined, digits = 0): string => (f ? `${fmt(f.median, digits)} (${fmt(f.min, digits)}–${fmt(f.max, digits)})` : '');

async function enginesOf(id: string, dir: string, players: number): Promise<EngineRun[] | string> {
  const { engine, diagnostics, loaded } = compileGameDir(dir);
  if (engine === undefined || loaded === undefined) return `does not compile (${diagnostics.filter((d) => d.severity === 'error').length} errors)`;
  const seeds: number[] = [];
  const seedOf = (i: number): number => (seeds[i] ??= gameSeed(1, i));
  const closuresProgram = compileProgram(loaded, { codegen: false }).program;
  if (closuresProgram === undefined) return 'does not compile with closures only';
  const closures = makeEngine(closuresProgram);
  const runs: EngineRun[] = [
    { name: 'interpreter', play: (i) => playout(engine, { players, seed: seedOf(i), log: false }, agentSeedFor(seedOf(i)), { record: false }).steps },
    { name: 'closures', play: (i) => playout(closures, { players, seed: seedOf(i), log: false }, agentSeedFor(seedOf(i)), { record: false }).steps },
  ];
  const ref = fileURLToPath(new URL(`./reference/${id}.ts`, import.meta.url));
  if (existsSync(ref)) {
    const mod = (await import(pathToFileURL(ref).href)) as { playout: ReferencePlayout };
    runs.push({ name: 'reference', play: (i) => mod.playout(players, seedOf(i), agentSeedFor(seedOf(i))).steps });
  }
  const low = fileURLToPath(new URL(`./reference/${id}.lower-bound.ts`, import.meta.url));
  if (existsSync(low)) {
    const mod = (await import(pathToFileURL(low).href)) as { playout: LowerBound };
    runs.push({ name: 'lower bound', play: (i) => mod.playout(players, seedOf(i)).actions });
  }
  return runs;
}

async function benchGame(id: string, dir: string, a: Args): Promise<GameBench> {
  const { engine } = compileGameDir(dir);
  const players = Math.min(a.players ?? engine?.maxPlayers ?? 0, engine?.maxPlayers ?? 0);
  const out: GameBench = { game: id, players, playouts: {}, actionsPerGame: {}, ratios: {} };
  const runs = await enginesOf(id, dir, players);
  if (typeof runs === 'string') return { ...out, error: runs };
  const rates: Record<string, number[]> = {};
  const ratios: Record<string, number[]> = {};
  const totals: Record<string, { games: number; actions: number }> = {};
  try {
    // warm-up: the JIT sees every engine before the first timed slice
    for (const r of runs) slice(r, Math.min(0.3, a.slice));
    for (let round = 0; round < a.rounds; round++) {
      process.stderr.write(`\r${id}: ${players} players, round ${round + 1}/${a.rounds}…`);
      const rate: Record<string, number> = {};
      for (let k = 0; k < runs.length; k++) {
        const r = runs[(k + round) % runs.length]!;
        const s = slice(r, a.slice, a.cpu);
        rate[r.name] = s.rate;
        (rates[r.name] ??= []).push(s.rate);
        const t = (totals[r.name] ??= { games: 0, actions: 0 });
        t.games += s.games;
        t.actions += s.actions;
      }
      for (const other of ['closures', 'reference', 'lower bound']) {
        if (rate[other] !== undefined) (ratios[`interpreter/${other}`] ??= []).push(rate['interpreter']! / rate[other]!);
      }
      // what generated code as fast as the hand-written same-games reference would gain over the
      // closures: the most a code generator can show in generated/closures short of beating it
      if (rate['reference'] !== undefined && rate['closures'] !== undefined) (ratios['reference/closures'] ??= []).push(rate['reference']! / rate['closures']!);
    }
  } catch (e) {
    return { ...out, error: (e as Error).message };
  } finally {
    process.stderr.write('\n');
  }
  for (const [name, xs] of Object.entries(rates)) out.playouts[name] = figure(xs);
  for (const [name, t] of Object.entries(totals)) out.actionsPerGame[name] = t.actions / Math.max(t.games, 1);
  for (const [name, xs] of Object.entries(ratios)) out.ratios[name] = figure(xs);
  return out;
}

async function main(): Promise<void> {
  // the generated code is measured from the first game on, not once it has tiered up (src/interpreter/tiering.ts)
  process.env['RULES_CODEGEN'] ??= 'eager';
  const a = parseArgs(process.argv.slice(2));
  const dirs = existsSync(a.rulesDir) ? gameDirsFor(a.rulesDir) : [];
  const found = new Map(dirs.map((d) => [basename(d), d]));
  const ids = a.games.length ? a.games : [...found.keys()].sort();
  const results: GameBench[] = [];
  for (const id of ids) {
    const dir = found.get(id);
    if (dir === undefined) throw new UsageError(`no game '${id}' under ${a.rulesDir}; games: ${[...found.keys()].join(', ')}`);
    results.push(await benchGame(id, dir, a));
  }
  const rows: string[][] = [['game', 'players', 'interpreter/s', 'closures/s', 'generated/closures', 'reference/s', 'ref/closures', 'lower bound/s', 'interp/ref', 'interp/lower', 'actions/game']];
  for (const r of results) {
    if (r.error) {
      rows.push([r.game, String(r.players), `error: ${r.error}`, '', '', '', '', '', '', '', '']);
      continue;
    }
    rows.push([
      r.game,
      String(r.players),
      fmtFigure(r.playouts['interpreter']),
      fmtFigure(r.playouts['closures']),
      fmtFigure(r.ratios['interpreter/closures'], 2),
      fmtFigure(r.playouts['reference']),
      fmtFigure(r.ratios['reference/closures'], 2),
      fmtFigure(r.playouts['lower bound']),
      fmtFigure(r.ratios['interpreter/reference'], 3),
      fmtFigure(r.ratios['interpreter/lower bound'], 3),
      fmt(r.actionsPerGame['interpreter'] ?? 0, 1),
    ]);
  }
  process.stdout.write(`${availableParallelism()} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} at the end (the figures move with the load; the ratios less)\n\n`);
  process.stdout.write(table(rows) + '\n');
  process.stdout.write(
    `playouts/s${a.cpu ? ' of CPU time' : ''}: median (min–max) of ${a.rounds} interleaved rounds of ${a.slice} s per engine; ratios taken within each round.\n` +
      'interpreter = expressions as generated code; closures = the same engine with every expression a closure (RULES_CODEGEN=off).\n' +
      'reference = hand-written, the same games (test/bench/); lower bound = hand-written with less work, other games.\n' +
      'ref/closures = reference / closures: what generated code as fast as the hand-written same games would show as generated/closures.\n',
  );
  if (a.json) {
    const doc = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: availableParallelism(),
      loadavg: loadavg(),
      rounds: a.rounds,
      slice: a.slice,
      clock: a.cpu ? 'cpu' : 'wall',
      games: results,
    };
    writeFileSync(a.json, JSON.stringify(doc, null, 2) + '\n');
    process.stdout.write(`figures written to ${a.json}\n`);
  }
}

await runMain('bench:playouts', main);
