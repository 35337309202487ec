/** The worked examples `rules validate` runs for a game: its scenarios beside the rules folder, on the engine just checked. */
import { runExamples, scenariosDirOf, type ScenarioOutcome } from '../conformance/index.ts';
import type { Engine, EngineTools } from '../interpreter/api.ts';

export function gameExamples(dir: string, engine: Engine): ScenarioOutcome[] {
  return runExamples(scenariosDirOf(dir), engine as EngineTools).map((r) => r.outcome);
}
