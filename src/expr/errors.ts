/** Error values: compile-time errors are data (never thrown); run-time errors are thrown. */
import type { Span } from './ast.ts';

/** offset/length within the source string */
export interface ExprError {
  message: string;
  offset: number;
  length: number;
}

/** Thrown by compiled code for a fault the type system cannot see (e.g. `none.wounds`). */
export class ExprRuntimeError extends Error {
  readonly offset: number;
  readonly length: number;
  /** the span is inside a spec function's body, not yet placed at the call that entered it:
   *  whoever catches it next places it in its own expression (asRuntimeError) */
  readonly inBody: boolean;
  constructor(message: string, span: Span, inBody = false) {
    super(message);
    this.name = 'ExprRuntimeError';
    this.offset = span.offset;
    this.length = span.length;
    this.inBody = inBody;
  }
}

/** a spec function's body, as a fault inside it is named: the function and its source */
export interface FunctionBody {
  name: string;
  src: string;
  /** its parameters' slots, in order (generated code may pass them as arguments instead: src/codegen/emit.ts) */
  params?: readonly number[];
}

/** "column 7", or "line 2, column 3" for a multi-line source: used inside messages. */
export function where(src: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < src.length; i++) {
    if (src[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  const col = offset - lineStart + 1;
  return src.includes('\n') ? `line ${line}, column ${col}` : `column ${col}`;
}

/** Render an error under its source line with carets, for terminals and logs. */
export function formatExprError(src: string, e: ExprError): string {
  const lineStart = src.lastIndexOf('\n', e.offset - 1) + 1;
  let lineEnd = src.indexOf('\n', e.offset);
  if (lineEnd < 0) lineEnd = src.length;
  const line = src.slice(lineStart, lineEnd);
  const pad = ' '.repeat(e.offset - lineStart);
  const carets = '^'.repeat(Math.max(1, Math.min(e.length, lineEnd - e.offset)));
  return `${line}\n${pad}${carets} ${e.message}`;
}
