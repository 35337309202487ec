/**
 * `rules validate`'s results kept between runs, one file per game under
 * node_modules/.cache/rules-validate/ (RULES_VALIDATE_CACHE: another folder, or `off`).
 *
 * Why it is sound: a game's check — the schema, the semantic checks, the quotes against the
 * seeds, the random games (seeded), its worked examples — is a function of the game folder's
 * files, its scenarios' folder, the seeds, and the engine's code and packages, and of nothing
 * else. The key hashes all of those (and the
 * working folder, which the printed paths are relative to, and the engine switches that pick a
 * compiler), so a result is reused only for the same inputs, and any saved file, changed seed,
 * edited source or new package version checks the game again. A result that depends on the
 * thread's stack (stackBound) is never kept. Like ESLint's `--cache` and tsc's incremental builds,
 * the kept files are trusted: `--no-cache` checks everything again.
 *
 * Best effort: a folder that cannot be made or written, or a kept file that cannot be read or is
 * not a result, is a miss, never an error. Files are written whole and renamed into place, so
 * runs side by side never read half a result.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderStamp } from '../folder-stamp.ts';
import { seedsDir } from '../loader/seeds.ts';
import { scenariosDirOf } from '../conformance/load.ts';
import { stackBound, type ValidatedGame } from './validate.ts';

/** bumped when what a kept file holds changes shape (2: the worked examples) */
const FORMAT = 2;
/** kept files at most: the oldest go first (a result is a few KB) */
export const MAX_KEPT = 256;

const root = fileURLToPath(new URL('../..', import.meta.url));
/** what the checks are made of besides the game folder: the engine's code, the schemas, the
 *  seeds the quotes are checked against, and the packages (the lockfile pins them) */
const ENGINE_INPUTS = [join(root, 'src'), join(root, 'schema'), seedsDir, join(root, 'package-lock.json')];

export interface ValidateCache {
  /** the kept result for a game folder (absolute path), if its inputs are unchanged */
  get(dir: string): ValidatedGame | undefined;
  /** keep a result just made (not one that depends on the thread's stack) */
  put(dir: string, game: ValidatedGame): void;
}

/** a hash of files and folders, each as folderStamp reads it (a file: its bytes) */
export function stampOf(paths: string[]): string {
  const h = createHash('sha1');
  for (const p of paths) {
    let file = false;
    try {
      file = statSync(p).isFile();
    } catch {
      // missing: folderStamp says so
    }
    h.update(`${p}\0${file ? createHash('sha1').update(readFileSync(p)).digest('hex') : folderStamp(p)}\0`);
  }
  return h.digest('hex');
}

/** the switches of the environment that choose how the engine runs (not what it finds) */
const ENGINE_SWITCHES = ['RULES_CODEGEN', 'RULES_SHARED_CALLS'];

/**
 * The cache, or undefined when it is off (RULES_VALIDATE_CACHE=off) or its folder cannot be made.
 * `engine` stands for the engine's inputs (tests give their own).
 */
export function openValidateCache(opts: { dir?: string; engine?: string[]; env?: NodeJS.ProcessEnv } = {}): ValidateCache | undefined {
  const env = opts.env ?? process.env;
  const setting = env['RULES_VALIDATE_CACHE'];
  if (setting === 'off') return undefined;
  const dir = resolve(opts.dir ?? (setting || join(root, 'node_modules', '.cache', 'rules-validate')));
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return undefined;
  }
  let engineStamp: string | undefined;
  const keyOf = (game: string): string => {
    engineStamp ??= stampOf(opts.engine ?? ENGINE_INPUTS);
    const switches = ENGINE_SWITCHES.map((k) => `${k}=${env[k] ?? ''}`).join(' ');
    const material = [FORMAT, process.version, process.cwd(), game, folderStamp(game), folderStamp(scenariosDirOf(game)), engineStamp, switches];
    return createHash('sha256').update(JSON.stringify(material)).digest('hex');
  };
  const fileOf = (key: string): string => join(dir, `${key}.json`);
  /** the key each game had when it was looked up (before its check read its files) */
  const before = new Map<string, string>();
  return {
    get(game) {
      const key = keyOf(game);
      before.set(game, key);
      try {
        const kept = JSON.parse(readFileSync(fileOf(key), 'utf8')) as { format?: unknown; game?: ValidatedGame };
        const g = kept.game;
        return kept.format === FORMAT && g !== undefined && g.dir === game && Array.isArray(g.diagnostics) ? g : undefined;
      } catch {
        return undefined;
      }
    },
    put(game, result) {
      if (stackBound(result)) return;
      // hashed again after the check: a file saved while it ran could belong to either key, so
      // such a result is not kept
      const key = keyOf(game);
      if (before.has(game) && before.get(game) !== key) return;
      try {
        const file = fileOf(key);
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify({ format: FORMAT, game: result }));
        renameSync(tmp, file);
        prune(dir);
      } catch {
        // a cache that cannot be written only costs the next run its time
      }
    },
  };
}

/** the oldest kept files beyond MAX_KEPT, removed */
function prune(dir: string): void {
  const kept = readdirSync(dir).filter((f) => f.endsWith('.json'));
  if (kept.length <= MAX_KEPT) return;
  const byAge = kept.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => a.t - b.t);
  for (const { f } of byAge.slice(0, kept.length - MAX_KEPT)) rmSync(join(dir, f), { force: true });
}
