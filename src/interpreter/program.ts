/**
 * The compiled form of a spec: tables of declarations and a flat instruction list.
 * Flow is compiled to instructions with jumps so the "continuation" of a running game is a
 * single program counter plus local slots — both plain JSON in the state.
 */
import type { ChoiceProof, Json, Text } from './api.ts';
import type { Ctx } from '../expr/index.ts';
import type { State } from './state.ts';

/** a place in a rules file */
export interface SourcePlace {
  file: string;
  line: number;
  col: number;
}

/** a built-in type name, or a space set id (one of its places) / `<set>[]` (a list of them) */
export type VarType = 'number' | 'bool' | 'string' | 'seat' | 'card' | 'seats' | 'cards' | 'numbers' | 'strings' | (string & {});
export type VarVisibility = 'public' | 'owner' | 'hidden';
/** zones add `top`: a stack whose top card is face up */
export type Visibility = VarVisibility | 'top';
/** who sees the back of a card whose front they see: everyone who sees it, nobody, or the zone's owner */
export type BackVisibility = 'visible' | 'hidden' | 'owner';

/** Per game instance (players + options): which card id is which kind. */
export interface Tables {
  /** card id -> kind index (the state's own: ids of cards sharing a front are shuffled at creation) */
  kindOf: number[];
  /** space set index -> the items in play (their `when` holds), as item indices */
  spaces: number[][];
  /** prop index -> kind index -> value */
  props: Json[][];
  /** [0, 1, …, players-1] */
  seats: number[];
}

/** What compiled code receives: the expression Ctx plus the running state. */
export interface RunCtx extends Ctx {
  locals: Json[];
  s: State;
  t: Tables;
  p: Program;
}

export type Run<T> = (c: RunCtx) => T;

export interface VarDecl {
  id: string;
  type: VarType;
  visibility: VarVisibility;
  initial: Run<Json>;
  /** keyed by a space set (index into Program.spaces): the value is an array, one per item */
  by?: number;
  /** a string var's declared words (`values:`) */
  values?: string[];
}

export interface SpaceSet {
  id: string;
  /** props typed as references hold item indices (a place) or lists of them */
  items: { id: string; name: Text; props: Record<string, Json>; when?: Run<unknown> }[];
  propNames: string[];
  /** declared prop types (`propTypes`); other props take the type of their values */
  propTypes: Record<string, import('../expr/index.ts').Type>;
  /** the `edges` prop as item indices, per item: the graph of `neighbours` and `distance` */
  edges?: number[][];
}

export interface ZoneDecl {
  id: string;
  per: 'game' | 'seat';
  visibility: Visibility;
  /** keyed by a space set: one physical zone per item */
  by?: number;
  /** index of the first physical zone (in State.z for game zones, in SeatState.z for seat zones) */
  slot: number;
  /** physical zones: the number of items of `by`, or 1 */
  size: number;
  backs: BackVisibility;
  /** initial content: kind index and how many (per seat for seat zones) */
  initial: { kind: number; count: Run<number> }[];
}

export interface CardKind {
  id: string;
  name: Text;
  /** the printed front, when cards of several kinds look alike from the front (their backs differ) */
  front?: { id: string; name: Text };
  count: Run<number>;
  props: Record<string, Json>;
}

/** A zone named in an effect: a game zone, or a seat's zone. */
/** a zone passed as a parameter: [declaration index, seat or -1, key item or -1] (plain JSON: it lives in a local slot) */
export type ZoneHandle = [number, number, number];

export interface ZoneRef {
  /** declaration index (-1 for a zone parameter: see `dyn`) */
  zone: number;
  /** a zone parameter: the handle of the zone the caller passed */
  dyn?: Run<ZoneHandle>;
  /** for seat zones: which seat */
  seat?: Run<number>;
  /** for keyed zones: which item */
  key?: Run<number>;
}

export interface ChooseInstr {
  id: string;
  rule: string;
  prompt: Text;
  seats: Run<number[]>;
  /** a choice of one seat: that seat (none: nobody decides), the same expression `seats` lists */
  seat?: Run<number | null>;
  /** evaluated once per deciding seat, with `me` in meSlot */
  options: Run<Json[]>;
  meSlot: number;
  /** several seats: each answer goes into this seat var */
  into?: number;
  /** one seat: the answer goes into this local slot */
  asSlot?: number;
  simultaneous: boolean;
  secret: boolean;
  optionType: 'number' | 'bool' | 'string' | 'seat' | 'card' | 'space';
  /** for space options: the set's index */
  optionSet?: number;
  /** when the options are exactly one zone's cards (`me.hand`): that zone, so what the seat
   *  knows of them follows from the zone, without looking for each card */
  optionsZone?: ZoneRef;
  labels: Record<string, Text>;
  /** a step of a staged choice that is taken without asking when it has one value */
  auto?: boolean;
  /** why the options can be empty, for the error when they are (a staged choice's first step) */
  emptyWhy?: string;
  /** the `let` locals its options read: worked out before it was asked, so a `given` while it is
   *  pending re-asks it with their old values (the scenario runner warns) */
  readsComputed?: string[];
}

/**
 * Where an assignment writes, for generated code (src/codegen/blocks.ts): a local slot, a game
 * var, or a seat var of the seat `who` gives; `key`: one item of a keyed var.
 */
export interface TargetCode {
  base: { local: number } | { game: number } | { seat: number; who: Run<number> };
  key?: Run<number>;
}

/**
 * What an `exec` does, for the kinds generated code runs itself (blocks.ts); `fn` stays the
 * closure, which does the same (and what the generated code leaves to it: logging).
 */
export type ExecBody =
  /** `let`: the value into the slot (a list copied) */
  | { k: 'let'; value: Run<Json>; slot: number }
  /** `set` (a list copied) and `add`: the value into the target */
  | { k: 'set' | 'add'; value: Run<Json>; target: TargetCode; list: boolean }
  /** `repeat`'s start: the counter to 0, then the limit worked out */
  | { k: 'count'; counter: number; limit: number; n: Run<number> }
  /** one more round of a `repeat` */
  | { k: 'inc'; slot: number }
  /** `move` between two named zones (not zone parameters): `count` cards from the top, the
   *  `cards` given, or all of them; `helpers`: the move's own functions (card-moves.ts) and its
   *  buffer for cards on their way, so its closure and the generated code run the same code */
  | { k: 'move'; from: ZoneCode; to: ZoneCode; count?: Run<number>; cards?: Run<number[]>; atBottom: boolean; rule: string; helpers: MoveHelpers };

/** a named zone for generated code: its first physical zone's slot, and (as ZoneRef) which seat and which key */
export interface ZoneCode {
  slot: number;
  seat?: Run<number>;
  key?: Run<number>;
}

/** what a move does with the cards, the same functions for its closure and its generated code */
export interface MoveHelpers {
  takeTop: (src: number[], n: number, into: number[]) => void;
  prepend: (dst: number[], items: number[], n?: number) => void;
  removeCards: (src: number[], cards: number[], rule: string) => number[];
  buffer: number[];
}

export type Instr =
  | { op: 'exec'; fn: Run<void>; body?: ExecBody }
  | { op: 'jump'; to: number }
  /** `less`: cond is locals[less[0]] < locals[less[1]] (for generated code) */
  | { op: 'jumpIfNot'; cond: Run<unknown>; to: number; less?: [number, number] }
  /** `copyOf`: list is a copy of what this gives (for generated code) */
  | { op: 'forInit'; list: Run<unknown>; listSlot: number; idxSlot: number; copyOf?: Run<unknown> }
  | { op: 'forNext'; listSlot: number; idxSlot: number; asSlot: number; end: number }
  | { op: 'choose'; c: ChooseInstr }
  | { op: 'shuffle'; zone: ZoneRef; rule: string }
  | { op: 'end'; end: string; rule: string }
  | { op: 'call'; body: Body; args: Run<Json>[]; rule: string }
  | { op: 'ret' }
  /** `resolve`: the body of the subject's card kind (or place), or `fallback`; the subject is its first argument */
  | { op: 'dispatch'; subject: Run<Json>; byKind: boolean; bodies: (Body | null)[]; fallback: Body | null; args: Run<Json>[]; rule: string }
  | { op: 'finish' };

/**
 * A body compiled once and entered through `call` (a procedure, a trigger, a card kind's or a
 * place's effect list). The machine keeps a return stack in the state, so bodies may call each
 * other and themselves; `entry` and the slots are filled in when the body is compiled, after the
 * flow that calls it.
 */
export interface Body {
  /** the rule id of the body (procedure, trigger, or `<kind>.<list>`), named in errors */
  id: string;
  entry: number;
  /** parameter slots, in declaration order */
  params: number[];
  /** the body's own local slots, [lo, hi): no other body's; saved on entry and restored on
   *  return when the body is running already, so a running body may be entered again */
  lo: number;
  hi: number;
}

/** What the machine and a block function (src/codegen/blocks.ts) hand each other: the pc to
 *  start at and the steps left, and back where the machine goes on and the steps then left. */
export interface BlockMachine {
  pc: number;
  budget: number;
}

/** a run of straight-line instructions as one generated function, entered at any of its pcs */
export type BlockFn = (c: RunCtx, m: BlockMachine) => void;

export interface EndRule {
  id: string;
  when?: Run<unknown>;
}

export interface ResultRule {
  id: string;
  when?: Run<unknown>;
  winners: Run<number[]>;
}

export interface OptionDecl {
  id: string;
  type: 'bool' | 'number' | 'string';
  default: Json;
  values?: Json[];
}

export interface Program {
  id: string;
  name: Text;
  minPlayers: number;
  maxPlayers: number;
  roundVar?: number;
  options: OptionDecl[];
  cards: CardKind[];
  propNames: string[];
  /** card props declared in a kind's `propTypes` (places are stored as item indices); others take their values' type */
  cardPropTypes: Record<string, import('../expr/index.ts').Type>;
  spaces: SpaceSet[];
  vars: VarDecl[];
  seatVars: VarDecl[];
  zones: ZoneDecl[];
  /** physical zone counts */
  gameSlots: number;
  seatSlots: number;
  code: Instr[];
  /** per pc: the generated block that runs it (src/codegen/), where there is one */
  blocks?: (BlockFn | undefined)[];
  /** a tiered program whose code is not generated yet (src/codegen/unit.ts, CodegenMode): generates
   *  and installs it — its expressions' code and `blocks` — once. Called by the engine between two
   *  runs of the machine, never while one runs. */
  generate?: () => void;
  slots: number;
  /** the slots no one reads once the expression that wrote them is done (Compiler.newScratchSlot):
   *  what they hold between instructions is no part of the game, and generated code does not write them */
  scratch: number[];
  ends: EndRule[];
  score?: (c: RunCtx, seat: number) => number;
  results: ResultRule[];
  chooses: Map<string, ChooseInstr>;
  /** per choice: whether its options were proven never empty, by their form or their guards */
  choiceProofs: ChoiceProof[];
  /** instruction index -> the rule that emitted it, and where in the YAML (the effect that
   *  emitted it), so a run-time failure names its rule and file:line:col */
  ruleAt?: string[];
  /** rule id -> its first instruction, per copy of its code (rules that run any instruction) */
  ruleEntry?: Map<string, number[]>;
  /** where instruction pc was written; with the span of a failing expression, that character */
  placeOf?: (pc: number, span?: { offset: number; length: number }) => SourcePlace | undefined;
  /** where the outcome's score is written; with the span of a failing part of it, that character */
  scorePlace?: (span?: { offset: number; length: number }) => SourcePlace | undefined;
  /** the spec's named functions (and score), for expressions compiled later by tools */
  functions: Map<string, import('./compile/scope.ts').UserFunction>;
}
