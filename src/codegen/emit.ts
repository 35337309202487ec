/**
 * IR → JavaScript source. Each top-level expression becomes `function(c){…}` in one array
 * literal (followed by the program's instruction blocks, blocks.ts); every node is computed into a fresh `const v<n>` in evaluation order (the closures'
 * order, so slot writes and faults happen as they do there). Built-ins become inline loops; a
 * `filter` whose list is not kept is fused into the loop that consumes it.
 *
 * No spec text is printed: strings and every other non-number value go to the constants table
 * `K` and are printed as `K[<index>]`; numbers are printed only as unsigned integers (others go
 * to K too); names are the generator's own. tokens.ts checks the result again.
 */
import type { Span } from '../expr/ast.ts';
import type { FunctionBody } from '../expr/errors.ts';
import type { IR, Lam, MemberRead, Path } from '../expr/ir.ts';
import type { Compiled } from '../expr/scope.ts';
import { readsSlot, startsEvaluation } from '../expr/compile.ts';
import { MAX_NUMBER } from '../expr/numbers.ts';
import type { Instr } from '../interpreter/program.ts';
import { blockRanges, emitBlock, type BlockHost } from './blocks.ts';
import { PATH_PROPS } from './tokens.ts';

export interface Emitted {
  source: string;
  constants: unknown[];
  /** the [first, last] pc of each block function, in the order they follow the expressions */
  blocks: [number, number][];
}

/** a spec function's body that is itself one of the generated functions: called directly */
/** an expression's entry -> its generated function; `body`: it is a spec function's body */
export type DirectCalls = ReadonlyMap<Compiled, { index: number; at: Span; body?: FunctionBody }>;

/** `code`: the program's instructions, whose straight-line runs become block functions (blocks.ts) */
export function emitProgram(exprs: readonly IR[], direct: DirectCalls = new Map(), code: readonly Instr[] = []): Emitted {
  const e = new Emitter(direct);
  // which bodies take their parameters as arguments is settled first: a call may come before its body
  const passed = exprs.map((ir, i) => e.passedParams(i, ir));
  const fns = exprs.map((ir, i) => {
    const params = passed[i];
    if (params === undefined) return `const f${int(i)}=${e.fn(ir)};`;
    // a spec function's body whose parameters are JavaScript arguments (h<n>), and its entry
    // for the closures that call it, which write the parameters' slots first (f<n>)
    const args = ['c', ...params.map((s) => `L[${int(s)}]`)].join(',');
    return `const h${int(i)}=${e.fn(ir, params)};\nconst f${int(i)}=function(c){const L=c.locals;return h${int(i)}(${args});};`;
  });
  const blocks = blockRanges(code);
  const gs = blocks.map(([lo, hi], i) => `const g${int(i)}=${emitBlock(code, lo, hi, e)};`);
  const names = [...exprs.map((_, i) => `f${int(i)}`), ...blocks.map((_, i) => `g${int(i)}`)];
  // W: the work budget (src/expr/budget.ts), one name for the loops' and calls' steps
  return { source: `const W=R.work;\n${[...fns, ...gs].join('\n')}\nreturn [${names.join(',')}];`, constants: e.constants, blocks };
}

/** a node with no effect but its value or a fault: skipping or reordering its runs changes nothing */
function isPure(ir: IR): boolean {
  switch (ir.t) {
    case 'k': case 'slot': case 'path':
      return true;
    case 'member':
      return ir.read !== undefined && isPure(ir.obj);
    case 'not': case 'neg': case 'math':
      return isPure(ir.a);
    case 'op': case 'and': case 'or': case 'sameList':
      return isPure(ir.a) && isPure(ir.b);
    case 'in':
      return isPure(ir.x) && isPure(ir.list);
    case 'if':
      return isPure(ir.c) && isPure(ir.a) && isPure(ir.b);
    case 'list': case 'pick':
      return (ir.t === 'list' ? ir.items : ir.args).every(isPure);
    case 'at': case 'key':
      return isPure(ir.obj) && isPure(ir.idx);
    case 'end':
      return isPure(ir.list);
    case 'search':
      return isPure(ir.list) && isPure(ir.x);
    default:
      // loops write their slots; calls run code of their own
      return false;
  }
}

type Filter = { t: 'filter'; list: IR; lam: Lam; at: Span };

class Emitter implements BlockHost {
  readonly constants: unknown[] = [];
  private readonly index = new Map<unknown, number>();
  private next = 0;
  private out: string[] = [];

  /**
   * Lambda and function parameters held in JavaScript variables instead of their slots (scratch
   * slots: Program.scratch), slot -> variable. Only in a function that calls no closure of an
   * expression's own (`{t:'fn'}`), which would read the slots: there (`bound` off) every slot is
   * written as the closures write it.
   */
  private readonly bound = new Map<number, string>();
  private binding = false;
  /** cell index -> its parameters' slots, for spec function bodies that take them as arguments */
  private readonly passed = new Map<number, readonly number[]>();

  constructor(private readonly direct: DirectCalls) {
    for (const d of direct.values()) if (d.body?.params) this.passed.set(d.index, d.body.params);
  }

  /** the parameter slots of cell i when it is a spec function's body that can take them as arguments */
  passedParams(i: number, ir: IR): readonly number[] | undefined {
    const params = this.passed.get(i);
    if (params === undefined || callsClosure(ir)) {
      this.passed.delete(i);
      return undefined;
    }
    return params;
  }

  /** `params`: a function body's parameter slots, taken as arguments after `c` */
  fn(ir: IR, params?: readonly number[]): string {
    this.out = [];
    this.bound.clear();
    this.binding = !callsClosure(ir);
    const names = (params ?? []).map((slot) => {
      const v = this.fresh();
      this.bound.set(slot, v);
      return v;
    });
    const v = this.gen(ir);
    this.bound.clear();
    this.binding = false;
    return `function(${['c', ...names].join(',')}){const L=c.locals;\n${this.out.join('\n')}\nreturn ${v};}`;
  }

  fresh(): string {
    return `v${this.next++}`;
  }

  /** a block's call of a run function: an expression of the program's as its generated function, a slot read as the read, else its closure */
  call(fn: (c: never) => unknown): { code: string; value: string } {
    const d = this.direct.get(fn as Compiled);
    const slot = readsSlot(fn);
    if (d) {
      const v = this.fresh();
      const err = this.fresh();
      // the machine enters an expression: a new evaluation, as the expression's entry would start (src/expr/memo.ts)
      const bump = startsEvaluation(fn as Compiled) ? 'R.epoch[0]=R.epoch[0]+1;' : '';
      return { code: `${bump}let ${v};try{${v}=f${int(d.index)}(c);}catch(${err}){throw R.rethrow(${err},${this.k(d.at)});}`, value: v };
    }
    if (slot !== undefined) return { code: '', value: `L[${int(slot)}]` };
    const v = this.fresh();
    return { code: `const ${v}=${this.k(fn)}(c);`, value: v };
  }

  private line(s: string): void {
    this.out.push(s);
  }

  /** K[i] for a value, one entry per distinct value */
  k(v: unknown): string {
    let i = this.index.get(v);
    if (i === undefined) {
      i = this.constants.length;
      this.constants.push(v);
      this.index.set(v, i);
    }
    return `K[${int(i)}]`;
  }

  private konst(v: unknown): string {
    if (v === null) return 'null';
    if (v === true) return 'true';
    if (v === false) return 'false';
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && !Object.is(v, -0)) return int(v);
    return this.k(v);
  }

  private path(base: string, path: Path): string {
    let s = base;
    for (const step of path) {
      if (typeof step === 'number') s += `[${int(step)}]`;
      else if (PATH_PROPS.has(step)) s += `.${step}`;
      else throw new Error(`a path step '${step}' outside the generator's list`);
    }
    return s;
  }

  /** `const v = <expr>;`, returning v */
  private let(expr: string): string {
    const v = this.fresh();
    this.line(`const ${v}=${expr};`);
    return v;
  }

  /** the statements of `ir` into a block of their own; its value is assigned to `target` */
  private into(target: string, ir: IR): void {
    const v = this.gen(ir);
    this.line(`${target}=${v};`);
  }

  gen(ir: IR): string {
    switch (ir.t) {
      case 'k': return this.konst(ir.v);
      case 'slot': return this.bound.get(ir.slot) ?? this.let(`L[${int(ir.slot)}]`);
      case 'fn': return this.let(`${this.k(ir.fn)}(c)`);
      case 'path': return this.let(this.path('c', ir.path));
      case 'member': {
        const o = this.gen(ir.obj);
        this.line(`if(${o}==null)R.fail(${this.k(ir.fault)});`);
        if (!ir.read) return this.let(`${this.k(ir.get)}(${o},c)`);
        const read = this.memberRead(ir.read, o);
        if (!ir.read.slice) return this.let(read);
        const { from, size } = ir.read.slice;
        return this.let(`${read}.slice(${int(from)},${int(from + size)})`);
      }
      case 'not': return this.let(`!${this.gen(ir.a)}`);
      case 'neg': return this.let(`-(${this.gen(ir.a)})`);
      case 'op': {
        const a = this.gen(ir.a);
        const b = this.gen(ir.b);
        const v = this.let(ir.op === '%' ? `R.mod(${a},${b})` : `${a} ${ir.op} ${b}`);
        // a number outside the ones a rule may hold (NaN, ±Infinity, past the safe integers): as the closure fails
        if (ir.at) this.line(`if(!(${v}<=${MAX}&&${v}>=-${MAX}))R.arith(${this.k(ir.op)},${a},${b},${v},${this.k(ir.at)});`);
        return v;
      }
      case 'and': case 'or': {
        const v = this.fresh();
        this.line(`let ${v}=${this.gen(ir.a)};`);
        this.line(ir.t === 'and' ? `if(${v}){` : `if(!${v}){`);
        this.into(v, ir.b);
        this.line('}');
        return v;
      }
      case 'sameList': {
        const a = this.gen(ir.a);
        const b = this.gen(ir.b);
        return this.let(`${ir.eq ? '' : '!'}R.sameList(${a},${b},${this.k(ir.at)})`);
      }
      case 'in': {
        const l = this.gen(ir.list);
        const x = this.gen(ir.x);
        this.charge(`${l}.length`, ir.at);
        return this.let(`${l}.indexOf(${x})>=0`);
      }
      case 'if': {
        const v = this.fresh();
        this.line(`let ${v};`);
        this.line(`if(${this.gen(ir.c)}){`);
        this.into(v, ir.a);
        this.line('}else{');
        this.into(v, ir.b);
        this.line('}');
        return v;
      }
      case 'list': return this.let(`[${ir.items.map((x) => this.gen(x)).join(',')}]`);
      case 'at': {
        const o = this.gen(ir.obj);
        const i = this.gen(ir.idx);
        return this.let(`R.isInt(${i})&&${i}>=0&&${i}<${o}.length?${o}[${i}]:null`);
      }
      case 'key': {
        const i = this.gen(ir.idx);
        this.line(`if(${i}==null)R.fail(${this.k(ir.fault)});`);
        // a keyed zone's item read in place, without copying out all its items first
        const whole = this.unsliced(ir.obj);
        if (whole) {
          const { from, size } = whole.slice;
          return this.let(`R.isInt(${i})&&${i}>=0&&${i}<${int(size)}?${whole.array}[${int(from)} + ${i}]:null`);
        }
        const o = this.gen(ir.obj);
        return this.let(`${o}[${i}]??null`);
      }
      case 'slice': return this.let(`${this.path('c', ir.path)}.slice(${int(ir.from)},${int(ir.from + ir.size)})`);
      case 'sortBy': {
        const a = this.gen(ir.list);
        this.charge(`${a}.length`, ir.at);
        const keys = this.let('[]');
        this.loop(a, (e) => this.line(`${keys}.push(${this.lam(ir.lam, e)});`));
        return this.let(`R.order(${a},${keys})`);
      }
      case 'helper': {
        const args = ir.args.map((x) => this.gen(x));
        const [a, b] = args as [string, string];
        switch (ir.name) {
          case 'concat': case 'range': return this.let(`R.${ir.name}(${a},${b},${this.k(ir.call)})`);
          case 'take': this.charge(`${a}.length`, ir.call); return this.let(`${a}.slice(0,R.max(0,${b}))`);
          case 'drop': this.charge(`${a}.length`, ir.call); return this.let(`${a}.slice(R.max(0,${b}))`);
          case 'reverse': return this.let(`R.reversed(${a},${this.k(ir.call)})`);
        }
      }
      case 'count': return this.count(ir.list, ir.lam, ir.at);
      case 'fold': return this.fold(ir.kind, ir.list, ir.lam, ir.at);
      case 'by': return ir.all ? this.allBy(ir.less, ir.list, ir.lam, ir.at) : this.by(ir.less, ir.list, ir.lam, ir.at);
      case 'filter': case 'map': {
        const out = this.let('[]');
        this.each(ir.list, ir.lam.body, (e) => {
          const v = this.lam(ir.lam, e);
          this.line(ir.t === 'filter' ? `if(${v})${out}.push(${e});` : `${out}.push(${v});`);
        }, ir.at);
        return out;
      }
      case 'quant': {
        const r = this.fresh();
        this.line(`let ${r}=${ir.all};`);
        this.each(ir.list, ir.lam.body, (e, stop) => {
          const v = this.lam(ir.lam, e);
          this.line(`if(${ir.all ? '!' : ''}${v}){${r}=${!ir.all};${stop}}`);
        }, ir.at);
        return r;
      }
      case 'end': {
        if (!ir.last && this.fusable(ir.list, undefined)) {
          const r = this.fresh();
          this.line(`let ${r}=null;`);
          this.each(ir.list, undefined, (e, stop) => this.line(`${r}=${e};${stop}`), undefined);
          return r;
        }
        const a = this.gen(ir.list);
        return this.let(ir.last ? `${a}.length?${a}[${a}.length-1]:null` : `${a}.length?${a}[0]:null`);
      }
      case 'search': {
        const l = this.gen(ir.list);
        const x = this.gen(ir.x);
        this.charge(`${l}.length`, ir.at);
        return this.let(ir.asIndex ? `${l}.indexOf(${x})` : `${l}.indexOf(${x})>=0`);
      }
      case 'pick': {
        const f = ir.min ? 'R.min' : 'R.max';
        const xs = ir.args.map((x) => this.gen(x));
        let acc = xs[0]!;
        for (let i = 1; i < xs.length; i++) acc = this.let(`${f}(${acc},${xs[i]!})`);
        return acc;
      }
      case 'math': return this.let(`R.${ir.f}(${this.gen(ir.a)})`);
      case 'fcall': {
        const args = ir.args.map((x) => this.gen(x));
        return this.let(`${this.k(ir.f)}.call([${args.join(',')}],c)`);
      }
      case 'store': {
        const v = this.gen(ir.a);
        this.line(`L[${int(ir.slot)}]=${v};`);
        return v;
      }
      case 'ucall': {
        // as directCall: every argument first, then the slots, then the body
        const args = ir.args.map((x) => this.gen(x));
        const v = this.fresh();
        this.line(`let ${v};`);
        if (!ir.memo) {
          this.callBody(ir.body, v, ir.at, ir.slots, args, ir.charge === true);
          return v;
        }
        // as keptCall: the value this evaluation already computed, else the call, then kept
        const m = this.k(ir.memo);
        if (args.length === 0) {
          this.line(`if(${m}[0]===R.epoch[0]){${v}=${m}[1];}else{`);
          this.callBody(ir.body, v, ir.at, ir.slots, args, ir.charge === true);
          this.line(`${m}[0]=R.epoch[0];${m}[1]=${v};}`);
          return v;
        }
        if (args.length === 2) {
          // as keptPairCall: the first argument's row, made when first needed
          const [a, b] = args as [string, string];
          const row = this.fresh();
          this.line(`const ${row}=${a}!=null&&${b}!=null?${m}[0][${a}]:null;`);
          this.line(`if(${row}!=null&&${row}[${b}]===R.epoch[0]){${v}=${m}[1][${a}][${b}];}else{`);
          this.callBody(ir.body, v, ir.at, ir.slots, args, ir.charge === true);
          this.line(`if(${a}!=null&&${b}!=null){if(${row}==null){${m}[0][${a}]=[];${m}[1][${a}]=[];}${m}[0][${a}][${b}]=R.epoch[0];${m}[1][${a}][${b}]=${v};}}`);
          return v;
        }
        const a = args[0]!;
        this.line(`if(${a}!=null&&${m}[0][${a}]===R.epoch[0]){${v}=${m}[1][${a}];}else{`);
        this.callBody(ir.body, v, ir.at, ir.slots, args, ir.charge === true);
        this.line(`if(${a}!=null){${m}[0][${a}]=R.epoch[0];${m}[1][${a}]=${v};}}`);
        return v;
      }
    }
  }

  /** `into = body(c)` for a call at `call` with the arguments `args` for the parameter slots
   *  `slots`: the body's own function, its faults named as its entry names them, else its closure;
   *  either way a fault is placed at the call (placedAtCall). A body that takes its parameters as
   *  arguments gets them so; any other reads them from their slots, written here first */
  private callBody(body: Compiled, into: string, call: Span, slots: readonly number[], args: readonly string[], charge: boolean): void {
    const d = this.direct.get(body);
    const err = this.fresh();
    if (d?.body && this.passed.has(d.index)) {
      // a step of the work budget per call of a body that calls functions, as the closures' enterCharged takes it
      if (charge) this.charge('1', call);
      this.line(`try{${into}=h${int(d.index)}(${['c', ...args].join(',')});}catch(${err}){throw R.atCall(${err},${this.k(d.at)},${this.k(d.body)},${this.k(call)});}`);
      return;
    }
    args.forEach((a, i) => this.line(`L[${int(slots[i]!)}]=${a};`));
    if (charge) this.charge('1', call);
    if (!d?.body) {
      this.line(`try{${into}=${this.k(body)}(c);}catch(${err}){throw R.rethrow(${err},${this.k(call)});}`);
      return;
    }
    this.line(`try{${into}=f${int(d.index)}(c);}catch(${err}){throw R.atCall(${err},${this.k(d.at)},${this.k(d.body)},${this.k(call)});}`);
  }

  /** a keyed zone's whole array and where its items lie, when `ir` reads one (else undefined: nothing emitted) */
  private unsliced(ir: IR): { array: string; slice: { from: number; size: number } } | undefined {
    if (ir.t === 'slice') return { array: this.let(this.path('c', ir.path)), slice: ir };
    if (ir.t === 'member' && ir.read?.slice) {
      const o = this.gen(ir.obj);
      this.line(`if(${o}==null)R.fail(${this.k(ir.fault)});`);
      return { array: this.let(this.memberRead(ir.read, o)), slice: ir.read.slice };
    }
    return undefined;
  }

  private memberRead(r: MemberRead, o: string): string {
    if ('field' in r) return `${o}[${this.k(r.field)}]`;
    const base = 'table' in r.base ? this.k(r.base.table) : this.path('c', r.base);
    const key = r.key === 'obj' ? o : `c.t.kindOf[${o}]`;
    const read = this.path(`${base}[${key}]`, r.rest);
    return r.orNone ? `${read}??null` : read;
  }

  /** the element as the lambda's parameter (its slot written where closures may read it), then its body */
  private lam(l: Lam, e: string): string {
    if (!this.binding) {
      this.line(`L[${int(l.slot)}]=${e};`);
      return this.gen(l.body);
    }
    const outer = this.bound.get(l.slot);
    this.bound.set(l.slot, e);
    const v = this.gen(l.body);
    if (outer === undefined) this.bound.delete(l.slot);
    else this.bound.set(l.slot, outer);
    return v;
  }

  /**
   * The items of a list only looped over here, as an array and how many of it to read. A
   * filter's is built into an array of this site's own, its first n items written anew on every
   * run, instead of a new array per run: nobody else sees it, and an expression cannot recurse,
   * so the site is never entered again while its loop runs. (Its length is never set back: that
   * would drop its storage, and the next run would allocate it again.)
   */
  private looped(list: IR): { a: string; n: string } {
    if (list.t !== 'filter') {
      const a = this.gen(list);
      return { a, n: `${a}.length` };
    }
    const a = this.let(this.k([]));
    const n = this.fresh();
    this.line(`let ${n}=0;`);
    this.each(list.list, list.lam.body, (e) => {
      const v = this.lam(list.lam, e);
      this.line(`if(${v}){${a}[${n}]=${e};${n}=${n}+1;}`);
    }, list.at);
    return { a, n };
  }

  /**
   * A filter can be fused into its consumer when nobody can tell. Its condition still runs on
   * every item, in order, even once the consumer is decided (so its slot and its faults are as
   * they were); what is saved is the list in between. With a consumer body too, the two
   * interleave: fused only when both are pure.
   */
  private fusable(list: IR, outer: IR | undefined): boolean {
    if (list.t !== 'filter') return false;
    return outer === undefined || (isPure(list.lam.body) && isPure(outer));
  }

  /**
   * A loop over the items of `list` (a fusable filter's kept ones), `body` per item; `stop` is
   * the statement that ends the consumer: a break, or over a fused filter a flag that skips the
   * consumer while the condition goes on to the last item.
   */
  private each(list: IR, outer: IR | undefined, body: (e: string, stop: string) => void, at: Span | undefined): string {
    const f = this.fusable(list, outer) ? (list as Filter) : undefined;
    const { a, n } = this.looped(f ? f.list : list);
    if (!f) {
      if (at) this.charge(n, at);
      this.loop(a, (e) => body(e, 'break;'), n);
      return n;
    }
    // the work budget as the closures take it: the filter's items before, the consumer's (the
    // items kept) after — the bodies between are pure, so nothing else takes steps meanwhile
    this.charge(n, f.at);
    const kept = at ? this.fresh() : undefined;
    if (kept) this.line(`let ${kept}=0;`);
    const done = this.fresh();
    this.line(`let ${done}=false;`);
    this.loop(a, (e) => {
      this.line(`if(${this.lam(f.lam, e)}){`);
      if (kept) this.line(`${kept}=${kept}+1;`);
      this.line(`if(!${done}){`);
      body(e, `${done}=true;`);
      this.line('}}');
    }, n);
    if (kept && at) this.charge(kept, at);
    return kept ?? n;
  }

  /** `n` steps of the work budget at `at` (src/expr/budget.ts), as chargeWork takes them */
  private charge(n: string, at: Span): void {
    this.line(`if((W.left=W.left-${n})<0)R.spent(${this.k(at)});`);
  }

  /** for each item e of the array a (its first n): body(e) */
  private loop(a: string, body: (e: string) => void, n = `${a}.length`): void {
    const i = this.fresh();
    const e = this.fresh();
    this.line(`for(let ${i}=0;${i}<${n};${i}=${i}+1){const ${e}=${a}[${i}];`);
    body(e);
    this.line('}');
  }

  private count(list: IR, lam: Lam | undefined, at: Span): string {
    if (!lam && !this.fusable(list, undefined)) return this.let(`${this.gen(list)}.length`);
    const n = this.fresh();
    this.line(`let ${n}=0;`);
    // count(l) with no lambda goes through no items: only the filter it counts takes steps
    this.each(list, lam?.body, (e) => {
      if (lam) this.line(`if(${this.lam(lam, e)})${n}=${n}+1;`);
      else this.line(`${n}=${n}+1;`);
    }, lam ? at : undefined);
    return n;
  }

  /** sum from 0 (0 + x + …), min/max from the first value; 0 when there is none */
  private fold(kind: 'sum' | 'min' | 'max', list: IR, lam: Lam | undefined, at: Span): string {
    const acc = this.fresh();
    this.line(`let ${acc}=0;`);
    const seen = kind === 'sum' ? undefined : this.fresh();
    if (seen) this.line(`let ${seen}=false;`);
    // over a map, with no lambda of its own: each mapped value folded as it comes, without the
    // list between them (the fold reads only its own variables and cannot fail, so nobody can tell)
    const map = !lam && list.t === 'map' ? list : undefined;
    const items = this.each(map ? map.list : list, map ? map.lam.body : lam?.body, (e) => {
      const x = map ? this.lam(map.lam, e) : lam ? this.lam(lam, e) : e;
      if (!seen) this.line(`${acc}=${acc} + ${x};`);
      else this.line(`if(!${seen}){${acc}=${x};${seen}=true;}else if(${x} ${kind === 'min' ? '<' : '>'} ${acc})${acc}=${x};`);
    }, map ? map.at : at);
    // over a map, the fold's own steps come after the map's loop, as the closures take them
    if (map) this.charge(items, at);
    if (kind === 'sum') this.line(`if(!(${acc}<=${MAX}&&${acc}>=-${MAX}))R.sumOut(${acc},${this.k(at)});`);
    return acc;
  }

  /** every element tied at the least (greatest) key, in list order */
  private allBy(less: boolean, list: IR, lam: Lam, at: Span): string {
    const out = this.let('[]');
    const bk = this.fresh();
    this.line(`let ${bk}=0;`);
    this.each(list, lam.body, (e) => {
      const k = this.lam(lam, e);
      this.line(`if(${out}.length===0||${k} ${less ? '<' : '>'} ${bk}){${out}.length=0;${out}.push(${e});${bk}=${k};}else if(${k}===${bk})${out}.push(${e});`);
    }, at);
    return out;
  }

  /** the first element with the least (greatest) key; none when there is none */
  private by(less: boolean, list: IR, lam: Lam, at: Span): string {
    const best = this.fresh();
    const bk = this.fresh();
    const seen = this.fresh();
    this.line(`let ${best}=null;let ${bk}=0;let ${seen}=false;`);
    this.each(list, lam.body, (e) => {
      const k = this.lam(lam, e);
      this.line(`if(!${seen}){${best}=${e};${bk}=${k};${seen}=true;}else if(${k} ${less ? '<' : '>'} ${bk}){${best}=${e};${bk}=${k};}`);
    }, at);
    return best;
  }
}

/** whether an expression calls one of its own nodes as a closure (`{t:'fn'}`, not a name's read):
 *  that closure may read the lambda and function parameters in their slots, so they must be written there */
function callsClosure(ir: IR): boolean {
  if (ir.t === 'fn') return ir.name !== true;
  if (ir.t === 'k') return false; // a constant's value is data, not IR
  for (const v of Object.values(ir)) {
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      if (v.some((x) => x !== null && typeof x === 'object' && 't' in x && callsClosure(x as IR))) return true;
    } else if ('t' in v && typeof (v as { t: unknown }).t === 'string') {
      if (callsClosure(v as IR)) return true;
    } else if ('body' in v && 'slot' in v) {
      if (callsClosure((v as Lam).body)) return true; // a lambda
    }
  }
  return false;
}

/** the largest magnitude of a number in a rule (src/expr/numbers.ts), printed as the unsigned integer it is */
const MAX = int(MAX_NUMBER);

/** the generator's own numbers: indices and counts, printed as unsigned integers only */
function int(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not an index: ${n}`);
  return String(n);
}
