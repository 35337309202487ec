/**
 * Shared compile state: the program being built, diagnostics with file:line:col, and the
 * helpers every part of compilation needs (expressions, zone references, assignment paths).
 */
import { assignable, compileExpr, compileLambda, idHint, parseExpr, typeToString } from '../../expr/index.ts';
import type { Ast, ExprError, Scope, Type } from '../../expr/index.ts';
import type { ExprOpts } from '../../expr/index.ts';
import type { Diagnostic } from '../../loader/diagnostics.ts';
import type { LoadedSpec } from '../../loader/load-folder.ts';
import { gameModel, type GameModel } from '../../model/game-model.ts';
import type { Json } from '../api.ts';
import type { Instr, Program, Run, RunCtx, TargetCode, ZoneHandle, ZoneRef } from '../program.ts';
import { Env } from './env.ts';
import { makeScope, type ScopeKind, type UserFunction } from './scope.ts';
import { BUILTIN_TYPES, T, spaceSetOf, varType } from './types.ts';
import { CodeUnit } from '../../codegen/unit.ts';

export type Node = { [k: string]: unknown };

/** where in the spec a diagnostic of the compiler was placed: the node, its key, and for an
 *  expression's error the offset in it (so a tool can place it again in another copy of the node) */
export interface DiagnosticOrigin {
  obj: object;
  key: string | number | undefined;
  offset?: number;
}

const origins = new WeakMap<Diagnostic, DiagnosticOrigin>();

/** the place a compiler's diagnostic was made at (undefined: not made by the compiler) */
export function diagnosticOrigin(d: Diagnostic): DiagnosticOrigin | undefined {
  return origins.get(d);
}

/** `d` says what a compiler's diagnostic made at `o` says (placed again by a tool: src/lsp/compile-reuse.ts) */
export function keepOrigin(d: Diagnostic, o: DiagnosticOrigin): void {
  origins.set(d, o);
}

export function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Compiled<T = unknown> {
  fn: Run<T>;
  type: Type;
}

export class Compiler {
  readonly diagnostics: Diagnostic[] = [];
  readonly code: Instr[] = [];
  readonly functions = new Map<string, UserFunction>();
  /** rule id -> the node, for locating rules named by instructions */
  readonly ruleNodes = new Map<string, Node>();
  /** instruction index -> id of the rule that emitted it (for reachability messages) */
  readonly ruleAt: string[] = [];
  /** rule id -> its first instruction, one per copy of its code (where the flow enters it; a
   *  scenario may stop there) */
  readonly ruleEntry = new Map<string, number[]>();
  /** instruction index -> the effect (or rule) node being compiled when it was emitted, so a
   *  failure at run time can name its place in the YAML */
  readonly siteAt: (object | undefined)[] = [];
  /** the user function whose body is being compiled now */
  compiling: string | undefined;
  /** told of each expression string, the names in scope there and the type it must have (an editor's completion asks) */
  onExpression: ((obj: object, key: string | number, scope: Scope, expected?: Type) => void) | undefined;
  /** the effect or rule node being compiled now (set by the effect compiler) */
  site: object | undefined;
  slots = 0;
  /** entries of effect-list bodies: roots for reachability, as they are compiled without a caller */
  readonly listEntries: number[] = [];

  /** the typed form of the game: expressions parsed once, effects and references indexed */
  readonly model: GameModel;
  /** every top-level expression, to become generated code when the program is done (none: closures only) */
  readonly unit: CodeUnit | undefined;

  constructor(
    readonly loaded: LoadedSpec,
    readonly program: Program,
    /** whether the program gets a code unit (compileProgram decides, from its CodegenMode) */
    codegen: boolean,
    makeFunction?: FunctionConstructor,
  ) {
    this.model = gameModel(loaded);
    this.unit = codegen ? new CodeUnit(makeFunction) : undefined;
  }

  /** the parsed expression at obj[key]: from the model (parsed once at load), else parsed here */
  private parsed(obj: object, key: string | number, raw: string): { ast: Ast } | { errors: ExprError[] } {
    const site = this.model.expr(obj, key);
    return site ? site.parsed : parseExpr(raw);
  }

  /** the AST at obj[key] when it parses, reporting nothing (what compiling it reports is enough) */
  astOf(obj: Node, key: string): Ast | undefined {
    const raw = obj[key];
    if (typeof raw !== 'string') return undefined;
    const res = this.parsed(obj, key, raw);
    return 'ast' in res ? res.ast : undefined;
  }

  newSlot = (): number => this.slots++;

  /**
   * A slot only an expression's own run reads, after writing it in that same run: a lambda's
   * or a spec function's parameter, a shared call's value (src/expr/shared-calls.ts). What is left
   * in one when the run is over is read by nobody, so it is not part of the game: the program
   * lists these (`Program.scratch`), and generated code keeps their values in its own variables
   * instead (src/codegen/emit.ts).
   */
  newScratchSlot = (): number => {
    const slot = this.slots++;
    this.program.scratch.push(slot);
    return slot;
  };

  emit(ins: Instr, rule: string): number {
    this.code.push(ins);
    this.ruleAt.push(rule);
    this.siteAt.push(this.site);
    return this.code.length - 1;
  }

  error(obj: object, key: string | number | undefined, message: string, hint?: string): void {
    this.report('error', obj, key, message, hint);
  }

  warn(obj: object, key: string | number | undefined, message: string, hint?: string): void {
    this.report('warning', obj, key, message, hint);
  }

  private report(severity: 'error' | 'warning', obj: object, key: string | number | undefined, message: string, hint?: string): void {
    const at = this.loaded.where(obj, key);
    const d: Diagnostic = { ...at, severity, message, ...(hint !== undefined ? { hint } : {}) };
    this.diagnostics.push(d);
    origins.set(d, { obj, key });
  }

  private exprErrors(obj: object, key: string | number, errors: ExprError[], what: string): void {
    for (const e of errors) {
      const at = this.loaded.whereInValue(obj, key, e.offset);
      const d: Diagnostic = { ...at, severity: 'error', message: `${what}: ${e.message}` };
      this.diagnostics.push(d);
      origins.set(d, { obj, key, offset: e.offset });
    }
  }

  scope(env: Env, kind: ScopeKind = 'full') {
    return makeScope({ program: this.program, functions: this.functions, newSlot: this.newScratchSlot, ...(this.compiling ? { compiling: this.compiling } : {}) }, env, kind);
  }

  /** Compile obj[key] (an expression string, or a literal number/boolean). */
  expr(obj: Node, key: string | number, env: Env, expected?: Type, kind: ScopeKind = 'full', opts?: ExprOpts): Compiled | undefined {
    const raw = (obj as Record<string | number, unknown>)[key];
    if (this.onExpression) this.onExpression(obj, key, this.scope(env, kind), expected);
    if (typeof raw === 'number') return this.checked(obj, key, { fn: () => raw, type: T.number }, expected);
    if (typeof raw === 'boolean') return this.checked(obj, key, { fn: () => raw, type: T.bool }, expected);
    if (typeof raw !== 'string') {
      this.error(obj, key, `'${String(key)}' must be an expression (a string), got ${raw === null ? 'nothing' : typeof raw}`);
      return undefined;
    }
    const parsed = this.parsed(obj, key, raw);
    const res = 'errors' in parsed ? parsed : compileExpr(parsed.ast, this.scope(env, kind), expected, this.unit, opts);
    if ('errors' in res) {
      this.exprErrors(obj, key, res.errors, kind === 'static' ? 'in a guard (only options and players may be used)' : 'in expression');
      return undefined;
    }
    return this.checked(obj, key, res as Compiled, expected);
  }

  private checked(obj: Node, key: string | number, c: Compiled, expected?: Type): Compiled | undefined {
    if (expected && !assignable(c.type, expected)) {
      this.error(obj, key, `expected ${typeToString(expected)}, but this expression gives ${typeToString(c.type)}`);
      return undefined;
    }
    return c;
  }

  /**
   * obj[key] where a string with declared words is expected (`values: [rob, pay]`): a plain word
   * among them is that value (`to: rob`), another plain word that names nothing is refused with the
   * words listed; anything else is an ordinary expression.
   */
  word(obj: Node, key: string | number, env: Env, values: readonly string[] | undefined): Compiled | undefined {
    const raw = (obj as Record<string | number, unknown>)[key];
    if (values && typeof raw === 'string' && /^[a-z][A-Za-z0-9-]*$/.test(raw) && !env.lookup(raw)) {
      if (values.includes(raw)) return { fn: () => raw, type: T.string };
      const named = !raw.includes('-') && (this.program.vars.some((d) => d.id === raw) || this.program.zones.some((d) => d.id === raw && d.per === 'game') || this.functions.has(raw) || this.program.spaces.some((d) => d.id === raw));
      if (!named) {
        this.error(obj, key, `'${raw}' is not one of the words this value may hold: ${values.join(', ')}`);
        return undefined;
      }
    }
    return this.expr(obj, key, env, T.string);
  }

  /** obj[key] as a declared type name (`seat`, `cards`, a space set, `<set>[]`); reported if unknown */
  declaredType(obj: Node, key: string): Type | undefined {
    const raw = obj[key];
    const sets = this.program.spaces.map((s) => s.id);
    if (typeof raw === 'string') {
      const set = spaceSetOf(raw);
      if (set === undefined || sets.includes(set)) return varType(raw);
    }
    this.error(obj, key, `unknown type '${String(raw)}'`, `types: ${BUILTIN_TYPES.join(', ')}, or a space set (${sets.join(', ') || 'none declared'}) with or without []`);
    return undefined;
  }

  /** A top-level lambda such as `s => s.wounds`, called with explicit arguments. */
  lambda(obj: Node, key: string, env: Env, params: Type[], expected?: Type): ((c: RunCtx, ...args: unknown[]) => unknown) | undefined {
    const raw = obj[key];
    if (typeof raw !== 'string') {
      this.error(obj, key, `'${key}' must be a function written as a string, e.g. "x => …"`);
      return undefined;
    }
    const scope = this.scope(env);
    this.onExpression?.(obj, key, scope, expected);
    const parsed = this.parsed(obj, key, raw);
    const res = 'errors' in parsed ? parsed : compileLambda(parsed.ast, scope, params, expected, this.unit);
    if ('errors' in res) {
      this.exprErrors(obj, key, res.errors, 'in function');
      return undefined;
    }
    return res.fn as (c: RunCtx, ...args: unknown[]) => unknown;
  }

  parse(obj: Node, key: string): Ast | undefined {
    const raw = obj[key];
    if (typeof raw !== 'string') {
      this.error(obj, key, `'${key}' must be a string`);
      return undefined;
    }
    const res = this.parsed(obj, key, raw);
    if ('errors' in res) {
      this.exprErrors(obj, key, res.errors, 'in expression');
      return undefined;
    }
    return res.ast;
  }

  /** a sub-expression of obj[key] (already parsed) compiled to the expected type, errors placed in the YAML */
  private sub(obj: Node, key: string, ast: Ast, env: Env, expected: Type, what: string): Run<unknown> | undefined {
    const res = compileExpr(ast, this.scope(env), expected, this.unit);
    if ('errors' in res) {
      this.exprErrors(obj, key, res.errors, what);
      return undefined;
    }
    if (!assignable(res.type, expected) || res.type.k === 'none') {
      this.exprErrors(obj, key, [{ message: `expected ${typeToString(expected)}, got ${typeToString(res.type)}`, offset: ast.offset, length: ast.length }], what);
      return undefined;
    }
    return res.fn as Run<unknown>;
  }

  /** `deck` (a game zone), `<seat expr>.<seat zone>`, and for keyed zones `under[c]` / `s.stack[c]` */
  zoneRef(obj: Node, key: string, env: Env): ZoneRef | undefined {
    const ast = this.parse(obj, key);
    if (!ast) return undefined;
    const p = this.program;
    const base = ast.kind === 'Index' ? ast.object : ast;
    let ref: ZoneRef | undefined;
    const local = base.kind === 'Name' ? env.lookup(base.name) : undefined;
    if (local?.zone) {
      // a zone parameter: which zone it is comes with the call
      if (ast.kind === 'Index') {
        this.error(obj, key, `'${base.kind === 'Name' ? base.name : ''}' is a zone parameter: pass the entry of a keyed zone itself (e.g. stack[l]), it cannot be indexed here`);
        return undefined;
      }
      const slot = local.slot;
      return { zone: -1, dyn: (c) => c.locals[slot] as ZoneHandle };
    }
    if (base.kind === 'Name') {
      const z = p.zones.findIndex((d) => d.id === base.name && d.per === 'game');
      if (z < 0) {
        const isSeatZone = p.zones.some((d) => d.id === base.name && d.per === 'seat');
        this.error(obj, key, `'${base.name}' is not a game zone`, isSeatZone ? `it is a seat zone: write "<seat>.${base.name}", e.g. "me.${base.name}"` : idHint(base.name, gameZones(p), 'declared game zones'));
        return undefined;
      }
      ref = { zone: z };
    } else if (base.kind === 'Member') {
      const z = p.zones.findIndex((d) => d.id === base.name && d.per === 'seat');
      if (z < 0) {
        this.error(obj, key, `'${base.name}' is not a seat zone`, idHint(base.name, p.zones.filter((d) => d.per === 'seat').map((d) => d.id), 'declared seat zones'));
        return undefined;
      }
      const seat = this.sub(obj, key, base.object, env, T.seat, 'in zone');
      if (!seat) return undefined;
      ref = { zone: z, seat: seat as Run<number> };
    } else {
      this.error(obj, key, 'a zone must be a zone name, <seat>.<zone>, or either with [key] for a keyed zone');
      return undefined;
    }
    const decl = p.zones[ref.zone]!;
    if (ast.kind === 'Index') {
      if (decl.by === undefined) {
        this.error(obj, key, `zone '${decl.id}' is not keyed: leave out the [ ]`);
        return undefined;
      }
      const k = this.sub(obj, key, ast.index, env, T.space(p.spaces[decl.by]!.id), 'in zone key');
      if (!k) return undefined;
      ref.key = k as Run<number>;
    } else if (decl.by !== undefined) {
      this.error(obj, key, `zone '${decl.id}' has one zone per ${p.spaces[decl.by]!.id}: say which, e.g. "${String(obj[key])}[x]"`);
      return undefined;
    }
    return ref;
  }

  /** an assignment target: a local, a global var, <seat>.<seatVar>, or either with [key] when keyed */
  /** `code`: the same target for generated code (read and write as `read`/`write` do) */
  path(obj: Node, key: string, env: Env): { type: Type; read: Run<Json>; write: (c: RunCtx, v: Json) => void; code: TargetCode; name: string; seat?: Run<number>; key?: Run<string>; visibility: 'public' | 'owner' | 'hidden'; values?: string[] } | undefined {
    const ast = this.parse(obj, key);
    if (!ast) return undefined;
    const p = this.program;
    const base = ast.kind === 'Index' ? ast.object : ast;
    type Target = { type: Type; name: string; seat?: Run<number>; visibility: 'public' | 'owner' | 'hidden'; read: Run<Json>; write: (c: RunCtx, v: Json) => void; code: TargetCode; by?: number; values?: string[] };
    let t: Target | undefined;
    if (base.kind === 'Name') {
      const local = env.lookup(base.name);
      const i = p.vars.findIndex((d) => d.id === base.name);
      if (local?.zone) {
        this.error(obj, key, `'${base.name}' is a zone parameter: it cannot be set (move cards into or out of it instead)`);
        return undefined;
      }
      if (local) {
        const slot = local.slot;
        t = { type: local.type, name: base.name, visibility: 'hidden', read: (c) => c.locals[slot]!, write: (c, v) => { c.locals[slot] = v; }, code: { base: { local: slot } } };
      } else if (i >= 0) {
        const d = p.vars[i]!;
        t = { type: varType(d.type), name: d.id, visibility: d.visibility, read: (c) => c.s.g[i]!, write: (c, v) => { c.s.g[i] = v; }, code: { base: { game: i } }, ...(d.by !== undefined ? { by: d.by } : {}), ...(d.values ? { values: d.values } : {}) };
      } else {
        this.error(obj, key, `'${base.name}' is not a variable`, p.seatVars.some((d) => d.id === base.name) ? `'${base.name}' is a seat var: it needs its seat, e.g. "me.${base.name}"` : notAVarHint(base.name, p.vars.map((d) => d.id), env.allNames()));
        return undefined;
      }
    } else if (base.kind === 'Member') {
      const i = p.seatVars.findIndex((d) => d.id === base.name);
      if (i < 0) {
        this.error(obj, key, `'${base.name}' is not a seat var`, idHint(base.name, p.seatVars.map((d) => d.id), 'seat vars'));
        return undefined;
      }
      const seatFn = this.sub(obj, key, base.object, env, T.seat, 'in target');
      if (!seatFn) return undefined;
      const seat = seatFn as Run<number>;
      const d = p.seatVars[i]!;
      t = {
        type: varType(d.type),
        name: d.id,
        seat,
        visibility: d.visibility,
        read: (c) => c.s.seats[seat(c)]!.v[i]!,
        write: (c, v) => { c.s.seats[seat(c)]!.v[i] = v; },
        code: { base: { seat: i, who: seat } },
        ...(d.by !== undefined ? { by: d.by } : {}),
        ...(d.values ? { values: d.values } : {}),
      };
    } else {
      this.error(obj, key, 'a target must be a variable name or <seat>.<seatVar> (with [key] when keyed)');
      return undefined;
    }
    if (ast.kind !== 'Index') {
      if (t.by !== undefined) {
        this.error(obj, key, `'${t.name}' has one value per ${p.spaces[t.by]!.id}: say which, e.g. "${String(obj[key])}[x]"`);
        return undefined;
      }
      return t;
    }
    if (t.by === undefined) {
      this.error(obj, key, `'${t.name}' is not keyed: leave out the [ ]`);
      return undefined;
    }
    const k = this.sub(obj, key, ast.index, env, T.space(p.spaces[t.by]!.id), 'in target key');
    if (!k) return undefined;
    const { read, write } = t;
    // a keyed var holds an array, one value per item: read and write one element of it
    const keyFn = k as Run<number>;
    const items = p.spaces[t.by]!.items;
    return {
      ...t,
      key: (c) => items[keyFn(c)]!.id,
      read: (c) => (read(c) as Json[])[keyFn(c)]!,
      write: (c, v) => { (read(c) as Json[])[keyFn(c)] = v; void write; },
      code: { ...t.code, key: keyFn },
    };
  }

}


function gameZones(p: Program): string[] {
  return p.zones.filter((d) => d.per === 'game').map((d) => d.id);
}

export { Env };

/** the hint for a write to a name that is no variable: the nearest var or name in scope, else what there is */
function notAVarHint(name: string, globals: readonly string[], locals: readonly string[]): string {
  const hint = idHint(name, [...globals, ...locals], 'global vars and names in scope');
  return hint.startsWith('did you mean') ? hint : `${hint}; a seat var needs its seat, e.g. "me.${name}"`;
}
