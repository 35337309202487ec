/**
 * The editor's view of the games: which game (or scenario) a file belongs to, and its check with
 * the open buffers standing for the files on disk. The check is `rules validate`'s own
 * (src/games.ts), without the random games; nothing here writes a file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { loadScenario, runScenario } from '../conformance/index.ts';
import { compileGameDir, gameDirsFor, type GameCheck } from '../games.ts';
import type { Diagnostic } from '../loader/diagnostics.ts';
import { readYamlFile } from '../loader/yaml-file.ts';
import { buildSymbolIndex, type SymbolIndex } from './symbols.ts';

export type FileRole = { kind: 'rules'; gameDir: string } | { kind: 'scenario'; path: string; rulesDir: string };

export class Workspace {
  /** open buffers, by absolute path */
  readonly texts = new Map<string, string>();
  /** the last index of each game folder that loaded (kept while the game has errors, so names still work) */
  private readonly indexes = new Map<string, SymbolIndex>();

  /** What a file is: part of a game under rules/, or a scenario under test/conformance/ (undefined: neither). */
  roleOf(path: string): FileRole | undefined {
    const abs = resolve(path);
    if (!abs.endsWith('.yaml')) return undefined;
    const parts = abs.split(sep);
    const t = parts.lastIndexOf('conformance');
    if (t > 0 && parts[t - 1] === 'test') return { kind: 'scenario', path: abs, rulesDir: join(parts.slice(0, t - 1).join(sep) || sep, 'rules') };
    if (!existsSync(abs) && !this.texts.has(abs)) return undefined;
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

  /** Check one game folder with the open buffers; the diagnostics of each of its files (every file listed, even with none). */
  checkGame(gameDir: string): { check: GameCheck; byFile: Map<string, Diagnostic[]> } {
    const check = compileGameDir(gameDir, { smoke: false, texts: this.texts });
    if (check.loaded) this.indexes.set(resolve(gameDir), buildSymbolIndex(check.loaded));
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
    const { check } = this.checkGame(gameDir);
    return [...loaded.diagnostics, ...runScenario(loaded, { opened: check })];
  }

  /** The names of a game (checking it first when it has not been). */
  index(gameDir: string): SymbolIndex | undefined {
    const key = resolve(gameDir);
    if (!this.indexes.has(key)) {
      const check = compileGameDir(gameDir, { smoke: false, texts: this.texts });
      if (check.loaded) this.indexes.set(key, buildSymbolIndex(check.loaded));
    }
    return this.indexes.get(key);
  }

  /** The text of a file: the open buffer, else the disk. */
  textOf(path: string): string | undefined {
    const abs = resolve(path);
    const open = this.texts.get(abs);
    if (open !== undefined) return open;
    try {
      return readFileSync(abs, 'utf8');
    } catch {
      return undefined;
    }
  }

  private scenarioGame(path: string): string | undefined {
    const data = readYamlFile(path, this.texts.get(path)).data as { game?: unknown } | undefined;
    return typeof data?.game === 'string' ? data.game : basename(dirname(path));
  }
}
