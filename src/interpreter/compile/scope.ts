/**
 * The expression scope the interpreter gives the expression compiler: locals, declared vars and
 * zones, card properties, options, and the seat/board built-ins. Every getter reads the running
 * state through the RunCtx, so compiled expressions are shared by all game instances.
 */
import { assignable, typeToString, type Compiled, type FunctionBinding, type MemberBinding, type NameBinding, type Scope, type Type } from '../../expr/index.ts';
import { slotReader, type SlotFunctionBinding } from '../../expr/compile.ts';
import type { MemoTable } from '../../expr/memo.ts';
import { chargeSteps } from '../../expr/budget.ts';
import type { Json } from '../api.ts';
import type { Program, RunCtx, ZoneHandle } from '../program.ts';
import { handleCards } from '../runtime.ts';
import type { Env } from './env.ts';
import { declType, memberOf, zoneType } from './members.ts';
import { T } from './types.ts';

export interface UserFunction {
  id: string;
  params: { slot: number; type: Type }[];
  returns: Type;
  body: (c: RunCtx) => unknown;
  /** its values kept per evaluation (src/expr/memo.ts), when worth it */
  memo?: MemoTable;
  /** its body loops, or calls a function that does */
  loops?: boolean;
}

/** Which names an expression may use: guards (`when`) and initial values see only options and players. */
export type ScopeKind = 'full' | 'static';

export interface ScopeDeps {
  program: Program;
  functions: Map<string, UserFunction>;
  newSlot(): number;
  /** the function whose body is being compiled: a call of it is a self-call */
  compiling?: string;
}

export function aliveSeats(c: RunCtx): number[] {
  const out: number[] = [];
  const seats = c.s.seats;
  for (let i = 0; i < seats.length; i++) if (!seats[i]!.out) out.push(i);
  return out;
}

const r = (c: unknown) => c as RunCtx;

export function makeScope(deps: ScopeDeps, env: Env, kind: ScopeKind): Scope {
  const p = deps.program;
  const staticNames = ['options', 'players'];
  return {
    name(id: string): NameBinding | undefined {
      const local = env.lookup(id);
      if (local?.zone) {
        const slot = local.slot;
        return { type: local.type, get: (c) => handleCards(r(c), r(c).locals[slot] as ZoneHandle) };
      }
      if (local) {
        return { type: local.type, get: slotReader(local.slot) };
      }
      // each `path` spells the same read for generated code (src/codegen/)
      if (id === 'options') return { type: T.any, get: (c) => r(c).s.options, path: ['s', 'options'] };
      if (id === 'players') return { type: T.number, get: (c) => r(c).s.players, path: ['s', 'players'] };
      if (kind === 'static') return undefined;
      if (id === 'seats') return { type: T.list(T.seat), get: (c) => r(c).t.seats, path: ['t', 'seats'] };
      if (id === 'alive') return { type: T.list(T.seat), get: (c) => aliveSeats(r(c)) };
      const v = p.vars.findIndex((d) => d.id === id);
      if (v >= 0) return { type: declType(p, p.vars[v]!), get: (c) => r(c).s.g[v], path: ['s', 'g', v] };
      const z = p.zones.find((d) => d.id === id && d.per === 'game');
      if (z && z.by === undefined) return { type: zoneType(p, z), get: (c) => r(c).s.z[z.slot], path: ['s', 'z', z.slot] };
      if (z) return { type: zoneType(p, z), get: (c) => r(c).s.z.slice(z.slot, z.slot + z.size), path: ['s', 'z'], slice: { from: z.slot, size: z.size } };
      const set = p.spaces.findIndex((d) => d.id === id);
      if (set >= 0) return { type: T.list(T.space(id)), get: (c) => r(c).t.spaces[set], path: ['t', 'spaces', set] };
      return undefined;
    },
    member(objType: Type, id: string): MemberBinding | undefined {
      if (objType.k === 'any') {
        // only `options` has type any as an object: option members are typed by their declaration
        const o = p.options.find((d) => d.id === id);
        if (!o) return undefined;
        return { type: T[o.type], get: (obj) => (obj as Record<string, Json>)[id], read: { field: id } };
      }
      if (kind === 'static') return undefined;
      return memberOf(p, objType, id);
    },
    fn(id: string): FunctionBinding | undefined {
      if (kind === 'static') return undefined;
      if (id === 'kindOf') return kindOf(p);
      if (id === deps.compiling) return selfCall(id);
      return seatFunctions.get(id) ?? placeFunction(p, id) ?? userFunction(deps.functions.get(id));
    },
    newSlot: () => deps.newSlot(),
    spaceItem(set: string, id: string): number | undefined {
      const i = p.spaces.find((d) => d.id === set)?.items.findIndex((item) => item.id === id);
      return i === undefined || i < 0 ? undefined : i;
    },
    spaceItems: (set: string) => p.spaces.find((d) => d.id === set)?.items.map((item) => item.id) ?? [],
    names(): string[] {
      if (kind === 'static') return [...env.allNames(), ...staticNames];
      return [
        ...env.allNames(),
        ...staticNames,
        'seats',
        'alive',
        ...p.vars.map((d) => d.id),
        ...p.zones.filter((d) => d.per === 'game').map((d) => d.id),
        ...p.spaces.map((d) => d.id),
        ...deps.functions.keys(),
        ...seatFunctions.keys(),
        'kindOf',
      ];
    },
    members(objType: Type): string[] {
      if (objType.k === 'any') return p.options.map((o) => o.id);
      if (objType.k === 'seat')
        return ['out', ...p.seatVars.map((d) => d.id), ...p.zones.filter((d) => d.per === 'seat').map((d) => d.id)];
      if (objType.k === 'card') return ['kind', ...p.propNames];
      if (objType.k === 'space') return ['id', ...(p.spaces.find((d) => d.id === objType.set)?.propNames ?? [])];
      return [];
    },
  };
}

/** kindOf(c): the card's kind id, like c.kind */
function kindOf(p: Program): FunctionBinding {
  return {
    check: (args) => (args.length === 1 && (args[0]!.k === 'card' || args[0]!.k === 'none') ? T.string : 'kindOf takes one card'),
    call: (args, c) => (args[0] === null ? null : p.cards[r(c).t.kindOf[args[0] as number]!]!.id),
  };
}

/** a function's body calling the function: reported as such, not as an unknown function */
function selfCall(id: string): FunctionBinding {
  return {
    check: () => `function '${id}' calls itself; a function cannot be recursive (loops are written with forEach, repeat or while)`,
    call: () => null,
  };
}

function userFunction(f: UserFunction | undefined): SlotFunctionBinding | undefined {
  if (!f) return undefined;
  return {
    // a call writes these slots and runs the body directly
    slots: f.params.map((p) => p.slot),
    body: f.body as Compiled,
    ...(f.memo ? { memo: f.memo } : {}),
    check(args: Type[]) {
      if (args.length !== f.params.length) return `${f.id} takes ${f.params.length} argument(s), got ${args.length}`;
      // every call is type-checked, so a checked spec never hands a body a value of the wrong kind
      for (let i = 0; i < args.length; i++) {
        const want = f.params[i]!.type;
        if (!assignable(args[i]!, want)) return `${f.id}: argument ${i + 1} must be ${typeToString(want)}, got ${typeToString(args[i]!)}`;
      }
      return f.returns;
    },
    call(args: unknown[], ctx) {
      for (let i = 0; i < args.length; i++) ctx.locals[f.params[i]!.slot] = args[i];
      return f.body(ctx as RunCtx);
    },
  };
}

/** what the work budget's error names when a seat or graph function takes its last steps (src/expr/budget.ts) */
const HERE = 'this expression';

const seatArg = (args: Type[], n: number, name: string): string | undefined => {
  if (args.length !== n) return `${name} takes ${n} argument(s), got ${args.length}`;
  if (args[0]!.k !== 'seat' && args[0]!.k !== 'any') return `${name} needs a seat as first argument`;
  if (n === 2 && !(args[1]!.k === 'list' && (args[1]!.of.k === 'seat' || args[1]!.of.k === 'any')))
    return `${name} needs a list of seats as second argument`;
  return undefined;
};

/** Seat-circle built-ins: they need the player count, which only the running state knows.
 *  A Map, so a spec's `toString(…)` is an unknown function, not Object.prototype's. */
const seatFunctions = new Map<string, FunctionBinding>(Object.entries({
  seat: {
    check: (a) => (a.length === 1 && a[0]!.k === 'number' ? T.seat : 'seat(n) takes one number: the 0-based seat'),
    call: (a, c) => {
      const n = a[0] as number;
      if (!Number.isInteger(n) || n < 0 || n >= r(c).s.players) throw new Error(`seat(${n}): there are seats 0..${r(c).s.players - 1}`);
      return n;
    },
  },
  left: {
    check: (a) => seatArg(a, 1, 'left') ?? T.seat,
    call: (a, c) => ((a[0] as number) + 1) % r(c).s.players,
  },
  right: {
    check: (a) => seatArg(a, 1, 'right') ?? T.seat,
    call: (a, c) => ((a[0] as number) - 1 + r(c).s.players) % r(c).s.players,
  },
  leftOf: {
    check: (a) => seatArg(a, 2, 'leftOf') ?? T.seat,
    call: (a, c) => {
      const from = a[0] as number;
      const among = a[1] as number[];
      const n = r(c).s.players;
      chargeSteps(n * among.length, HERE);
      for (let d = 1; d <= n; d++) {
        const s = (from + d) % n;
        if (s !== from && among.includes(s)) return s;
      }
      return null;
    },
  },
  clockwiseFrom: {
    check: (a) => seatArg(a, 2, 'clockwiseFrom') ?? T.list(T.seat),
    call: (a, c) => {
      const from = a[0] as number;
      const among = a[1] as number[];
      const n = r(c).s.players;
      chargeSteps(n * among.length, HERE);
      const out: number[] = [];
      for (let d = 0; d < n; d++) {
        const s = (from + d) % n;
        if (among.includes(s)) out.push(s);
      }
      return out;
    },
  },
}));

/** the space set of a place type (or of a list of places), if it is one */
function setOf(p: Program, t: Type | undefined): { index: number; set: Program['spaces'][number] } | undefined {
  const x = t?.k === 'list' ? t.of : t;
  if (x?.k !== 'space') return undefined;
  const index = p.spaces.findIndex((d) => d.id === x.set);
  return index < 0 ? undefined : { index, set: p.spaces[index]! };
}

/** the places of a set that are in play in this game (their `when` holds) */
const inPlay = (c: unknown, index: number): number[] => r(c).t.spaces[index]!;

/**
 * Graph built-ins over a space set's `edges` (neighbours, adjacent, distance) and over its order
 * as a cycle (nextOf): places left out of the game (their `when` is false) are not on the board.
 */
function placeFunction(p: Program, id: string): FunctionBinding | undefined {
  if (!['neighbours', 'adjacent', 'distance', 'nextOf'].includes(id)) return undefined;
  // a place is an item index at run time: the set is known when the call is checked
  let g: { index: number; set: Program['spaces'][number] } | undefined;
  const graphArgs = (a: Type[], n: number): string | undefined => {
    if (a.length !== n) return `${id} takes ${n === 1 ? 'one place' : 'two places'}`;
    g = setOf(p, a[0]);
    if (!g || a[0]!.k === 'list') return `${id} needs a place of a space set`;
    if (n === 2 && !((a[1]!.k === 'space' && a[1]!.set === g.set.id) || a[1]!.k === 'none' || a[1]!.k === 'any')) return `${id} needs two places of the same set '${g.set.id}'`;
    if (!g.set.edges) return `${id}: the space set '${g.set.id}' has no edges (declare 'edges: <prop>' with a '${g.set.id}[]' prop)`;
    return undefined;
  };
  const around = (c: unknown, x: number): number[] => {
    const live = inPlay(c, g!.index);
    const edges = g!.set.edges![x]!;
    chargeSteps(edges.length * live.length, HERE);
    return edges.filter((y) => live.includes(y));
  };
  switch (id) {
    case 'neighbours':
      return {
        check: (a) => graphArgs(a, 1) ?? T.list(T.space(g!.set.id)),
        call: (a, c) => (a[0] === null ? [] : around(c, a[0] as number)),
      };
    case 'adjacent':
      return {
        check: (a) => graphArgs(a, 2) ?? T.bool,
        call: (a, c) => a[0] !== null && a[1] !== null && around(c, a[0] as number).includes(a[1] as number),
      };
    case 'distance':
      return {
        check: (a) => graphArgs(a, 2) ?? T.number,
        call: (a, c) => {
          if (a[0] === null || a[1] === null) return null;
          // fewest edges, breadth first over the places in play; none when unreachable
          const from = a[0] as number;
          const to = a[1] as number;
          const dist = new Map<number, number>([[from, 0]]);
          const queue = [from];
          for (let i = 0; i < queue.length; i++) {
            const x = queue[i]!;
            if (x === to) return dist.get(x)!;
            for (const y of around(c, x)) if (!dist.has(y)) { dist.set(y, dist.get(x)! + 1); queue.push(y); }
          }
          return null;
        },
      };
    default:
      return {
        check: (a) => {
          if (a.length !== 2) return 'nextOf takes a place and a list of places';
          g = setOf(p, a[0]);
          if (!g || a[0]!.k === 'list') return 'nextOf needs a place of a space set first';
          if (!(a[1]!.k === 'list' && ((a[1]!.of.k === 'space' && a[1]!.of.set === g.set.id) || a[1]!.of.k === 'any'))) return `nextOf needs a list of places of '${g.set.id}' second`;
          return T.space(g.set.id);
        },
        call: (a) => {
          const among = a[1] as number[];
          if (a[0] === null) return null;
          chargeSteps(among.length, HERE);
          // the set's order is the cycle (as seats go clockwise): the first of `among` after x, going round
          const x = a[0] as number;
          let best: number | null = null;
          let bestD = Infinity;
          const n = g!.set.items.length;
          for (const y of among) {
            const d = (y - x + n) % n;
            if (d > 0 && d < bestD) { bestD = d; best = y; }
          }
          return best;
        },
      };
  }
}

/** The names and functions every game's expressions know without declaring them (an editor's completion lists them). */
export function builtInGlobals(): { names: string[]; functions: string[] } {
  return { names: ['options', 'players', 'seats', 'alive'], functions: [...seatFunctions.keys(), 'kindOf', 'neighbours', 'adjacent', 'distance', 'nextOf'] };
}
