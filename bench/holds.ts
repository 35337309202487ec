/**
 * `npx tsx bench/holds.ts`: does a condition hold every time the flow enters a rule, over random
 * games? The games are those of `rules simulate <game> --players N --games K --seed S` (the same
 * seeds and agents); the condition is an expression of the spec language with full knowledge,
 * checked where the rule begins, before its first effect (test/properties/holds-at.ts).
 *
 *   npx tsx bench/holds.ts speakeasy --at st-turn --players 4 --games 100 \
 *     --show 'map(seats, s => count(s.cityTiles))' 'all(seats, s => count(s.cityTiles) <= cityTileLimit(s))'
 *
 * Prints how many games and entries were checked, how many entries broke the condition and in how
 * many games, and the first few breaches (the game's seed, the entry, and --show's value there).
 * Exit code 1 when the condition was false anywhere, 2 for a bad command line.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { positive, runMain, UsageError } from './args.ts';
import { compileGameDir } from '../src/games.ts';
import { gameSeed } from '../src/cli/simulate.ts';
import { parseOptions } from '../src/cli/common.ts';
import type { EngineTools } from '../src/interpreter/api.ts';
import { checkGame, checkRule, HoldsAtUsage, type CheckedGame } from '../test/properties/holds-at.ts';

const SHOW_BREACHES = 5;
const USAGE = 'usage: bench/holds.ts <game> --at <rule> [--players N] [--games K] [--seed S] [--option k=v]… [--show <expr>] [--rules-dir DIR] <condition>';

interface Args {
  game: string;
  rule: string;
  condition: string;
  players?: number;
  games: number;
  seed: number;
  options: string[];
  show?: string;
  rulesDir: string;
}

function parseArgs(argv: string[]): Args {
  const words: string[] = [];
  const a: Partial<Args> & { options: string[] } = { games: 100, seed: 1, options: [], rulesDir: fileURLToPath(new URL('../rules/', import.meta.url)) };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${x} needs a value; ${USAGE}`);
      return v;
    };
    if (x === '--at') a.rule = value();
    else if (x === '--players') a.players = positive(x, value());
    else if (x === '--games') a.games = positive(x, value());
    else if (x === '--seed') a.seed = Number(value());
    else if (x === '--option') a.options.push(value());
    else if (x === '--show') a.show = value();
    else if (x === '--rules-dir') a.rulesDir = resolve(value());
    else if (x.startsWith('--')) throw new UsageError(`unknown option ${x}; ${USAGE}`);
    else words.push(x);
  }
  if (words.length !== 2 || a.rule === undefined) throw new UsageError(USAGE);
  if (!Number.isInteger(a.seed) || a.seed! < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got '${a.seed}'`);
  return { ...(a as Args), game: words[0]!, condition: words[1]! };
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const { engine, diagnostics } = compileGameDir(resolve(a.rulesDir, a.game));
  if (!engine) {
    const errors = diagnostics.filter((d) => d.severity === 'error').slice(0, 5);
    throw new UsageError(`${a.game} does not compile (run \`npx rules validate\`): ${errors.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`).join('; ')}`);
  }
  const tools = engine as EngineTools<unknown>;
  const players = a.players ?? tools.maxPlayers;
  if (players < tools.minPlayers || players > tools.maxPlayers) throw new UsageError(`--players: ${tools.id} is played by ${tools.minPlayers} to ${tools.maxPlayers} players`);
  let options;
  try {
    options = parseOptions(tools, a.options);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const games: CheckedGame[] = [];
  try {
    checkRule(tools, a.rule);
    for (let i = 0; i < a.games; i++) {
      games.push(checkGame(tools, { players, options, rule: a.rule, condition: a.condition, ...(a.show !== undefined ? { show: a.show } : {}) }, gameSeed(a.seed, i)));
    }
  } catch (e) {
    if (e instanceof HoldsAtUsage) throw new UsageError(e.message);
    throw e;
  }
  const entries = games.reduce((n, g) => n + g.entries, 0);
  const broken = games.filter((g) => g.breaches.length > 0);
  const breaches = broken.reduce((n, g) => n + g.breaches.length, 0);
  const opts = Object.entries(options).map(([k, v]) => ` ${k}=${String(v)}`).join('');
  process.stdout.write(`${tools.id}: ${games.length} games, ${players} players, seed ${a.seed}${opts ? `, options${opts}` : ''}\n`);
  process.stdout.write(`at '${a.rule}': ${a.condition}\n`);
  process.stdout.write(`${entries} entries checked; false at ${breaches} entries, in ${broken.length} of ${games.length} games\n`);
  let shown = 0;
  for (const [i, g] of games.entries()) {
    for (const b of g.breaches) {
      if (shown++ >= SHOW_BREACHES) break;
      process.stdout.write(`  game ${i} (seed ${g.seed}): entry ${b.entry}, after ${b.decisions} decisions${b.shown !== undefined ? `; ${a.show} = ${JSON.stringify(b.shown)}` : ''}\n`);
    }
  }
  if (breaches > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await runMain('bench/holds', main);
