/** A small world and a Scope over it, standing in for the interpreter in these tests. */
import type { Ctx, FunctionBinding, MemberBinding, NameBinding, Scope, Type } from '../../src/expr/index.ts';
import { T, compileExpr, compileLambda } from '../../src/expr/index.ts';

export interface World {
  players: number;
  seats: { wounds: number; role: string; out: boolean; hand: number[] }[];
  cards: { kind: string; value: number }[];
  deck: number[];
  vars: Record<string, unknown>;
}

export interface TestCtx extends Ctx {
  world: World;
}

export function makeWorld(): World {
  return {
    players: 4,
    seats: [
      { wounds: 2, role: 'robber', out: false, hand: [0, 1, 2] },
      { wounds: 0, role: 'cop', out: false, hand: [3] },
      { wounds: 5, role: 'robber', out: true, hand: [] },
      { wounds: 2, role: 'robber', out: false, hand: [4, 5] },
    ],
    cards: [
      { kind: 'spy', value: 1 },
      { kind: 'bill', value: 5000 },
      { kind: 'bill', value: 1000 },
      { kind: 'spy', value: 1 },
      { kind: 'bill', value: 5000 },
      { kind: 'gun', value: 0 },
    ],
    deck: [5, 4, 3],
    vars: { a: 7, b: -3, c: 12, flag: true, target: 1, nums: [3, 1, 4, 1, 5], names: ['bo', 'al', 'cy'], 搶劫: 3, me: 0, ghost: 9 },
  };
}

const varTypes: Record<string, Type> = {
  a: T.number, b: T.number, c: T.number, flag: T.bool, target: T.seat, nums: T.list(T.number),
  names: T.list(T.string), 搶劫: T.number, me: T.seat, ghost: T.seat,
};

const w = (ctx: Ctx) => (ctx as TestCtx).world;

export const seatMembers: Record<string, MemberBinding> = {
  wounds: { type: T.number, get: (s, ctx) => w(ctx).seats[s as number]!.wounds },
  role: { type: T.string, get: (s, ctx) => w(ctx).seats[s as number]!.role },
  out: { type: T.bool, get: (s, ctx) => w(ctx).seats[s as number]!.out },
  hand: { type: T.list(T.card), get: (s, ctx) => w(ctx).seats[s as number]!.hand },
};
export const cardMembers: Record<string, MemberBinding> = {
  kind: { type: T.string, get: (c, ctx) => w(ctx).cards[c as number]!.kind },
  value: { type: T.number, get: (c, ctx) => w(ctx).cards[c as number]!.value },
};

const fns: Record<string, FunctionBinding> = {
  left: {
    check: (a) => (a.length !== 1 ? `takes 1 argument, got ${a.length}` : a[0]!.k !== 'seat' ? 'needs a seat' : T.seat),
    call: (a, ctx) => ((a[0] as number) + 1) % w(ctx).players,
  },
  score: {
    check: (a) => (a.length === 1 && a[0]!.k === 'seat' ? T.number : 'score takes one seat'),
    call: (a, ctx) => w(ctx).seats[a[0] as number]!.wounds * 10,
  },
  three: { check: (a) => (a.length ? 'takes no arguments' : T.number), call: () => 3 },
};

export class FakeScope implements Scope {
  slots = 0;
  name(id: string): NameBinding | undefined {
    if (id === 'players') return { type: T.number, get: (ctx) => w(ctx).players };
    if (id === 'seats') return { type: T.list(T.seat), get: (ctx) => w(ctx).seats.map((_, i) => i) };
    if (id === 'alive') return { type: T.list(T.seat), get: (ctx) => w(ctx).seats.flatMap((s, i) => (s.out ? [] : [i])) };
    if (id === 'deck') return { type: T.list(T.card), get: (ctx) => w(ctx).deck };
    const t = varTypes[id];
    if (t) return { type: t, get: (ctx) => w(ctx).vars[id] };
    return undefined;
  }
  member(objType: Type, id: string): MemberBinding | undefined {
    if (objType.k === 'seat') return seatMembers[id];
    if (objType.k === 'card') return cardMembers[id];
    return undefined;
  }
  fn(id: string): FunctionBinding | undefined {
    return fns[id];
  }
  newSlot(): number {
    return this.slots++;
  }
  names(): string[] {
    return ['players', 'seats', 'alive', 'deck', ...Object.keys(varTypes), ...Object.keys(fns)];
  }
  members(objType: Type): string[] {
    if (objType.k === 'seat') return Object.keys(seatMembers);
    if (objType.k === 'card') return Object.keys(cardMembers);
    return [];
  }
}

export function ctxFor(world: World = makeWorld()): TestCtx {
  return { locals: [], world };
}

/** compile (failing loudly) and run once */
export function run(src: string, world?: World, expected?: Type): unknown {
  const r = compileExpr(src, new FakeScope(), expected);
  if ('errors' in r) throw new Error(`${src}: ${r.errors.map((e) => `${e.message} @${e.offset}+${e.length}`).join('; ')}`);
  return r.fn(ctxFor(world));
}

export function typeOf(src: string): Type {
  const r = compileExpr(src, new FakeScope());
  if ('errors' in r) throw new Error(`${src}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.type;
}

/** the errors of a source that must not compile */
export function errorsOf(src: string, expected?: Type) {
  const r = compileExpr(src, new FakeScope(), expected);
  if (!('errors' in r)) throw new Error(`${src}: compiled, but errors were expected`);
  return r.errors;
}

/** the first error, with the text its span covers */
export function firstError(src: string, expected?: Type): { message: string; at: string; offset: number; length: number } {
  const e = errorsOf(src, expected)[0]!;
  return { ...e, at: src.slice(e.offset, e.offset + e.length) };
}

export function lambda(src: string, params: Type[], expected?: Type) {
  const r = compileLambda(src, new FakeScope(), params, expected);
  if ('errors' in r) throw new Error(`${src}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r;
}
