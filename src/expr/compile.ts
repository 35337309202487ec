/**
 * Type-check and compile in one pass: every AST node becomes a closure specialised for its kind,
 * so nothing walks the AST at run time. Errors are collected (several per expression) and the
 * node that failed yields a quiet placeholder so one mistake does not cascade.
 */
import type { Ast, BinaryNode, CallNode, IndexNode, LambdaNode, MemberNode, NameNode, Span } from './ast.ts';
import { builtinNames, builtins } from './builtins.ts';
import type { C, CLambda, Cx } from './cx.ts';
import { ExprRuntimeError, where, type ExprError, type FunctionBody } from './errors.ts';
import { irOf, type CodeSink } from './ir.ts';
import { parseExpr } from './parser.ts';
import { sharedCalls, sharedCallsEnabled, type SharedCalls } from './shared-calls.ts';
import { EPOCH, type MemoTable } from './memo.ts';
import { WORK, chargeWork, metered } from './budget.ts';
import { arithFault, MAX_NUMBER } from './numbers.ts';
import { searchList } from './builtins.ts';
import type { Compiled, Ctx, FunctionBinding, MemberBinding, Scope } from './scope.ts';
import { didYouMean } from './suggest.ts';
import { T, assignable, isNumeric, join, typeToString, type Type } from './types.ts';

type Num = (ctx: Ctx) => number;

interface Param {
  name: string;
  slot: number;
  type: Type;
}

const isNum = (t: Type) => t.k === 'number' || t.k === 'any';
const isBool = (t: Type) => t.k === 'bool' || t.k === 'any';

/**
 * Closures that only read one local slot (a lambda parameter, a local). A node built on one reads
 * the slot itself: one closure call fewer on the hottest paths (`x.team`, `s.big[c]`).
 */
const slotOf = new WeakMap<object, number>();

export function slotReader(slot: number): Compiled {
  const f: Compiled = (ctx) => ctx.locals[slot];
  slotOf.set(f, slot);
  return f;
}

/** the slot a closure made by slotReader reads, else undefined */
export function readsSlot(fn: object): number | undefined {
  return slotOf.get(fn);
}

/** floored modulo: the result has the divisor's sign, so (i - 1) % n stays in 0..n-1 */
export const mod = (x: number, y: number): number => {
  const r = x % y;
  return r !== 0 && r < 0 !== y < 0 ? r + y : r;
};

export class Compiler implements Cx {
  readonly errors: ExprError[] = [];
  /** lambda parameters in scope, innermost last */
  private params: Param[] = [];

  /** calls that reuse an earlier call's value (shared-calls.ts), and the slots those values are kept in */
  private shared: SharedCalls | undefined;
  private readonly firsts = new Set<CallNode>();
  private readonly sharedSlots = new Map<CallNode, number>();
  /** whether what was compiled calls a function that keeps its values (memo.ts), itself or through others */
  usesKept = false;
  /** whether what was compiled calls a spec function (a body that does is charged per call: budget.ts) */
  callsFunctions = false;

  /** `repeated`: the expression runs many times over one state (a look-ahead), so its calls of a
   *  function of two arguments read and keep values; elsewhere such a call seldom meets its
   *  arguments twice in one evaluation, and keeping would cost more than it saves (memo.ts) */
  constructor(readonly scope: Scope, private readonly repeated = false) {}

  /** before compiling `root`: find the calls it makes twice (unless RULES_SHARED_CALLS=off) */
  shareCalls(root: Ast): void {
    if (!sharedCallsEnabled()) return;
    this.shared = sharedCalls(root, (name) => {
      if (builtins.has(name)) return false;
      const f = this.scope.fn(name);
      return f !== undefined && isSlotFunction(f);
    });
    for (const first of this.shared.reuse.values()) this.firsts.add(first);
  }

  private sharedSlot(first: CallNode): number {
    let slot = this.sharedSlots.get(first);
    if (slot === undefined) this.sharedSlots.set(first, (slot = this.scope.newSlot()));
    return slot;
  }

  error(at: Span, message: string): C {
    this.errors.push({ message, offset: at.offset, length: at.length });
    return { type: T.any, fn: () => null, bad: true };
  }

  expr(n: Ast): C {
    switch (n.kind) {
      case 'Number': case 'String': case 'Bool': case 'None': {
        const value = n.kind === 'None' ? null : n.value;
        const type = n.kind === 'Number' ? T.number : n.kind === 'String' ? T.string : n.kind === 'Bool' ? T.bool : T.none;
        return { type, fn: () => value, konst: { value } };
      }
      case 'Name': return this.name(n);
      case 'Member': return this.member(n);
      case 'Call': return this.call(n);
      case 'Lambda':
        return this.error(n, 'a lambda (x => …) is only allowed as an argument of a function that takes one, such as count, filter or map');
      case 'Unary': return this.unary(n.op, n.operand);
      case 'Binary': return this.binary(n);
      case 'If': return this.ifExpr(n.cond, n.then, n.else, n);
      case 'List': return this.list(n.items);
      case 'Index': return this.index(n);
    }
  }

  /** `l[i]` on a list (0-based, none out of range) or `m[k]` on a keyed var/zone */
  private index(n: IndexNode): C {
    const o = this.expr(n.object);
    const i = this.expr(n.index);
    if (o.bad || i.bad) return o.bad ? o : i;
    const obj = o.fn;
    const idx = i.fn;
    if (o.type.k === 'list' && o.type.of.k === 'space' && i.type.k === 'string') {
      // `character["new-york"]`: an item of a space set by its id, resolved when compiled
      const set = o.type.of.set;
      if (!i.konst || typeof i.konst.value !== 'string') return this.error(n.index, `an item of ${set} is named by a quoted id, like ${set}["…"]`);
      const id = i.konst.value;
      const item = this.scope.spaceItem?.(set, id);
      if (item === undefined) return this.error(n.index, `${set} has no item '${id}'${didYouMean(id, this.scope.spaceItems?.(set) ?? [])}`);
      return { type: o.type.of, fn: () => item, konst: { value: item } };
    }
    if (o.type.k === 'list') {
      if (!isNumeric(i.type)) return this.error(n.index, `a list is indexed by a number, got ${typeToString(i.type)}`);
      return {
        type: o.type.of,
        ir: { t: 'at', obj: irOf(o), idx: irOf(i) },
        fn: (ctx) => {
          const l = obj(ctx) as unknown[];
          const k = idx(ctx) as number;
          return Number.isInteger(k) && k >= 0 && k < l.length ? l[k] : null;
        },
      };
    }
    if (o.type.k === 'map') {
      if (!assignable(i.type, o.type.key) || i.type.k === 'none') return this.error(n.index, `this is keyed by ${typeToString(o.type.key)}, got ${typeToString(i.type)}`);
      const ir = { t: 'key', obj: irOf(o), idx: irOf(i), fault: { message: 'cannot index by none', at: n.index } } as const;
      const slot = slotOf.get(idx);
      if (slot !== undefined) {
        return {
          type: o.type.of,
          ir,
          fn: (ctx) => {
            const k = ctx.locals[slot];
            if (k === null || k === undefined) throw new ExprRuntimeError('cannot index by none', n.index);
            return (obj(ctx) as unknown[])[k as number] ?? null;
          },
        };
      }
      return {
        type: o.type.of,
        ir,
        fn: (ctx) => {
          const k = idx(ctx);
          if (k === null || k === undefined) throw new ExprRuntimeError('cannot index by none', n.index);
          return (obj(ctx) as unknown[])[k as number] ?? null;
        },
      };
    }
    return this.error(n.object, `only a list or a keyed value can be indexed with [ ], got ${typeToString(o.type)}`);
  }

  lambda(n: Ast, types: Type[], what: string): CLambda | undefined {
    if (n.kind !== 'Lambda') {
      this.error(n, `${what} must be a lambda, like x => …`);
      return undefined;
    }
    const want = types.length;
    let ok = true;
    if (n.params.length !== want) {
      this.error(n, `${what} must be a lambda of ${want} parameter${want === 1 ? '' : 's'}, got ${n.params.length}`);
      ok = false;
    }
    const r = this.withParams(n, types, () => this.expr(n.body));
    return ok && r.ok ? { slots: r.slots, body: r.value } : undefined;
  }

  /** bind a lambda's parameters (each in a fresh slot) while compiling its body */
  withParams<R>(n: LambdaNode, types: Type[], body: () => R): { slots: number[]; value: R; ok: boolean } {
    let ok = true;
    const seen = new Set<string>();
    const slots: number[] = [];
    const depth = this.params.length;
    n.params.forEach((p, i) => {
      if (seen.has(p.name)) {
        this.error(p, `parameter '${p.name}' is declared twice`);
        ok = false;
      }
      seen.add(p.name);
      const slot = this.scope.newSlot();
      slots.push(slot);
      this.params.push({ name: p.name, slot, type: types[i] ?? T.any });
    });
    try {
      return { slots, value: body(), ok };
    } finally {
      this.params.length = depth;
    }
  }

  private functionExists(id: string): boolean {
    return builtins.has(id) || this.scope.fn(id) !== undefined;
  }

  private name(n: NameNode): C {
    for (let i = this.params.length - 1; i >= 0; i--) {
      const p = this.params[i]!;
      if (p.name === n.name) {
        const slot = p.slot;
        return { type: p.type, fn: slotReader(slot), ir: { t: 'slot', slot } };
      }
    }
    const b = this.scope.name(n.name);
    if (b) {
      const slot = slotOf.get(b.get);
      const ir = slot !== undefined ? { t: 'slot', slot } as const
        : b.path && b.slice ? { t: 'slice', path: b.path, ...b.slice } as const
        : b.path ? { t: 'path', path: b.path } as const
        : { t: 'fn', fn: b.get, name: true } as const;
      return { type: b.type, fn: b.get, ir };
    }
    if (this.functionExists(n.name)) {
      return this.error(n, `'${n.name}' is a function: call it with its arguments, like ${n.name}(…)`);
    }
    const candidates = [...this.params.map((p) => p.name), ...(this.scope.names?.() ?? [])];
    return this.error(n, `unknown name '${n.name}'${didYouMean(n.name, candidates)}`);
  }

  private member(n: MemberNode): C {
    const o = this.expr(n.object);
    if (o.bad) return o;
    const at = { offset: n.nameOffset, length: n.name.length };
    if (o.type.k === 'none') return this.error(at, `none has no members, so no '${n.name}'`);
    const b = this.scope.member(o.type, n.name);
    // `any` comes from an earlier mistake (reported there) or from `options`: only the latter is checked here
    if (!b && o.type.k === 'any' && !(n.object.kind === 'Name' && n.object.name === 'options')) return { type: T.any, fn: () => null, bad: true };
    if (!b) {
      const t = n.object.kind === 'Name' && n.object.name === 'options' ? 'options' : typeToString(o.type);
      return this.error(at, `${t} has no ${t === 'options' ? 'option' : 'member'} '${n.name}'${didYouMean(n.name, this.scope.members?.(o.type) ?? [])}`);
    }
    const obj = o.fn;
    const get = b.get;
    const name = n.name;
    const slot = slotOf.get(obj);
    const ir = { t: 'member', obj: irOf(o), read: b.read, get, fault: { message: `cannot read '.${name}' of none`, at: n } } as const;
    if (slot !== undefined && isSlotMember(b)) {
      const none = (): never => {
        throw new ExprRuntimeError(`cannot read '.${name}' of none`, n);
      };
      return { type: b.type, fn: b.fromSlot(slot, none), ir };
    }
    if (slot !== undefined) {
      return {
        type: b.type,
        ir,
        fn: (ctx) => {
          const v = ctx.locals[slot];
          if (v === null || v === undefined) throw new ExprRuntimeError(`cannot read '.${name}' of none`, n);
          return get(v, ctx);
        },
      };
    }
    return {
      type: b.type,
      ir,
      fn: (ctx) => {
        const v = obj(ctx);
        // the types do not track "maybe none" (first, minBy, unset seat vars): fail clearly here
        if (v === null || v === undefined) throw new ExprRuntimeError(`cannot read '.${name}' of none`, n);
        return get(v, ctx);
      },
    };
  }

  private call(n: CallNode): C {
    const builtin = builtins.get(n.name);
    if (builtin) return builtin(n, this);
    const f = this.scope.fn(n.name);
    if (!f) {
      if (this.scope.name(n.name)) return this.error(n, `'${n.name}' names a value, not a function: it cannot be called`);
      const candidates = [...builtinNames, ...(this.scope.names?.() ?? [])];
      return this.error({ offset: n.offset, length: n.name.length }, `unknown function '${n.name}'${didYouMean(n.name, candidates)}`);
    }
    let bad = false;
    const args = n.args.map((a, i) => {
      if (a.kind === 'Lambda') {
        bad = true;
        return this.error(a, `${n.name}: argument ${i + 1} cannot be a lambda`);
      }
      const c = this.expr(a);
      if (c.bad) bad = true;
      return c;
    });
    if (bad) return { type: T.any, fn: () => null, bad: true };
    const r = f.check(args.map((a) => a.type));
    if (typeof r === 'string') {
      // name the function, unless the binding's message already starts with it
      const named = r.startsWith(`${n.name} `) || r.startsWith(`${n.name}:`) || r.startsWith(`function '${n.name}'`);
      return this.error(n, named ? r : `${n.name}: ${r}`);
    }
    const fs = args.map((a) => a.fn);
    const irs = args.map(irOf);
    if (isSlotFunction(f)) this.callsFunctions = true;
    if (isSlotFunction(f) && f.slots.length === fs.length) {
      // the values this call keeps, if any: a function of two arguments keeps them only here in a
      // look-ahead; a call that keeps none, of a body that reads none, starts no evaluation
      const memo = f.memo !== undefined && (fs.length < 2 || this.repeated) ? f.memo : undefined;
      // a step of the work budget per call of a body that calls functions itself (budget.ts)
      const charge = callingBodies.has(f.body);
      if (memo !== undefined || keptUsers.has(f.body)) this.usesKept = true;
      const earlier = this.shared?.reuse.get(n);
      if (earlier !== undefined) {
        // the same call has surely run already in this expression: its kept value
        const slot = this.sharedSlot(earlier);
        return { type: r, fn: slotReader(slot), ir: { t: 'slot', slot } };
      }
      const enter = charge ? enterCharged : enterBody;
      const call = memo ? keptCall(memo, f.slots, f.body, fs, n, enter) : directCall(f.slots, f.body, fs, n, enter);
      const ir = { t: 'ucall', slots: f.slots, body: f.body, at: n, args: irs, ...(memo ? { memo } : {}), ...(charge ? { charge: true as const } : {}) } as const;
      if (!this.firsts.has(n)) return { type: r, fn: call, ir };
      const slot = this.sharedSlot(n);
      return { type: r, fn: (ctx) => (ctx.locals[slot] = call(ctx)), ir: { t: 'store', slot, a: ir } };
    }
    // (a spec function reached this way would still read kept values: the expression starts an evaluation)
    if (isSlotFunction(f) && readsKept(f)) this.usesKept = true;
    const ir = { t: 'fcall', f, args: irs } as const;
    // fixed-arity closures avoid building the argument array with map() at run time
    switch (fs.length) {
      case 0: return { type: r, ir, fn: (ctx) => f.call([], ctx) };
      case 1: { const [a] = fs as [Compiled]; return { type: r, ir, fn: (ctx) => f.call([a(ctx)], ctx) }; }
      case 2: { const [a, b] = fs as [Compiled, Compiled]; return { type: r, ir, fn: (ctx) => f.call([a(ctx), b(ctx)], ctx) }; }
      default: return { type: r, ir, fn: (ctx) => f.call(fs.map((g) => g(ctx)), ctx) };
    }
  }

  private unary(op: 'not' | '-', operand: Ast): C {
    const o = this.expr(operand);
    if (o.bad) return o;
    const f = o.fn;
    if (op === 'not') {
      if (!isBool(o.type)) return this.error(operand, `'not' needs a bool, got ${typeToString(o.type)}`);
      return this.fold({ type: T.bool, fn: (ctx) => !f(ctx), ir: { t: 'not', a: irOf(o) } }, [o], operand);
    }
    if (!isNum(o.type)) return this.error(operand, `'-' needs a number, got ${typeToString(o.type)}`);
    const g = f as Num;
    return this.fold({ type: T.number, fn: (ctx) => -g(ctx), ir: { t: 'neg', a: irOf(o) } }, [o], operand);
  }

  /** a node whose operands are all known at compile time is computed now; one that would fail
   *  whenever it runs (`0 / 0`, a product past the numbers a rule may hold) is an error at `at` */
  private fold(c: C, parts: C[], at: Span): C {
    if (!parts.every((p) => p.konst)) return c;
    let value: unknown;
    try {
      value = c.fn({ locals: [] });
    } catch (err) {
      return this.error(at, (err as Error).message);
    }
    return { type: c.type, fn: () => value, konst: { value } };
  }

  private binary(n: BinaryNode): C {
    const l = this.expr(n.left);
    const r = this.expr(n.right);
    if (l.bad || r.bad) return { type: T.any, fn: () => null, bad: true };
    const op = n.op;
    const a = l.fn;
    const b = r.fn;
    switch (op) {
      case 'and': case 'or': {
        const badSide = !isBool(l.type) ? [n.left, l] as const : !isBool(r.type) ? [n.right, r] as const : undefined;
        if (badSide) return this.error(badSide[0], `'${op}' needs bools, got ${typeToString(badSide[1].type)}`);
        return this.fold({ type: T.bool, fn: op === 'and' ? (ctx) => a(ctx) && b(ctx) : (ctx) => a(ctx) || b(ctx), ir: { t: op, a: irOf(l), b: irOf(r) } }, [l, r], n);
      }
      case '+': case '-': case '*': case '/': case '%':
      case '<': case '<=': case '>': case '>=': {
        const badSide = !isNum(l.type) ? [n.left, l] as const : !isNum(r.type) ? [n.right, r] as const : undefined;
        if (badSide) return this.error(badSide[0], `'${op}' needs numbers, got ${typeToString(badSide[1].type)}`);
        // a division by a literal zero has no value whenever it runs
        if ((op === '/' || op === '%') && r.konst?.value === 0) return this.error(n, `division by zero: '${op} 0' has no value`);
        const checked = op === '+' || op === '-' || op === '*' || op === '/' || op === '%';
        return this.fold({ ...arith(op, a as Num, b as Num, n), ir: { t: 'op', op, a: irOf(l), b: irOf(r), ...(checked ? { at: n } : {}) } }, [l, r], n);
      }
      case '==': case '!=': {
        const j = join(l.type, r.type);
        if (!j) return this.error(n, `cannot compare ${typeToString(l.type)} with ${typeToString(r.type)} using '${op}'`);
        const eq = op === '==';
        const ir = { t: 'op', op: eq ? '===' : '!==', a: irOf(l), b: irOf(r) } as const;
        // lists are equal when they hold equal items in the same order (a turn order, a hand of kinds)
        if (j.k === 'list') return this.fold({ type: T.bool, fn: eq ? (ctx) => sameListAt(a(ctx), b(ctx), n) : (ctx) => !sameListAt(a(ctx), b(ctx), n), ir: { t: 'sameList', eq, a: irOf(l), b: irOf(r), at: n } }, [l, r], n);
        // comparing with a literal (s.role == "cop") is the common case: one closure call, not two
        if (r.konst && !l.konst) return { ...compareKonst(eq, a, r.konst.value), ir };
        if (l.konst && !r.konst) return { ...compareKonst(eq, b, l.konst.value), ir };
        const sa = slotOf.get(a);
        const sb = slotOf.get(b);
        if (sa !== undefined && sb !== undefined) {
          return { type: T.bool, ir, fn: eq ? (ctx) => ctx.locals[sa] === ctx.locals[sb] : (ctx) => ctx.locals[sa] !== ctx.locals[sb] };
        }
        // `t != me`: operands are evaluated left to right, as in the general case
        if (sb !== undefined) return { type: T.bool, ir, fn: eq ? (ctx) => a(ctx) === ctx.locals[sb] : (ctx) => a(ctx) !== ctx.locals[sb] };
        if (sa !== undefined) return { type: T.bool, ir, fn: eq ? (ctx) => ctx.locals[sa] === b(ctx) : (ctx) => ctx.locals[sa] !== b(ctx) };
        return this.fold({ type: T.bool, ir, fn: eq ? (ctx) => a(ctx) === b(ctx) : (ctx) => a(ctx) !== b(ctx) }, [l, r], n);
      }
      case 'in': {
        if (r.type.k !== 'list' && r.type.k !== 'any') {
          return this.error(n.right, `'in' needs a list on its right, got ${typeToString(r.type)}`);
        }
        const elem = r.type.k === 'list' ? r.type.of : T.any;
        const j = join(elem, l.type);
        if (!j) return this.error(n, `'in': cannot look for a ${typeToString(l.type)} in a ${typeToString(r.type)}`);
        if (j.k === 'list') return this.error(n, `'in' cannot look for a list (lists cannot be compared)`);
        const list = b as (ctx: Ctx) => readonly unknown[];
        return { type: T.bool, fn: (ctx) => searchList(list(ctx), a(ctx), n) >= 0, ir: { t: 'in', x: irOf(l), list: irOf(r), at: n } };
      }
    }
  }

  private ifExpr(cond: Ast, thenN: Ast, elseN: Ast, n: Span): C {
    const c = this.expr(cond);
    const x = this.expr(thenN);
    const y = this.expr(elseN);
    if (c.bad || x.bad || y.bad) return { type: T.any, fn: () => null, bad: true };
    if (!isBool(c.type)) return this.error(cond, `the condition of 'if' must be a bool, got ${typeToString(c.type)}`);
    const type = join(x.type, y.type);
    if (!type) {
      return this.error(n, `the branches of 'if' have different types: ${typeToString(x.type)} after 'then', ${typeToString(y.type)} after 'else'`);
    }
    const cf = c.fn;
    const xf = x.fn;
    const yf = y.fn;
    if (c.konst) return c.konst.value ? { ...x, type } : { ...y, type };
    return { type, fn: (ctx) => (cf(ctx) ? xf(ctx) : yf(ctx)), ir: { t: 'if', c: irOf(c), a: irOf(x), b: irOf(y) } };
  }

  private list(items: Ast[]): C {
    const cs = items.map((i) => this.expr(i));
    if (cs.some((c) => c.bad)) return { type: T.any, fn: () => null, bad: true };
    let elem: Type = T.any;
    for (let i = 0; i < cs.length; i++) {
      const j = join(elem, cs[i]!.type);
      if (!j) {
        return this.error(items[i]!, `list items must all have one type: this one is ${typeToString(cs[i]!.type)}, the earlier ones ${typeToString(elem)}`);
      }
      elem = j;
    }
    const fs = cs.map((c) => c.fn);
    // a new array every time: the caller may keep or change it
    return {
      type: T.list(elem),
      ir: { t: 'list', items: cs.map(irOf) },
      fn: (ctx) => {
        const out = new Array<unknown>(fs.length);
        for (let i = 0; i < fs.length; i++) out[i] = fs[i]!(ctx);
        return out;
      },
    };
  }
}

/**
 * A function binding that also shows its parameter slots and body (the spec's own functions):
 * a call then writes the slots and runs the body itself, with no argument array per call.
 * It must mean the same as `call`: every argument evaluated first, then the slots written in order.
 */
export interface SlotFunctionBinding extends FunctionBinding {
  slots: readonly number[];
  body: Compiled;
  /** its values kept for the rest of an evaluation (memo.ts): none or one parameter */
  memo?: MemoTable;
}

/**
 * A member binding that can also read its object straight from a local slot: `fromSlot(slot, none)`
 * must mean `get(ctx.locals[slot], ctx)`, calling `none()` (which throws) when that is none.
 */
export interface SlotMemberBinding extends MemberBinding {
  fromSlot(slot: number, none: () => never): Compiled;
}

function isSlotMember(b: MemberBinding): b is SlotMemberBinding {
  return typeof (b as Partial<SlotMemberBinding>).fromSlot === 'function';
}

function isSlotFunction(f: FunctionBinding): f is SlotFunctionBinding {
  return Array.isArray((f as Partial<SlotFunctionBinding>).slots) && typeof (f as Partial<SlotFunctionBinding>).body === 'function';
}

/** `body(ctx)` for a call at `at`: a fault inside the body is placed at the call (asRuntimeError).
 *  Called from each call's own closure (no wrapper closure per call); the try costs nothing
 *  until something throws. */
function enterBody(body: Compiled, ctx: Ctx, at: Span): unknown {
  try {
    return body(ctx);
  } catch (err) {
    throw asRuntimeError(err, at);
  }
}

/**
 * enterBody, taking a step of the work budget first (budget.ts): for a body that calls functions
 * itself, since functions that call the next twice multiply (40 deep, 2^40 calls and no loop).
 * A body that calls none costs at most its own size, so its calls are not counted: every
 * uncounted call hangs below a counted one or a counted loop, at most a body's size of them each.
 */
function enterCharged(body: Compiled, ctx: Ctx, at: Span): unknown {
  chargeWork(1, at);
  return enterBody(body, ctx, at);
}

type Enter = typeof enterBody;

/** directCall, looking the value up first in the function's table for this evaluation (memo.ts) */
function keptCall(memo: MemoTable, slots: readonly number[], body: Compiled, fs: Compiled[], at: Span, enterBody: Enter): Compiled {
  if (fs.length === 0) {
    const t = memo as [number, unknown];
    return (ctx) => {
      if (t[0] === EPOCH[0]) return t[1];
      const v = enterBody(body, ctx, at);
      t[0] = EPOCH[0]!;
      t[1] = v;
      return v;
    };
  }
  if (fs.length === 2) return keptPairCall(memo as [number[][], unknown[][]], slots, body, fs, at, enterBody);
  const [stamps, values] = memo as [number[], unknown[]];
  const [a] = fs as [Compiled];
  const [s0] = slots as [number];
  return (ctx) => {
    const x = a(ctx) as number | null;
    if (x === null || x === undefined) {
      ctx.locals[s0] = x;
      return enterBody(body, ctx, at);
    }
    if (stamps[x] === EPOCH[0]) return values[x];
    ctx.locals[s0] = x;
    const v = enterBody(body, ctx, at);
    stamps[x] = EPOCH[0]!;
    values[x] = v;
    return v;
  };
}

/** keptCall of a function of two parameters: both arguments first, as directCall, then the row of
 *  the first and the value of the second in it */
function keptPairCall([stamps, values]: [number[][], unknown[][]], slots: readonly number[], body: Compiled, fs: Compiled[], at: Span, enterBody: Enter): Compiled {
  const [a, b] = fs as [Compiled, Compiled];
  const [s0, s1] = slots as [number, number];
  return (ctx) => {
    const x = a(ctx) as number | null;
    const y = b(ctx) as number | null;
    const kept = x !== null && x !== undefined && y !== null && y !== undefined;
    const row = kept ? stamps[x] : undefined;
    if (row !== undefined && row[y!] === EPOCH[0]) return values[x!]![y!];
    ctx.locals[s0] = x;
    ctx.locals[s1] = y;
    const v = enterBody(body, ctx, at);
    if (!kept) return v;
    if (row === undefined) {
      stamps[x] = [];
      values[x] = [];
    }
    stamps[x]![y] = EPOCH[0]!;
    values[x]![y] = v;
    return v;
  };
}

function directCall(slots: readonly number[], body: Compiled, fs: Compiled[], at: Span, enterBody: Enter): Compiled {
  switch (fs.length) {
    case 0:
      return (ctx) => enterBody(body, ctx, at);
    case 1: {
      const [a] = fs as [Compiled];
      const [s0] = slots as [number];
      const sa = slotOf.get(a);
      // `f(x)`: the argument is itself a local
      if (sa !== undefined) {
        return (ctx) => {
          ctx.locals[s0] = ctx.locals[sa];
          return enterBody(body, ctx, at);
        };
      }
      return (ctx) => {
        const x = a(ctx);
        ctx.locals[s0] = x;
        return enterBody(body, ctx, at);
      };
    }
    case 2: {
      const [a, b] = fs as [Compiled, Compiled];
      const [s0, s1] = slots as [number, number];
      const sa = slotOf.get(a);
      const sb = slotOf.get(b);
      // `f(x, c)`: both arguments are locals
      if (sa !== undefined && sb !== undefined) {
        return (ctx) => {
          const locals = ctx.locals;
          const x = locals[sa];
          const y = locals[sb];
          locals[s0] = x;
          locals[s1] = y;
          return enterBody(body, ctx, at);
        };
      }
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        const locals = ctx.locals;
        locals[s0] = x;
        locals[s1] = y;
        return enterBody(body, ctx, at);
      };
    }
    case 3: {
      const [a, b, c] = fs as [Compiled, Compiled, Compiled];
      const [s0, s1, s2] = slots as [number, number, number];
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        const z = c(ctx);
        const locals = ctx.locals;
        locals[s0] = x;
        locals[s1] = y;
        locals[s2] = z;
        return enterBody(body, ctx, at);
      };
    }
    default:
      return (ctx) => {
        const xs = fs.map((g) => g(ctx));
        for (let i = 0; i < xs.length; i++) ctx.locals[slots[i]!] = xs[i];
        return enterBody(body, ctx, at);
      };
  }
}

function compareKonst(eq: boolean, a: Compiled, v: unknown): C {
  const slot = slotOf.get(a);
  if (slot !== undefined) return { type: T.bool, fn: eq ? (ctx) => ctx.locals[slot] === v : (ctx) => ctx.locals[slot] !== v };
  return { type: T.bool, fn: eq ? (ctx) => a(ctx) === v : (ctx) => a(ctx) !== v };
}

/** the operators on numbers; one that makes a number checks it is one a rule may hold (numbers.ts) */
function arith(op: '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=', a: Num, b: Num, at: Span): C {
  const num = (fn: Compiled): C => ({ type: T.number, fn });
  const bool = (fn: Compiled): C => ({ type: T.bool, fn });
  const MAX = MAX_NUMBER;
  switch (op) {
    case '+': return num((ctx) => { const x = a(ctx); const y = b(ctx); const r = x + y; return r <= MAX && r >= -MAX ? r : arithFault(op, x, y, r, at); });
    case '-': return num((ctx) => { const x = a(ctx); const y = b(ctx); const r = x - y; return r <= MAX && r >= -MAX ? r : arithFault(op, x, y, r, at); });
    case '*': return num((ctx) => { const x = a(ctx); const y = b(ctx); const r = x * y; return r <= MAX && r >= -MAX ? r : arithFault(op, x, y, r, at); });
    case '/': return num((ctx) => { const x = a(ctx); const y = b(ctx); const r = x / y; return r <= MAX && r >= -MAX ? r : arithFault(op, x, y, r, at); });
    case '%': return num((ctx) => { const x = a(ctx); const y = b(ctx); const r = mod(x, y); return r <= MAX && r >= -MAX ? r : arithFault(op, x, y, r, at); });
    case '<': return bool((ctx) => a(ctx) < b(ctx));
    case '<=': return bool((ctx) => a(ctx) <= b(ctx));
    case '>': return bool((ctx) => a(ctx) > b(ctx));
    case '>=': return bool((ctx) => a(ctx) >= b(ctx));
  }
}

function sorted(errors: ExprError[]): ExprError[] {
  return errors.map((e, i) => [e, i] as const).sort((x, y) => x[0].offset - y[0].offset || x[1] - y[1]).map((x) => x[0]);
}

function internal(src: string | Ast, err: unknown): { errors: ExprError[] } {
  const length = typeof src === 'string' ? src.length : src.length;
  return { errors: [{ message: `internal error while compiling: ${(err as Error)?.message ?? String(err)}`, offset: 0, length }] };
}

function mismatch(c: Compiler, at: Span, got: C, expected: Type | undefined, what: string): void {
  if (expected && !got.bad && !assignable(got.type, expected)) {
    c.error(at, `${what}${typeToString(expected)}, got ${typeToString(got.type)}`);
  }
}

/** src parsed, or the AST as given */
function toAst(src: string | Ast): { ast: Ast } | { errors: ExprError[] } {
  return typeof src === 'string' ? parseExpr(src) : { ast: src };
}

/** a whole expression (not a lambda's body) that must give `expected` */
function compilePlain(ast: Ast, scope: Scope, expected: Type | undefined, sink: CodeSink | undefined, functionBody: FunctionBody | undefined, repeated: boolean): { fn: Compiled; type: Type } | { errors: ExprError[] } {
  const c = new Compiler(scope, repeated);
  c.shareCalls(ast);
  const r = c.expr(ast);
  mismatch(c, ast, r, expected, 'expected ');
  if (c.errors.length > 0) return { errors: sorted(c.errors) };
  const fn = guarded(r, ast, sink, functionBody, c.usesKept);
  if (functionBody && c.callsFunctions) callingBodies.add(fn);
  return { fn, type: r.type };
}

/** the spec function bodies that call spec functions: each call of one takes a step of the work
 *  budget (enterCharged). Functions are compiled callees first, so a call knows its callee's. */
const callingBodies = new WeakSet<Compiled>();

/**
 * The entries of expressions that call a function keeping its values (memo.ts), itself or
 * through others: only these start an evaluation (move EPOCH on) — an expression that reads and
 * writes no kept value needs no stamp of its own — and a function body in it makes its callers one.
 */
const keptUsers = new WeakSet<Compiled>();

/** whether entering this expression starts an evaluation that may read kept values (for generated blocks' direct calls) */
export function startsEvaluation(fn: Compiled): boolean {
  return keptUsers.has(fn);
}

/** whether a call of `f` reads kept values: it keeps its own, or its body calls one that does */
function readsKept(f: SlotFunctionBinding): boolean {
  return f.memo !== undefined || keptUsers.has(f.body);
}

/**
 * A top-level expression whose run may meet a fault the types cannot see (`sortBy` of a
 * `maxBy([])` that gave none, `seat(-1)`): every such fault leaves it as an ExprRuntimeError
 * with a span, so it is reported at its place. Literals and plain slot reads cannot fail and
 * keep their identity (the interpreter recognises slot readers). A top-level expression that
 * reads kept values starts an evaluation (memo.ts); a function's body never does, since it is
 * entered only from inside an expression.
 */
function guarded(r: C, at: Span, sink: CodeSink | undefined, functionBody: FunctionBody | undefined, usesKept: boolean): Compiled {
  const fn = r.fn;
  if (r.konst || slotOf.has(fn)) return fn;
  // with a sink, the closure runs until the program's generated code replaces it in the cell
  const cell = sink ? sink.add(irOf(r), fn, at) : { run: fn };
  // the entry of an expression that begins no evaluation (a function body, or one that reads no
  // kept values), and the look-ahead's way into one that does (sameEvaluation)
  // (a function body's fault is named and left for its call to place: faultInBody)
  const fault = functionBody ? (err: unknown) => faultInBody(err, at, functionBody) : (err: unknown) => asRuntimeError(err, at);
  // outside the machine (WORK.open 0: a pending choice's options, a view) an entry is a run of the
  // work budget of its own (budget.ts); inside, it draws on the machine's
  const within: Compiled = (ctx) => {
    if (WORK.open === 0) return metered(within, ctx);
    try {
      return cell.run(ctx);
    } catch (err) {
      throw fault(err);
    }
  };
  const begins = usesKept && !functionBody;
  const entry: Compiled = begins
    ? (ctx) => {
        if (WORK.open === 0) return metered(entry, ctx);
        EPOCH[0]!++;
        try {
          return cell.run(ctx);
        } catch (err) {
          throw asRuntimeError(err, at);
        }
      }
    : within;
  sink?.entry(cell, entry, functionBody);
  if (usesKept) keptUsers.add(entry);
  if (begins) inSameEvaluation.set(entry, within);
  return entry;
}

/** an entry that starts an evaluation -> the same entry without moving EPOCH on */
const inSameEvaluation = new WeakMap<Compiled, Compiled>();

/**
 * `fn` entered as part of the evaluation already begun (memo.ts): its kept values are read, not
 * computed again. Only for a caller that runs many expressions over one unchanged state (a
 * look-ahead) and has moved EPOCH on itself first (`beginEvaluation`).
 */
export function sameEvaluation(fn: Compiled): Compiled {
  return inSameEvaluation.get(fn) ?? fn;
}

/** start an evaluation: values kept before are not read again */
export function beginEvaluation(): void {
  EPOCH[0]!++;
}

/** `err` as a fault of the expression it leaves at `at`: one placed already keeps its place, one
 *  still in a function's body (not placed at a call, nor at a caller's whole span) takes `at` */
export function asRuntimeError(err: unknown, at: Span): ExprRuntimeError {
  if (err instanceof ExprRuntimeError) return err.inBody ? new ExprRuntimeError(err.message, at) : err;
  const message = err instanceof TypeError && / of (null|undefined)\b/.test(err.message) ? 'a value here is none where a list or an item is needed' : (err as Error).message;
  return new ExprRuntimeError(message, at);
}

/**
 * A fault leaving the body (at `at`) of spec function `body`: its message says which function and
 * where in the body, and it is marked to be placed at the call that entered the body (a body's
 * offsets mean nothing in the caller's expression). One from a call inside this body is placed
 * at that call already; one that came out of a deeper body unplaced is at this whole body.
 */
export function faultInBody(err: unknown, at: Span, body: FunctionBody): ExprRuntimeError {
  const e = asRuntimeError(err, at);
  // a fault deep in functions that call functions names the innermost few, not all forty
  if (e.message.endsWith(CALLERS)) return new ExprRuntimeError(e.message, at, true);
  const named = e.message.split(" (in function '").length - 1;
  const more = named >= MAX_FUNCTIONS_NAMED ? CALLERS : ` (in function '${body.name}', ${where(body.src, e.offset)})`;
  return new ExprRuntimeError(`${e.message}${more}`, at, true);
}

/** how many functions a fault's message names, innermost first; then CALLERS, once */
const MAX_FUNCTIONS_NAMED = 3;
const CALLERS = ' (in the functions that called it)';

/** a fault leaving the body of `body` (at `at`) entered by a call at `call` (generated code's calls) */
export function faultAtCall(err: unknown, at: Span, body: FunctionBody, call: Span): ExprRuntimeError {
  return asRuntimeError(faultInBody(err, at, body), call);
}

/** `sink`: the program's code unit, when its expressions are to become generated code;
 *  `functionBody`: the body of a spec function, entered only from inside expressions (memo.ts);
 *  `repeated`: an expression a look-ahead runs many times over one state (Compiler) */
export function compileExpr(src: string | Ast, scope: Scope, expected?: Type, sink?: CodeSink, opts?: ExprOpts): { fn: Compiled; type: Type } | { errors: ExprError[] } {
  try {
    const p = toAst(src);
    if ('errors' in p) return p;
    return compilePlain(p.ast, scope, expected, sink, opts?.functionBody, opts?.repeated === true);
  } catch (err) {
    return internal(src, err);
  }
}

export interface ExprOpts {
  functionBody?: FunctionBody;
  repeated?: boolean;
}

export type CompiledLambda = (ctx: Ctx, ...args: unknown[]) => unknown;

/**
 * A top-level lambda (`s => s.wounds * 2`) with exactly paramTypes.length parameters.
 * With no parameters, a plain expression is accepted too. `type` is the body's type.
 */
export function compileLambda(
  src: string | Ast,
  scope: Scope,
  paramTypes: Type[],
  expected?: Type,
  sink?: CodeSink,
): { fn: CompiledLambda; type: Type } | { errors: ExprError[] } {
  try {
    const p = toAst(src);
    if ('errors' in p) return p;
    const { ast } = p;
    const n = paramTypes.length;
    if (ast.kind !== 'Lambda') {
      if (n > 0) {
        const like = n === 1 ? 'x => …' : `(${['x', 'y', 'z'].slice(0, n).join(', ')}${n > 3 ? ', …' : ''}) => …`;
        return { errors: [{ message: `expected a lambda of ${n} parameter${n === 1 ? '' : 's'}, like ${like}`, offset: ast.offset, length: ast.length }] };
      }
      const r = compilePlain(ast, scope, expected, sink, undefined, false);
      if ('errors' in r) return r;
      const f = r.fn;
      return { fn: (ctx) => f(ctx), type: r.type };
    }
    const c = new Compiler(scope);
    const lam = ast;
    c.shareCalls(lam.body);
    if (lam.params.length !== n) {
      c.error(lam, `expected a lambda of ${n} parameter${n === 1 ? '' : 's'}, got ${lam.params.length}`);
    }
    const { slots, value: r } = c.withParams(lam, paramTypes, () => c.expr(lam.body));
    mismatch(c, lam.body, r, expected, 'the lambda must give a ');
    if (c.errors.length > 0) return { errors: sorted(c.errors) };
    const body = guarded(r, lam.body, sink, undefined, c.usesKept);
    let fn: CompiledLambda;
    if (n === 0) {
      fn = (ctx) => body(ctx);
    } else if (n === 1) {
      const s0 = slots[0]!;
      fn = (ctx, a) => {
        ctx.locals[s0] = a;
        return body(ctx);
      };
    } else if (n === 2) {
      const s0 = slots[0]!;
      const s1 = slots[1]!;
      fn = (ctx, a, b) => {
        ctx.locals[s0] = a;
        ctx.locals[s1] = b;
        return body(ctx);
      };
    } else {
      fn = (ctx, ...args) => {
        for (let i = 0; i < slots.length; i++) ctx.locals[slots[i]!] = args[i];
        return body(ctx);
      };
    }
    return { fn, type: r.type };
  } catch (err) {
    return internal(src, err);
  }
}

/** sameList, the length compared taken from the work budget (`==` and `!=` on lists) */
export function sameListAt(x: unknown, y: unknown, at: Span): boolean {
  if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) chargeWork(x.length, at);
  return sameList(x, y);
}

/** structural equality of two list values (items compared with ===, nested lists item by item) */
export function sameList(x: unknown, y: unknown): boolean {
  if (!Array.isArray(x) || !Array.isArray(y)) return x === y;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i] && !(Array.isArray(x[i]) && sameList(x[i], y[i]))) return false;
  return true;
}
