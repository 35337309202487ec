/** Functions, end conditions, scores and result rules. */
import { typeToString, walkAst, type Type } from '../../expr/index.ts';
import type { ResultRule, Run, RunCtx } from '../program.ts';
import { Env, isNode, type Compiler, type Node } from './compiler.ts';
import { list } from './declarations.ts';
import { T, varType } from './types.ts';
import { keepable, memoTable, worthKeeping } from '../../expr/memo.ts';
import { sharedCallsEnabled } from '../../expr/shared-calls.ts';
import { faultInBody } from '../../expr/compile.ts';

/**
 * User functions, compiled in the order of their dependencies, so a function may use any other,
 * declared before or after it, in any file. A function that reaches itself is refused with the
 * cycle named: expressions have no recursion (loops are effects).
 */
export function compileFunctions(cc: Compiler, spec: Node): void {
  for (const f of functionsByDependency(cc, list(spec, 'functions'))) {
    const id = String(f['id']);
    const env = new Env();
    const params: { slot: number; type: Type }[] = [];
    const declared = Array.isArray(f['params']) ? (f['params'] as unknown[]) : [];
    declared.forEach((param, i) => {
      if (!isNode(param) || typeof param['name'] !== 'string') {
        cc.error(declared, i, 'a parameter is {name: …, type: …}');
        return;
      }
      const type = varType(param['type'] as Parameters<typeof varType>[0]);
      const slot = cc.newScratchSlot();
      env.bind(param['name'], { slot, type });
      params.push({ slot, type });
    });
    cc.compiling = id;
    const body = cc.expr(f, 'body', env, undefined, 'full', { functionBody: { name: id, src: String(f['body']), params: params.map((x) => x.slot) } });
    cc.compiling = undefined;
    if (!body) continue;
    // a body that loops keeps its values for the rest of an evaluation (src/expr/memo.ts)
    const calls: string[] = [];
    const ast = cc.astOf(f, 'body');
    if (ast) walkAst(ast, (n) => void (n.kind === 'Call' && calls.push(n.name)));
    const loops = worthKeeping(calls, (n) => cc.functions.get(n)?.loops === true);
    const memo = loops && sharedCallsEnabled() && keepable(params.map((x) => x.type.k)) ? memoTable(params.length) : undefined;
    if (f['returns'] !== undefined) {
      const want = varType(f['returns'] as Parameters<typeof varType>[0]);
      if (typeToString(want) !== typeToString(body.type) && body.type.k !== 'any')
        cc.error(f, 'body', `function '${id}' should return ${typeToString(want)}, but its body gives ${typeToString(body.type)}`);
    }
    cc.functions.set(id, { id, params, returns: body.type, body: body.fn as (c: RunCtx) => unknown, loops, ...(memo ? { memo } : {}) });
  }
}

export function compileEnds(cc: Compiler, spec: Node): void {
  const ends = list(spec, 'ends');
  for (const e of ends) {
    const id = String(e['id']);
    if (e['when'] === undefined) {
      cc.program.ends.push({ id });
      continue;
    }
    const when = cc.expr(e, 'when', new Env(), T.bool);
    if (when) cc.program.ends.push({ id, when: when.fn });
  }
  if (!ends.some((e) => e['when'] === undefined)) {
    const at = ends[0] ?? spec;
    cc.error(at, ends[0] ? 'id' : undefined, "no end rule without 'when': the game needs one to say how it ends when the flow finishes");
  }
}

export function compileOutcome(cc: Compiler, spec: Node): void {
  const outcome = spec['outcome'];
  if (!isNode(outcome)) {
    cc.error(spec, undefined, "the game has no 'outcome' section (score and results)");
    return;
  }
  const p = cc.program;
  if (outcome['score'] !== undefined) {
    const score = cc.lambda(outcome, 'score', new Env(), [T.seat], T.number);
    if (score) {
      p.score = (c, seat) => score(c, seat) as number;
      const slot = cc.newScratchSlot();
      // score(s) becomes a function every later expression can call
      // as a spec function's body: a fault inside the lambda is named and placed at the call (faultInBody)
      const src = String(outcome['score']);
      const whole = { offset: 0, length: src.length };
      const body = (c: RunCtx): unknown => {
        try {
          return score(c, c.locals[slot]);
        } catch (err) {
          throw faultInBody(err, whole, { name: 'score', src });
        }
      };
      cc.functions.set('score', { id: 'score', params: [{ slot, type: T.seat }], returns: T.number, body });
    }
  }
  const results = list(outcome, 'results');
  if (results.length === 0) cc.error(outcome, undefined, "'outcome' needs at least one result rule");
  for (const r of results) {
    const id = String(r['id']);
    const when = r['when'] !== undefined ? cc.expr(r, 'when', new Env(), T.bool) : undefined;
    const winners = compileWinners(cc, r);
    if (!winners) continue;
    const rule: ResultRule = { id, winners };
    if (when) rule.when = when.fn;
    p.results.push(rule);
  }
}

function compileWinners(cc: Compiler, r: Node): Run<number[]> | undefined {
  const w = r['winners'];
  if (typeof w === 'string') return cc.expr(r, 'winners', new Env(), T.list(T.seat))?.fn as Run<number[]> | undefined;
  if (!isNode(w)) {
    cc.error(r, 'winners', "'winners' is a list-of-seats expression, or {among, by: [{key, order}]}");
    return undefined;
  }
  const among = cc.expr(w, 'among', new Env(), T.list(T.seat));
  const by = list(w, 'by').map((k) => ({
    key: cc.lambda(k, 'key', new Env(), [T.seat], T.number),
    desc: k['order'] !== 'asc',
  }));
  if (!among || by.some((k) => !k.key)) return undefined;
  const keys = by as { key: (c: RunCtx, s: unknown) => unknown; desc: boolean }[];
  const amongFn = among.fn as Run<number[]>;
  // Keep every seat tied on all keys so far; each key narrows the field (tie-breakers in order).
  return (c) => {
    let field = amongFn(c).slice();
    for (const { key, desc } of keys) {
      if (field.length <= 1) break;
      const values = field.map((s) => key(c, s) as number);
      const best = desc ? Math.max(...values) : Math.min(...values);
      field = field.filter((_, i) => values[i] === best);
    }
    return field;
  };
}

/** the functions in an order where each comes after those it calls; cycles reported and left out */
function functionsByDependency(cc: Compiler, fns: Node[]): Node[] {
  const byId = new Map<string, Node>();
  for (const f of fns) byId.set(String(f['id']), f);
  const calls = new Map<string, string[]>();
  for (const f of fns) {
    const out: string[] = [];
    const ast = cc.astOf(f, 'body');
    if (ast) walkAst(ast, (n) => { if (n.kind === 'Call' && byId.has(n.name) && !out.includes(n.name)) out.push(n.name); });
    calls.set(String(f['id']), out);
  }
  const order: Node[] = [];
  const state = new Map<string, 'busy' | 'done' | 'cycle'>();
  const visit = (id: string, path: string[]): boolean => {
    const st = state.get(id);
    if (st === 'done') return true;
    if (st === 'cycle') return false;
    if (st === 'busy') {
      const cycle = [...path.slice(path.indexOf(id)), id];
      const f = byId.get(id)!;
      cc.error(f, 'body', cycle.length === 2 ? `function '${id}' calls itself` : `functions call each other in a circle: ${cycle.join(' → ')}`,
        'an expression cannot recurse; write the repetition as an effect (forEach, repeat, while) or a procedure');
      for (const x of cycle) state.set(x, 'cycle');
      return false;
    }
    state.set(id, 'busy');
    let ok = true;
    for (const callee of calls.get(id) ?? []) ok = visit(callee, [...path, id]) && ok;
    if (state.get(id) === 'cycle') return false;
    state.set(id, ok ? 'done' : 'cycle');
    if (ok) order.push(byId.get(id)!);
    return ok;
  };
  for (const f of fns) visit(String(f['id']), []);
  return order;
}
