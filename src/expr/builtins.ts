/**
 * Built-in functions. Each one type-checks its own arguments and compiles to one specialised
 * closure (a lambda argument becomes a tight loop writing ctx.locals[slot]), never a generic call.
 * Lists are never mutated: every list result is a new array. A built-in that goes through a list
 * takes its length from the work budget before it starts (budget.ts).
 */
import { spanOf, type CallNode, type Span } from './ast.ts';
import type { Builtin, C, Cx } from './cx.ts';
import type { Compiled, Ctx } from './scope.ts';
import { T, assignable, join, typeToString, type Type } from './types.ts';
import { ExprRuntimeError } from './errors.ts';
import { chargeWork } from './budget.ts';
import { MAX_NUMBER, sumFault } from './numbers.ts';
import { MAX_LIST_LENGTH } from '../limits.ts';
import { irOf, type IR, type Lam } from './ir.ts';

type Arr = readonly unknown[];
type Num = (ctx: Ctx) => number;
type List = (ctx: Ctx) => Arr;

const quiet = (): C => ({ type: T.any, fn: () => null, bad: true });

function arity(cx: Cx, call: CallNode, min: number, max: number, usage: string): boolean {
  const n = call.args.length;
  if (n >= min && n <= max) return true;
  const want = min === max ? `${min}` : max === Infinity ? `${min} or more` : `${min} or ${max}`;
  const at = n > max ? spanOf(call.args[max]!, call.args[n - 1]!) : call;
  cx.error(at, `${call.name} takes ${want} argument${max === 1 && min === 1 ? '' : 's'}, got ${n}: ${usage}`);
  return false;
}

/** argument i, which must be a list; elem is its element type */
function listArg(cx: Cx, call: CallNode, i: number): { c: C; elem: Type } {
  const c = cx.expr(call.args[i]!);
  if (c.bad) return { c, elem: T.any };
  if (c.type.k === 'list') return { c, elem: c.type.of };
  if (c.type.k === 'any') return { c, elem: T.any };
  cx.error(call.args[i]!, `${call.name}: argument ${i + 1} must be a list, got ${typeToString(c.type)}`);
  return { c: quiet(), elem: T.any };
}

function numArg(cx: Cx, call: CallNode, i: number): C {
  const c = cx.expr(call.args[i]!);
  if (c.bad || assignable(c.type, T.number) && c.type.k !== 'none') return c;
  cx.error(call.args[i]!, `${call.name}: argument ${i + 1} must be a number, got ${typeToString(c.type)}`);
  return quiet();
}

interface L1 {
  slot: number;
  f: Compiled;
  type: Type;
  /** the lambda as the code generator sees it */
  lam: Lam;
}

/**
 * argument i, a one-parameter lambda over `elem`. `want`: the type its body must give, or
 * 'key' (number or string, for ordering). undefined after an error.
 */
function lambdaArg(cx: Cx, call: CallNode, i: number, elem: Type, want: Type | 'key' | undefined, role: string): L1 | undefined {
  const node = call.args[i]!;
  const l = cx.lambda(node, [elem], `${call.name}: argument ${i + 1}`);
  if (!l) return undefined;
  const b = l.body;
  if (b.bad) return undefined;
  const bodyNode = node.kind === 'Lambda' ? node.body : node;
  if (want === 'key') {
    if (b.type.k !== 'number' && b.type.k !== 'string' && b.type.k !== 'any') {
      cx.error(bodyNode, `${call.name}: the ${role} must be a number or a string, got ${typeToString(b.type)}`);
      return undefined;
    }
  } else if (want && (!assignable(b.type, want) || b.type.k === 'none')) {
    cx.error(bodyNode, `${call.name}: the ${role} must give a ${typeToString(want)}, got ${typeToString(b.type)}`);
    return undefined;
  }
  return { slot: l.slots[0]!, f: b.fn, type: b.type, lam: { slot: l.slots[0]!, body: irOf(b) } };
}

/** the element type x must mix with to be looked for in a list of elem */
function searchable(cx: Cx, call: CallNode, elem: Type, x: C, argIndex: number): boolean {
  if (x.bad) return false;
  const j = join(elem, x.type);
  if (j === undefined) {
    cx.error(call.args[argIndex]!, `${call.name}: cannot look for a ${typeToString(x.type)} in a list<${typeToString(elem)}>`);
    return false;
  }
  if (j.k === 'list') {
    cx.error(call.args[argIndex]!, `${call.name}: lists cannot be compared, so cannot be looked for`);
    return false;
  }
  return true;
}

const ok = (type: Type, fn: Compiled, ir?: IR): C => (ir ? { type, fn, ir } : { type, fn });

/** a list longer than MAX_LIST_LENGTH is refused before it is built (a hostile range would exhaust memory) */
function tooLong(n: number, call: CallNode): void {
  if (n > MAX_LIST_LENGTH) throw new ExprRuntimeError(`${call.name} would make a list of ${n.toLocaleString('en')} items; at most ${MAX_LIST_LENGTH.toLocaleString('en')} are allowed`, call);
}

// ---- counting and folding -------------------------------------------------------------

const count: Builtin = (call, cx) => {
  if (!arity(cx, call, 1, 2, 'count(l) or count(l, x => condition)')) return quiet();
  const { c, elem } = listArg(cx, call, 0);
  const l = c.fn as List;
  if (call.args.length === 1) return c.bad ? quiet() : ok(T.number, (ctx) => l(ctx).length, { t: 'count', list: irOf(c), at: call });
  const p = lambdaArg(cx, call, 1, elem, T.bool, 'condition');
  if (!p || c.bad) return quiet();
  const { slot, f } = p;
  return ok(T.number, (ctx) => {
    const a = l(ctx);
    chargeWork(a.length, call);
    const locals = ctx.locals;
    let n = 0;
    for (let i = 0; i < a.length; i++) {
      locals[slot] = a[i];
      if (f(ctx)) n++;
    }
    return n;
  }, { t: 'count', list: irOf(c), lam: p.lam, at: call });
};

/** the numbers of l, or f over them, folded with `pick`; 0 for an empty list */
function fold(name: 'sum' | 'min' | 'max', usage: string, start: 'zero' | 'first', pick: (acc: number, x: number) => number): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 1, 2, usage)) return quiet();
    const { c, elem } = listArg(cx, call, 0);
    const l = c.fn as List;
    if (call.args.length === 1) {
      if (!c.bad && !assignable(elem, T.number)) {
        cx.error(call.args[0]!, `${name}: argument 1 must be a list of numbers, got ${typeToString(c.type)} (give a lambda: ${name}(l, x => …))`);
        return quiet();
      }
      if (c.bad) return quiet();
      return ok(T.number, (ctx) => {
        const a = l(ctx) as readonly number[];
        chargeWork(a.length, call);
        if (a.length === 0) return 0;
        let acc = start === 'zero' ? 0 : a[0]!;
        for (let i = start === 'zero' ? 0 : 1; i < a.length; i++) acc = pick(acc, a[i]!);
        return acc <= MAX_NUMBER && acc >= -MAX_NUMBER ? acc : sumFault(acc, call);
      }, { t: 'fold', kind: name, list: irOf(c), at: call });
    }
    const p = lambdaArg(cx, call, 1, elem, T.number, 'lambda');
    if (!p || c.bad) return quiet();
    const { slot, f } = p;
    return ok(T.number, (ctx) => {
      const a = l(ctx);
      chargeWork(a.length, call);
      if (a.length === 0) return 0;
      const locals = ctx.locals;
      locals[slot] = a[0];
      let acc = start === 'zero' ? pick(0, f(ctx) as number) : (f(ctx) as number);
      for (let i = 1; i < a.length; i++) {
        locals[slot] = a[i];
        acc = pick(acc, f(ctx) as number);
      }
      return acc <= MAX_NUMBER && acc >= -MAX_NUMBER ? acc : sumFault(acc, call);
    }, { t: 'fold', kind: name, list: irOf(c), lam: p.lam, at: call });
  };
}

const sum = fold('sum', 'sum(l) or sum(l, x => number)', 'zero', (a, x) => a + x);
const minList = fold('min', 'min(l), min(l, x => number) or min(a, b, …)', 'first', (a, x) => (x < a ? x : a));
const maxList = fold('max', 'max(l), max(l, x => number) or max(a, b, …)', 'first', (a, x) => (x > a ? x : a));

/** min/max: a list form (1 argument, or a list and a lambda) and a variadic form on numbers */
function minmax(name: 'min' | 'max', listForm: Builtin): Builtin {
  const usage = `${name}(l), ${name}(l, x => number) or ${name}(a, b, …)`;
  return (call, cx) => {
    const n = call.args.length;
    if (n === 0) {
      arity(cx, call, 1, Infinity, usage);
      return quiet();
    }
    if (n === 1 || (n === 2 && call.args[1]!.kind === 'Lambda')) return listForm(call, cx);
    const xs = call.args.map((_, i) => numArg(cx, call, i));
    if (xs.some((x) => x.bad)) return quiet();
    const fs = xs.map((x) => x.fn as Num);
    const pick = name === 'min' ? Math.min : Math.max;
    const ir: IR = { t: 'pick', min: name === 'min', args: xs.map(irOf) };
    if (fs.length === 2) {
      const [a, b] = fs as [Num, Num];
      return ok(T.number, (ctx) => pick(a(ctx), b(ctx)), ir);
    }
    return ok(T.number, (ctx) => {
      let acc = fs[0]!(ctx);
      for (let i = 1; i < fs.length; i++) acc = pick(acc, fs[i]!(ctx));
      return acc;
    }, ir);
  };
}

// ---- extremes by key -------------------------------------------------------------------

/**
 * minBy/maxBy (all false): the first element with the least/greatest key; none if the list is empty.
 * allMinBy/allMaxBy (all true): every element tied at the extreme key, in list order.
 */
function by(name: string, less: boolean, all: boolean): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 2, 2, `${name}(l, x => key)`)) return quiet();
    const { c, elem } = listArg(cx, call, 0);
    const p = lambdaArg(cx, call, 1, elem, 'key', 'key');
    if (!p || c.bad) return quiet();
    const l = c.fn as List;
    const { slot, f } = p;
    if (all) {
      return ok(T.list(elem), (ctx) => {
        const a = l(ctx);
        chargeWork(a.length, call);
        const out: unknown[] = [];
        const locals = ctx.locals;
        let bk: unknown;
        for (let i = 0; i < a.length; i++) {
          locals[slot] = a[i];
          const k = f(ctx) as number;
          if (out.length === 0 || (less ? k < (bk as number) : k > (bk as number))) {
            out.length = 0;
            out.push(a[i]);
            bk = k;
          } else if (k === bk) {
            out.push(a[i]);
          }
        }
        return out;
      }, { t: 'by', less, all: true, list: irOf(c), lam: p.lam, at: call });
    }
    return ok(elem, (ctx) => {
      const a = l(ctx);
      chargeWork(a.length, call);
      if (a.length === 0) return null;
      const locals = ctx.locals;
      let best = a[0];
      locals[slot] = best;
      let bk = f(ctx) as number;
      for (let i = 1; i < a.length; i++) {
        locals[slot] = a[i];
        const k = f(ctx) as number;
        if (less ? k < bk : k > bk) {
          best = a[i];
          bk = k;
        }
      }
      return best;
    }, { t: 'by', less, list: irOf(c), lam: p.lam, at: call });
  };
}

// ---- list basics -------------------------------------------------------------------------

const filter: Builtin = (call, cx) => {
  if (!arity(cx, call, 2, 2, 'filter(l, x => condition)')) return quiet();
  const { c, elem } = listArg(cx, call, 0);
  const p = lambdaArg(cx, call, 1, elem, T.bool, 'condition');
  if (!p || c.bad) return quiet();
  const l = c.fn as List;
  const { slot, f } = p;
  return ok(c.type.k === 'list' ? c.type : T.list(elem), (ctx) => {
    const a = l(ctx);
    chargeWork(a.length, call);
    const out: unknown[] = [];
    const locals = ctx.locals;
    for (let i = 0; i < a.length; i++) {
      locals[slot] = a[i];
      if (f(ctx)) out.push(a[i]);
    }
    return out;
  }, { t: 'filter', list: irOf(c), lam: p.lam, at: call });
};

const map: Builtin = (call, cx) => {
  if (!arity(cx, call, 2, 2, 'map(l, x => value)')) return quiet();
  const { c, elem } = listArg(cx, call, 0);
  const p = lambdaArg(cx, call, 1, elem, undefined, 'lambda');
  if (!p || c.bad) return quiet();
  const l = c.fn as List;
  const { slot, f } = p;
  return ok(T.list(p.type), (ctx) => {
    const a = l(ctx);
    chargeWork(a.length, call);
    const out = new Array<unknown>(a.length);
    const locals = ctx.locals;
    for (let i = 0; i < a.length; i++) {
      locals[slot] = a[i];
      out[i] = f(ctx);
    }
    return out;
  }, { t: 'map', list: irOf(c), lam: p.lam, at: call });
};

/** any/all: short-circuit on the first element that decides */
function quantifier(name: string, wantAll: boolean): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 2, 2, `${name}(l, x => condition)`)) return quiet();
    const { c, elem } = listArg(cx, call, 0);
    const p = lambdaArg(cx, call, 1, elem, T.bool, 'condition');
    if (!p || c.bad) return quiet();
    const l = c.fn as List;
    const { slot, f } = p;
    return ok(T.bool, (ctx) => {
      const a = l(ctx);
      chargeWork(a.length, call);
      const locals = ctx.locals;
      for (let i = 0; i < a.length; i++) {
        locals[slot] = a[i];
        if (!f(ctx) === wantAll) return !wantAll;
      }
      return wantAll;
    }, { t: 'quant', all: wantAll, list: irOf(c), lam: p.lam, at: call });
  };
}

/** stable ascending sort by a number or string key (strings by UTF-16 code units, not locale) */
const sortBy: Builtin = (call, cx) => {
  if (!arity(cx, call, 2, 2, 'sortBy(l, x => key)')) return quiet();
  const { c, elem } = listArg(cx, call, 0);
  const p = lambdaArg(cx, call, 1, elem, 'key', 'key');
  if (!p || c.bad) return quiet();
  const l = c.fn as List;
  const { slot, f } = p;
  return ok(T.list(elem), (ctx) => {
    const a = l(ctx);
    chargeWork(a.length, call);
    const locals = ctx.locals;
    const keys = new Array<number>(a.length);
    for (let i = 0; i < a.length; i++) {
      locals[slot] = a[i];
      keys[i] = f(ctx) as number;
    }
    return orderByKeys(a, keys);
  }, { t: 'sortBy', list: irOf(c), lam: p.lam, at: call });
};

/** the items of a in ascending order of keys (one per item), ties by position */
export function orderByKeys(a: Arr, keys: readonly number[]): unknown[] {
  const idx = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) idx[i] = i;
  // ties broken by position: stable whatever the engine's sort does
  idx.sort((i, j) => (keys[i]! < keys[j]! ? -1 : keys[i]! > keys[j]! ? 1 : i - j));
  return idx.map((i) => a[i]);
}

/** a reversed copy (its length taken from the work budget) */
export function reversed(a: Arr, at: Span): unknown[] {
  chargeWork(a.length, at);
  return a.slice().reverse();
}

/** one list argument, same list type out */
function listToList(name: 'reverse', op: (a: Arr, at: Span) => unknown[]): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 1, 1, `${name}(l)`)) return quiet();
    const { c, elem } = listArg(cx, call, 0);
    if (c.bad) return quiet();
    const l = c.fn as List;
    return ok(T.list(elem), (ctx) => op(l(ctx), call), { t: 'helper', name, args: [irOf(c)], call });
  };
}

function end(name: string, last: boolean): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 1, 1, `${name}(l)`)) return quiet();
    const { c, elem } = listArg(cx, call, 0);
    if (c.bad) return quiet();
    const l = c.fn as List;
    return ok(elem, last
      ? (ctx) => { const a = l(ctx); return a.length ? a[a.length - 1] : null; }
      : (ctx) => { const a = l(ctx); return a.length ? a[0] : null; }, { t: 'end', last, list: irOf(c) });
  };
}

function slice(name: string, fromStart: boolean): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 2, 2, `${name}(l, n)`)) return quiet();
    const { c, elem } = listArg(cx, call, 0);
    const n = numArg(cx, call, 1);
    if (c.bad || n.bad) return quiet();
    const l = c.fn as List;
    const nf = n.fn as Num;
    // a negative n counts as 0 (slice would count it from the end)
    const ir: IR = { t: 'helper', name: fromStart ? 'take' : 'drop', args: [irOf(c), irOf(n)], call };
    return ok(T.list(elem), fromStart
      ? (ctx) => { const a = l(ctx); const k = nf(ctx); chargeWork(a.length, call); return a.slice(0, Math.max(0, k)); }
      : (ctx) => { const a = l(ctx); const k = nf(ctx); chargeWork(a.length, call); return a.slice(Math.max(0, k)); }, ir);
  };
}

const concat: Builtin = (call, cx) => {
  if (!arity(cx, call, 2, 2, 'concat(a, b)')) return quiet();
  const a = listArg(cx, call, 0);
  const b = listArg(cx, call, 1);
  if (a.c.bad || b.c.bad) return quiet();
  const elem = join(a.elem, b.elem);
  if (!elem) {
    cx.error(call, `concat: cannot join a ${typeToString(a.c.type)} and a ${typeToString(b.c.type)}`);
    return quiet();
  }
  const fa = a.c.fn as List;
  const fb = b.c.fn as List;
  // a copy and pushes: Array.prototype.concat is slow (it checks every argument for spreading)
  return ok(T.list(elem), (ctx) => concatLists(fa(ctx), fb(ctx), call), { t: 'helper', name: 'concat', args: [irOf(a.c), irOf(b.c)], call });
};

/** a + b as a new list (refused past MAX_LIST_LENGTH) */
export function concatLists(a: Arr, b: Arr, call: CallNode): unknown[] {
  tooLong(a.length + b.length, call);
  chargeWork(a.length + b.length, call);
  const out = a.slice();
  for (let i = 0; i < b.length; i++) out.push(b[i]);
  return out;
}

function search(name: string, asIndex: boolean): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 2, 2, `${name}(l, x)`)) return quiet();
    const { c, elem } = listArg(cx, call, 0);
    const x = cx.expr(call.args[1]!);
    if (!searchable(cx, call, elem, x, 1) || c.bad) return quiet();
    const l = c.fn as List;
    const xf = x.fn;
    const ir: IR = { t: 'search', asIndex, list: irOf(c), x: irOf(x), at: call };
    return asIndex
      ? ok(T.number, (ctx) => searchList(l(ctx), xf(ctx), call), ir)
      : ok(T.bool, (ctx) => searchList(l(ctx), xf(ctx), call) >= 0, ir);
  };
}

/** where x is in a (-1 if nowhere), the length of a taken from the work budget (indexOf, contains, `in`) */
export function searchList(a: Arr, x: unknown, at: Span): number {
  chargeWork(a.length, at);
  return a.indexOf(x);
}

// ---- numbers -----------------------------------------------------------------------------

function math1(name: 'floor' | 'ceil' | 'abs' | 'round', op: (x: number) => number): Builtin {
  return (call, cx) => {
    if (!arity(cx, call, 1, 1, `${name}(x)`)) return quiet();
    const x = numArg(cx, call, 0);
    if (x.bad) return quiet();
    const f = x.fn as Num;
    return ok(T.number, (ctx) => op(f(ctx)), { t: 'math', f: name, a: irOf(x) });
  };
}

const range: Builtin = (call, cx) => {
  if (!arity(cx, call, 2, 2, 'range(a, b) — a, a+1, …, b-1')) return quiet();
  const a = numArg(cx, call, 0);
  const b = numArg(cx, call, 1);
  if (a.bad || b.bad) return quiet();
  const fa = a.fn as Num;
  const fb = b.fn as Num;
  return ok(T.list(T.number), (ctx) => {
    const lo = fa(ctx);
    return rangeList(lo, fb(ctx), call);
  }, { t: 'helper', name: 'range', args: [irOf(a), irOf(b)], call });
};

/** lo, lo + 1, …, below hi (refused past MAX_LIST_LENGTH) */
export function rangeList(lo: number, hi: number, call: CallNode): number[] {
  const out: number[] = [];
  tooLong(hi - lo, call);
  if (hi > lo) chargeWork(hi - lo, call);
  for (let i = lo; i < hi; i++) out.push(i);
  return out;
}

export const builtins: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['count', count],
  ['sum', sum],
  ['min', minmax('min', minList)],
  ['max', minmax('max', maxList)],
  ['minBy', by('minBy', true, false)],
  ['maxBy', by('maxBy', false, false)],
  ['allMinBy', by('allMinBy', true, true)],
  ['allMaxBy', by('allMaxBy', false, true)],
  ['filter', filter],
  ['map', map],
  ['any', quantifier('any', false)],
  ['all', quantifier('all', true)],
  ['sortBy', sortBy],
  ['reverse', listToList('reverse', reversed)],
  ['first', end('first', false)],
  ['last', end('last', true)],
  ['take', slice('take', true)],
  ['drop', slice('drop', false)],
  ['concat', concat],
  ['indexOf', search('indexOf', true)],
  ['contains', search('contains', false)],
  ['floor', math1('floor', Math.floor)],
  ['ceil', math1('ceil', Math.ceil)],
  ['abs', math1('abs', Math.abs)],
  ['round', math1('round', Math.round)],
  ['range', range],
]);

export const builtinNames: readonly string[] = [...builtins.keys()];
