/** Small runtime helpers shared by compiled effects and the VM: zones, visibility, the log. */
import type { Json } from './api.ts';
import type { Program, RunCtx, ZoneHandle, ZoneRef } from './program.ts';

export function zoneOf(c: RunCtx, ref: ZoneRef): number[] {
  if (ref.dyn) return handleCards(c, ref.dyn(c));
  const slot = c.p.zones[ref.zone]!.slot + (ref.key ? ref.key(c) : 0);
  return ref.seat ? c.s.seats[ref.seat(c)]!.z[slot]! : c.s.z[slot]!;
}

/** the cards of a zone handle (a zone parameter's value) */
export function handleCards(c: RunCtx, h: ZoneHandle): number[] {
  const slot = c.p.zones[h[0]]!.slot + Math.max(0, h[2]);
  return h[1] >= 0 ? c.s.seats[h[1]]!.z[slot]! : c.s.z[slot]!;
}

/** a zone reference as a handle: which zone it is now (its seat and key evaluated) */
export function handleOf(c: RunCtx, ref: ZoneRef): ZoneHandle {
  if (ref.dyn) return ref.dyn(c);
  return [ref.zone, ref.seat ? ref.seat(c) : -1, ref.key ? ref.key(c) : -1];
}

/** the zone, seat and key a reference stands for now, for names and visibility in the log */
export function resolveRef(c: RunCtx, ref: ZoneRef): { zone: number; seat: number | undefined; key: number | undefined } {
  const [zone, seat, key] = handleOf(c, ref);
  return { zone, seat: seat >= 0 ? seat : undefined, key: key >= 0 ? key : undefined };
}

/** `deck`, or `under[new-york]` for a keyed zone */
export function zoneName(p: Program, zone: number, key?: number): string {
  const d = p.zones[zone]!;
  return d.by === undefined || key === undefined ? d.id : `${d.id}[${p.spaces[d.by]!.items[key]!.id}]`;
}

/** who may see the cards of a zone: everyone, or a list of seats (maybe empty) */
export function zoneVis(p: Program, zone: number, owner: number | undefined): 'all' | number[] {
  const v = p.zones[zone]!.visibility;
  if (v === 'public') return 'all';
  if (v === 'owner' && owner !== undefined) return [owner];
  return [];
}

export function mergeVis(a: 'all' | number[], b: 'all' | number[]): 'all' | number[] {
  if (a === 'all' || b === 'all') return 'all';
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/**
 * Record a log entry. `vis` limits who sees `data`; the others see `pub` (or nothing).
 * Cheap when logging is off: playouts skip the log entirely.
 */
export function log(
  c: RunCtx,
  rule: string,
  event: string,
  data: { [k: string]: Json },
  vis?: number[],
  pub?: { [k: string]: Json },
): void {
  if (!c.s.logging) return;
  const entry: RunCtx['s']['log'][number] = { rule, event, data };
  if (vis !== undefined) entry.vis = vis;
  if (pub !== undefined) entry.pub = pub;
  c.s.log.push(entry);
}
