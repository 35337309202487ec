/**
 * What one seat may see. Everything a seat receives goes through here: vars, zones, the log and
 * the pending decision. The RNG state, the locals and other seats' secret answers never leave.
 * When the game is over, everything is revealed (roles, hands), as at a real table.
 */
import type { Json, Pending, SeatView } from './api.ts';
import type { Program, Tables, VarDecl, Visibility } from './program.ts';
import type { State } from './state.ts';

export function seatView(p: Program, s: State, t: Tables, seat: number, pending: Pending | null): SeatView {
  const over = s.result !== null;
  const sees = (vis: Visibility, owner: number | undefined) => over || vis === 'public' || (vis === 'owner' && owner === seat);
  const card = (id: number): Json => ({ card: id, kind: p.cards[t.kindOf[id]!]!.id });
  const cards = (ids: number[], visible: boolean): Json[] => (visible ? ids.map(card) : ids.map(() => null));

  // keyed vars read as {itemId: value}; keyed zones as one entry per item, `name[itemId]`
  const value = (d: VarDecl, v: Json): Json => {
    if (d.by === undefined) return v;
    const out: Record<string, Json> = {};
    p.spaces[d.by]!.items.forEach((item, i) => (out[item.id] = (v as Json[])[i]!));
    return out;
  };
  const zonesOf = (per: 'game' | 'seat', physical: number[][], owner: number | undefined): Record<string, Json[]> => {
    const out: Record<string, Json[]> = {};
    for (const d of p.zones) {
      if (d.per !== per) continue;
      const visible = sees(d.visibility, owner);
      for (let k = 0; k < d.size; k++) out[d.by === undefined ? d.id : `${d.id}[${p.spaces[d.by]!.items[k]!.id}]`] = cards(physical[d.slot + k]!, visible);
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
    const mine = k >= 0 ? s.pending.answers[k] : null;
    if (mine !== null && mine !== undefined) myAnswers[pending.choice] = mine;
  }

  const log = s.log.flatMap((e) => {
    if (over || e.vis === undefined || e.vis.includes(seat)) return [{ rule: e.rule, event: e.event, data: e.data }];
    return e.pub ? [{ rule: e.rule, event: e.event, data: e.pub }] : [];
  });

  return { seat, players: s.players, vars, seats, zones, pending, myAnswers, log, result: s.result };
}
