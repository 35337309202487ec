/**
 * Conformance scenarios: YAML files under test/conformance/<game>/ that check a spec against the
 * worked rules and examples of its source texts (schema/scenario.schema.json,
 * test/conformance/README.md). Generic: nothing here knows a game.
 *
 *   load.ts    find files; YAML, schema, quotes, folder
 *   schema.ts  the schema check with positions
 *   run.ts     create, given, steps, expectations, result
 *   expect.ts  expressions: evaluate, explain a false one
 *   report.ts  outcome and its text
 *   examples.ts  a game's scenarios as its worked examples: run, tallied, summed up
 */
import { readYamlFile } from '../loader/yaml-file.ts';
import { isPlainObject } from './util.ts';
import { runExample } from './examples.ts';
import type { ScenarioOutcome } from './report.ts';
import type { RunOptions } from './run.ts';

export { defaultScenariosDir, examplesSummary, runExample, runExamples, scenariosDirOf, tallyExamples, type ExampleRun, type ExampleTally } from './examples.ts';
export { findScenarioFiles, loadScenario, scenarioSchemaLine, type LoadedScenario } from './load.ts';
export { formatReport, scenarioName, type ScenarioOutcome } from './report.ts';
export { defaultRulesDir, runScenario, type RunOptions, type ScenarioFrame } from './run.ts';
export type { Scenario, Step } from './types.ts';

/** Load and run one scenario file. */
export function runScenarioFile(path: string, opts: RunOptions = {}): ScenarioOutcome {
  return runExample(path, opts).outcome;
}

/** The game and id a scenario file declares (for naming tests before running them). */
export function peekScenario(path: string): { game?: string; id?: string } {
  const data = readYamlFile(path).data;
  if (!isPlainObject(data)) return {};
  return {
    ...(typeof data['game'] === 'string' ? { game: data['game'] } : {}),
    ...(typeof data['id'] === 'string' ? { id: data['id'] } : {}),
  };
}
