/**
 * Put a state into a given situation (conformance scenarios): set vars by name, and put cards of
 * given kinds on top of zones. Cards are swapped, never created or destroyed, so the card table
 * and the counts of every zone stay true to the spec.
 */
import type { Given, Json } from './api.ts';
import type { Program, Tables, VarDecl } from './program.ts';
import { spaceSetOf, T, varType } from './compile/types.ts';
import { assignable, idHint } from '../expr/index.ts';
import type { State } from './state.ts';
import { stackNextShuffle } from './stacked.ts';
import { EngineError } from './vm.ts';

interface Slot {
  zone: number[];
  index: number;
}

export function arrange(p: Program, s: State, t: Tables, given: Given): void {
  for (const [name, value] of Object.entries(given.vars ?? {})) {
    const i = p.vars.findIndex((v) => v.id === name);
    if (i < 0) throw new EngineError(`given: unknown var '${name}'`);
    s.g[i] = givenValue(p, p.vars[i]!, value, s.g[i]!);
  }
  for (const [name, kinds] of Object.entries(given.shuffles ?? {})) stackNextShuffle(s, { zone: handleNamed(p, name, 'game', -1), kinds: kindIds(p, kinds), name });
  const pinned = new Set<string>();
  const zonesToFill: { zone: number[]; kinds: string[] }[] = [];
  for (const [name, kinds] of Object.entries(given.zones ?? {})) zonesToFill.push({ zone: s.z[slotOf(p, name, 'game')]!, kinds });
  for (const [seatKey, seatGiven] of Object.entries(given.seats ?? {})) {
    const seat = s.seats[Number(seatKey)];
    if (!seat) throw new EngineError(`given: no seat ${seatKey}`);
    for (const [name, value] of Object.entries(seatGiven.vars ?? {})) {
      const i = p.seatVars.findIndex((v) => v.id === name);
      if (i < 0) throw new EngineError(`given: unknown seat var '${name}'`);
      seat.v[i] = givenValue(p, p.seatVars[i]!, value as Json, seat.v[i]!);
    }
    if (seatGiven.out !== undefined) seat.out = seatGiven.out;
    for (const [name, kinds] of Object.entries(seatGiven.shuffles ?? {}))
      stackNextShuffle(s, { zone: handleNamed(p, name, 'seat', Number(seatKey)), kinds: kindIds(p, kinds), name: `seat ${seatKey}'s ${name}` });
    for (const [name, kinds] of Object.entries(seatGiven.zones ?? {})) zonesToFill.push({ zone: seat.z[slotOf(p, name, 'seat')]!, kinds });
  }
  // Search order for a card to swap in: hidden game zones (decks), other game zones, seat zones.
  const order: number[][] = [
    ...p.zones.flatMap((z) => (z.per === 'game' && z.visibility === 'hidden' ? s.z.slice(z.slot, z.slot + z.size) : [])),
    ...p.zones.flatMap((z) => (z.per === 'game' && z.visibility !== 'hidden' ? s.z.slice(z.slot, z.slot + z.size) : [])),
    ...s.seats.flatMap((seat) => seat.z),
  ];
  const key = (zone: number[], index: number) => `${order.indexOf(zone)}:${index}`;
  for (const { zone, kinds } of zonesToFill) {
    kinds.forEach((kindId, index) => {
      const kind = p.cards.findIndex((c) => c.id === kindId);
      if (kind < 0) throw new EngineError(`given: unknown card kind '${kindId}'`);
      if (index < zone.length && t.kindOf[zone[index]!] === kind && !pinned.has(key(zone, index))) {
        pinned.add(key(zone, index)); // already in place
        return;
      }
      const found = findCard(order, t, kind, (z, i) => !pinned.has(key(z, i)) && !(z === zone && i < index));
      if (!found) throw new EngineError(`given: no free card of kind '${kindId}' left to put in place`);
      if (index < zone.length) {
        const here = zone[index]!;
        zone[index] = found.zone[found.index]!;
        found.zone[found.index] = here;
      } else {
        zone.push(found.zone.splice(found.index, 1)[0]!);
      }
      pinned.add(key(zone, Math.min(index, zone.length - 1)));
    });
  }
}

/**
 * A given value in the state's form. A var typed by a space set takes the place's id
 * (`bKind: casino`; an index is accepted too); a keyed var takes one value per place in the set's
 * order, or a map from place ids to values (`bOwner: {b14a: 1}`) that changes only those places.
 * The word `none` is the empty value, as in the spec language (see noneFor).
 */
function givenValue(p: Program, d: VarDecl, value: Json, current: Json): Json {
  const set = spaceSetOf(d.type);
  const places = set === undefined ? undefined : p.spaces.find((x) => x.id === set);
  const place = (v: Json): Json => {
    if (!places || typeof v !== 'string') return v;
    const at = places.items.findIndex((x) => x.id === v);
    if (at < 0) throw new EngineError(`given: '${v}' is not a place of '${places.id}' (for '${d.id}')${hintOf(v, places.items.map((x) => x.id))}`);
    return at;
  };
  const one = (v: Json): Json => {
    if (v === NONE) return noneFor(d);
    if (Array.isArray(v) && d.type.endsWith('[]')) return v.map(place);
    return place(v);
  };
  if (d.by === undefined) return one(value);
  const keys = p.spaces[d.by]!;
  if (Array.isArray(value)) return value.map(one);
  if (value === null || typeof value !== 'object') throw new EngineError(`given: '${d.id}' is keyed by ${keys.id}: give a list (one value per place) or a map {place: value}`);
  const out = Array.isArray(current) ? current.slice() : [];
  for (const [k, v] of Object.entries(value)) {
    const at = keys.items.findIndex((x) => x.id === k);
    if (at < 0) throw new EngineError(`given: '${k}' is not a place of '${keys.id}' (a key of '${d.id}')${hintOf(k, keys.items.map((x) => x.id))}`);
    out[at] = one(v as Json);
  }
  return out;
}

/** what a given writes for the empty value (YAML's `null` is taken as it is) */
const NONE = 'none';

/**
 * `none` given to a var: the empty value where the spec language lets `none` stand for one of the
 * var's type (a seat, a card, a place, a number, a string), the word itself for a string var that
 * lists it among its words; a bool or a list has no none, so the given is refused.
 */
function noneFor(d: VarDecl): Json {
  if (d.values?.includes(NONE)) return NONE;
  if (assignable(T.none, varType(d.type))) return null;
  if (d.type === 'bool') throw new EngineError(`given: '${d.id}' is a bool, which has no none: give true or false`);
  throw new EngineError(`given: '${d.id}' is a list (${d.type}), which has no none: give [] for an empty list`);
}

function hintOf(v: string, ids: string[]): string {
  return `; ${idHint(v, ids, 'places')}`;
}

function kindIds(p: Program, kinds: string[]): number[] {
  return kinds.map((id) => {
    const kind = p.cards.findIndex((c) => c.id === id);
    if (kind < 0) throw new EngineError(`given: unknown card kind '${id}'`);
    return kind;
  });
}

/** the zone `name` (or `name[itemId]`) as a handle: declaration, seat (-1 for a game zone), key */
function handleNamed(p: Program, name: string, per: 'game' | 'seat', seat: number): [number, number, number] {
  const slot = slotOf(p, name, per); // throws on an unknown zone
  const d = p.zones.findIndex((z) => z.per === per && slot >= z.slot && slot < z.slot + z.size);
  return [d, seat, p.zones[d]!.by === undefined ? -1 : slot - p.zones[d]!.slot];
}

/** the physical slot of `name` or, for a keyed zone, `name[itemId]` */
function slotOf(p: Program, name: string, per: 'game' | 'seat'): number {
  const m = /^([^[\]]+)(?:\[([^\]]+)\])?$/.exec(name);
  const d = m ? p.zones.find((z) => z.id === m[1] && z.per === per) : undefined;
  if (!m || !d) throw new EngineError(`given: unknown ${per} zone '${name}'`);
  if (d.by === undefined) {
    if (m[2] !== undefined) throw new EngineError(`given: zone '${d.id}' is not keyed`);
    return d.slot;
  }
  const k = p.spaces[d.by]!.items.findIndex((item) => item.id === m[2]);
  if (k < 0) throw new EngineError(`given: '${name}' needs an item of ${p.spaces[d.by]!.id}, like ${d.id}[${p.spaces[d.by]!.items[0]!.id}]`);
  return d.slot + k;
}

function findCard(order: number[][], t: Tables, kind: number, free: (z: number[], i: number) => boolean): Slot | undefined {
  for (const zone of order) {
    for (let i = 0; i < zone.length; i++) if (t.kindOf[zone[i]!] === kind && free(zone, i)) return { zone, index: i };
  }
  return undefined;
}
