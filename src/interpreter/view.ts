/**
 * What one seat may see. Everything a seat receives goes through here: vars, zones, the log and
 * the pending decision. The RNG state, the locals and other seats' secret answers never leave.
 * When the game is over, everything is revealed (roles, hands), as at a real table.
 *
 * A card a seat sees shows `{card, kind}`; a card whose kind hides behind a shared front shows
 * `{card, front}` unless the seat has seen its back (the zone shows backs, `reveal`, `peek`).
 * A peek at a card the seat cannot see where it lies is told to that seat in the log only.
 */
import type { Json, Pending, SeatView } from './api.ts';
import type { Program, Tables, VarDecl, Visibility, ZoneDecl } from './program.ts';
import type { State } from './state.ts';

export function seatView(p: Program, s: State, t: Tables, seat: number, pending: Pending | null): SeatView {
  const over = s.result !== null;
  const sees = (vis: Visibility, owner: number | undefined) => over || vis === 'public' || (vis === 'owner' && owner === seat);
  const face = (id: number, backVisible: boolean): Json => {
    const kind = p.cards[t.kindOf[id]!]!;
    if (!kind.front) return { card: id, kind: kind.id };
    return backVisible || over || s.revealed.includes(id) || peekedBy(s, id, seat) ? { card: id, kind: kind.id, front: kind.front.id } : { card: id, front: kind.front.id };
  };
  const zoneCards = (d: ZoneDecl, ids: number[], owner: number | undefined): Json[] =>
    ids.map((id, i) => {
      // where a card lies decides whether it is seen; what a seat learnt by reveal/peek only adds its back
      const visible = sees(d.visibility, owner) || (d.visibility === 'top' && i === 0);
      return visible ? face(id, backsShown(d, owner, seat)) : null;
    });

  // keyed vars read as {itemId: value}; keyed zones as one entry per item, `name[itemId]`
  // places read as their ids, not their indices
  const placeIds = (d: VarDecl): ((x: Json) => Json) => {
    const set = p.spaces.findIndex((sp) => sp.id === d.type.replace(/\[\]$/, ''));
    if (set < 0) return (x) => x;
    const items = p.spaces[set]!.items;
    const one = (x: Json): Json => (typeof x === 'number' ? (items[x]?.id ?? x) : x);
    return d.type.endsWith('[]') ? (x) => (Array.isArray(x) ? x.map(one) : x) : one;
  };
  const value = (d: VarDecl, v: Json): Json => {
    const show = placeIds(d);
    if (d.by === undefined) return show(v);
    const out: Record<string, Json> = {};
    p.spaces[d.by]!.items.forEach((item, i) => (out[item.id] = show((v as Json[])[i]!)));
    return out;
  };
  const zonesOf = (per: 'game' | 'seat', physical: number[][], owner: number | undefined): Record<string, Json[]> => {
    const out: Record<string, Json[]> = {};
    for (const d of p.zones) {
      if (d.per !== per) continue;
      for (let k = 0; k < d.size; k++) out[d.by === undefined ? d.id : `${d.id}[${p.spaces[d.by]!.items[k]!.id}]`] = zoneCards(d, physical[d.slot + k]!, owner);
    }
    return out;
  };
  const vars: Record<string, Json> = {};
  p.vars.forEach((d, i) => (vars[d.id] = sees(d.visibility, undefined) ? value(d, s.g[i]!) : null));
  const zones = zonesOf('game', s.z, undefined);
  const seats = s.seats.map((st, owner) => {
    const v: Record<string, Json> = {};
    p.seatVars.forEach((d, i) => (v[d.id] = sees(d.visibility, owner) ? value(d, st.v[i]!) : null));
    return { vars: v, zones: zonesOf('seat', st.z, owner), out: st.out };
  });

  const myAnswers: Record<string, Json> = {};
  if (s.pending?.kind === 'choice' && pending?.kind === 'choice') {
    const k = s.pending.seats.indexOf(seat);
    if (k >= 0 && s.pending.answered[k]) myAnswers[pending.choice] = s.pending.answers[k]!;
  }

  const log = s.log.flatMap((e) => {
    if (over || e.vis === undefined || e.vis.includes(seat)) return [{ rule: e.rule, event: e.event, data: e.data }];
    return e.pub ? [{ rule: e.rule, event: e.event, data: e.pub }] : [];
  });

  return { seat, players: s.players, vars, seats, zones, pending, myAnswers, log, result: s.result };
}

function peekedBy(s: State, card: number, seat: number): boolean {
  return s.peeked.some(([c, who]) => c === card && who === seat);
}

function backsShown(d: ZoneDecl, owner: number | undefined, seat: number): boolean {
  return d.backs === 'visible' || (d.backs === 'owner' && owner === seat);
}

/** record what `seat` sees of the cards of one zone (a plain function: this runs per decision) */
function note(seen: Uint8Array, seat: number, d: ZoneDecl, cards: number[], owner: number | undefined): void {
  const visible = d.visibility === 'public' || (d.visibility === 'owner' && owner === seat);
  const mark = backsShown(d, owner, seat) ? SEEN_WITH_BACK : SEEN;
  if (visible) for (let i = 0; i < cards.length; i++) seen[cards[i]!] = mark;
  else if (d.visibility === 'top' && cards.length > 0) seen[cards[0]!] = mark;
}

/** what knowledge() notes of a card where it lies: not seen there, seen (its front, for a kind
 *  that hides behind one), seen with its back */
const UNSEEN = 0;
const SEEN = 1;
const SEEN_WITH_BACK = 2;

/** What `seat` knows of `card` now: nothing, its front only, or all of it. */
export function knowledgeOf(p: Program, s: State, card: number, seat: number): 'none' | 'front' | 'all' {
  return knowledge(p, s, seat)(card);
}

/**
 * What `seat` knows of each card, as one function built from a single pass over the zones it can
 * see (asking card by card would search every zone each time).
 */
export function knowledge(p: Program, s: State, seat: number): (card: number) => 'none' | 'front' | 'all' {
  if (s.result !== null) return () => 'all';
  // card -> what is seen of it where it lies: one byte per card, not a map entry per visible card
  // (this runs for every choice among cards that are not one zone's)
  const seen = new Uint8Array(s.kinds.length);
  for (const d of p.zones) {
    if (d.visibility === 'hidden') continue;
    for (let k = 0; k < d.size; k++) {
      if (d.per === 'game') note(seen, seat, d, s.z[d.slot + k]!, undefined);
      else for (let owner = 0; owner < s.seats.length; owner++) note(seen, seat, d, s.seats[owner]!.z[d.slot + k]!, owner);
    }
  }
  return (card) => {
    const where = seen[card];
    if (!p.cards[s.kinds[card]!]!.front) return where === UNSEEN ? 'none' : 'all';
    if (s.revealed.includes(card) || peekedBy(s, card, seat)) return 'all';
    return where === UNSEEN ? 'none' : where === SEEN_WITH_BACK ? 'all' : 'front';
  };
}
