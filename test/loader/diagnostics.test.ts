import { describe, expect, it } from 'vitest';
import { dedupeDiagnostics, formatDiagnostic, hasErrors, sortDiagnostics, type Diagnostic } from '../../src/loader/diagnostics.ts';

const d = (file: string, line: number, col: number, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({
  file,
  line,
  col,
  severity,
  message: 'm',
});

describe('diagnostics', () => {
  it('formats as file:line:col: severity: message, with an indented hint', () => {
    expect(formatDiagnostic({ ...d('rules/x/flow.yaml', 3, 7), message: 'bad' })).toBe('rules/x/flow.yaml:3:7: error: bad');
    expect(formatDiagnostic({ ...d('a.yaml', 1, 1, 'warning'), message: 'w', hint: 'do this' })).toBe(
      'a.yaml:1:1: warning: w\n  hint: do this',
    );
  });

  it('sorts by file, line, column, errors first, without touching the input', () => {
    const input = [d('b.yaml', 1, 1), d('a.yaml', 2, 1, 'warning'), d('a.yaml', 2, 1), d('a.yaml', 1, 5)];
    const sorted = sortDiagnostics(input);
    expect(sorted.map((x) => `${x.file}:${x.line}:${x.col}:${x.severity}`)).toEqual([
      'a.yaml:1:5:error',
      'a.yaml:2:1:error',
      'a.yaml:2:1:warning',
      'b.yaml:1:1:error',
    ]);
    expect(input[0]!.file).toBe('b.yaml');
    expect(hasErrors([d('a', 1, 1, 'warning')])).toBe(false);
    expect(hasErrors(input)).toBe(true);
  });

  it('drops repeats (same place, severity and message), keeping the first of each in order', () => {
    const input = [d('b.yaml', 1, 1), d('a.yaml', 2, 1), d('b.yaml', 1, 1), d('b.yaml', 1, 1, 'warning'), { ...d('a.yaml', 2, 1), hint: 'h' }];
    expect(dedupeDiagnostics(input)).toEqual([d('b.yaml', 1, 1), d('a.yaml', 2, 1), d('b.yaml', 1, 1, 'warning')]);
  });
});
