/**
 * The running game's state: plain JSON, so it can be saved, hashed, replayed and sent anywhere.
 * Names are compiled to indices (vars, zones) so the hot path does array reads, not map lookups;
 * `view()` turns indices back into names for a seat.
 */
import type { GameResult, Json } from './api.ts';
import type { StackedShuffle } from './stacked.ts';

export interface SeatState {
  /** seat vars, by declaration index */
  v: Json[];
  /** seat zones, by declaration index; each a list of card ids, top first */
  z: number[][];
  /** eliminated */
  out: boolean;
}

/** A pending decision, as kept in the state (the public Pending is derived from it). */
export interface PendingState {
  kind: 'choice' | 'chance';
  /** index of the CHOOSE / SHUFFLE instruction */
  at: number;
  seats: number[];
  /** per deciding seat (same order as seats): the legal values */
  options: Json[][];
  /** secret answers of a simultaneous choice, by seat (an answer may itself be none) */
  answers: (Json | null)[];
  /** by seat: has it answered yet */
  answered: boolean[];
  /** chance: the draws still to make (shuffle: next position to fill) */
  draw?: number;
}

/** One running body: where to go back to, and the locals of the body it interrupted. */
export interface CallFrame {
  ret: number;
  /** the callee's slots [lo, lo + saved.length) as they were before the call: empty when the
   *  callee was not running already (its slots are its own, and dead between its runs) */
  lo: number;
  saved: Json[];
}

export interface StoredLogEntry {
  rule: string;
  event: string;
  data: { [k: string]: Json };
  /** seats that may see `data`; absent = everyone */
  vis?: number[];
  /** what the other seats see instead; absent = they do not see the entry at all */
  pub?: { [k: string]: Json };
}

export interface State {
  /** players, options and card layout key this state belongs to */
  players: number;
  options: Record<string, Json>;
  /** global vars, by declaration index */
  g: Json[];
  /** game zones, by declaration index, card ids top first */
  z: number[][];
  seats: SeatState[];
  /** slots for locals, loop iterators and lambda parameters (compile-time allocated) */
  locals: Json[];
  /** index of the next instruction */
  pc: number;
  /** the return stack of running bodies (procedures, triggers, effect lists), innermost last */
  calls: CallFrame[];
  pending: PendingState | null;
  /** xoroshiro128plus state (pure-rand) */
  rng: number[];
  /** chance mode: true when chance draws wait for applyChance */
  externalChance: boolean;
  /** whether log entries are recorded (playouts may turn it off) */
  logging: boolean;
  log: StoredLogEntry[];
  result: GameResult | null;
  /** decisions answered so far (for replays and step limits) */
  steps: number;
  /** card id -> kind index; fixed at creation (never changes, so copies share it) */
  kinds: number[];
  /** cards whose backs everyone has seen. Card ids are stable, so what a seat has seen of a card
   *  it keeps knowing wherever the card goes (as a player with a perfect memory would). */
  revealed: number[];
  /** [card, seat]: a seat that has looked at a card's back */
  peeked: [number, number][];
  /** scenarios only: what the next shuffle of a zone puts on top (absent in every real game) */
  stacked?: StackedShuffle[];
}

/** Copy a state for the pure API. Log entries are immutable once written, so they are shared. */
export function cloneState(s: State): State {
  return {
    players: s.players,
    options: s.options,
    g: s.g.map(cloneJson),
    z: s.z.map((zone) => zone.slice()),
    seats: s.seats.map((seat) => ({ v: seat.v.map(cloneJson), z: seat.z.map((zone) => zone.slice()), out: seat.out })),
    locals: s.locals.map(cloneJson),
    pc: s.pc,
    calls: s.calls.map((f) => ({ ret: f.ret, lo: f.lo, saved: f.saved.map(cloneJson) })),
    pending: s.pending === null ? null : clonePending(s.pending),
    rng: s.rng.slice(),
    externalChance: s.externalChance,
    logging: s.logging,
    log: s.log.slice(),
    result: s.result,
    steps: s.steps,
    kinds: s.kinds,
    revealed: s.revealed.slice(),
    peeked: s.peeked.map((p) => [p[0], p[1]]),
    ...(s.stacked !== undefined ? { stacked: s.stacked.map((x) => ({ zone: [x.zone[0], x.zone[1], x.zone[2]], kinds: x.kinds.slice(), name: x.name })) } : {}),
  };
}

/** A pending decision's copy: its seats and options are fixed once it is opened (nothing writes
 *  them), so copies share them; only the answers so far and a chance draw's position change. */
function clonePending(pd: PendingState): PendingState {
  const copy: PendingState = { kind: pd.kind, at: pd.at, seats: pd.seats, options: pd.options, answers: pd.answers.slice(), answered: pd.answered.slice() };
  if (pd.draw !== undefined) copy.draw = pd.draw;
  return copy;
}

export function cloneJson(v: Json): Json {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneJson);
  return structuredClone(v);
}
