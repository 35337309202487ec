/**
 * What the CLI commands need from the outside world, injectable for tests:
 * where games come from (GameSource) and where text goes (CliIO).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine, Json } from '../interpreter/api.ts';
import type { Diagnostic } from '../loader/diagnostics.ts';
import type { RandomGamesSize } from '../interpreter/smoke.ts';
import type { Spec } from '../loader/types.generated.ts';
import type { ScenarioOutcome } from '../conformance/report.ts';
import type { Prompter } from './prompter.ts';

/** one game folder (or a path that stands for none), checked */
export interface GameChecked {
  dir: string;
  noGame?: true;
  engine?: Engine;
  diagnostics: Diagnostic[];
  played?: Record<string, Json>[];
  randomGames?: RandomGamesSize;
}

export interface GameSource {
  /** ids of the games under rulesDir */
  listGames(rulesDir: string): string[];
  validatePaths(paths: string[]): Diagnostic[];
  /** each game the paths stand for, loaded, checked and compiled once */
  checkGames(paths: string[]): GameChecked[];
  /** what checkGames would check: the paths that stand for no game (checked) and the game folders
   *  (sorted), for `validate --workers` to check elsewhere; a source without it is checked in one thread */
  checkTargets?(paths: string[]): { failed: GameChecked[]; dirs: string[] };
  /** the worked examples of the game in `dir` (the scenarios beside its rules folder), run on its engine;
   *  a source without it has none */
  gameExamples?(dir: string, engine: Engine): ScenarioOutcome[];
  /** `spec`, when given, is the checked spec of the engine (the terminal screen reads its names and texts) */
  openGame(rulesDir: string, id: string): { engine?: Engine; diagnostics: Diagnostic[]; spec?: Spec };
}

export interface CliIO {
  /** write to stdout (no newline added) */
  out(text: string): void;
  /** write to stderr (no newline added) */
  err(text: string): void;
  /** is stderr a terminal (progress bar) */
  errIsTTY: boolean;
  /** is stdout a terminal (screen clearing in `play`) */
  outIsTTY: boolean;
  /** the terminal's columns, when stdout is a terminal (`play` uses its width) */
  columns?(): number | undefined;
  /** the stream cli-progress draws on (stderr) */
  errStream?: NodeJS.WritableStream;
  /** call `handler` on Ctrl-C (SIGINT) instead of being killed, until the returned function is called */
  onInterrupt?(handler: () => void): () => void;
}

export interface CliContext {
  games: GameSource;
  /** when set, called once before a command runs to provide `games` (lazy: --help and usage
   *  errors work even when the spec pipeline fails to load) */
  loadGames?: () => Promise<GameSource>;
  io: CliIO;
  /** default rules folder when no --rules-dir is given */
  defaultRulesDir: string;
  /** the terminal prompts of `play` (tests inject scripted ones) */
  prompter?: Prompter;
  /** current time in ms, for rates in readable outputs only */
  now?: () => number;
  /** a seed nobody at the table can know (default: crypto randomness); `play` seeds its random
   *  seats from it when a human plays, so their moves do not follow from the game seed */
  secretSeed?: () => number;
}

/** Bad command line: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Stop with an exit code after the message (if any) has been printed. */
export class CliExit extends Error {
  override readonly name = 'CliExit';
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** `rules/` in the current directory if it exists, else the package's own `rules/`. */
export function defaultRulesDir(): string {
  const here = resolve(process.cwd(), 'rules');
  if (existsSync(here)) return here;
  return fileURLToPath(new URL('../../rules', import.meta.url));
}

export function processIO(): CliIO {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    errIsTTY: process.stderr.isTTY === true,
    outIsTTY: process.stdout.isTTY === true,
    columns: () => (process.stdout.isTTY === true ? process.stdout.columns : undefined),
    errStream: process.stderr,
    onInterrupt: (handler) => {
      process.on('SIGINT', handler);
      return () => void process.off('SIGINT', handler);
    },
  };
}

const notLoaded = (): never => {
  throw new Error('internal: the game source is not loaded yet');
};

export function defaultContext(): CliContext {
  return {
    games: { listGames: notLoaded, validatePaths: notLoaded, checkGames: notLoaded, openGame: notLoaded },
    loadGames: async () => ({ ...(await import('../games.ts')), gameExamples: (await import('./examples-source.ts')).gameExamples }) as GameSource,
    io: processIO(),
    defaultRulesDir: defaultRulesDir(),
    now: () => performance.now(),
  };
}

/** io that collects everything, for tests */
export function bufferIO(): CliIO & { stdout: () => string; stderr: () => string } {
  let o = '';
  let e = '';
  return {
    out: (t) => void (o += t),
    err: (t) => void (e += t),
    errIsTTY: false,
    outIsTTY: false,
    stdout: () => o,
    stderr: () => e,
  };
}
