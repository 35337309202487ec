/** Card-moving helpers shared by the move, deal and split effects (a helper module, not an effect kind). */
import type { Program, RunCtx, ZoneRef } from '../interpreter/program.ts';
import { log, mergeVis, resolveRef, zoneName, zoneVis } from '../interpreter/runtime.ts';
import { resize } from '../interpreter/resize.ts';

export function removeCards(src: number[], cards: number[], rule: string): number[] {
  const taken: number[] = [];
  for (const card of cards) {
    const i = src.indexOf(card);
    if (i < 0) throw new Error(`rule '${rule}': card ${card} is not in the zone it is moved from`);
    removeAt(src, i);
    taken.push(card);
  }
  return taken;
}

/** src.splice(i, 1) without the array of one card splice returns */
function removeAt(src: number[], i: number): void {
  const last = src.length - 1;
  for (let j = i; j < last; j++) src[j] = src[j + 1]!;
  src.pop(); // (setting length is a slow generic call, pop is not)
}

/** dst.unshift(...items), by hand: twice as fast as unshift on zones of a few dozen cards, and
 *  moves to a zone's top are the most common */
export function prepend(dst: number[], items: number[], n = items.length): void {
  const m = dst.length;
  for (let i = 0; i < n; i++) dst.push(0);
  for (let i = m - 1; i >= 0; i--) dst[i + n] = dst[i]!;
  for (let i = 0; i < n; i++) dst[i] = items[i]!;
}

/** the first n cards of src into `into` (from 0; its length is not set), removed from src */
export function takeTop(src: number[], n: number, into: number[]): void {
  for (let i = 0; i < n; i++) into[i] = src[i]!;
  const m = src.length - n;
  for (let i = 0; i < m; i++) src[i] = src[i + n]!;
  for (let i = 0; i < n; i++) src.pop();
}

export function removeWhere(src: number[], pred: (card: number) => boolean): number[] {
  const taken: number[] = [];
  let w = 0;
  for (let r = 0; r < src.length; r++) {
    const card = src[r]!;
    if (pred(card)) taken.push(card);
    else src[w++] = card;
  }
  resize(src, w, 0);
  return taken;
}

/** log a move for those who may see it: the cards and what they show, or only how many moved */
export function logMove(c: RunCtx, rule: string, p: Program, from: ZoneRef, to: ZoneRef, cards: number[]): void {
  const a = resolveRef(c, from);
  const b = resolveRef(c, to);
  const fromSeat = a.seat;
  const toSeat = b.seat;
  const where = {
    from: zoneName(p, a.zone, a.key),
    ...(fromSeat !== undefined ? { fromSeat } : {}),
    to: zoneName(p, b.zone, b.key),
    ...(toSeat !== undefined ? { toSeat } : {}),
    count: cards.length,
  };
  const vis = mergeVis(zoneVis(p, a.zone, fromSeat), zoneVis(p, b.zone, toSeat));
  // what the cards show: the kind, or only the front for kinds that hide behind one
  const shows = cards.map((card) => { const k = p.cards[c.t.kindOf[card]!]!; return k.front ? k.front.id : k.id; });
  if (vis === 'all') log(c, rule, 'move', { ...where, cards, shows });
  else log(c, rule, 'move', { ...where, cards, shows }, vis, where);
}
