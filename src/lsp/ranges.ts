/**
 * From the project's diagnostics (file:line:col) to the editor's (a range): the range covers the
 * word, name or line reference that starts at the position, so an unknown name inside an
 * expression is underlined by itself.
 */
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { Diagnostic } from '../loader/diagnostics.ts';

// a seed line reference, a name (ids may hold dashes), else one character
const token = /^(?:[0-9]{3}:[0-9]+(?:-[0-9]+)?|[\p{L}\p{N}_][\p{L}\p{N}_-]*|[^\s])/u;

/**
 * The range of the token at 1-based line:col of `text` (UTF-16 columns, as LSP counts by default).
 * When the position is a key (`move:`) and the message quotes a name written after it on that
 * line (`move: billDek`), the range is that name: the value is what is wrong.
 */
export function tokenRange(text: string, line: number, col: number, message = ''): Range {
  const lines = text.split('\n');
  const l = Math.max(0, Math.min(line - 1, lines.length - 1));
  const lineText = (lines[l] ?? '').replace(/\r$/, '');
  const c = Math.max(0, Math.min(col - 1, lineText.length));
  const m = token.exec(lineText.slice(c));
  const length = m ? m[0].length : 0;
  if (m && lineText[c + length] === ':') {
    for (const q of message.matchAll(/'([^'\s]+)'|"([^"\s]+)"/g)) {
      const name = q[1] ?? q[2]!;
      const at = wholeToken(lineText, name, c + length);
      if (at >= 0) return { start: { line: l, character: at }, end: { line: l, character: at + name.length } };
    }
  }
  return { start: { line: l, character: c }, end: { line: l, character: c + length } };
}

// where `name` stands on the line from `from` on as a token of its own, or -1
function wholeToken(line: string, name: string, from: number): number {
  for (let i = line.indexOf(name, from); i >= 0; i = line.indexOf(name, i + 1)) {
    const before = line[i - 1] ?? ' ';
    const after = line[i + name.length] ?? ' ';
    if (!/[\p{L}\p{N}_-]/u.test(before) && !/[\p{L}\p{N}_-]/u.test(after)) return i;
  }
  return -1;
}

export function toLspDiagnostic(d: Diagnostic, text: string): LspDiagnostic {
  return {
    range: tokenRange(text, d.line, d.col, d.message),
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: 'rules',
    message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
  };
}
