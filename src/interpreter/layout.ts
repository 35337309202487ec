/**
 * What every game with the same players and options starts with: initial vars, the cards in each
 * zone and which card id is which kind. The expressions behind it are static (they see only
 * options and players), so it is worked out once per players + options and copied into each new
 * state — playouts create thousands of games.
 */
import type { Json } from './api.ts';
import { MAX_CARDS } from '../limits.ts';
import type { Program, RunCtx, VarDecl } from './program.ts';
import { clearScratch, EngineError } from './vm.ts';
import { cloneJson, type SeatState, type State } from './state.ts';

export interface Layout {
  g: Json[];
  z: number[][];
  seats: { v: Json[]; z: number[][] }[];
  /** card id -> kind, in creation order (before kinds hide behind fronts) */
  kindOf: number[];
  /** the locals as the static expressions left them (their lambdas write parameter slots) */
  locals: Json[];
  /** card ids of each front shared by several kinds, in id order (a game deals these kinds out anew) */
  frontGroups: number[][];
}

/** What a new game starts with: a copy of the layout's mutable parts only (zones, and the vars
 *  and locals that hold lists); numbers, strings and the card kinds are shared as they are. */
export interface Start {
  g: Json[];
  z: number[][];
  seats: SeatState[];
  locals: Json[];
}

export function startOf(layout: Layout): Start {
  return {
    g: copyValues(layout.g),
    z: copyZones(layout.z),
    seats: layout.seats.map((seat) => ({ v: copyValues(seat.v), z: copyZones(seat.z), out: false })),
    locals: copyValues(layout.locals),
  };
}

function copyValues(values: Json[]): Json[] {
  const out = values.slice();
  for (let i = 0; i < out.length; i++) {
    const v = out[i]!;
    if (v !== null && typeof v === 'object') out[i] = cloneJson(v);
  }
  return out;
}

function copyZones(zones: number[][]): number[][] {
  const out = new Array<number[]>(zones.length);
  for (let i = 0; i < zones.length; i++) out[i] = zones[i]!.slice();
  return out;
}

/** Evaluated in the order a game has always been set up in, so card ids and locals come out the same. */
export function makeLayout(p: Program, players: number, options: Record<string, Json>, props: Json[][]): Layout {
  const locals = new Array<Json>(p.slots).fill(null);
  const seatList = Array.from({ length: players }, (_, i) => i);
  const probe = { players, options } as State;
  const staticCtx: RunCtx = { locals, s: probe, t: { kindOf: [], props, seats: seatList, spaces: [] }, p };
  const kindOf: number[] = [];
  const make = (kind: number, count: number): number[] => {
    // counts come from static expressions over options and players: checked here, before any card is made
    if (!Number.isInteger(count) || count < 0 || kindOf.length + count > MAX_CARDS) {
      const why = Number.isInteger(count) && count >= 0 ? `that makes more than ${MAX_CARDS.toLocaleString('en')} cards in all` : 'a count must be a whole number, at least 0';
      // `key`: the field of the rule node to point at
      throw Object.assign(new EngineError(`card '${p.cards[kind]!.id}': ${count} cards for ${players} players and options ${JSON.stringify(options)}: ${why}`, p.cards[kind]!.id), { key: 'count' });
    }
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(kindOf.push(kind) - 1);
    return ids;
  };
  // keyed vars hold one value per item of their space set
  const initial = (v: VarDecl): Json => (v.by === undefined ? copy(v.initial(staticCtx)) : p.spaces[v.by]!.items.map(() => copy(v.initial(staticCtx))));
  const g = p.vars.map(initial);
  const z: number[][] = Array.from({ length: p.gameSlots }, () => []);
  const seats = seatList.map(() => ({ v: p.seatVars.map(initial), z: Array.from({ length: p.seatSlots }, (): number[] => []) }));
  for (const d of p.zones) {
    const fill = (zones: number[][]) => {
      for (let i = 0; i < d.size; i++) zones[d.slot + i] = d.initial.flatMap((it) => make(it.kind, it.count(staticCtx)));
    };
    if (d.per === 'game') fill(z);
    else for (const seat of seats) fill(seat.z);
  }
  const byFront = new Map<string, number[]>();
  kindOf.forEach((kind, card) => {
    const front = p.cards[kind]!.front;
    if (front) byFront.set(front.id, [...(byFront.get(front.id) ?? []), card]);
  });
  clearScratch(p, { locals, calls: [] }); // the static expressions' lambdas wrote their slots
  return { g, z, seats, kindOf, locals, frontGroups: [...byFront.values()] };
}

function copy(v: Json): Json {
  return Array.isArray(v) ? v.slice() : v;
}
