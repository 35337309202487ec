/**
 * A game's worked examples: its conformance scenarios (`test/conformance/<game>/*.yaml` beside the
 * rules folder), each run on the game as just checked. `rules validate`, `npm start`, the site
 * build and the Worked examples pages all run them from here, so a failing example reaches the
 * terminal wherever the specs are checked, and is counted in the summary line (report.ts).
 */
import type { EngineTools } from '../interpreter/api.ts';
import { hasErrors, type Diagnostic } from '../loader/diagnostics.ts';
import { findScenarioFiles, loadScenario } from './load.ts';
export { defaultScenariosDir, scenariosDirOf } from './load.ts';
import { outcomeOf, type ScenarioOutcome } from './report.ts';
export { examplesSummary, tallyExamples, type ExampleTally } from './report.ts';
import { runScenario, type RunOptions, type ScenarioFrame } from './run.ts';
import type { Scenario } from './types.ts';
import { isPlainObject } from './util.ts';

export interface ExampleRun {
  path: string;
  /** the scenario, when it loaded (a file that does not load is an example that failed) */
  scenario?: Scenario;
  outcome: ScenarioOutcome;
  /** its states, when they were asked for (runExamples' `frames`) */
  frames?: ScenarioFrame[];
}

/** one scenario file, loaded and (when it loads) run */
export function runExample(path: string, opts: RunOptions = {}): ExampleRun {
  const loaded = loadScenario(path);
  const data = isPlainObject(loaded.file.data) ? loaded.file.data : {};
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  if (!hasErrors(diagnostics)) diagnostics.push(...runScenario(loaded, opts));
  const game = typeof data['game'] === 'string' ? data['game'] : undefined;
  const id = typeof data['id'] === 'string' ? data['id'] : undefined;
  return { path, ...(loaded.scenario ? { scenario: loaded.scenario } : {}), outcome: outcomeOf(loaded.file.file, game, id, diagnostics) };
}

/**
 * every scenario under `dir`, run on `engine` (the game as just checked), in file order; with
 * `frames`, each with its state after the given, after each step and at the end (copies: the play
 * data of the site's worked examples)
 */
export function runExamples(dir: string, engine: EngineTools, opts: { frames?: boolean } = {}): ExampleRun[] {
  return findScenarioFiles(dir).map((path) => {
    if (!opts.frames) return runExample(path, { opened: { engine, diagnostics: [] } });
    const frames: ScenarioFrame[] = [];
    const run = runExample(path, { opened: { engine, diagnostics: [] }, onFrame: (f) => frames.push({ ...f, state: JSON.parse(JSON.stringify(f.state)) as unknown }) });
    return { ...run, frames };
  });
}
