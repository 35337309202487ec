/**
 * The interpreter's public contract (the OpenSpiel / boardgame.io shape).
 *
 * Every function is pure over plain-JSON state unless its name says `InPlace`.
 * Seats are numbered 0..players-1 in clockwise order. The chance player is seat -1.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface Text {
  en: string;
  zh: string;
}

export interface GameConfig {
  players: number;
  seed: number;
  /** option id -> value; missing options take their declared default */
  options?: Record<string, Json>;
  /** "auto" (default): chance steps are sampled from the seeded RNG kept in the state.
   *  "external": each chance draw waits in pending() for applyChance(). */
  chance?: 'auto' | 'external';
  /** record the log (default true); playouts and benchmarks turn it off for speed */
  log?: boolean;
}

/** What the game waits for. */
export type Pending =
  | {
      kind: 'choice';
      /** the choose effect's id */
      choice: string;
      /** id of the rule node that asks */
      rule: string;
      prompt: Text;
      /** every seat that decides at this point */
      seats: number[];
      /** seats that have not answered yet (for a simultaneous choice, the rest have answered secretly) */
      waitingFor: number[];
      simultaneous: boolean;
    }
  | { kind: 'chance'; rule: string; seat: -1; outcomes: number };

/** Picks an answer from the number of legal answers alone: an index in [0, count). */
export type Pick = (count: number) => number;

/** An answer to a pending choice. `value` is one of the values listed by legalActions. */
export interface Action {
  choice: string;
  value: Json;
}

export interface LogEntry {
  /** id of the rule node that produced the entry */
  rule: string;
  /** what happened: "set", "move", "choose", "reveal", "shuffle", "eliminate", "end", "log", … */
  event: string;
  /** event details; in a seat's view, hidden details are replaced by counts */
  data: { [k: string]: Json };
}

export interface GameResult {
  /** id of the end rule that fired */
  end: string;
  /** id of the outcome result rule that picked the winners */
  result: string;
  winners: number[];
  scores: number[];
  /** seats eliminated during the game */
  out: number[];
  rounds: number;
}

/** A seat's view: everything that seat may know, and nothing else. */
export interface SeatView {
  seat: number;
  players: number;
  vars: Record<string, Json>;
  seats: { vars: Record<string, Json>; zones: Record<string, Json[]>; out: boolean }[];
  /** game zones; a card the seat may not see is `null` */
  zones: Record<string, Json[]>;
  pending: Pending | null;
  /** this seat's own answers to a simultaneous choice still open */
  myAnswers: Record<string, Json>;
  log: LogEntry[];
  result: GameResult | null;
}

/**
 * A compiled game, ready to run. Produced by `compileGame` (src/loader/compile… via loadGame).
 * `State` is opaque plain JSON: save it with JSON.stringify, restore with JSON.parse.
 */
export interface Engine<State = unknown> {
  readonly id: string;
  readonly name: Text;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** declared options with their defaults */
  readonly options: { id: string; type: 'bool' | 'number' | 'string'; default: Json; values?: Json[] }[];
  create(config: GameConfig): State;
  pending(state: State): Pending | null;
  /** legal answers for `seat` now; [] when that seat has nothing to decide */
  legalActions(state: State, seat: number): Action[];
  /**
   * Optional fast path for agents that pick by index: `legalActions(state, seat)[pick(n)]` where n
   * is that list's length, without building the other actions. null (and `pick` not called) when
   * the seat has nothing to decide.
   */
  pickAction?(state: State, seat: number, pick: (count: number) => number): Action | null;
  /**
   * Optional fast path for playouts: who decides next without building a Pending — the first seat
   * of `pending(state).waitingFor`, -1 for an external chance draw, null when nothing is pending.
   */
  nextSeat?(state: State): number | null;
  /**
   * Optional fast path for playouts: plays `state` on in place, each seat s answering its choices
   * with `legalActions(state, s)[picks[s](n)]` (n that list's length) — the same game as asking
   * nextSeat / legalActions / applyInPlace in turn, with the same calls to the picks, but answered
   * where each choice opens, building no Pending and no Action (unless `onAnswer` asks for them).
   * Stops at the end, at an external chance draw, or after `maxSteps` answers (where the plain
   * route would be after as many: a simultaneous choice may be left part-answered). Returns the
   * answers given; 0 when no choice is pending.
   */
  autoplay?(state: State, picks: readonly Pick[], maxSteps: number, onAnswer?: (seat: number, action: Action) => void): number;
  /**
   * Optional: a hint that about `games` more games are coming (a simulation's run), so that work
   * that pays only over many games (generating code: src/interpreter/tiering.ts) is done now.
   * Changes no game.
   */
  expectGames?(games: number): void;
  /**
   * Optional, for fair agents: a state consistent with what `seat` may see of `state` — the cards
   * it cannot see dealt anew among the places it cannot see (each keeping its size), other seats'
   * secret values and their answers to the open choice drawn from what its view allows, the game's
   * random generator seeded anew — drawn with `seed` (src/interpreter/world-sample.ts). A function
   * of the seat's view, its own answers, where the rules are and `seed` only: two states the seat
   * cannot tell apart give the same sample. Nothing is logged in it; `state` is untouched.
   */
  sampleWorld?(state: State, seat: number, seed: number): State;
  /**
   * Optional: every seat's score by the spec's `outcome.score` (0 without one), on any state —
   * the result's scores once the game is over. Reads the whole state: for agents, a sample's.
   */
  scores?(state: State): number[];
  /** pure: returns a new state, `state` is untouched */
  apply(state: State, seat: number, action: Action): State;
  /** the fast path for playouts: mutates `state` */
  applyInPlace(state: State, seat: number, action: Action): void;
  /** external chance: pick outcome `index` (0 ≤ index < outcomes) of the pending chance draw */
  applyChance(state: State, index: number): State;
  view(state: State, seat: number): SeatView;
  result(state: State): GameResult | null;
  /** the whole log (not redacted); use view() for a seat */
  log(state: State): LogEntry[];
  /** a human-readable label for an action, in a language; give the state for card choices
   *  (a card that hides behind a shared front is labelled by its front) */
  describe(action: Action, lang: 'en' | 'zh', state?: State, seat?: number): string;
  /** what a choice's answers are, when they name something: 'seat', 'card', or the id of the space
   *  set whose places they are (undefined: numbers, words, yes/no) */
  answerType(choice: string): string | undefined;
}

/**
 * A situation to put a game in, for conformance scenarios and tools (never for agents: it sees
 * and changes everything). Zones list card kinds for their top positions: cards of those kinds
 * are swapped in from elsewhere (hidden game zones first), so every card still exists once.
 */
export interface Given {
  vars?: Record<string, Json>;
  zones?: Record<string, string[]>;
  /** zone name -> card kinds the next shuffle of that zone puts on top (top first) */
  shuffles?: Record<string, string[]>;
  seats?: Record<string, { vars?: Record<string, Json>; zones?: Record<string, string[]>; shuffles?: Record<string, string[]>; out?: boolean }>;
}

/**
 * What the checker proved about one choice: its options are never empty `by` their `form` alone
 * (a non-empty list, a literal filter some item passes, …) or by the `guard`s around it (an
 * `if count(x) > 0` nothing undoes before the choice). Unproven choices rest on random games.
 */
export interface ChoiceProof {
  id: string;
  rule: string;
  proven: boolean;
  /** form: its options are never empty; guard: the conditions around it say so; stages: a later
   *  step of a staged choice, whose earlier steps offered only values that can be completed */
  by?: 'form' | 'guard' | 'stages';
}

/** the options a game read: by name, or `all` once it read them whole (createWatched) */
export interface OptionsRead {
  names: ReadonlySet<string>;
  all: boolean;
}

/** Tools-only extension of the Engine: inspect and arrange states (tests, scenario runner, debugging). */
export interface EngineTools<State = unknown> extends Engine<State> {
  /** evaluate an expression of the spec language on a state (full knowledge) */
  evaluate(state: State, expr: string): Json;
  /** a new state arranged as `given` says */
  arrange(state: State, given: Given): State;
  /** the id an answer stands for, with full knowledge: a card's kind id, a place's id (else undefined) */
  answerId(state: State, action: Action): string | undefined;
  /** what the checker could prove: for each choice, whether its options can never be empty */
  choiceProofs(): ChoiceProof[];
  /**
   * create(), noting which options the game reads from then on (its setup — places' guards, card
   * counts, initial values — included): `names` read one by one, `all` once read whole. A game is
   * a function of its seed and the option values it reads (validate's random games use it).
   */
  createWatched(config: GameConfig): { state: State; reads: OptionsRead };
  /** the card kinds this game was made with (players and options decide the counts) */
  kindsInPlay(state: State): string[];
  /**
   * Apply an action so that the flow stops where it enters `rule` (before its first effect), if it
   * does before the next decision: `stopped` says so. A stopped state has nothing pending until
   * `resume` runs it on. Rules that can be entered: `enterableRules()`.
   */
  applyUntil(state: State, seat: number, action: Action, rule: string): { state: State; stopped: boolean };
  /**
   * Run a stopped state on to its next decision (a state that is not stopped is returned as is),
   * or, with `rule`, until the flow enters that rule first. The instruction the state is stopped
   * at counts only with `here` (it may be where the rule begins too, e.g. its first effect is a
   * rule): without it the flow stops at the rule's next entry.
   */
  resume(state: State, rule?: string, here?: boolean): { state: State; stopped: boolean };
  enterableRules(): string[];
  /** the pending choice's `let` locals its options read (worked out before it was asked: a
   *  `given` now re-asks it with their old values), if it reads any */
  pendingComputedReads(state: State): { choice: string; rule: string; locals: string[] } | undefined;
}
