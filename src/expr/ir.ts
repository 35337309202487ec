/**
 * The typed form a compiled node leaves behind for the code generator (src/codegen/): what the
 * node computes, made of the node kinds below. `at` on a node that goes through a list: where it
 * is reported when it spends the last of the work budget (budget.ts). It holds values (numbers, strings, closures) but
 * never source text: the generator decides every token it prints. A node the generator does not
 * know keeps `{ t: 'fn' }`, its own closure, which generated code calls (so coverage can grow
 * node by node and stay correct).
 */
import type { Span } from './ast.ts';
import type { FunctionBody } from './errors.ts';
import type { Compiled, FunctionBinding } from './scope.ts';
import type { MemoTable } from './memo.ts';

/** property names and numeric indices from the run context: `['s', 'g', 3]` is `ctx.s.g[3]` */
export type Path = readonly (string | number)[];

/**
 * How a member reads off its object `o`: `base[key]` then `rest`, where base is a path from the
 * run context or a fixed table, and key is `o` itself or the kind of card `o` (`ctx.t.kindOf[o]`).
 */
export type MemberRead = TableRead | FieldRead;

/** `o[field]`: a property of the object itself (an option of `options`), the name kept in K */
export interface FieldRead {
  field: string;
  slice?: undefined;
}

export interface TableRead {
  base: Path | { table: readonly unknown[] };
  key: 'obj' | 'kind';
  rest: Path;
  /** `?? null` after the read (a table with gaps) */
  orNone?: true;
  /** a keyed zone: items from..from+size of the array read */
  slice?: { from: number; size: number };
}

/** what a run-time fault throws: ExprRuntimeError(message, span) */
export interface Fault {
  message: string;
  at: Span;
}

export type IR =
  | { t: 'k'; v: unknown }
  | { t: 'slot'; slot: number }
  /** `name`: a name's own read (scope.name), which reads the state or a local between instructions,
   *  never a slot an expression writes for itself (a lambda's or function's parameter) */
  | { t: 'fn'; fn: Compiled; name?: true }
  | { t: 'path'; path: Path }
  | { t: 'member'; obj: IR; read: MemberRead | undefined; get: (o: unknown, ctx: never) => unknown; fault: Fault }
  | { t: 'not' | 'neg'; a: IR }
  /** `at`: an operator that makes a number (+ - * / %), where a result outside the numbers a rule may hold is reported (numbers.ts) */
  | { t: 'op'; op: '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '===' | '!=='; a: IR; b: IR; at?: Span }
  | { t: 'and' | 'or'; a: IR; b: IR }
  | { t: 'sameList'; eq: boolean; a: IR; b: IR; at: Span }
  /** `x in list`: the list is evaluated first */
  | { t: 'in'; x: IR; list: IR; at: Span }
  | { t: 'if'; c: IR; a: IR; b: IR }
  | { t: 'list'; items: IR[] }
  /** a list's item, none out of range */
  | { t: 'at'; obj: IR; idx: IR }
  /** a keyed value's item: the key first, a fault when it is none, then the object */
  | { t: 'key'; obj: IR; idx: IR; fault: Fault }
  | { t: 'count'; list: IR; lam?: Lam; at: Span }
  | { t: 'fold'; kind: 'sum' | 'min' | 'max'; list: IR; lam?: Lam; at: Span }
  /** minBy/maxBy, or with `all` allMinBy/allMaxBy */
  | { t: 'by'; less: boolean; all?: true; list: IR; lam: Lam; at: Span }
  | { t: 'sortBy'; list: IR; lam: Lam; at: Span }
  /** a list built-in run by its own function (R.<name>); `call` is where a too-long list, or the work budget spent, is reported */
  | { t: 'helper'; name: 'concat' | 'range' | 'take' | 'drop' | 'reverse'; args: IR[]; call: Span }
  /** a keyed var or zone read whole: the items from..from+size of the array at path */
  | { t: 'slice'; path: Path; from: number; size: number }
  | { t: 'filter' | 'map'; list: IR; lam: Lam; at: Span }
  | { t: 'quant'; all: boolean; list: IR; lam: Lam; at: Span }
  | { t: 'end'; last: boolean; list: IR }
  | { t: 'search'; asIndex: boolean; list: IR; x: IR; at: Span }
  | { t: 'pick'; min: boolean; args: IR[] }
  | { t: 'math'; f: 'floor' | 'ceil' | 'abs' | 'round'; a: IR }
  /** a scope function: `f.call([args], ctx)` */
  | { t: 'fcall'; f: FunctionBinding; args: IR[] }
  /** a spec function: every argument evaluated, then written to its slot, then the body run */
  /** `at`: the call, where a fault inside the body is placed */
  /** `charge`: the body calls functions itself, so each call takes a step of the work budget (budget.ts) */
  | { t: 'ucall'; slots: readonly number[]; body: Compiled; at: Span; args: IR[]; memo?: MemoTable; charge?: true }
  /** `a`'s value, also written to `slot`: a call whose value a later call reuses (shared-calls.ts) */
  | { t: 'store'; slot: number; a: IR };

/** a lambda argument: each element written to `slot`, then `body` evaluated */
export interface Lam {
  slot: number;
  body: IR;
}

/** A top-level expression handed to a code unit: `run` is its closure until generated code replaces it. */
export interface CodeCell {
  run: Compiled;
}

/** Where compileExpr sends each top-level expression of a program (src/codegen/unit.ts). */
export interface CodeSink {
  /** `at`: the expression's span, which a fault inside it is reported at */
  add(ir: IR, closure: Compiled, at: Span): CodeCell;
  /** `entry` is the function callers get for the cell (a spec function's body, `body`: generated calls go straight to the cell's code) */
  entry(cell: CodeCell, entry: Compiled, body?: FunctionBody): void;
}

/** the typed form of a compiled node: its value if known, else its IR, else its closure */
export function irOf(c: { fn: Compiled; konst?: { value: unknown }; ir?: IR }): IR {
  if (c.konst) return { t: 'k', v: c.konst.value };
  return c.ir ?? { t: 'fn', fn: c.fn };
}
