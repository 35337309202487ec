/**
 * Members of seats, cards and places (`s.team`, `s.hand`, `c.value`, `c.kind`, `x.id`) as the
 * expression compiler sees them, and the types of declared vars and zones.
 *
 * Most members are read off a lambda parameter or a local (`filter(seats, x => x.team == t)`), so
 * each binding also offers `fromSlot`: one closure that reads the object from its slot and the
 * member at once. Each one spells its read out: a shared helper would put back the very call it
 * saves, and a call from shared code to many different closures is not inlined.
 */
import { own } from '../../own.ts';
import type { MemberBinding, Type } from '../../expr/index.ts';
import type { SlotMemberBinding } from '../../expr/compile.ts';
import type { Program, RunCtx, VarDecl, ZoneDecl } from '../program.ts';
import { T, varType } from './types.ts';

const r = (c: unknown) => c as RunCtx;

/** a member of a seat, card or place; undefined if it has none of that name */
export function memberOf(p: Program, objType: Type, id: string): MemberBinding | SlotMemberBinding | undefined {
  if (objType.k === 'seat') return seatMember(p, id);
  if (objType.k === 'space') return spaceMember(p, objType.set, id);
  if (objType.k === 'card') return cardMember(p, id);
  return undefined;
}

function seatMember(p: Program, id: string): MemberBinding | SlotMemberBinding | undefined {
  if (id === 'out') {
    return {
      type: T.bool,
      get: (obj, c) => r(c).s.seats[obj as number]!.out,
      read: { base: ['s', 'seats'], key: 'obj', rest: ['out'] },
      fromSlot: (slot, none) => (c) => {
        const obj = c.locals[slot];
        if (obj === null || obj === undefined) none();
        return r(c).s.seats[obj as number]!.out;
      },
    };
  }
  const v = p.seatVars.findIndex((d) => d.id === id);
  if (v >= 0) {
    return {
      type: declType(p, p.seatVars[v]!),
      get: (obj, c) => r(c).s.seats[obj as number]!.v[v],
      read: { base: ['s', 'seats'], key: 'obj', rest: ['v', v] },
      fromSlot: (slot, none) => (c) => {
        const obj = c.locals[slot];
        if (obj === null || obj === undefined) none();
        return r(c).s.seats[obj as number]!.v[v];
      },
    };
  }
  const z = p.zones.find((d) => d.id === id && d.per === 'seat');
  if (!z) return undefined;
  const zs = z.slot;
  // a keyed zone reads as one list per item
  if (z.by !== undefined) {
    return {
      type: zoneType(p, z),
      get: (obj, c) => r(c).s.seats[obj as number]!.z.slice(zs, zs + z.size),
      read: { base: ['s', 'seats'], key: 'obj', rest: ['z'], slice: { from: zs, size: z.size } },
    };
  }
  return {
    type: zoneType(p, z),
    get: (obj, c) => r(c).s.seats[obj as number]!.z[zs],
    read: { base: ['s', 'seats'], key: 'obj', rest: ['z', zs] },
    fromSlot: (slot, none) => (c) => {
      const obj = c.locals[slot];
      if (obj === null || obj === undefined) none();
      return r(c).s.seats[obj as number]!.z[zs];
    },
  };
}

function spaceMember(p: Program, setId: string, id: string): SlotMemberBinding | undefined {
  const set = p.spaces.find((d) => d.id === setId);
  if (!set) return undefined;
  const items = set.items;
  if (id === 'id') {
    return {
      type: T.string,
      get: (obj) => items[obj as number]!.id,
      read: { base: { table: items.map((i) => i.id) }, key: 'obj', rest: [] },
      fromSlot: (slot, none) => (c) => {
        const obj = c.locals[slot];
        if (obj === null || obj === undefined) none();
        return items[obj as number]!.id;
      },
    };
  }
  if (!set.propNames.includes(id)) return undefined;
  // the prop's value per item, looked up once (items are fixed by the spec)
  const values = items.map((i) => own(i.props, id) ?? null);
  return {
    type: set.propTypes[id] ?? scalarType(items.map((i) => own(i.props, id))),
    get: (obj) => values[obj as number] ?? null,
    read: { base: { table: values }, key: 'obj', rest: [], orNone: true },
    fromSlot: (slot, none) => (c) => {
      const obj = c.locals[slot];
      if (obj === null || obj === undefined) none();
      return values[obj as number] ?? null;
    },
  };
}

function cardMember(p: Program, id: string): SlotMemberBinding | undefined {
  if (id === 'kind') {
    return {
      type: T.string,
      get: (obj, c) => p.cards[r(c).t.kindOf[obj as number]!]!.id,
      // the cards are declared before any expression is compiled
      read: { base: { table: p.cards.map((card) => card.id) }, key: 'kind', rest: [] },
      fromSlot: (slot, none) => (c) => {
        const obj = c.locals[slot];
        if (obj === null || obj === undefined) none();
        return p.cards[r(c).t.kindOf[obj as number]!]!.id;
      },
    };
  }
  const i = p.propNames.indexOf(id);
  if (i < 0) return undefined;
  return {
    type: own(p.cardPropTypes, id) ?? scalarType(p.cards.map((card) => own(card.props, id))),
    get: (obj, c) => r(c).t.props[i]![r(c).t.kindOf[obj as number]!],
    read: { base: ['t', 'props', i], key: 'kind', rest: [] },
    fromSlot: (slot, none) => (c) => {
      const obj = c.locals[slot];
      if (obj === null || obj === undefined) none();
      const t = r(c).t;
      return t.props[i]![t.kindOf[obj as number]!];
    },
  };
}

/** a declared var's type; a keyed var is a map from its space set's items */
export function declType(p: Program, d: VarDecl): Type {
  const t = varType(d.type);
  return d.by === undefined ? t : T.map(T.space(p.spaces[d.by]!.id), t);
}

export function zoneType(p: Program, z: ZoneDecl): Type {
  const cards = T.list(T.card);
  return z.by === undefined ? cards : T.map(T.space(p.spaces[z.by]!.id), cards);
}

/** the type of a property from its values (the checker makes them agree); a list prop is a list of its items' type */
export function scalarType(values: unknown[]): Type {
  for (const v of values) {
    if (typeof v === 'number') return T.number;
    if (typeof v === 'boolean') return T.bool;
    if (typeof v === 'string') return T.string;
    if (Array.isArray(v) && v.length > 0) return T.list(scalarType(v));
  }
  if (values.some((v) => Array.isArray(v))) return T.list(T.any);
  return T.any;
}
