/**
 * The editor's view of the games: which game (or scenario) a file belongs to, and its check with
 * the open buffers standing for the files on disk. The check is `rules validate`'s own
 * (src/games.ts: load, then compile), without the random games, made incrementally: only a
 * changed file is parsed again, and a change of prose only is not compiled again (`check`);
 * nothing here writes a file.
 */
import { existsSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../limits.ts';
import { readTextFile } from '../file-io.ts';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { loadScenario, runScenario } from '../conformance/index.ts';
import { gameDirsFor, type GameCheck } from '../games.ts';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../loader/diagnostics.ts';
import type { Spec } from '../loader/types.generated.ts';
import { compileProgram } from '../interpreter/compile/index.ts';
import { makeEngine } from '../interpreter/engine.ts';
import { proseOnlyChange, replaced } from './compile-reuse.ts';
import { readYamlFile } from '../loader/yaml-file.ts';
import { loadSpecFolder, type LoadedSpec } from '../loader/load-folder.ts';
import { FragmentCache } from './fragment-cache.ts';
import { expressionScopes, type ExpressionScopes } from './scopes.ts';
import { buildSymbolIndex, type SymbolIndex } from './symbols.ts';

export type FileRole = { kind: 'rules'; gameDir: string } | { kind: 'scenario'; path: string; rulesDir: string };

interface GameNames {
  /** the buffers' version it was made from */
  version: number;
  loaded: LoadedSpec;
  index: SymbolIndex;
  scopes?: ExpressionScopes;
}

export class Workspace {
  /** open buffers, by absolute path (change them with setText / dropText) */
  readonly texts = new Map<string, string>();
  /** bumped on every change of a buffer */
  private version = 0;
  /** per game folder, the names of the last version that loaded (kept while a version does not, so names still work) */
  private readonly names = new Map<string, GameNames>();
  /** every rules file read, with the text it was read from: only a changed file is parsed again */
  readonly fragments = new FragmentCache();
  /** per game folder: the spec its last compile was of, and what the compiler said of it */
  private readonly compiled = new Map<string, { spec: Spec; diagnostics: Diagnostic[] }>();
  /** checks that said again what the compile before said (a change of prose only), for tests and the bench */
  compilesReused = 0;

  setText(path: string, text: string): void {
    this.texts.set(resolve(path), text);
    this.version++;
  }

  dropText(path: string): void {
    this.texts.delete(resolve(path));
    this.version++;
  }

  /** What a file is: part of a game under rules/, or a scenario under test/conformance/ (undefined: neither). */
  roleOf(path: string): FileRole | undefined {
    const abs = resolve(path);
    if (!abs.endsWith('.yaml')) return undefined;
    const parts = abs.split(sep);
    const t = parts.lastIndexOf('conformance');
    if (t > 0 && parts[t - 1] === 'test') return { kind: 'scenario', path: abs, rulesDir: join(parts.slice(0, t - 1).join(sep) || sep, 'rules') };
    if (!parts.includes('rules') || (!existsSync(abs) && !this.texts.has(abs))) return undefined;
    const dir = existsSync(abs) ? gameDirsFor(abs)[0] : dirname(abs);
    return dir ? { kind: 'rules', gameDir: dir } : undefined;
  }

  /** The game folder a file's names come from. */
  gameDirOf(path: string): string | undefined {
    const role = this.roleOf(path);
    if (!role) return undefined;
    if (role.kind === 'rules') return role.gameDir;
    const game = this.scenarioGame(role.path);
    return game ? join(role.rulesDir, game) : undefined;
  }

  /**
   * Check one game folder with the open buffers; the diagnostics of each of its files (every file
   * listed, even with none). `engine`: the check must bring the game's engine (a scenario runs on it).
   */
  checkGame(gameDir: string, opts: { engine?: boolean } = {}): { check: GameCheck; byFile: Map<string, Diagnostic[]> } {
    const check = this.check(gameDir, opts.engine === true);
    if (check.loaded) this.remember(gameDir, check.loaded);
    const byFile = new Map<string, Diagnostic[]>();
    for (const f of this.index(gameDir)?.files ?? []) byFile.set(resolve(f), []);
    for (const d of check.diagnostics) {
      const p = resolve(d.file);
      byFile.set(p, [...(byFile.get(p) ?? []), d]);
    }
    return { check, byFile };
  }

  /** A scenario's own problems, then what running it against its game (with the open buffers) finds. */
  checkScenario(path: string, rulesDir: string): Diagnostic[] {
    const loaded = loadScenario(path, this.texts.get(resolve(path)));
    const game = loaded.scenario?.game;
    if (!game || loaded.diagnostics.some((d) => d.severity === 'error')) return loaded.diagnostics;
    const gameDir = join(rulesDir, game);
    if (!existsSync(gameDir)) return [...loaded.diagnostics, ...runScenario(loaded, { rulesDir })];
    const { check } = this.checkGame(gameDir, { engine: true });
    return [...loaded.diagnostics, ...runScenario(loaded, { opened: check })];
  }

  /**
   * `validate`'s check of a game without its random games (src/games.ts), made again after each
   * change from the files that changed only (fragment-cache.ts), and with the compile's diagnostics
   * of the check before when the change touched only prose (compile-reuse.ts).
   */
  private check(gameDir: string, engine: boolean): GameCheck {
    const key = resolve(gameDir);
    const loaded = loadSpecFolder(gameDir, this.texts, { loadFile: this.fragments.load });
    const diagnostics = [...loaded.diagnostics];
    if (!loaded.spec || hasErrors(diagnostics)) {
      this.compiled.delete(key);
      return { dir: gameDir, diagnostics: sortDiagnostics(diagnostics) };
    }
    const spec = loaded.spec;
    const before = this.compiled.get(key);
    if (!engine && before !== undefined) {
      const map = proseOnlyChange(before.spec, spec.spec);
      const again = map && replaced(before.diagnostics, map, spec);
      if (again) {
        this.compiled.set(key, { spec: spec.spec, diagnostics: again });
        this.compilesReused++;
        return { dir: gameDir, diagnostics: sortDiagnostics([...diagnostics, ...again]), spec: spec.spec, loaded: spec };
      }
    }
    const compiled = compileProgram(spec);
    this.compiled.set(key, { spec: spec.spec, diagnostics: compiled.diagnostics });
    diagnostics.push(...compiled.diagnostics);
    const out: GameCheck = { dir: gameDir, diagnostics: sortDiagnostics(diagnostics), spec: spec.spec, loaded: spec };
    return compiled.program ? { ...out, engine: makeEngine(compiled.program) } : out;
  }

  /** The names of a game: of the buffers as they are now when they load, else of the last version that did. */
  index(gameDir: string): SymbolIndex | undefined {
    return this.current(gameDir)?.index;
  }

  /** The names in scope at each expression of the game (the compiler's scopes), made when first asked for. */
  scopes(gameDir: string): ExpressionScopes | undefined {
    const names = this.current(gameDir);
    if (names) names.scopes ??= expressionScopes(names.loaded);
    return names?.scopes;
  }

  private current(gameDir: string): GameNames | undefined {
    const key = resolve(gameDir);
    const known = this.names.get(key);
    if (known && known.version === this.version) return known;
    // the same loader as the check (a version with errors in its rules still loads; one with YAML or schema errors does not)
    const loaded = loadSpecFolder(gameDir, this.texts, { loadFile: this.fragments.load }).spec;
    if (loaded) return this.remember(gameDir, loaded);
    if (known) known.version = this.version;
    return known;
  }

  private remember(gameDir: string, loaded: LoadedSpec): GameNames {
    const names: GameNames = { version: this.version, loaded, index: buildSymbolIndex(loaded) };
    this.names.set(resolve(gameDir), names);
    return names;
  }

  /** The text of a file: the open buffer, else the disk. */
  textOf(path: string): string | undefined {
    const abs = resolve(path);
    const open = this.texts.get(abs);
    if (open !== undefined) return open;
    try {
      return readTextFile(abs, MAX_FILE_BYTES);
    } catch {
      return undefined;
    }
  }

  private scenarioGame(path: string): string | undefined {
    const data = readYamlFile(path, this.texts.get(path)).data as { game?: unknown } | undefined;
    return typeof data?.game === 'string' ? data.game : basename(dirname(path));
  }
}
