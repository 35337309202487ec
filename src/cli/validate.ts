/** `rules validate [paths...]`: print diagnostics and a one-line summary; exit 1 on errors. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Diagnostic } from '../spec/diagnostics.ts';
import { formatDiagnostic } from '../spec/diagnostics.ts';
import type { ChoiceProof } from '../interpreter/api.ts';
import { plural } from './common.ts';
import { UsageError, type CliContext } from './context.ts';

const isYaml = (f: string): boolean => /\.ya?ml$/i.test(f);

/** the game folders a path stands for: a YAML file → its folder; a folder with YAML files → itself; else its games */
export function gameDirsOf(ctx: CliContext, path: string): string[] {
  const abs = resolve(path);
  const st = statSync(abs);
  if (st.isFile()) return isYaml(abs) ? [dirname(abs)] : []; // any other file is no game (validate says so)
  if (readdirSync(abs).some(isYaml)) return [abs];
  try {
    return ctx.games.listGames(abs).map((id) => resolve(abs, id));
  } catch {
    return [];
  }
}

export interface ValidateReport {
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  games: number;
}

export function runValidate(ctx: CliContext, paths: string[]): ValidateReport {
  for (const p of paths) if (!existsSync(p)) throw new UsageError(`no such file or folder: ${p}`);
  const dirs = new Set<string>();
  for (const p of paths) for (const d of gameDirsOf(ctx, p)) dirs.add(d);
  const diagnostics = ctx.games.validatePaths(paths);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { diagnostics, errors, warnings: diagnostics.length - errors, games: dirs.size };
}

export function printValidate(ctx: CliContext, rep: ValidateReport): void {
  for (const d of rep.diagnostics) ctx.io.out(formatDiagnostic(d) + '\n');
  ctx.io.out(`${plural(rep.errors, 'error')}, ${plural(rep.warnings, 'warning')} in ${plural(rep.games, 'game')}\n`);
}

export async function validateCommand(ctx: CliContext, paths: string[], opts: { verbose?: boolean } = {}): Promise<number> {
  const all = paths.length > 0 ? paths : [ctx.defaultRulesDir];
  const rep = runValidate(ctx, all);
  printValidate(ctx, rep);
  if (opts.verbose && rep.errors === 0) printProofs(ctx, all);
  return rep.errors > 0 ? 1 : 0;
}

/** per game, which choices are proven never empty, and which rest on the random games */
function printProofs(ctx: CliContext, paths: string[]): void {
  const dirs = new Set<string>();
  for (const p of paths) for (const d of gameDirsOf(ctx, p)) dirs.add(d);
  for (const dir of [...dirs].sort()) {
    const { engine } = ctx.games.openGame(dirname(dir), basename(dir));
    const proofs = (engine as { choiceProofs?: () => ChoiceProof[] } | undefined)?.choiceProofs?.();
    if (!proofs) continue;
    const ids = (keep: (c: ChoiceProof) => boolean): string => proofs.filter(keep).map((c) => c.id).join(', ') || 'none';
    ctx.io.out(
      `${basename(dir)}: ${plural(proofs.length, 'choice')}; never empty by their form: ${ids((c) => c.by === 'form')}; ` +
        `by their guards: ${ids((c) => c.by === 'guard')}; ` +
        `tried in random games under every player count and option: ${ids((c) => !c.proven)}\n`,
    );
  }
}
