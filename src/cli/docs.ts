/**
 * `rules docs [--rules-dir rules] [--out site]`: validate every game, then generate the rules
 * site (VitePress pages in English and Chinese) into the output folder. Any spec error: the
 * diagnostics as file:line:col, nothing written, exit 1.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { examplesSummary, tallyExamples } from '../conformance/report.ts';
import { formatDiagnostic, sortDiagnostics } from '../loader/diagnostics.ts';
import { plural, rulesDirOf } from './common.ts';
import { UsageError, type CliContext } from './context.ts';

/** an --out the site cannot go to, said before the games are checked and played (seconds):
 *  the nearest part of the path that exists must be a folder */
function checkOutDir(outDir: string): void {
  let at = outDir;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  if (existsSync(at) && !statSync(at).isDirectory()) throw new UsageError(`--out: ${at} is a file, not a folder; give the folder the site is written to`);
}

export interface DocsOptions {
  rulesDir?: string;
  out?: string;
}

export async function docsCommand(ctx: CliContext, o: DocsOptions): Promise<number> {
  const rulesDir = rulesDirOf(ctx, o.rulesDir);
  const outDir = resolve(o.out ?? 'site');
  checkOutDir(outDir);
  const { generateSite, DocgenError, percent } = await import('../docgen/index.ts');
  // the Simulations pages' games and charts (cached per game; see src/docgen/simulations/)
  const { prepareSimulations } = await import('../docgen/simulations/prepare.ts');
  const simulations = await prepareSimulations(rulesDir);
  // each game's search games, measured, for its page on how the assumed numbers were checked (cached alike)
  const { prepareChecks } = await import('../docgen/checks/prepare.ts');
  const checks = prepareChecks(rulesDir);
  let result;
  try {
    const { buildPlayEngine } = await import('../web/bundle.ts');
    result = generateSite({ rulesDir, outDir, simulations, checks, playEngine: buildPlayEngine() });
  } catch (e) {
    if (e instanceof DocgenError) {
      ctx.io.err(`error: ${e.message}\n`);
      return 1;
    }
    // the folder could not be written (no permission, a full disk): nothing of it was changed
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
      ctx.io.err(`error: cannot write the site to ${outDir}: ${(e as Error).message}; nothing in it was changed\n`);
      return 1;
    }
    throw e;
  }
  // a failing worked example does not stop the site (its page says so), but it is said here too
  const examples = result.examples.flatMap((e) => e.diagnostics);
  for (const d of sortDiagnostics([...result.diagnostics, ...examples])) ctx.io.err(formatDiagnostic(d) + '\n');
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    ctx.io.err(`error: the site was not generated: ${plural(errors, 'error')} in the rules\n`);
    return 1;
  }
  const shown = relative(process.cwd(), outDir) || '.';
  for (const f of result.files) ctx.io.out(`${shown}/${f}\n`);
  const site = result.site!;
  const coverage = site.seeds.map((s) => `${s.info.id} ${percent(s)} (${s.cited}/${s.ruleBearing})`).join(', ');
  ctx.io.out(
    `wrote ${plural(result.files.length, 'file')} to ${shown}/ for ${plural(site.games.length, 'game')} and ${plural(site.seeds.length, 'source text')} in English and Chinese (Simplified and Traditional)` +
      (coverage ? `; coverage: ${coverage}` : '') +
      (result.examples.length > 0 ? `; ${examplesSummary(tallyExamples(result.examples))}` : '') +
      '\n',
  );
  return 0;
}
