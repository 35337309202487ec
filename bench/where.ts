/**
 * `npm run bench:where`: where a random playout's time goes, by part of the engine, for the
 * generated code and for the closures alone (RULES_CODEGEN=off's compiler), game by game.
 *
 * Each engine plays the games of `bench:playouts` (log off, no records) for --seconds under V8's
 * sampling profiler (node:inspector), after a warm-up; every sample's own time is given to the
 * part whose source it is in:
 *
 *   expressions   src/expr/, the compiled scope's bindings (src/interpreter/compile/), and the
 *                 generated functions of expressions (`f<n>`, and `h<n>` for function bodies)
 *   blocks        generated instruction blocks (`g<n>`)
 *   machine       src/interpreter/ outside compile/ (the instruction loop, choices, splits, state)
 *   effects       src/effects/ (each effect kind's run-time code)
 *   agent         src/agents/ and the RNG (pure-rand)
 *   gc            V8's garbage collector
 *   other         anything else (Node's own code, other packages)
 *
 * Why it is worth printing: the generated code replaces only expressions and blocks, so however
 * fast it makes them, a playout cannot get faster than its time outside those parts. "bound" is
 * that ceiling: a closures game's time over the generated game's time outside expressions and
 * blocks — the most "generated / closures" can reach, however good the generated functions get,
 * until more of the machine (choices, moves, splits, calls) is generated. (The rates here are
 * taken under the profiler, which slows both engines: bench:playouts gives the real ones.)
 *
 *   npm run bench:where                      # every game under rules/
 *   npm run bench:where -- the-boss --seconds 4 --json where.json
 */
import { Session } from 'node:inspector/promises';
import { existsSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { positive, runMain, UsageError } from './args.ts';
import { table } from './table.ts';
import { compileGameDir, gameDirsFor } from '../src/games.ts';
import { compileProgram } from '../src/interpreter/compile/index.ts';
import { makeEngine } from '../src/interpreter/engine.ts';
import { agentSeedFor } from '../src/agents/random-agent.ts';
import { playout } from '../src/agents/playout.ts';
import { gameSeed } from '../src/simulate/run.ts';
import type { Engine } from '../src/interpreter/api.ts';

const PARTS = ['expressions', 'blocks', 'machine', 'effects', 'agent', 'gc', 'other'] as const;
type Part = (typeof PARTS)[number];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** the part a profile node's own time belongs to */
export function partOf(url: string, functionName: string): Part | undefined {
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') return undefined;
  if (functionName === '(garbage collector)') return 'gc';
  const src = url.indexOf('/src/');
  if (src >= 0) {
    const path = url.slice(src + 5);
    if (path.startsWith('expr/') || path.startsWith('interpreter/compile/') || path.startsWith('codegen/')) return 'expressions';
    if (path.startsWith('interpreter/')) return 'machine';
    if (path.startsWith('effects/')) return 'effects';
    if (path.startsWith('agents/')) return 'agent';
    return 'other';
  }
  if (url.includes('/node_modules/pure-rand/')) return 'agent';
  // the generated source has no file: its functions are f<n> and h<n> (expressions: h<n> a spec
  // function's body taking its parameters as arguments) and g<n> (blocks)
  if (url === '' && /^[fh]\d+$/.test(functionName)) return 'expressions';
  if (url === '' && /^g\d+$/.test(functionName)) return 'blocks';
  return 'other';
}

/** each part's share of the profile's own time (idle and the profiler's own left out) */
export function shares(p: Profile): Record<Part, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const time: Record<Part, number> = Object.fromEntries(PARTS.map((k) => [k, 0])) as Record<Part, number>;
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]!);
    const part = n ? partOf(n.callFrame.url, n.callFrame.functionName) : undefined;
    if (part === undefined) continue;
    const dt = p.timeDeltas[i] ?? 0;
    time[part] += dt;
    total += dt;
  }
  for (const k of PARTS) time[k] = total > 0 ? time[k] / total : 0;
  return time;
}

function parseArgs(argv: string[]): { games: string[]; seconds: number; rulesDir: string; json?: string } {
  const a: { games: string[]; seconds: number; rulesDir: string; json?: string } = { games: [], seconds: 3, rulesDir: fileURLToPath(new URL('../rules', import.meta.url)) };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    if (x === '--seconds') a.seconds = positive(x, argv[++i]);
    else if (x === '--rules-dir') a.rulesDir = resolve(argv[++i] ?? '.');
    else if (x === '--json') a.json = argv[++i] ?? 'where.json';
    else if (x.startsWith('-')) throw new UsageError(`unknown option ${x}; options: --seconds N, --rules-dir DIR, --json FILE`);
    else a.games.push(x);
  }
  return a;
}

/** playouts for `seconds` from game `from` on; returns how many were played */
function play(engine: Engine, players: number, from: number, seconds: number): number {
  const end = performance.now() + seconds * 1000;
  let i = from;
  while (performance.now() < end) {
    const seed = gameSeed(1, i++);
    playout(engine, { players, seed, log: false }, agentSeedFor(seed), { record: false });
  }
  return i - from;
}

async function profiled(session: Session, engine: Engine, players: number, seconds: number): Promise<{ shares: Record<Part, number>; rate: number }> {
  play(engine, players, 0, Math.min(1, seconds / 2)); // warm-up: the JIT has seen the code before the profile
  await session.post('Profiler.start');
  const t0 = performance.now();
  const games = play(engine, players, 0, seconds);
  const wall = (performance.now() - t0) / 1000;
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  return { shares: shares(profile), rate: games / wall };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

async function main(): Promise<void> {
  // the generated code is measured from the first game on, not once it has tiered up (src/interpreter/tiering.ts)
  process.env['RULES_CODEGEN'] ??= 'eager';
  const a = parseArgs(process.argv.slice(2));
  const dirs = existsSync(a.rulesDir) ? gameDirsFor(a.rulesDir) : [];
  const found = new Map(dirs.map((d) => [basename(d), d]));
  const wanted = a.games.length > 0 ? a.games : [...found.keys()].sort();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  const rows: string[][] = [['game', 'engine', 'playouts/s', ...PARTS, 'bound']];
  const report: Record<string, unknown> = {};
  for (const id of wanted) {
    const dir = found.get(id);
    if (dir === undefined) throw new UsageError(`no game '${id}' under ${a.rulesDir}; games: ${[...found.keys()].join(', ')}`);
    const { engine, loaded } = compileGameDir(dir);
    if (!engine || !loaded) {
      rows.push([id, 'does not compile']);
      continue;
    }
    const closures = makeEngine(compileProgram(loaded, { codegen: false }).program!);
    const players = engine.maxPlayers;
    process.stderr.write(`${id}: ${players} players…\n`);
    const gen = await profiled(session, engine, players, a.seconds);
    const clo = await profiled(session, closures, players, a.seconds);
    // a generated game's time outside expressions and blocks stays, however fast those become
    const rest = (1 - gen.shares.expressions - gen.shares.blocks) / gen.rate;
    const bound = 1 / clo.rate / Math.max(1e-12, rest);
    for (const [name, r] of [['generated', gen], ['closures', clo]] as const) {
      rows.push([id, name, r.rate.toFixed(0), ...PARTS.map((k) => pct(r.shares[k])), name === 'generated' ? `${bound.toFixed(2)}×` : '']);
    }
    report[id] = { players, generated: gen, closures: clo, bound };
  }
  session.disconnect();
  console.log(table(rows, 2));
  console.log('shares of each engine\'s own CPU time (idle left out); playouts/s under the profiler (bench:playouts gives the real rates)');
  console.log('bound: the most "generated / closures" can reach if expressions and blocks cost nothing, the rest as the generated run spends it');
  if (a.json) writeFileSync(a.json, JSON.stringify(report, null, 2) + '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await runMain('bench:where', main);
