/**
 * The worked examples of a game on its site: its conformance scenarios, each run on the very
 * specs the site is generated from (src/conformance/examples.ts), so a page never claims an
 * example holds when it does not.
 */
import { relative, resolve, sep } from 'node:path';
import { runExamples, type ScenarioOutcome, type Scenario, type ScenarioFrame } from '../conformance/index.ts';
import type { EngineTools } from '../interpreter/api.ts';
import { formatDiagnostic } from '../loader/diagnostics.ts';

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

/**
 * Run the scenarios of one game (the files under `dir`): the examples its page shows, and the
 * outcome of every file, those that do not load included (for the terminal: nothing a page leaves
 * out goes unsaid).
 */
export function gameExamples(dir: string, engine: EngineTools, rulesDir: string): { examples: Example[]; outcomes: ScenarioOutcome[] } {
  const root = resolve(rulesDir, '..');
  const runs = runExamples(dir, engine, { frames: true });
  const examples: Example[] = [];
  for (const r of runs) {
    if (!r.scenario) continue; // not a scenario at all (schema errors): the page has nothing to show of it
    const errors = r.outcome.diagnostics.filter((d) => d.severity === 'error');
    examples.push({ file: relative(root, r.path).split(sep).join('/'), scenario: r.scenario, passed: r.outcome.ok, problems: errors.map(formatDiagnostic), frames: r.frames ?? [] });
  }
  return { examples, outcomes: runs.map((r) => r.outcome) };
}
