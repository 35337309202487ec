/**
 * Shared compile state: the program being built, diagnostics with file:line:col, and the
 * helpers every part of compilation needs (expressions, zone references, assignment paths).
 */
import { assignable, compileExpr, compileLambda, parseExpr, typeToString } from '../../expr/index.ts';
import type { Ast, ExprError, Type } from '../../expr/index.ts';
import type { Diagnostic } from '../../spec/diagnostics.ts';
import type { LoadedSpec } from '../../spec/load-spec.ts';
import type { Json } from '../api.ts';
import type { Instr, Program, Run, RunCtx, ZoneRef } from '../program.ts';
import { Env } from './env.ts';
import { makeScope, type ScopeKind, type UserFunction } from './scope.ts';
import { T, varType } from './types.ts';

export type Node = { [k: string]: unknown };

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
  slots = 0;

  constructor(
    readonly loaded: LoadedSpec,
    readonly program: Program,
  ) {}

  newSlot = (): number => this.slots++;

  emit(ins: Instr, rule: string): number {
    this.code.push(ins);
    this.ruleAt.push(rule);
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
    this.diagnostics.push({ ...at, severity, message, ...(hint !== undefined ? { hint } : {}) });
  }

  private exprErrors(obj: object, key: string | number, errors: ExprError[], what: string): void {
    for (const e of errors) {
      const at = this.loaded.whereInValue(obj, key, e.offset);
      this.diagnostics.push({ ...at, severity: 'error', message: `${what}: ${e.message}` });
    }
  }

  scope(env: Env, kind: ScopeKind = 'full') {
    return makeScope({ program: this.program, functions: this.functions, newSlot: this.newSlot }, env, kind);
  }

  /** Compile obj[key] (an expression string, or a literal number/boolean). */
  expr(obj: Node, key: string | number, env: Env, expected?: Type, kind: ScopeKind = 'full'): Compiled | undefined {
    const raw = (obj as Record<string | number, unknown>)[key];
    if (typeof raw === 'number') return this.checked(obj, key, { fn: () => raw, type: T.number }, expected);
    if (typeof raw === 'boolean') return this.checked(obj, key, { fn: () => raw, type: T.bool }, expected);
    if (typeof raw !== 'string') {
      this.error(obj, key, `'${String(key)}' must be an expression (a string), got ${raw === null ? 'nothing' : typeof raw}`);
      return undefined;
    }
    const res = compileExpr(raw, this.scope(env, kind), expected);
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

  /** A top-level lambda such as `s => s.wounds`, called with explicit arguments. */
  lambda(obj: Node, key: string, env: Env, params: Type[], expected?: Type): ((c: RunCtx, ...args: unknown[]) => unknown) | undefined {
    const raw = obj[key];
    if (typeof raw !== 'string') {
      this.error(obj, key, `'${key}' must be a function written as a string, e.g. "x => …"`);
      return undefined;
    }
    const res = compileLambda(raw, this.scope(env), params, expected);
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
    const res = parseExpr(raw);
    if ('errors' in res) {
      this.exprErrors(obj, key, res.errors, 'in expression');
      return undefined;
    }
    return res.ast;
  }

  /** `deck` (a game zone) or `<seat expr>.<seat zone>` */
  zoneRef(obj: Node, key: string, env: Env): ZoneRef | undefined {
    const ast = this.parse(obj, key);
    if (!ast) return undefined;
    const p = this.program;
    if (ast.kind === 'Name') {
      const z = p.zones.findIndex((d) => d.id === ast.name && d.per === 'game');
      if (z >= 0) return { zone: z };
      const isSeatZone = p.zones.some((d) => d.id === ast.name && d.per === 'seat');
      this.error(obj, key, `'${ast.name}' is not a game zone`, isSeatZone ? `it is a seat zone: write "<seat>.${ast.name}", e.g. "me.${ast.name}"` : `declared game zones: ${gameZones(p)}`);
      return undefined;
    }
    if (ast.kind === 'Member') {
      const z = p.zones.findIndex((d) => d.id === ast.name && d.per === 'seat');
      if (z < 0) {
        this.error(obj, key, `'${ast.name}' is not a seat zone`, `declared seat zones: ${p.zones.filter((d) => d.per === 'seat').map((d) => d.id).join(', ') || 'none'}`);
        return undefined;
      }
      const res = compileExpr(ast.object, this.scope(env), T.seat);
      if ('errors' in res) {
        this.exprErrors(obj, key, res.errors, 'in zone');
        return undefined;
      }
      if (res.type.k !== 'seat') {
        this.error(obj, key, `the part before '.${ast.name}' must be a seat, got ${typeToString(res.type)}`);
        return undefined;
      }
      return { zone: z, seat: res.fn as Run<number> };
    }
    this.error(obj, key, 'a zone must be a zone name or <seat>.<zone>');
    return undefined;
  }

  /** an assignment target: a local, a global var, or <seat>.<seatVar> */
  path(obj: Node, key: string, env: Env): { type: Type; read: Run<Json>; write: (c: RunCtx, v: Json) => void; name: string; seat?: Run<number>; visibility: 'public' | 'owner' | 'hidden' } | undefined {
    const ast = this.parse(obj, key);
    if (!ast) return undefined;
    const p = this.program;
    if (ast.kind === 'Name') {
      const local = env.lookup(ast.name);
      if (local) {
        const slot = local.slot;
        return { type: local.type, name: ast.name, visibility: 'hidden', read: (c) => c.locals[slot]!, write: (c, v) => { c.locals[slot] = v; } };
      }
      const i = p.vars.findIndex((d) => d.id === ast.name);
      if (i >= 0) {
        const d = p.vars[i]!;
        return { type: varType(d.type), name: d.id, visibility: d.visibility, read: (c) => c.s.g[i]!, write: (c, v) => { c.s.g[i] = v; } };
      }
      this.error(obj, key, `'${ast.name}' is not a variable`, `global vars: ${p.vars.map((d) => d.id).join(', ') || 'none'}; a seat var needs its seat, e.g. "me.${ast.name}"`);
      return undefined;
    }
    if (ast.kind === 'Member') {
      const i = p.seatVars.findIndex((d) => d.id === ast.name);
      if (i < 0) {
        this.error(obj, key, `'${ast.name}' is not a seat var`, `seat vars: ${p.seatVars.map((d) => d.id).join(', ') || 'none'}`);
        return undefined;
      }
      const res = compileExpr(ast.object, this.scope(env), T.seat);
      if ('errors' in res) {
        this.exprErrors(obj, key, res.errors, 'in target');
        return undefined;
      }
      const seat = res.fn as Run<number>;
      const d = p.seatVars[i]!;
      return {
        type: varType(d.type),
        name: d.id,
        seat,
        visibility: d.visibility,
        read: (c) => c.s.seats[seat(c)]!.v[i]!,
        write: (c, v) => { c.s.seats[seat(c)]!.v[i] = v; },
      };
    }
    this.error(obj, key, 'a target must be a variable name or <seat>.<seatVar>');
    return undefined;
  }

}


function gameZones(p: Program): string {
  return p.zones.filter((d) => d.per === 'game').map((d) => d.id).join(', ') || 'none';
}

export { Env };
