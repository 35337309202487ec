/**
 * The names in scope at each expression of a game, as the compiler sees them: the game is
 * compiled once more with a listener (the compiler's own scopes, locals included), and each
 * expression's names are kept under where its string starts (file:line:col).
 */
import { assignable, typeToString } from '../expr/index.ts';
import { compileProgram } from '../interpreter/compile/index.ts';
import type { LoadedSpec } from '../loader/load-folder.ts';

export interface ScopedName {
  name: string;
  /** its type, or "function" */
  detail: string;
  /** its type is the one the whole expression must have (a likely pick, listed first) */
  fits: boolean;
}

export type ExpressionScopes = Map<string, ScopedName[]>;

export const placeKey = (file: string, line: number, col: number): string => `${file}:${line}:${col}`;

export function expressionScopes(loaded: LoadedSpec): ExpressionScopes {
  const out: ExpressionScopes = new Map();
  compileProgram(loaded, {
    // only the scopes are kept: no generated code for a program nobody runs
    codegen: false,
    onExpression(obj, key, scope, expected) {
      const at = loaded.whereInValue(obj, key, 0);
      const names = (scope.names?.() ?? []).map((name) => {
        const binding = scope.name(name);
        const fits = !!binding && !!expected && expected.k !== 'any' && binding.type.k !== 'any' && assignable(binding.type, expected);
        return { name, detail: binding ? typeToString(binding.type) : 'function', fits };
      });
      out.set(placeKey(at.file, at.line, at.col), names);
    },
  });
  return out;
}
