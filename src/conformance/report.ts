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
