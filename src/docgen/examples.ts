/**
 * The worked examples of a game: its conformance scenarios (`<scenarios>/<game>/*.yaml`), each
 * run on the very specs the site is generated from, so a page never claims an example holds
 * when it does not.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { findScenarioFiles, loadScenario, runScenario, type Scenario, type ScenarioFrame } from '../conformance/index.ts';
import type { EngineTools } from '../interpreter/api.ts';
import { formatDiagnostic, hasErrors, type Diagnostic } from '../loader/diagnostics.ts';

export interface Example {
  /** the scenario file, relative to the project (rules folder's parent) */
  file: string;
  scenario: Scenario;
  passed: boolean;
  /** what went wrong, when it did not pass (file:line:col lines) */
  problems: string[];
  /** its state after the given, after each step and at the end, with the expectations there (the
   *  play data of the worked examples: the table steps through them) */
  frames: ScenarioFrame[];
}

/** where scenarios are looked for when no folder is given: `test/conformance` beside the rules folder */
export function defaultScenariosDir(rulesDir: string): string {
  return join(resolve(rulesDir), '..', 'test', 'conformance');
}

/**
 * Load and run the scenarios of one game. A file that does not load is an example that failed,
 * with its problems: the page says so rather than dropping it.
 */
export function gameExamples(scenariosDir: string, game: string, engine: EngineTools, rulesDir: string): Example[] {
  const dir = join(scenariosDir, game);
  if (!existsSync(dir)) return [];
  const root = resolve(rulesDir, '..');
  const out: Example[] = [];
  for (const path of findScenarioFiles(dir)) {
    const loaded = loadScenario(path);
    const file = relative(root, path).split(sep).join('/');
    const sc = loaded.scenario;
    if (!sc) continue; // not a scenario at all (schema errors): the conformance tests report it
    const problems: Diagnostic[] = [...loaded.diagnostics];
    const frames: ScenarioFrame[] = [];
    if (!hasErrors(problems)) problems.push(...runScenario(loaded, { opened: { engine, diagnostics: [] }, onFrame: (f) => frames.push({ ...f, state: JSON.parse(JSON.stringify(f.state)) as unknown }) }));
    const errors = problems.filter((d) => d.severity === 'error');
    out.push({ file, scenario: sc, passed: errors.length === 0, problems: errors.map(formatDiagnostic), frames });
  }
  return out;
}
