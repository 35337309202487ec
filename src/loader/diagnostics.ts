/**
 * Diagnostics: every problem found in a spec, as `file:line:col: error: message`, the format
 * editors and terminals turn into clickable links.
 */

export interface Diagnostic {
  /** the file as given, relative to the current directory */
  file: string;
  /** 1-based */
  line: number;
  /** 1-based */
  col: number;
  severity: 'error' | 'warning';
  message: string;
  /** what to do about it, when there is something concrete to say */
  hint?: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

/** By file, then position; errors before warnings at the same spot. Returns a new array. */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  return [...ds].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.col - b.col ||
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === 'error');
}

/** The diagnostics without repeats (same place, severity and message), the first of each kept, in order. */
export function dedupeDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const k = `${d.file}:${d.line}:${d.col}:${d.severity}:${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
