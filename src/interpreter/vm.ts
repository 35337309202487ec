/**
 * The machine that runs a Program over a State: executes instructions until the game needs a
 * decision (a choice or an external chance draw) or ends. All mutation happens here, in place;
 * the pure API clones first.
 */
import type { Action, GameResult, Json } from './api.ts';
import type { ChooseInstr, Instr, Program, RunCtx, Tables } from './program.ts';
import { drawMany } from './rng.ts';
import { log, zoneName, zoneOf } from './runtime.ts';
import type { PendingState, State } from './state.ts';

export class EngineError extends Error {
  constructor(
    message: string,
    readonly rule?: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export function run(p: Program, s: State, t: Tables): void {
  const c: RunCtx = { locals: s.locals, s, t, p };
  const code = p.code;
  let ins: Instr | undefined;
  try {
    for (;;) {
      if (s.result !== null) return;
      ins = code[s.pc]!;
      switch (ins.op) {
        case 'exec':
          ins.fn(c);
          s.pc++;
          break;
        case 'jump':
          s.pc = ins.to;
          break;
        case 'jumpIfNot':
          s.pc = ins.cond(c) === true ? s.pc + 1 : ins.to;
          break;
        case 'forInit':
          s.locals[ins.listSlot] = ins.list(c) as Json[];
          s.locals[ins.idxSlot] = 0;
          s.pc++;
          break;
        case 'forNext': {
          const items = s.locals[ins.listSlot] as Json[];
          const i = s.locals[ins.idxSlot] as number;
          if (i >= items.length) {
            s.pc = ins.end;
          } else {
            s.locals[ins.asSlot] = items[i]!;
            s.locals[ins.idxSlot] = i + 1;
            s.pc++;
          }
          break;
        }
        case 'choose':
          if (checkEnds(p, s, c)) return;
          if (openChoice(s, c, ins.c)) return;
          s.pc++;
          break;
        case 'shuffle': {
          const zone = zoneOf(c, ins.zone);
          log(c, ins.rule, 'shuffle', { zone: zoneName(p, ins.zone.zone, ins.zone.key?.(c)), ...(ins.zone.seat ? { seat: ins.zone.seat(c) } : {}) });
          if (zone.length < 2) {
            s.pc++;
            break;
          }
          if (s.externalChance) {
            s.pending = { kind: 'chance', at: s.pc, seats: [-1], options: [], answers: [], draw: 0 };
            return;
          }
          // Fisher–Yates as a sequence of draws: position i takes one of the n−i cards left.
          const bounds = zone.map((_, i) => zone.length - i).slice(0, -1);
          drawMany(s, bounds).forEach((d, i) => swap(zone, i, i + d));
          s.pc++;
          break;
        }
        case 'end':
          finish(p, s, c, ins.end);
          return;
        case 'finish': {
          if (checkEnds(p, s, c)) return;
          const last = p.ends.find((e) => e.when === undefined);
          finish(p, s, c, last?.id ?? 'end');
          return;
        }
      }
    }
  } catch (err) {
    if (err instanceof EngineError) throw err;
    const rule = ins ? ruleOf(ins) : undefined;
    throw new EngineError(`while running rule '${rule ?? '?'}': ${(err as Error).message}`, rule);
  }
}

function ruleOf(ins: Instr): string | undefined {
  if (ins.op === 'choose') return ins.c.rule;
  if (ins.op === 'shuffle' || ins.op === 'end') return ins.rule;
  return undefined;
}

function swap(a: number[], i: number, j: number): void {
  const x = a[i]!;
  a[i] = a[j]!;
  a[j] = x;
}

/** End conditions are looked at whenever the game would wait for someone. */
function checkEnds(p: Program, s: State, c: RunCtx): boolean {
  for (const e of p.ends) {
    if (e.when && e.when(c) === true) {
      finish(p, s, c, e.id);
      return true;
    }
  }
  return false;
}

/** Returns false when nobody has to decide (no seats), so the flow just goes on. */
function openChoice(s: State, c: RunCtx, ch: ChooseInstr): boolean {
  const seats = ch.seats(c).filter((x, i, all) => all.indexOf(x) === i);
  if (seats.length === 0) return false;
  const options: Json[][] = [];
  for (const seat of seats) {
    c.locals[ch.meSlot] = seat;
    const opts = ch.options(c);
    if (opts.length === 0)
      throw new EngineError(`choice '${ch.id}' (rule '${ch.rule}') offers seat ${seat} no option: the spec must always leave a legal answer`, ch.rule);
    options.push(opts.slice());
  }
  s.pending = { kind: 'choice', at: s.pc, seats, options, answers: seats.map(() => null) };
  return true;
}

function finish(p: Program, s: State, c: RunCtx, end: string): void {
  s.pending = null;
  const scores = c.t.seats.map((seat) => (p.score ? p.score(c, seat) : 0));
  let result = 'none';
  let winners: number[] = [];
  for (const r of p.results) {
    if (r.when && r.when(c) !== true) continue;
    result = r.id;
    winners = r.winners(c).slice().sort((a, b) => a - b);
    break;
  }
  const out: number[] = [];
  s.seats.forEach((seat, i) => seat.out && out.push(i));
  const rounds = p.roundVar !== undefined ? (s.g[p.roundVar] as number) : 0;
  const res: GameResult = { end, result, winners, scores, out, rounds };
  s.result = res;
  log(c, end, 'end', { end, result, winners, scores });
}

/** The instruction a pending choice belongs to. */
export function pendingChoice(p: Program, s: State): ChooseInstr | undefined {
  if (!s.pending || s.pending.kind !== 'choice') return undefined;
  const ins = p.code[s.pending.at];
  return ins?.op === 'choose' ? ins.c : undefined;
}

/** May the seat at position k of the pending choice answer now? Not yet answered, and — unless
 *  the choice is simultaneous — the first seat still to answer. */
export function isWaiting(pending: PendingState, ch: ChooseInstr, k: number): boolean {
  return k >= 0 && pending.answers[k] === null && (ch.simultaneous || pending.answers.indexOf(null) === k);
}

export function waitingFor(pending: PendingState, ch: ChooseInstr | undefined): number[] {
  if (pending.kind === 'chance') return [-1];
  const open = pending.seats.filter((_, i) => pending.answers[i] === null);
  return ch && !ch.simultaneous ? open.slice(0, 1) : open;
}

export function answer(p: Program, s: State, t: Tables, seat: number, action: Action): void {
  const pending = s.pending;
  const ch = pendingChoice(p, s);
  if (!pending || !ch) throw new EngineError(s.result ? 'the game is over' : 'nothing to decide now');
  if (action.choice !== ch.id) throw new EngineError(`the pending choice is '${ch.id}', not '${action.choice}'`, ch.rule);
  const k = pending.seats.indexOf(seat);
  const answers = pending.answers;
  if (!isWaiting(pending, ch, k)) throw new EngineError(`seat ${seat} has nothing to decide in '${ch.id}'`, ch.rule);
  if (!pending.options[k]!.includes(action.value)) throw new EngineError(`${JSON.stringify(action.value)} is not a legal answer to '${ch.id}' for seat ${seat}`, ch.rule);
  answers[k] = action.value;
  if (answers.includes(null)) return; // a simultaneous choice waits for everyone
  const c: RunCtx = { locals: s.locals, s, t, p };
  for (let i = 0; i < pending.seats.length; i++) commit(p, c, ch, pending.seats[i]!, answers[i]!);
  s.pending = null;
  s.pc++;
  s.steps++;
  run(p, s, t);
}

function commit(p: Program, c: RunCtx, ch: ChooseInstr, seat: number, value: Json): void {
  if (ch.into !== undefined) c.s.seats[seat]!.v[ch.into] = value;
  if (ch.asSlot !== undefined) c.locals[ch.asSlot] = value;
  if (!c.s.logging) return;
  const data = { choice: ch.id, seat, value };
  const vis = ch.secret ? [seat] : ch.into !== undefined ? varVis(p, ch.into, seat) : 'all';
  if (vis === 'all') log(c, ch.rule, 'choose', data);
  else log(c, ch.rule, 'choose', data, vis, { choice: ch.id, seat });
}

function varVis(p: Program, v: number, seat: number): 'all' | number[] {
  const vis = p.seatVars[v]!.visibility;
  return vis === 'public' ? 'all' : vis === 'owner' ? [seat] : [];
}

/** External chance: the pending shuffle draw takes outcome `index`. */
export function chance(p: Program, s: State, t: Tables, index: number): void {
  const pending = s.pending;
  if (!pending || pending.kind !== 'chance') throw new EngineError('no chance draw is pending');
  const ins = p.code[pending.at]!;
  if (ins.op !== 'shuffle') throw new EngineError('no chance draw is pending');
  const c: RunCtx = { locals: s.locals, s, t, p };
  const zone = zoneOf(c, ins.zone);
  const i = pending.draw ?? 0;
  const outcomes = zone.length - i;
  if (!Number.isInteger(index) || index < 0 || index >= outcomes) throw new EngineError(`chance outcome must be 0..${outcomes - 1}`);
  swap(zone, i, i + index);
  if (i + 1 < zone.length - 1) {
    pending.draw = i + 1;
    return;
  }
  s.pending = null;
  s.pc++;
  run(p, s, t);
}

export function chanceOutcomes(p: Program, s: State, t: Tables): number {
  const pending = s.pending;
  if (!pending || pending.kind !== 'chance') return 0;
  const ins = p.code[pending.at]!;
  if (ins.op !== 'shuffle') return 0;
  return zoneOf({ locals: s.locals, s, t, p }, ins.zone).length - (pending.draw ?? 0);
}

