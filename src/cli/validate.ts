/** `rules validate [paths...]`: print diagnostics and a one-line summary; exit 1 on errors. */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { Diagnostic } from '../loader/diagnostics.ts';
import { formatDiagnostic, sortDiagnostics } from '../loader/diagnostics.ts';
import type { ChoiceProof } from '../interpreter/api.ts';
import { plural } from './common.ts';
import { UsageError, type CliContext } from './context.ts';

export interface ValidateReport {
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  games: ReturnType<CliContext['games']['checkGames']>;
}

export function runValidate(ctx: CliContext, paths: string[]): ValidateReport {
  for (const p of paths) if (!existsSync(p)) throw new UsageError(`no such file or folder: ${p}`);
  // each game is loaded, checked and compiled once: the diagnostics, the proofs and the settings played come from that one pass
  const games = ctx.games.checkGames(paths);
  const diagnostics = sortDiagnostics(games.flatMap((g) => g.diagnostics));
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { diagnostics, errors, warnings: diagnostics.length - errors, games };
}

export function printValidate(ctx: CliContext, rep: ValidateReport): void {
  for (const d of rep.diagnostics) ctx.io.out(formatDiagnostic(d) + '\n');
  ctx.io.out(`${plural(rep.errors, 'error')}, ${plural(rep.warnings, 'warning')} in ${plural(rep.games.filter((g) => !g.noGame).length, 'game')}\n`);
}

export async function validateCommand(ctx: CliContext, paths: string[], opts: { verbose?: boolean } = {}): Promise<number> {
  const all = paths.length > 0 ? paths : [ctx.defaultRulesDir];
  const rep = runValidate(ctx, all);
  printValidate(ctx, rep);
  if (opts.verbose && rep.errors === 0) printDetails(ctx, rep);
  return rep.errors > 0 ? 1 : 0;
}

/** per game, which choices are proven never empty, which rest on the random games, and the option settings those were played under */
function printDetails(ctx: CliContext, rep: ValidateReport): void {
  for (const g of [...rep.games].sort((a, b) => a.dir.localeCompare(b.dir))) {
    const name = basename(g.dir);
    const proofs = (g.engine as { choiceProofs?: () => ChoiceProof[] } | undefined)?.choiceProofs?.();
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
      const sized = g.randomGames ? ` (${plural(g.randomGames.games, 'game')}, ${g.randomGames.decisions.toLocaleString('en')} decisions)` : '';
      ctx.io.out(`${name}: random games under ${plural(settings.length, 'option setting')}${sized}: ${settings.join('; ')}\n`);
    }
  }
}
