/**
 * The one door from the outside (CLI, tests, bench, docgen) to the specs: find games,
 * validate them, and open one as a runnable Engine.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { EngineTools } from './interpreter/api.ts';
import { compileProgram } from './interpreter/compile/index.ts';
import { makeEngine } from './interpreter/engine.ts';
import { smokeGames, smokeSettings } from './interpreter/smoke.ts';
import { MAX_SMOKE_SETTINGS } from './limits.ts';
import { hasErrors, sortDiagnostics, type Diagnostic } from './spec/diagnostics.ts';
import { findGameDirs, loadSpecFolder, ruleNodes } from './spec/load-spec.ts';

/** ids of the games under rulesDir (folder names) */
export function listGames(rulesDir: string): string[] {
  if (!existsSync(rulesDir)) return [];
  return findGameDirs(rulesDir).map((d) => basename(d)).sort();
}

/** Load, check and compile one game folder. */
export function compileGameDir(dir: string, opts: { smoke?: boolean } = {}): { engine?: EngineTools; diagnostics: Diagnostic[] } {
  const loaded = loadSpecFolder(dir);
  const diagnostics = [...loaded.diagnostics];
  if (!loaded.spec || hasErrors(diagnostics)) return { diagnostics: sortDiagnostics(diagnostics) };
  const compiled = compileProgram(loaded.spec);
  diagnostics.push(...compiled.diagnostics);
  if (!compiled.program) return { diagnostics: sortDiagnostics(diagnostics) };
  const engine = makeEngine(compiled.program);
  if (opts.smoke) {
    const spec = loaded.spec;
    const settings = smokeSettings(engine);
    if (settings > MAX_SMOKE_SETTINGS) {
      const options = spec.spec.options;
      diagnostics.push({
        ...(options ? spec.where(options) : spec.where(spec.spec.game ?? spec.spec, 'players')),
        severity: 'error',
        message: `the player counts and option values make ${settings.toLocaleString('en')} settings to try; at most ${MAX_SMOKE_SETTINGS.toLocaleString('en')} are allowed`,
        hint: 'validate plays random games under every player count and every bool or enumerated option: use fewer options, or number options',
      });
      return { engine, diagnostics: sortDiagnostics(diagnostics) };
    }
    for (const f of smokeGames(engine)) {
      const node = f.rule ? ruleNodes(spec.spec).find((e) => e.node.id === f.rule)?.node : undefined;
      const at = f.at ?? (node ? spec.where(node, f.key && f.key in node ? f.key : 'id') : { file: spec.files[0] ?? dir, line: 1, col: 1 });
      diagnostics.push({ ...at, severity: 'error', message: `a random playout failed: ${f.message}`, ...(f.hint ? { hint: f.hint } : {}) });
    }
  }
  return { engine, diagnostics: sortDiagnostics(diagnostics) };
}

/** Load, check and compile a game by id; engine is undefined when there are errors. */
export function openGame(rulesDir: string, id: string): { engine?: EngineTools; diagnostics: Diagnostic[] } {
  const dir = join(rulesDir, id);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    const known = listGames(rulesDir);
    return {
      diagnostics: [{ file: relative(process.cwd(), dir) || dir, line: 1, col: 1, severity: 'error', message: `no game '${id}' in ${rulesDir}`, hint: `known games: ${known.join(', ') || 'none'}` }],
    };
  }
  return compileGameDir(dir);
}

/**
 * Validate paths: a folder of games, one game folder, or a YAML file (its game folder is checked).
 * After the static checks, each game that compiles is played a few times by random seats under
 * every player count and bool option, so a choice that leaves someone without a legal answer,
 * or a flow that never ends, is reported with the rule that caused it.
 */
export function validatePaths(paths: string[], opts: { smoke?: boolean } = {}): Diagnostic[] {
  const dirs = new Set<string>();
  const out: Diagnostic[] = [];
  for (const p of paths) {
    if (!existsSync(p)) {
      out.push({ file: p, line: 1, col: 1, severity: 'error', message: 'no such file or folder' });
      continue;
    }
    const abs = resolve(p);
    const notRules = notARulesPath(abs);
    if (notRules) {
      out.push({ file: relative(process.cwd(), abs) || p, line: 1, col: 1, severity: 'error', message: notRules, hint: 'give a folder of games (such as rules/), one game folder, or one of its .yaml files' });
      continue;
    }
    if (statSync(abs).isFile()) dirs.add(gameDirOf(abs));
    else if (isGameDir(abs)) dirs.add(abs);
    else if (findGameDirs(abs).length > 0) for (const d of findGameDirs(abs)) dirs.add(resolve(d));
    else dirs.add(abs);
  }
  for (const dir of [...dirs].sort()) {
    out.push(...compileGameDir(dir, { smoke: opts.smoke !== false }).diagnostics);
  }
  return sortDiagnostics(out);
}

/**
 * Why a path is no rules folder (so validate does not load every YAML file around it), or
 * undefined: a file that is not .yaml, a .yaml file in no game folder, or a folder with no .yaml
 * files of its own and no game folders in it.
 */
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
    return readdirSync(dir).some((f) => f.endsWith('.yaml') && /^game:/m.test(readFileSync(join(dir, f), 'utf8')));
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
