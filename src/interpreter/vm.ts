/**
 * The machine that runs a Program over a State: executes instructions until the game needs a
 * decision (a choice or an external chance draw) or ends. All mutation happens here, in place;
 * the pure API clones first.
 */
import type { Action, GameResult, Json } from './api.ts';
import { ExprRuntimeError } from '../expr/errors.ts';
import { WORK, refillWork } from '../expr/budget.ts';
import { MAX_INSTRUCTIONS_PER_STEP } from '../limits.ts';
import type { BlockMachine, Body, ChooseInstr, Instr, Program, Run, RunCtx, SourcePlace, Tables } from './program.ts';
import { shuffleInPlace } from './rng.ts';
import { handleOf, log, resolveRef, zoneName, zoneOf } from './runtime.ts';
import { applyStacked } from './stacked.ts';
import type { CallFrame, PendingState, State } from './state.ts';

export class EngineError extends Error {
  constructor(
    message: string,
    readonly rule?: string,
    /** where in the rules files the failing instruction was written */
    readonly at?: SourcePlace,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

// Opcodes as small integers, one array per program: the dispatch reads a number instead of the
// `op` of instructions of many shapes (a megamorphic load on the hottest line of the machine).
const EXEC = 0, JUMP = 1, JUMP_IF_NOT = 2, FOR_INIT = 3, FOR_NEXT = 4, CHOOSE = 5, SHUFFLE = 6, END = 7, FINISH = 8, CALL = 9, RET = 10, DISPATCH = 11;
/** only in the opcodes of runStoppingAt: stop before this instruction */
const BREAK = 12;
/** the instruction is run by its generated block (Program.blocks), with those after it in the block */
const BLOCK = 13;
const OPCODES: Record<Instr['op'], number> = { exec: EXEC, jump: JUMP, jumpIfNot: JUMP_IF_NOT, forInit: FOR_INIT, forNext: FOR_NEXT, choose: CHOOSE, shuffle: SHUFFLE, end: END, finish: FINISH, call: CALL, ret: RET, dispatch: DISPATCH };

/** How many bodies may be running inside each other. Far above any printed chain of rewards;
 *  past it a body that keeps calling itself is stopped with its rule named. */
export const MAX_CALL_DEPTH = 64;
const opcodeCache = new WeakMap<Instr[], Uint8Array>();
/** the opcodes with BLOCK where a generated block takes over, per program, and the blocks they were
 *  made for (a tiered program gets its blocks after it has run: Program.generate) */
const blockOpsCache = new WeakMap<Program, { ops: Uint8Array; blocks: Program['blocks'] }>();
// the program run last: a playout runs one program thousands of times in a row
let lastProgram: Program | undefined;
let lastBlocks: Program['blocks'];
let lastOps: Uint8Array | undefined;
/** what a block is handed and hands back (one for the machine: a block returns before another starts) */
const machine: BlockMachine = { pc: 0, budget: 0 };

/** While runStoppingAt runs: the code it stops in, its opcodes with BREAK at the stops, and whether
 *  a stop was reached. Tools only (a scenario stopping where a rule begins); playouts never set it. */
let breakCode: Instr[] | undefined;
let breakOps: Uint8Array | undefined;
let broke = false;

/**
 * Run `f` (which runs the machine, e.g. answers a choice) so that the flow stops before any of the
 * instructions `stops`, with no decision pending: true if it stopped. `run` goes on from there.
 */
export function runStoppingAt(p: Program, stops: readonly number[], f: () => void): boolean {
  // no blocks here: a block would run past a stop inside it
  const ops = opcodes(p.code).slice();
  for (const pc of stops) ops[pc] = BREAK;
  breakCode = p.code;
  breakOps = ops;
  broke = false;
  try {
    f();
    return broke;
  } finally {
    breakCode = breakOps = undefined;
    broke = false;
  }
}

function opcodes(code: Instr[]): Uint8Array {
  let ops = opcodeCache.get(code);
  if (ops === undefined || ops.length !== code.length) {
    ops = Uint8Array.from(code, (ins) => OPCODES[ins.op]);
    opcodeCache.set(code, ops);
  }
  return ops;
}

/** the opcodes run uses: with BLOCK at every pc a generated block runs */
function runOpcodes(p: Program): Uint8Array {
  const blocks = p.blocks;
  if (p === lastProgram && blocks === lastBlocks && lastOps!.length === p.code.length) return lastOps!;
  let cached = blockOpsCache.get(p);
  if (cached === undefined || cached.blocks !== blocks || cached.ops.length !== p.code.length) {
    let ops = opcodes(p.code);
    if (blocks !== undefined && blocks.length === ops.length) {
      ops = ops.slice();
      for (let pc = 0; pc < ops.length; pc++) if (blocks[pc] !== undefined) ops[pc] = BLOCK;
    }
    cached = { ops, blocks };
    blockOpsCache.set(p, cached);
  }
  lastProgram = p;
  lastBlocks = blocks;
  lastOps = cached.ops;
  return cached.ops;
}

type Op<K extends Instr['op']> = Extract<Instr, { op: K }>;

/**
 * The playout fast path (`Engine.autoplay`): choices are answered where they open, from their
 * options as listed, instead of being left pending for `answer` — the same answers, commits and
 * locals as the pending route, without building a pending decision per choice.
 */
export interface AutoAnswer {
  /** answers still allowed: a choice that needs more is left pending */
  left: number;
  /** `seat`'s answer to `ch` among `options` (the list its choice gives that seat; not to be kept) */
  answer(ch: ChooseInstr, seat: number, options: readonly Json[]): Json;
}

// what opening a choice did
const GO_ON = 0, PENDING = 1, ANSWERED = 2;

/** `c`: the caller's context for this state, if it has one already; `auto`: answer choices as they open */
export function run(p: Program, s: State, t: Tables, c: RunCtx = { locals: s.locals, s, t, p }, auto?: AutoAnswer): void {
  if (s.result !== null) return; // only finish() sets it, and the loop returns right after
  const code = p.code;
  const ops = code === breakCode ? breakOps! : runOpcodes(p);
  const blocks = p.blocks;
  const locals = s.locals;
  // inside a block: a failure is at the pc the block had reached (machine.pc), not where it began
  let inBlock = false;
  // the program counter lives in a local while running; s.pc is written back on every way out
  let pc = s.pc;
  // a flow that runs this long without anyone deciding is stuck in a loop: say which one
  let budget = MAX_INSTRUCTIONS_PER_STEP;
  // and its expressions' work is bounded with it (src/expr/budget.ts): the two start again together
  refillWork();
  WORK.open++;
  try {
    for (;;) {
      if (--budget < 0) throw stuckLoop(p, pc);
      switch (ops[pc]) {
        case BLOCK:
          // the block takes this instruction's step itself, as it does each of its others'
          machine.pc = pc;
          machine.budget = budget + 1;
          inBlock = true;
          blocks![pc]!(c, machine);
          inBlock = false;
          pc = machine.pc;
          budget = machine.budget;
          break;
        case EXEC:
          (code[pc] as Op<'exec'>).fn(c);
          pc++;
          break;
        case JUMP:
          pc = (code[pc] as Op<'jump'>).to;
          break;
        case JUMP_IF_NOT: {
          const ins = code[pc] as Op<'jumpIfNot'>;
          pc = ins.cond(c) === true ? pc + 1 : ins.to;
          break;
        }
        case FOR_INIT: {
          const ins = code[pc] as Op<'forInit'>;
          locals[ins.listSlot] = ins.list(c) as Json[];
          locals[ins.idxSlot] = 0;
          pc++;
          break;
        }
        case FOR_NEXT: {
          const ins = code[pc] as Op<'forNext'>;
          const items = locals[ins.listSlot] as Json[];
          const i = locals[ins.idxSlot] as number;
          if (i >= items.length) {
            pc = ins.end;
          } else {
            locals[ins.asSlot] = items[i]!;
            locals[ins.idxSlot] = i + 1;
            pc++;
          }
          break;
        }
        case CHOOSE: {
          s.pc = pc; // openChoice records it
          if (checkEnds(p, s, c)) return;
          const opened = openChoice(s, c, (code[pc] as Op<'choose'>).c, auto);
          if (opened === PENDING) return;
          // answered on the spot: the step budget starts again, as it does for answer()'s run
          if (opened === ANSWERED) {
            budget = MAX_INSTRUCTIONS_PER_STEP;
            refillWork();
          }
          pc++;
          break;
        }
        case SHUFFLE: {
          const ins = code[pc] as Op<'shuffle'>;
          const zone = zoneOf(c, ins.zone);
          // (zoneOf has just run the same key and seat expressions: skipping them changes no local)
          if (s.logging) {
            const at = resolveRef(c, ins.zone);
            log(c, ins.rule, 'shuffle', { zone: zoneName(p, at.zone, at.key), ...(at.seat !== undefined ? { seat: at.seat } : {}) });
          }
          if (zone.length < 2) {
            if (s.stacked !== undefined) applyStacked(p, s, c.t, handleOf(c, ins.zone), zone);
            pc++;
            break;
          }
          if (s.externalChance) {
            s.pending = { kind: 'chance', at: pc, seats: [-1], options: [], answers: [], answered: [], draw: 0 };
            return;
          }
          shuffleInPlace(s, zone);
          if (s.stacked !== undefined) applyStacked(p, s, c.t, handleOf(c, ins.zone), zone);
          pc++;
          break;
        }
        case CALL: {
          const ins = code[pc] as Op<'call'>;
          pc = enter(s, locals, c, ins.body, ins.args, pc + 1, undefined);
          break;
        }
        case DISPATCH: {
          const ins = code[pc] as Op<'dispatch'>;
          const subject = ins.subject(c);
          const body = subject === null ? null : (ins.bodies[ins.byKind ? c.t.kindOf[subject as number]! : (subject as number)] ?? ins.fallback);
          // a card or place without that list, and no default: nothing happens
          pc = body === null ? pc + 1 : enter(s, locals, c, body, ins.args, pc + 1, subject);
          break;
        }
        case RET: {
          const frame = s.calls.pop()!;
          const saved = frame.saved;
          for (let i = 0; i < saved.length; i++) locals[frame.lo + i] = saved[i]!;
          pc = frame.ret;
          break;
        }
        case END:
          finish(p, s, c, (code[pc] as Op<'end'>).end);
          return;
        case BREAK:
          broke = true;
          return;
        case FINISH: {
          if (checkEnds(p, s, c)) return;
          const last = p.ends.find((e) => e.when === undefined);
          finish(p, s, c, last?.id ?? 'end');
          return;
        }
        default:
          throw new EngineError(`no instruction at ${pc}`);
      }
    }
  } catch (err) {
    if (inBlock) pc = machine.pc;
    if (err instanceof EngineError) throw err;
    const ins = code[pc];
    const rule = p.ruleAt?.[pc] ?? (ins ? ruleOf(ins) : undefined);
    const span = err instanceof ExprRuntimeError ? err : undefined;
    throw new EngineError(`while running rule '${rule ?? '?'}': ${(err as Error).message}`, rule, p.placeOf?.(pc, span));
  } finally {
    WORK.open--;
    s.pc = pc;
    clearScratch(p, s);
  }
}

/**
 * The scratch slots (Program.scratch) set back to none, in the locals and in what frames saved
 * of them: what they held is no part of the game, and generated code leaves other values there
 * than the closures do (or none). Done whenever the machine hands a state back, so a state is the
 * same JSON whichever compiler ran it: a replay's state hash does not depend on it.
 */
export function clearScratch(p: Program, s: { locals: Json[]; calls: readonly CallFrame[] }): void {
  const scratch = p.scratch;
  const locals = s.locals;
  for (let i = 0; i < scratch.length; i++) locals[scratch[i]!] = null;
  const calls = s.calls;
  for (let f = 0; f < calls.length; f++) {
    const { lo, saved } = calls[f]!;
    if (saved.length === 0) continue;
    const mask = scratchMask(p);
    for (let i = 0; i < saved.length; i++) if (mask[lo + i] === 1) saved[i] = null;
  }
}

const scratchMasks = new WeakMap<Program, Uint8Array>();
function scratchMask(p: Program): Uint8Array {
  let mask = scratchMasks.get(p);
  if (mask === undefined) {
    mask = new Uint8Array(p.slots);
    for (const slot of p.scratch) mask[slot] = 1;
    scratchMasks.set(p, mask);
  }
  return mask;
}

/** The budget ran out at pc: blame the innermost loop around it (a jump back that spans pc). */
function stuckLoop(p: Program, pc: number): EngineError {
  let loop = -1;
  p.code.forEach((ins, j) => {
    if (ins.op === 'jump' && ins.to <= pc && pc <= j && (loop < 0 || j - ins.to < loop - (p.code[loop] as Op<'jump'>).to)) loop = j;
  });
  const at = loop >= 0 ? loop : pc;
  const rule = p.ruleAt?.[at];
  return new EngineError(
    `the flow ran ${MAX_INSTRUCTIONS_PER_STEP.toLocaleString('en')} steps without anyone deciding: ` +
      `${loop >= 0 ? 'this loop' : 'the rule'}${rule ? ` (rule '${rule}')` : ''} does not end`,
    rule,
    p.placeOf?.(at),
  );
}

/**
 * Enter a body: the arguments are read in the caller's locals (an effect list's subject first),
 * then the callee's slots are saved in a frame and its parameters written. Returns its entry.
 */
function enter(s: State, locals: Json[], c: RunCtx, body: Body, args: Run<Json>[], ret: number, subject: Json | undefined): number {
  if (s.calls.length >= MAX_CALL_DEPTH)
    throw new EngineError(`'${body.id}' was entered ${MAX_CALL_DEPTH} times inside itself or other bodies without returning: a chain of procedures or effect lists that never ends (look at what calls '${body.id}')`, body.id);
  const first = subject === undefined ? 0 : 1;
  // every argument is read before any parameter is written; into one list of the machine's
  // (arguments are expressions: nothing enters a body while they run)
  const values = argValues;
  if (subject !== undefined) values[0] = subject;
  const n = args.length + first;
  for (let i = 0; i < args.length; i++) values[i + first] = args[i]!(c);
  // a body's slots are its own (compileBodies gives each body a range no other has): unless it is
  // running already, further out on the stack, nothing reads them again, and there is nothing to save
  s.calls.push({ ret, lo: body.lo, saved: body.hi > body.lo && running(s.calls, body.lo) ? locals.slice(body.lo, body.hi) : NOTHING_SAVED });
  for (let i = 0; i < n; i++) locals[body.params[i]!] = values[i]!;
  // (not emptied: setting length 0 would drop its storage, and the next call allocate it again)
  return body.entry;
}

const argValues: Json[] = [];

/** the frame of a body entered while not running: no slots to put back (never written: shared) */
const NOTHING_SAVED: Json[] = [];

/** whether a body whose slots begin at `lo` is running: a frame of the return stack entered it */
function running(calls: readonly CallFrame[], lo: number): boolean {
  for (let i = 0; i < calls.length; i++) if (calls[i]!.lo === lo) return true;
  return false;
}

function ruleOf(ins: Instr): string | undefined {
  if (ins.op === 'choose') return ins.c.rule;
  if (ins.op === 'shuffle' || ins.op === 'end' || ins.op === 'call' || ins.op === 'dispatch') return ins.rule;
  return undefined;
}

function swap(a: number[], i: number, j: number): void {
  const x = a[i]!;
  a[i] = a[j]!;
  a[j] = x;
}

/** An end or result rule's expression: a failure in it is that rule's, not the instruction's that ran it. */
function inRule<T>(rule: string, f: (c: RunCtx) => T, c: RunCtx): T {
  try {
    return f(c);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError(`while checking rule '${rule}': ${(err as Error).message}`, rule);
  }
}

/** A seat's score: a failure in the score (a division by zero) is placed in the outcome's score. */
function scoreOf(p: Program, c: RunCtx, seat: number): number {
  try {
    return p.score!(c, seat);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    const span = err instanceof ExprRuntimeError ? err : undefined;
    throw new EngineError(`while scoring seat ${seat}: ${(err as Error).message}`, undefined, p.scorePlace?.(span));
  }
}

/** End conditions are looked at whenever the game would wait for someone. */
function checkEnds(p: Program, s: State, c: RunCtx): boolean {
  for (const e of p.ends) {
    if (e.when && inRule(e.id, e.when, c) === true) {
      finish(p, s, c, e.id);
      return true;
    }
  }
  return false;
}

/**
 * GO_ON when nobody has to decide (no seats, or one value taken without asking), so the flow just
 * goes on; ANSWERED when `auto` answered every seat on the spot; else PENDING.
 */
function openChoice(s: State, c: RunCtx, ch: ChooseInstr, auto: AutoAnswer | undefined): number {
  // the usual case on the fast path, one seat answering: no lists of seats, options or answers
  if (ch.seat !== undefined && auto !== undefined && auto.left >= 1) {
    const one = ch.seat(c);
    return one === null ? GO_ON : answerOne(s, c, ch, one, auto);
  }
  const listed = ch.seats(c);
  if (listed.length === 1 && auto !== undefined && auto.left >= 1) return answerOne(s, c, ch, listed[0]!, auto);
  // each seat once, at its first place; into the machine's own list while they may all be
  // answered on the spot (nothing opens a choice while one is being answered)
  // (its first n items: setting its length each time is slower than the lists it saves)
  const seats = answeringSeats;
  let n = 0;
  for (let i = 0; i < listed.length; i++) if (!firstOf(seats, n, listed[i]!)) seats[n++] = listed[i]!;
  if (n === 0) return GO_ON;
  if (auto === undefined || auto.left < n) return openPending(s, c, ch, seats.slice(0, n));
  // answered on the spot, the options are read before anything can change them: no copies, and
  // the lists are the machine's own
  const options = answeringOptions;
  for (let k = 0; k < n; k++) {
    const seat = seats[k]!;
    c.locals[ch.meSlot] = seat;
    const opts = ch.options(c);
    if (opts.length === 0) throw noOption(ch, seat);
    options[k] = opts;
  }
  if (ch.auto && n === 1 && options[0]!.length === 1) {
    commit(c.p, c, ch, seats[0]!, options[0]![0]!); // one value: taken without asking
    options[0] = EMPTY;
    return GO_ON;
  }
  // every seat answers, then every answer is written, as answer() does when the last seat answers
  const answers = answeringValues;
  for (let k = 0; k < n; k++) answers[k] = auto.answer(ch, seats[k]!, options[k]!);
  auto.left -= n;
  for (let k = 0; k < n; k++) commit(c.p, c, ch, seats[k]!, answers[k]!);
  // let go of the option lists (kept here they would outlive the young generation)
  for (let k = 0; k < n; k++) options[k] = EMPTY;
  s.steps++;
  return ANSWERED;
}

/** whether x is among the first n items of xs */
function firstOf(xs: readonly number[], n: number, x: number): boolean {
  for (let i = 0; i < n; i++) if (xs[i] === x) return true;
  return false;
}

/** openChoice for seats that are asked: the choice is left pending with their options (copied:
 *  they are kept in the state) */
function openPending(s: State, c: RunCtx, ch: ChooseInstr, seats: number[]): number {
  const options = new Array<Json[]>(seats.length);
  for (let k = 0; k < seats.length; k++) {
    const seat = seats[k]!;
    c.locals[ch.meSlot] = seat;
    const opts = ch.options(c);
    if (opts.length === 0) throw noOption(ch, seat);
    options[k] = opts.slice();
  }
  if (ch.auto && seats.length === 1 && options[0]!.length === 1) {
    commit(c.p, c, ch, seats[0]!, options[0]![0]!); // one value: taken without asking
    return GO_ON;
  }
  s.pending = { kind: 'choice', at: s.pc, seats, options, answers: new Array<Json | null>(seats.length).fill(null), answered: new Array<boolean>(seats.length).fill(false) };
  return PENDING;
}

const answeringSeats: number[] = [];
const answeringOptions: Json[][] = [];
const EMPTY: Json[] = [];
const answeringValues: Json[] = [];

/** openChoice for one seat, answered on the spot: the same steps with the lists left out */
function answerOne(s: State, c: RunCtx, ch: ChooseInstr, seat: number, auto: AutoAnswer): number {
  c.locals[ch.meSlot] = seat;
  const opts = ch.options(c);
  if (opts.length === 0) throw noOption(ch, seat);
  if (ch.auto && opts.length === 1) {
    commit(c.p, c, ch, seat, opts[0]!); // one value: taken without asking
    return GO_ON;
  }
  const value = auto.answer(ch, seat, opts);
  auto.left--;
  commit(c.p, c, ch, seat, value);
  s.steps++;
  return ANSWERED;
}

function noOption(ch: ChooseInstr, seat: number): EngineError {
  return new EngineError(`choice '${ch.id}' (rule '${ch.rule}') offers seat ${seat} no option: ${ch.emptyWhy ?? 'the spec must always leave a legal answer'}`, ch.rule);
}

function finish(p: Program, s: State, c: RunCtx, end: string): void {
  s.pending = null;
  const scores = c.t.seats.map((seat) => (p.score ? scoreOf(p, c, seat) : 0));
  let result = 'none';
  let winners: number[] = [];
  for (const r of p.results) {
    if (r.when && inRule(r.id, r.when, c) !== true) continue;
    result = r.id;
    winners = inRule(r.id, r.winners, c).slice().sort((a, b) => a - b);
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
  return k >= 0 && !pending.answered[k] && (ch.simultaneous || pending.answered.indexOf(false) === k);
}

export function waitingFor(pending: PendingState, ch: ChooseInstr | undefined): number[] {
  if (pending.kind === 'chance') return [-1];
  const open = pending.seats.filter((_, i) => !pending.answered[i]);
  return ch && !ch.simultaneous ? open.slice(0, 1) : open;
}

/** `auto`: the flow that follows answers its choices on the spot (the playout fast path) */
export function answer(p: Program, s: State, t: Tables, seat: number, action: Action, auto?: AutoAnswer): void {
  const pending = s.pending;
  const ch = pendingChoice(p, s);
  if (!pending || !ch) throw new EngineError(s.result ? 'the game is over' : 'nothing to decide now');
  if (action.choice !== ch.id) throw new EngineError(`the pending choice is '${ch.id}', not '${action.choice}'`, ch.rule);
  const k = pending.seats.indexOf(seat);
  const answers = pending.answers;
  if (!isWaiting(pending, ch, k)) throw new EngineError(`seat ${seat} has nothing to decide in '${ch.id}'`, ch.rule);
  if (!pending.options[k]!.includes(action.value)) throw new EngineError(`${JSON.stringify(action.value)} is not a legal answer to '${ch.id}' for seat ${seat}`, ch.rule);
  answers[k] = action.value;
  pending.answered[k] = true;
  if (pending.answered.includes(false)) return; // a simultaneous choice waits for everyone
  const c: RunCtx = { locals: s.locals, s, t, p };
  for (let i = 0; i < pending.seats.length; i++) commit(p, c, ch, pending.seats[i]!, answers[i]!);
  s.pending = null;
  s.pc++;
  s.steps++;
  run(p, s, t, c, auto);
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
  if (s.stacked !== undefined) applyStacked(p, s, t, handleOf(c, ins.zone), zone);
  s.pending = null;
  s.pc++;
  run(p, s, t);
}

export function chanceOutcomes(p: Program, s: State, t: Tables): number {
  const pending = s.pending;
  if (!pending || pending.kind !== 'chance') return 0;
  const ins = p.code[pending.at]!;
  if (ins.op !== 'shuffle') return 0;
  const n = zoneOf({ locals: s.locals, s, t, p }, ins.zone).length - (pending.draw ?? 0);
  clearScratch(p, s); // the zone's key or seat may have run a lambda
  return n;
}

