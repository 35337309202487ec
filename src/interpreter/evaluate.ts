/** Evaluate an expression on a state with full knowledge (tests, scenario expectations, tools). */
import { compileExpr, formatExprError } from '../expr/index.ts';
import type { Json } from './api.ts';
import { Env } from './compile/env.ts';
import { makeScope } from './compile/scope.ts';
import type { Program, RunCtx, Tables } from './program.ts';
import type { State } from './state.ts';
import { EngineError } from './vm.ts';

export function makeEvaluator(p: Program): (s: State, t: Tables, src: string) => Json {
  const cache = new Map<string, { fn: (c: RunCtx) => unknown; slots: number }>();
  return (s, t, src) => {
    let compiled = cache.get(src);
    if (!compiled) {
      // Lambdas in the expression get slots past the program's own, in a scratch copy of the locals.
      let slots = p.slots;
      const scope = makeScope({ program: p, functions: p.functions, newSlot: () => slots++ }, new Env(), 'full');
      const res = compileExpr(src, scope);
      if ('errors' in res) throw new EngineError(res.errors.map((e) => formatExprError(src, e)).join('\n'));
      compiled = { fn: res.fn as (c: RunCtx) => unknown, slots };
      cache.set(src, compiled);
    }
    const locals = s.locals.slice();
    locals.length = compiled.slots;
    return compiled.fn({ locals, s, t, p }) as Json;
  };
}
