/**
 * The one door from the outside (CLI, tests, bench, docgen) to the specs: find games,
 * validate them, and open one as a runnable Engine.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { EngineTools, Json } from './interpreter/api.ts';
import { compileProgram } from './interpreter/compile/index.ts';
import { makeEngine } from './interpreter/engine.ts';
import { smokeGames, smokeSettings, type RandomGamesSize } from './interpreter/smoke.ts';
import { folderStamp } from './folder-stamp.ts';
import { MAX_SMOKE_SETTINGS } from './limits.ts';
import { quoted } from './quote.ts';
import { hasErrors, sortDiagnostics, type Diagnostic } from './loader/diagnostics.ts';
import { findGameDirs, hasGameSection, loadSpecFolder, ruleNodes, type LoadedSpec, type TextOverlay } from './loader/load-folder.ts';
import type { Spec } from './loader/types.generated.ts';

/** ids of the games under rulesDir (folder names) */
export function listGames(rulesDir: string): string[] {
  if (!existsSync(rulesDir)) return [];
  return findGameDirs(rulesDir).map((d) => basename(d)).sort();
}

/** One game folder, checked: its engine when it compiles, and the option settings its random games were played under. */
export interface GameCheck {
  dir: string;
  /** a path that stands for no game (missing, or not a rules file or folder): no game was checked */
  noGame?: true;
  engine?: EngineTools;
  diagnostics: Diagnostic[];
  /** with random games: the option settings played (the covering set, with the player count as one of its factors) */
  played?: Record<string, Json>[];
  /** with random games: how many were played, and the decisions made in them (sized by what they open: smokeGames) */
  randomGames?: RandomGamesSize;
  /** the checked spec the engine was made from (its public declarations: names and texts for screens) */
  spec?: Spec;
  /** the loaded spec with its positions (file:line:col of any node), when it loaded */
  loaded?: LoadedSpec;
}

/**
 * Load, check and compile one game folder — once per process for the same files: validate, the
 * simulations and the site generator of one command all ask for the same games, so the result is
 * kept under a hash of the folder's files (a saved file makes a new one, as in `npm start`). The
 * random validation games run on top, once. `texts` stands for some files' contents (an
 * editor's unsaved buffers, by absolute path).
 */
export function compileGameDir(dir: string, opts: { smoke?: boolean; texts?: TextOverlay } = {}): GameCheck {
  const key = resolve(dir);
  const texts = opts.texts ?? new Map<string, string>();
  const stamp = folderStamp(key, texts);
  let entry = checked.get(key);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, check: checkOnce(dir, texts) };
    checked.set(key, entry);
  }
  if (!opts.smoke || !entry.check.engine) return entry.check;
  entry.smoked ??= withSmoke(dir, entry.check);
  return entry.smoked;
}

const checked = new Map<string, { stamp: string; check: GameCheck; smoked?: GameCheck }>();

function checkOnce(dir: string, texts: TextOverlay): GameCheck {
  const loaded = loadSpecFolder(dir, texts);
  const diagnostics = [...loaded.diagnostics];
  if (!loaded.spec || hasErrors(diagnostics)) return { dir, diagnostics: sortDiagnostics(diagnostics) };
  const compiled = compileProgram(loaded.spec);
  diagnostics.push(...compiled.diagnostics);
  if (!compiled.program) return { dir, diagnostics: sortDiagnostics(diagnostics) };
  const engine = makeEngine(compiled.program);
  return { dir, engine, diagnostics: sortDiagnostics(diagnostics), spec: loaded.spec.spec, loaded: loaded.spec };
}

function withSmoke(dir: string, check: GameCheck): GameCheck {
  const spec = check.loaded!;
  const engine = check.engine!;
  const diagnostics = [...check.diagnostics];
  const settings = smokeSettings(engine);
  if (settings > MAX_SMOKE_SETTINGS) {
    const options = spec.spec.options;
    diagnostics.push({
      ...(options ? spec.where(options) : spec.where(spec.spec.game ?? spec.spec, 'players')),
      severity: 'error',
      message: `the player counts and option settings make ${settings.toLocaleString('en')} settings to try; at most ${MAX_SMOKE_SETTINGS.toLocaleString('en')} are allowed`,
      hint: 'validate plays random games under every player count and a covering set of option settings: use fewer options, or number options',
    });
    return { ...check, diagnostics: sortDiagnostics(diagnostics) };
  }
  const smoke = smokeGames(engine);
  for (const f of smoke.failures) {
    const node = f.rule ? ruleNodes(spec.spec).find((e) => e.node.id === f.rule)?.node : undefined;
    const at = f.at ?? (node ? spec.where(node, f.key && f.key in node ? f.key : 'id') : { file: spec.files[0] ?? dir, line: 1, col: 1 });
    diagnostics.push({ ...at, severity: 'error', message: `a random playout failed: ${f.message}`, ...(f.hint ? { hint: f.hint } : {}) });
  }
  const randomGames = { games: smoke.games.length, decisions: smoke.games.reduce((n, g) => n + g.decisions, 0), replays: smoke.replays.length };
  return { ...check, diagnostics: sortDiagnostics(diagnostics), played: smoke.played, randomGames };
}

/** Load, check and compile a game by id; engine is undefined when there are errors; `spec` is
 *  the checked spec it was made from (its public declarations: names and texts for screens). */
export function openGame(rulesDir: string, id: string): { engine?: EngineTools; diagnostics: Diagnostic[]; spec?: Spec } {
  const dir = join(rulesDir, id);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    const known = listGames(rulesDir);
    return {
      diagnostics: [{ file: relative(process.cwd(), dir) || dir, line: 1, col: 1, severity: 'error', message: `no game '${quoted(id)}' in ${rulesDir}`, hint: `known games: ${known.join(', ') || 'none'}` }],
    };
  }
  return compileGameDir(dir);
}

/**
 * Validate paths: a folder of games, one game folder, or a YAML file (its game folder is checked).
 * After the static checks, each game that compiles is played by random seats under a covering
 * set of option settings and player counts, more where the games still open new choices
 * (smokeGames), so a choice that leaves someone without a legal answer, or a flow that never
 * ends, is reported with the rule that caused it.
 */
export function validatePaths(paths: string[], opts: { smoke?: boolean } = {}): Diagnostic[] {
  return sortDiagnostics(checkGames(paths, opts).flatMap((g) => g.diagnostics));
}

/** Each game the paths stand for, checked once (a path that does not exist is one failed check). */
export function checkGames(paths: string[], opts: { smoke?: boolean } = {}): GameCheck[] {
  const { failed, dirs } = checkTargets(paths);
  const out = [...failed];
  for (const dir of dirs) out.push(compileGameDir(dir, { smoke: opts.smoke !== false }));
  return out;
}

/**
 * What checkGames checks, before it does: the paths that stand for no game (their failed checks,
 * in the order given) and the game folders, sorted — so the folders can be checked elsewhere
 * (worker threads of `validate --workers`) and put back in this order.
 */
export function checkTargets(paths: string[]): { failed: GameCheck[]; dirs: string[] } {
  const dirs = new Set<string>();
  const failed: GameCheck[] = [];
  for (const p of paths) {
    if (!existsSync(p)) {
      failed.push({ dir: p, noGame: true, diagnostics: [{ file: p, line: 1, col: 1, severity: 'error', message: 'no such file or folder' }] });
      continue;
    }
    const abs = resolve(p);
    const st = statSync(abs);
    if (!st.isFile() && !st.isDirectory()) {
      failed.push({ dir: p, noGame: true, diagnostics: [{ file: relative(process.cwd(), abs) || p, line: 1, col: 1, severity: 'error', message: 'this is neither a file nor a folder (a device, a pipe or a socket)', hint: 'give a folder of games (such as rules/), one game folder, or one of its .yaml files' }] });
      continue;
    }
    const notRules = notARulesPath(abs);
    if (notRules) {
      failed.push({ dir: p, noGame: true, diagnostics: [{ file: relative(process.cwd(), abs) || p, line: 1, col: 1, severity: 'error', message: notRules, hint: 'give a folder of games (such as rules/), one game folder, or one of its .yaml files' }] });
      continue;
    }
    for (const d of gameDirsFor(p)) dirs.add(d);
  }
  return { failed, dirs: [...dirs].sort() };
}

/**
 * The game folders a path stands for — the one place that decides it: a YAML file → its game
 * folder (the nearest folder holding a `game:` section); a game folder → itself; any other
 * folder → the game folders below it (or itself, to be reported, when it holds none).
 */
export function gameDirsFor(path: string): string[] {
  const abs = resolve(path);
  if (statSync(abs).isFile()) return [gameDirOf(abs)];
  if (isGameDir(abs)) return [abs];
  const below = findGameDirs(abs).map((d) => resolve(d));
  return below.length > 0 ? below : [abs];
}

/** why a path given to validate is no rules path (a file that is not YAML, a folder with no game), if it is not */
function notARulesPath(abs: string): string | undefined {
  if (statSync(abs).isFile()) {
    if (!abs.endsWith('.yaml')) return 'this is not a rules file: rules files end in .yaml';
    return isGameDir(gameDirOf(abs)) ? undefined : 'this file is in no rules folder: no folder above it holds a game: section';
  }
  const hasYaml = readdirSync(abs).some((f) => f.endsWith('.yaml'));
  if (hasYaml || findGameDirs(abs).length > 0) return undefined;
  return 'this is not a rules folder: it holds no .yaml files and no game folders';
}

/** a game folder holds its `game:` section in a YAML file directly inside it */
function isGameDir(dir: string): boolean {
  try {
    return readdirSync(dir).some((f) => f.endsWith('.yaml') && hasGameSection(join(dir, f)));
  } catch {
    return false;
  }
}

/** the game folder a YAML file belongs to: the nearest ancestor that is a game folder */
function gameDirOf(file: string): string {
  let dir = dirname(file);
  while (dir !== dirname(dir)) {
    if (isGameDir(dir)) return dir;
    dir = dirname(dir);
  }
  return dirname(file);
}
