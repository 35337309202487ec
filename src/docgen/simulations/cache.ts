/**
 * The cache of the Simulations pages: one JSON file per game, named by a hash of everything the
 * page depends on — the game's YAML files (bytes), the engine and page sources (src/ files that
 * run or draw the games), the chart libraries' versions and the simulation parameters. An
 * unchanged game is not simulated again; any change to one of those makes a new file.
 *
 * Default folder: node_modules/.cache/rules-simulations/ of this project (ignored by git, kept
 * between builds, removed by a fresh `npm ci`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version as vegaVersion } from 'vega';
import { version as vegaLiteVersion } from 'vega-lite';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_CACHE_DIR = join(projectRoot, 'node_modules', '.cache', 'rules-simulations');

/** the src/ folders and files whose code decides what a simulation page shows */
const ENGINE_SOURCES = ['src/interpreter', 'src/expr', 'src/agents', 'src/loader', 'src/stats', 'src/docgen/simulations', 'src/simulate'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => filesUnder(join(path, e.name)));
}

let engineHash: string | undefined;

/** one hash of the engine and page sources and the chart libraries (computed once per process) */
function engineSourcesHash(): string {
  if (engineHash !== undefined) return engineHash;
  const h = createHash('sha256');
  for (const f of ENGINE_SOURCES.flatMap((p) => filesUnder(join(projectRoot, p))).filter((f) => f.endsWith('.ts'))) {
    h.update(relative(projectRoot, f)).update('\0').update(readFileSync(f)).update('\0');
  }
  h.update(`vega@${vegaVersion} vega-lite@${vegaLiteVersion}\0`);
  return (engineHash = h.digest('hex'));
}

/** the cache key of a game folder's simulations with these parameters */
export function simulationKey(gameDir: string, params: Record<string, unknown>): string {
  const h = createHash('sha256');
  h.update(engineSourcesHash()).update('\0').update(JSON.stringify(params)).update('\0');
  for (const f of filesUnder(gameDir).filter((f) => /\.ya?ml$/.test(f))) h.update(relative(gameDir, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 32);
}

export function readCached<T>(cacheDir: string, game: string, key: string): T | undefined {
  const file = join(cacheDir, `${game}-${key}.json`);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined; // a damaged file is simulated again and replaced
  }
}

/** files kept per game: older versions of a game (earlier edits) are removed beyond this */
const KEEP_PER_GAME = 6;

/** write atomically (builds running side by side never read half a file), then prune old versions */
export function writeCached(cacheDir: string, game: string, key: string, value: unknown): void {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `${game}-${key}.json`);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, file);
  const mine = new RegExp(`^${game.replace(/[^a-z0-9]/g, '\\$&')}-[0-9a-f]{32}\\.json$`);
  const old = readdirSync(cacheDir)
    .filter((n) => mine.test(n))
    .map((n) => ({ n, t: statSync(join(cacheDir, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
    .slice(KEEP_PER_GAME);
  for (const { n } of old) rmSync(join(cacheDir, n), { force: true });
}
