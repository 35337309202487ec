/** What the compiler offers the built-ins (kept apart so builtins.ts does not import compile.ts). */
import type { Ast, CallNode, Span } from './ast.ts';
import type { Compiled, Scope } from './scope.ts';
import type { Type } from './types.ts';
import type { IR } from './ir.ts';

/** A compiled node: its type and its closure. */
export interface C {
  type: Type;
  fn: Compiled;
  /** set when the value is known at compile time (literals, folded operators) */
  konst?: { value: unknown };
  /** set after an error: the caller stays quiet about it (no cascades) */
  bad?: true;
  /** what the node computes, for the code generator; absent: its closure stands for it */
  ir?: IR;
}

/** A compiled lambda argument: write each argument to its slot in ctx.locals, then run body. */
export interface CLambda {
  slots: number[];
  body: C;
}

export interface Cx {
  readonly scope: Scope;
  /** compile a value (a lambda here is an error) */
  expr(n: Ast): C;
  /** compile `n` as a lambda taking `params`; `what` names it in messages ("count: argument 2");
   *  undefined after an error (already reported) */
  lambda(n: Ast, params: Type[], what: string): CLambda | undefined;
  /** report an error and get a quiet placeholder */
  error(at: Span, message: string): C;
}

export type Builtin = (call: CallNode, cx: Cx) => C;
