/**
 * What one seat may see. Everything a seat receives goes through here: vars, zones, the log and
 * the pending decision. The RNG state, the locals and other seats' secret answers never leave.
 * When the game is over, everything is revealed (roles, hands), as at a real table.
 */
import type { Json, Pending, SeatView } from './api.ts';
import type { Program, Tables, Visibility } from './program.ts';
import type { State } from './state.ts';

export function seatView(p: Program, s: State, t: Tables, seat: number, pending: Pending | null): SeatView {
  const over = s.result !== null;
  const sees = (vis: Visibility, owner: number | undefined) => over || vis === 'public' || (vis === 'owner' && owner === seat);
  const card = (id: number): Json => ({ card: id, kind: p.cards[t.kindOf[id]!]!.id });
  const cards = (ids: number[], visible: boolean): Json[] => (visible ? ids.map(card) : ids.map(() => null));

  const vars: Record<string, Json> = {};
  p.vars.forEach((d, i) => (vars[d.id] = sees(d.visibility, undefined) ? s.g[i]! : null));
  const zones: Record<string, Json[]> = {};
  p.zones.forEach((d, i) => {
    if (d.per === 'game') zones[d.id] = cards(s.z[i]!, sees(d.visibility, undefined));
  });
  const seats = s.seats.map((st, owner) => {
    const v: Record<string, Json> = {};
    p.seatVars.forEach((d, i) => (v[d.id] = sees(d.visibility, owner) ? st.v[i]! : null));
    const z: Record<string, Json[]> = {};
    p.zones.forEach((d, i) => {
      if (d.per === 'seat') z[d.id] = cards(st.z[i]!, sees(d.visibility, owner));
    });
    return { vars: v, zones: z, out: st.out };
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
