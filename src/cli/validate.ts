/**
 * `rules validate [paths...]`: print diagnostics and a one-line summary; exit 1 on errors. Each
 * game without errors also runs its worked examples (the scenarios beside its rules folder): one
 * that fails or warns is printed at its place in the scenario, and the summary counts them after
 * the games' own errors and warnings (`0 errors, 0 warnings in 4 games; 184 worked examples: 2
 * fail`); a failing example exits 1 too.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { Diagnostic } from '../loader/diagnostics.ts';
import type { RandomGamesSize } from '../interpreter/smoke.ts';
import { formatDiagnostic, hasErrors, sortDiagnostics } from '../loader/diagnostics.ts';
import { examplesSummary, tallyExamples, type ExampleTally, type ScenarioOutcome } from '../conformance/report.ts';
import type { ChoiceProof, Json } from '../interpreter/api.ts';
import { parseIntArg, plural } from './common.ts';
import { UsageError, type CliContext, type GameChecked, type GameSource } from './context.ts';
import { quoted } from '../quote.ts';
import type { ValidateCache } from './validate-cache.ts';

/** One game as validate reports it: plain data, the same whether this thread or a worker thread checked it. */
export interface ValidatedGame {
  dir: string;
  noGame?: true;
  diagnostics: Diagnostic[];
  played?: Record<string, Json>[];
  randomGames?: RandomGamesSize;
  /** the engine's choice proofs (--verbose), when the game compiled */
  proofs?: ChoiceProof[];
  /** its worked examples (the scenarios beside the rules folder), run when the game has no error */
  examples?: ScenarioOutcome[];
}

/** `examples` runs a game's worked examples (GameSource.gameExamples) */
export function validatedGame(g: GameChecked, examples?: GameSource['gameExamples']): ValidatedGame {
  const proofs = (g.engine as { choiceProofs?: () => ChoiceProof[] } | undefined)?.choiceProofs?.();
  const ran = examples && g.engine && !hasErrors(g.diagnostics) ? examples(g.dir, g.engine) : [];
  return {
    dir: g.dir,
    ...(g.noGame ? { noGame: true as const } : {}),
    diagnostics: g.diagnostics,
    ...(g.played ? { played: g.played } : {}),
    ...(g.randomGames ? { randomGames: g.randomGames } : {}),
    ...(proofs ? { proofs } : {}),
    ...(ran.length > 0 ? { examples: ran } : {}),
  };
}

/**
 * A report that depends on the stack of the thread that made it: a file nested past what the
 * YAML parser's recursion can read (where it ran out of stack, or, on a worker thread's larger
 * stack, the depth limit instead), or any other run out of stack.
 */
const STACK_BOUND = /nest (?:more than \d+ levels deep|too deeply to read)|call stack/i;
export const stackBound = (g: ValidatedGame): boolean => g.diagnostics.some((d) => STACK_BOUND.test(d.message));

export interface ValidateReport {
  /** what is printed: the games' diagnostics and those of their failing or warning worked examples, sorted */
  diagnostics: Diagnostic[];
  /** the games' own errors and warnings (the worked examples are counted in `examples`) */
  errors: number;
  warnings: number;
  examples: ExampleTally;
  games: ValidatedGame[];
}

function checkPathsExist(paths: string[]): void {
  for (const p of paths) if (!existsSync(p)) throw new UsageError(`no such file or folder: ${quoted(p)}`);
}

function report(games: ValidatedGame[]): ValidateReport {
  const own = games.flatMap((g) => g.diagnostics);
  const examples = games.flatMap((g) => g.examples ?? []);
  const errors = own.filter((d) => d.severity === 'error').length;
  const diagnostics = sortDiagnostics([...own, ...examples.flatMap((e) => e.diagnostics)]);
  return { diagnostics, errors, warnings: own.length - errors, examples: tallyExamples(examples), games };
}

/** `examples: false` (--no-examples): the games' worked examples are not run */
export function runValidate(ctx: CliContext, paths: string[], examples = true): ValidateReport {
  checkPathsExist(paths);
  // each game is loaded, checked and compiled once: the diagnostics, the proofs and the settings played come from that one pass
  return report(ctx.games.checkGames(paths).map((g) => validatedGame(g, examples ? ctx.games.gameExamples : undefined)));
}

function withoutExamples(g: ValidatedGame | undefined, examples: boolean): ValidatedGame | undefined {
  if (!g || examples || g.examples === undefined) return g;
  const rest = { ...g };
  delete rest.examples;
  return rest;
}

/**
 * runValidate on `threads` threads, with results kept between runs (`cache`, validate-cache.ts):
 * each game folder whose inputs are unchanged is taken from the cache, the others are checked on
 * this thread and on worker threads (validate-pool.ts), and all are put back in the order one
 * thread checks them, so the report is the same. A game source that cannot say its folders is
 * checked on one thread, without the cache.
 */
export async function runValidateOn(ctx: CliContext, paths: string[], threads: number, cache?: ValidateCache, examples = true): Promise<ValidateReport> {
  checkPathsExist(paths);
  const targets = threads > 1 || cache ? ctx.games.checkTargets?.(paths) : undefined;
  if (!targets) return runValidate(ctx, paths, examples);
  const here = (dir: string): ValidatedGame => validatedGame(ctx.games.checkGames([dir])[0]!, examples ? ctx.games.gameExamples : undefined);
  // a kept result holds the examples' outcomes: without the examples, they are left out
  const games = targets.dirs.map((d) => withoutExamples(cache?.get(d), examples));
  const todo = targets.dirs.filter((_, i) => games[i] === undefined);
  let checked: ValidatedGame[];
  if (threads > 1 && todo.length >= 2) {
    const { checkOnThreads } = await import('./validate-pool.ts');
    checked = (await checkOnThreads(todo, Math.min(threads, todo.length), here, examples)).games;
  } else {
    checked = todo.map(here);
  }
  // only a whole check is kept (one without the examples is not)
  if (examples) todo.forEach((dir, k) => cache?.put(dir, checked[k]!));
  let k = 0;
  return report([...targets.failed.map((g) => validatedGame(g)), ...games.map((g) => g ?? checked[k++]!)]);
}

/**
 * One thread per two cores (and at most one per game: runValidateOn). One validate thread keeps
 * about one and a half cores busy — V8's garbage collector and compiler work beside it — and a
 * worker thread first loads the code and warms it up again: on this 2-core machine two threads
 * took more CPU time and no less wall time than one (bench:validate), so two cores get one.
 */
export function defaultThreads(cores: number = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

/** the most threads `validate --workers` takes */
export const MAX_VALIDATE_WORKERS = 64;

export function printValidate(ctx: CliContext, rep: ValidateReport): void {
  for (const d of rep.diagnostics) ctx.io.out(formatDiagnostic(d) + '\n');
  const examples = examplesSummary(rep.examples);
  ctx.io.out(`${plural(rep.errors, 'error')}, ${plural(rep.warnings, 'warning')} in ${plural(rep.games.filter((g) => !g.noGame).length, 'game')}${examples ? `; ${examples}` : ''}\n`);
}

/** `cache: false` (--no-cache): every game checked again, nothing kept */
/** `examples: false` (--no-examples): the schema and semantic checks and the random games only */
export async function validateCommand(ctx: CliContext, paths: string[], opts: { verbose?: boolean; workers?: string; cache?: boolean; examples?: boolean } = {}): Promise<number> {
  const all = paths.length > 0 ? paths : [ctx.defaultRulesDir];
  const threads = parseIntArg('--workers', opts.workers, 1, MAX_VALIDATE_WORKERS) ?? defaultThreads();
  // loaded here, not at start-up: it reads the seeds' index module, which the other commands need not load
  const cache = opts.cache === false ? undefined : (await import('./validate-cache.ts')).openValidateCache();
  const rep = await runValidateOn(ctx, all, threads, cache, opts.examples !== false);
  printValidate(ctx, rep);
  if (opts.verbose && rep.errors === 0) printDetails(ctx, rep);
  return rep.errors > 0 || rep.examples.fail > 0 ? 1 : 0;
}

/** per game, which choices are proven never empty, which rest on the random games, and the option settings those were played under */
function printDetails(ctx: CliContext, rep: ValidateReport): void {
  for (const g of [...rep.games].sort((a, b) => a.dir.localeCompare(b.dir))) {
    const name = basename(g.dir);
    const proofs = g.proofs;
    if (proofs) {
      const ids = (keep: (c: ChoiceProof) => boolean): string => proofs.filter(keep).map((c) => c.id).join(', ') || 'none';
      ctx.io.out(
        `${name}: ${plural(proofs.length, 'choice')}; never empty by their form: ${ids((c) => c.by === 'form')}; ` +
          `by their guards: ${ids((c) => c.by === 'guard')}; ` +
          `later steps of choices in steps: ${ids((c) => c.by === 'stages')}; ` +
          `tried in random games under every player count and option: ${ids((c) => !c.proven)}\n`,
      );
    }
    if (g.played) {
      const settings = g.played.map((o) => (Object.keys(o).length === 0 ? 'no options' : Object.entries(o).map(([k, v]) => `${k}=${String(v)}`).join(' ')));
      const r = g.randomGames;
      const replays = r && r.replays > 0 ? `; ${plural(r.replays, 'more game')} not played: each would replay one played before, its setting differing only in options that game never read` : '';
      const sized = r ? ` (${plural(r.games, 'game')}, ${r.decisions.toLocaleString('en')} decisions${replays})` : '';
      ctx.io.out(`${name}: random games under ${plural(settings.length, 'option setting')}${sized}: ${settings.join('; ')}\n`);
    }
  }
}
