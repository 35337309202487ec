/**
 * Every game the property tests and `npm run fuzz` play: the rules under rules/ and the
 * interpreter's fixtures with hidden things, each with every player count and option set.
 * Nothing here names a game: folders are discovered.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineTools, Json } from '../../src/interpreter/api.ts';
import { compileGameDir, listGames } from '../../src/games.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import type { Program } from '../../src/interpreter/program.ts';
import { loadSpecFolder } from '../../src/loader/load-folder.ts';

const RULES_DIR = fileURLToPath(new URL('../../rules/', import.meta.url));
/** fixture folders holding games written to exercise hidden information */
const FIXTURE_DIRS = [fileURLToPath(new URL('../fixtures/interpreter/', import.meta.url)), fileURLToPath(new URL('../fixtures/hidden/', import.meta.url))];

export interface GameUnderTest {
  /** folder name, for messages */
  id: string;
  dir: string;
  engine: EngineTools<unknown>;
  /** the compiled declarations, for the tests' own model of what a seat may see */
  program: Program;
  /** every player count and option set (bools both ways, listed values each) */
  configs: { players: number; options: Record<string, Json> }[];
  /** the loaded spec (merged files), for the tests' own reading of rules such as the outcome */
  spec: Record<string, unknown>;
}

/** every game folder: rules/* first, then the fixtures with hidden things */
export function gameDirs(): string[] {
  const dirs = listGames(RULES_DIR).map((id) => join(RULES_DIR, id));
  for (const base of FIXTURE_DIRS) {
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) dirs.push(join(base, name));
  }
  return dirs;
}

const cache = new Map<string, GameUnderTest>();

export function openForTest(dir: string): GameUnderTest {
  const hit = cache.get(dir);
  if (hit) return hit;
  const { engine, diagnostics } = compileGameDir(dir);
  const loaded = loadSpecFolder(dir);
  const program = loaded.spec ? compileProgram(loaded.spec).program : undefined;
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!engine || !program || errors.length > 0) throw new Error(`${dir} does not compile:\n${errors.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`).join('\n')}`);
  const spec = loaded.spec!.spec as unknown as Record<string, unknown>;
  const g: GameUnderTest = { id: dir.split('/').filter(Boolean).pop()!, dir, engine, program, configs: configsOf(engine), spec };
  cache.set(dir, g);
  return g;
}

export function allGames(): GameUnderTest[] {
  return gameDirs().map(openForTest);
}

/** the cartesian product of the options' values, for each player count */
export function configsOf(engine: EngineTools<unknown>): { players: number; options: Record<string, Json> }[] {
  let sets: Record<string, Json>[] = [{}];
  for (const o of engine.options) {
    const values: Json[] = o.values ?? (o.type === 'bool' ? [false, true] : [o.default]);
    sets = sets.flatMap((set) => values.map((v) => ({ ...set, [o.id]: v })));
  }
  const out: { players: number; options: Record<string, Json> }[] = [];
  for (let players = engine.minPlayers; players <= engine.maxPlayers; players++) for (const options of sets) out.push({ players, options });
  return out;
}
