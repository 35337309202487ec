/**
 * Reporting: a scenario's problems as `file:line:col: severity: message` lines (with hints),
 * the format editors and terminals turn into links.
 */
import { formatDiagnostic, hasErrors, sortDiagnostics, type Diagnostic } from '../loader/diagnostics.ts';

export interface ScenarioOutcome {
  /** the file as shown in messages */
  file: string;
  /** the scenario's game and id, when the file could be read */
  game?: string;
  id?: string;
  /** load and run problems, sorted; warnings included */
  diagnostics: Diagnostic[];
  /** true when there is no error (warnings allowed) */
  ok: boolean;
}

/** "<game>/<id>", or the file when the scenario could not be read */
export function scenarioName(o: Pick<ScenarioOutcome, 'file' | 'game' | 'id'>): string {
  return o.game && o.id ? `${o.game}/${o.id}` : o.file;
}

export function formatReport(o: ScenarioOutcome): string {
  if (o.diagnostics.length === 0) return `${scenarioName(o)}: passed`;
  const head = `${scenarioName(o)}: ${o.ok ? 'passed with warnings' : 'FAILED'}`;
  return [head, ...sortDiagnostics(o.diagnostics).map(formatDiagnostic)].join('\n');
}

export function outcomeOf(file: string, game: string | undefined, id: string | undefined, diagnostics: Diagnostic[]): ScenarioOutcome {
  return {
    file,
    ...(game !== undefined ? { game } : {}),
    ...(id !== undefined ? { id } : {}),
    diagnostics: sortDiagnostics(diagnostics),
    ok: !hasErrors(diagnostics),
  };
}

export interface ExampleTally {
  /** examples with no problem at all */
  hold: number;
  /** examples with an error (they do not hold) */
  fail: number;
  /** examples that hold with warnings */
  warn: number;
}

export function tallyExamples(outcomes: readonly Pick<ScenarioOutcome, 'ok' | 'diagnostics'>[]): ExampleTally {
  const fail = outcomes.filter((o) => !o.ok).length;
  const warn = outcomes.filter((o) => o.ok && o.diagnostics.length > 0).length;
  return { hold: outcomes.length - fail - warn, fail, warn };
}

/** "184 worked examples hold", "184 worked examples: 2 fail, 1 holds with warnings"; "" when there are none */
export function examplesSummary(t: ExampleTally): string {
  const all = t.hold + t.fail + t.warn;
  if (all === 0) return '';
  const examples = `${all} worked example${all === 1 ? '' : 's'}`;
  if (t.fail === 0 && t.warn === 0) return `${examples} hold${all === 1 ? 's' : ''}`;
  const fail = t.fail > 0 ? [`${t.fail} fail${t.fail === 1 ? 's' : ''}`] : [];
  const warn = t.warn > 0 ? [`${t.warn} hold${t.warn === 1 ? 's' : ''} with warnings`] : [];
  return `${examples}: ${[...fail, ...warn].join(', ')}`;
}
