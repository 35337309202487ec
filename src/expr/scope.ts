/** The contract between the expression compiler and whoever supplies names (the interpreter). */
import type { Type } from './types.ts';
import type { MemberRead, Path } from './ir.ts';

/** The interpreter passes a bigger object; compiled code only reads/writes `locals`. */
export interface Ctx {
  locals: unknown[];
}

export type Compiled = (ctx: Ctx) => unknown;

export interface NameBinding {
  type: Type;
  get: Compiled;
  /** the same read as a path from the context, for generated code (`['s', 'g', 3]` is ctx.s.g[3]) */
  path?: Path;
  /** or the items from..from+size of the array at that path (a keyed zone) */
  slice?: { from: number; size: number };
}

export interface MemberBinding {
  type: Type;
  get: (obj: unknown, ctx: Ctx) => unknown;
  /** the same read spelled for generated code */
  read?: MemberRead;
}

export interface FunctionBinding {
  /** returns the result type, or an error message string (prefixed with "name: " unless it starts with the name) */
  check(args: Type[]): Type | string;
  call(args: unknown[], ctx: Ctx): unknown;
}

export interface Scope {
  /** globals and locals bound by the caller (lambda parameters are handled by the compiler) */
  name(id: string): NameBinding | undefined;
  /** s.wounds, c.value, options.x ... */
  member(objType: Type, id: string): MemberBinding | undefined;
  /** extra functions (left, right, score, user functions); built-ins are looked up first */
  fn(id: string): FunctionBinding | undefined;
  /** a fresh index into ctx.locals, for a lambda parameter */
  newSlot(): number;
  /** items of a space set by id, for `set["item-id"]`: the item's runtime value, or undefined */
  spaceItem?(set: string, id: string): number | undefined;
  spaceItems?(set: string): string[];
  /** for "did you mean" suggestions */
  names?(): string[];
  members?(objType: Type): string[];
}
