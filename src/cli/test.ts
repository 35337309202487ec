/**
 * `rules test [scenario files, folders or games…]`: run conformance scenarios (the files under
 * test/conformance/<game>/ beside the rules folder) and print each one's result with the same
 * `file:line:col` reports as the conformance test suite. No argument: every scenario. A scenario
 * passes when it has no problem at all; as in the suite, a warning fails it too (exit 1).
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { findScenarioFiles, formatReport, runScenarioFile } from '../conformance/index.ts';
import { defaultScenariosDir } from '../conformance/index.ts';
import { plural, rulesDirOf } from './common.ts';
import { UsageError, type CliContext } from './context.ts';

export interface TestCliOptions {
  rulesDir?: string;
}

/** the scenario files an argument names: a file, a folder of scenarios, or a game id */
function scenarioFilesOf(arg: string, scenariosDir: string, rulesDir: string): string[] {
  if (existsSync(arg)) {
    const abs = resolve(arg);
    const st = statSync(abs);
    if (st.isFile()) return [abs];
    if (!st.isDirectory()) throw new UsageError(`'${arg}' is neither a file nor a folder (a device, a pipe or a socket): give a scenario file, a folder of scenarios, or a game id`);
    // a game folder under the rules: its scenarios, not its spec files
    const rel = relative(resolve(rulesDir), abs);
    if (rel !== '' && !rel.startsWith('..') && !rel.includes('/')) return findScenarioFiles(join(scenariosDir, rel));
    return findScenarioFiles(abs);
  }
  const gameDir = join(scenariosDir, arg);
  if (/^[a-z0-9-]+$/.test(arg) && existsSync(gameDir)) return findScenarioFiles(gameDir);
  const games = existsSync(scenariosDir) ? findScenarioFiles(scenariosDir).map((f) => relative(scenariosDir, f).split(/[\\/]/)[0]!) : [];
  const known = [...new Set(games)].sort();
  throw new UsageError(
    `'${arg}' is neither a scenario file, a folder, nor a game with scenarios in ${relative(process.cwd(), scenariosDir) || '.'}` +
      ` (games with scenarios: ${known.join(', ') || 'none'})`,
  );
}

export async function testCommand(ctx: CliContext, args: string[], o: TestCliOptions): Promise<number> {
  const rulesDir = rulesDirOf(ctx, o.rulesDir);
  const scenariosDir = defaultScenariosDir(rulesDir);
  const files = args.length === 0 ? findScenarioFiles(scenariosDir) : [...new Set(args.flatMap((a) => scenarioFilesOf(a, scenariosDir, rulesDir)))];
  if (files.length === 0) throw new UsageError(`no scenarios to run (looked in ${relative(process.cwd(), scenariosDir) || '.'})`);
  let failed = 0;
  for (const file of files) {
    const outcome = runScenarioFile(file, { rulesDir });
    if (outcome.diagnostics.length > 0) failed++;
    (outcome.diagnostics.length > 0 ? ctx.io.err : ctx.io.out)(formatReport(outcome) + '\n');
  }
  const passed = files.length - failed;
  ctx.io.out(`${plural(passed, 'scenario')} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
