/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schema/spec.schema.json.
 * Regenerate with: npm run schema:types   (tsx scripts/schema-types.ts)
 */

/**
 * A source text id: three digits, e.g. `"003"` (see seeds/index.yaml). Write it in quotes.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "SeedId".
 */
export type SeedId = string;
/**
 * Where the words stand in the source text: `"<seed id>:<line>"` or `"<seed id>:<first line>-<last line>"`, e.g. `"003:85"` or `"003:80-82"`. Write it in quotes. Lines count from 1.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "SeedRef".
 */
export type SeedRef = string;
/**
 * Where the rule book says this: one or more quotes, each copied exactly from the source text with the line(s) it stands on. A rule needs `source`, `assumption`, or both.
 *
 * @minItems 1
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Source".
 */
export type Source = Citation[];
/**
 * A printed property: a number, a string or a boolean, or a list of them (`[25, 15, 10]`, `[d12, d15]`). A string prop typed in `propTypes` as a space set or card kind is a checked reference.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "PropValue".
 */
export type PropValue = (number | string | boolean) | (number | string | boolean)[];
/**
 * One effect: a map with exactly one effect key (set, add, let, if, forEach, repeat, while, move, shuffle, deal, choose, call, emit, eliminate, split, endGame, log, reveal, peek, resolve, rule) plus that effect's own options.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Effect".
 */
export type Effect =
  | SetEffect
  | AddEffect
  | LetEffect
  | IfEffect
  | ForEachEffect
  | RepeatEffect
  | WhileEffect
  | MoveEffect
  | ShuffleEffect
  | RevealEffect
  | PeekEffect
  | DealEffect
  | ChooseEffect
  | CallEffect
  | EmitEffect
  | EliminateEffect
  | SplitEffect
  | EndGameEffect
  | LogEffect
  | RuleEffect
  | ResolveEffect
  | UnknownEffect;
/**
 * What to change: a variable name (e.g. `round`), or `<seat>.<seat variable>` (e.g. `me.shame`).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Path".
 */
export type Path = string;
/**
 * A name for a value used only inside these effects (e.g. `target`, `s`): letters, digits and "_", not starting with a digit.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "LocalName".
 */
export type LocalName = string;
/**
 * The id of this decision (e.g. `aim`): unique in the game. Starts with a lowercase letter; letters, digits and "-".
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ChoiceId".
 */
export type ChoiceId = string;
/**
 * An expression: a short formula in quotes, e.g. `count(alive) <= 1` or `players * 2`. Plain numbers and true/false are accepted too.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Expr".
 */
export type Expr = string | number | boolean;
/**
 * An event name (e.g. `shot`), linking `emit` effects to the triggers that listen with `on`. Starts with a lowercase letter; letters, digits and "-".
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "EventName".
 */
export type EventName = string;
/**
 * For editors that only read the schema: a map with no effect key matches this branch alone, so the editor's message lists the effects (rather than the keys some other effect misses). It never matches a valid effect. Its list of effect keys must be the branches' above (a test checks it).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "UnknownEffect".
 */
export type UnknownEffect = never;
/**
 * What happens, in order: a list of effects, each starting with one effect key (set, add, let, if, forEach, repeat, while, move, shuffle, deal, choose, call, emit, eliminate, split, endGame, log, rule).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Effects".
 */
export type Effects = Effect[];
/**
 * The kind of value: `number`, `bool` (true/false), `string` (text), `seat` (a player), `card`, or a list: `seats`, `cards`, `numbers`, `strings`. The id of a space set names one of its places (`character`), and with `[]` a list of them (`character[]`).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "VarType".
 */
export type VarType =
  ('number' | 'bool' | 'string' | 'seat' | 'card' | 'seats' | 'cards' | 'numbers' | 'strings') | string;
/**
 * The starting value: a number, true/false, a text, a list, or an expression in quotes such as `"players * 2"`. Left out: 0, false, empty text, none or an empty list, by type.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "InitialValue".
 */
export type InitialValue = string | number | boolean | (string | number | boolean)[];
/**
 * A rule id: lowercase letters, digits and "-" only, starting with a letter or digit (e.g. `phase-7-share`).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "RuleId".
 */
export type RuleId = string;
/**
 * A small function written with an arrow, e.g. `s => s.shame` or `c => c.value`: the name before `=>` stands for each item in turn.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Lambda".
 */
export type Lambda = string;
/**
 * A name used in expressions (a variable, zone, option, function or procedure): starts with a lowercase letter, then letters and digits only (camelCase, e.g. `inRound`). No spaces or "-".
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Name".
 */
export type Name = string;
/**
 * A zone: its name for a shared zone (e.g. `deck`), or `<seat>.<zone>` for a seat's own zone (e.g. `me.hand`).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ZoneRef".
 */
export type ZoneRef = string;
/**
 * Who may see it: `public` (everyone), `owner` (only the seat it belongs to), `hidden` (nobody until the game ends).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Visibility".
 */
export type Visibility = 'public' | 'owner' | 'hidden';
/**
 * The values passed in with `with:`, each a name and a type (`{name: who, type: seat}`), usable inside as plain names. A body is compiled once for all its calls, so its parameters are typed like a function's.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Params".
 */
export type Params = FunctionParam[];
/**
 * A procedure id, used by `call`: starts with a lowercase letter; letters, digits and "-" (e.g. `apply-hits`).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ProcedureId".
 */
export type ProcedureId = string;
/**
 * Who may see the cards: `public` (everyone), `owner` (only the seat it belongs to), `hidden` (nobody until the game ends), `top` (a stack whose top card everyone sees; the rest only as a count).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ZoneVisibility".
 */
export type ZoneVisibility = 'public' | 'owner' | 'hidden' | 'top';

/**
 * A rules file: part of a game's rules, under rules/<game>/. Its top-level keys are sections (game, options, cards, vars, seatVars, zones, functions, procedures, triggers, setup, flow, ends, outcome, nonRules); every section is optional in one file. See docs/dsl-reference.md.
 */
export interface Spec {
  game?: Game;
  /**
   * Choices made before the game starts: variants, editions, numbers.
   */
  options?: Option[];
  /**
   * The kinds of cards, with counts and properties.
   */
  cards?: Card[];
  /**
   * Sets of fixed places (locations, characters, districts) with their properties.
   */
  spaces?: SpaceSet[];
  /**
   * Global variables: one value for the whole game.
   */
  vars?: Var[];
  /**
   * Per-seat variables: one value for every seat.
   */
  seatVars?: SeatVar[];
  /**
   * Places where cards lie: shared (the deck) or one per seat (each hand).
   */
  zones?: Zone[];
  /**
   * Named formulas usable in expressions.
   */
  functions?: FunctionDef[];
  /**
   * Named lists of effects, run with `call`.
   */
  procedures?: Procedure[];
  /**
   * Effects that run when an `emit` names their event.
   */
  triggers?: Trigger[];
  /**
   * Named effect lists that card kinds and places carry (`effects:`), declared once with their parameters and run with `resolve`.
   */
  effectLists?: EffectList[];
  /**
   * Rules run once at the start of the game, in order.
   */
  setup?: RuleNode[];
  /**
   * The turn and round structure: rules run in order after setup.
   */
  flow?: RuleNode[];
  /**
   * How the game ends. The last entry without `when` is used when the flow finishes.
   */
  ends?: EndRule[];
  outcome?: Outcome;
  /**
   * Source lines that carry no rule (story, credits, captions), each with a reason.
   */
  nonRules?: NonRule[];
}
/**
 * Who the game is: id, names, the source texts it is built from and the number of players.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Game".
 */
export interface Game {
  /**
   * The game id, e.g. `my-game`: lowercase letters, digits and "-".
   */
  id: RuleId;
  /**
   * The game's name in English and Chinese.
   */
  name: Text;
  /**
   * The source texts this game is built from, e.g. `["003"]` (ids from seeds/index.yaml).
   *
   * @minItems 1
   */
  seeds: SeedId[];
  players: PlayerCount;
  /**
   * Optional: the global variable that counts rounds, reported as "rounds" in results.
   */
  roundVar?: Name;
  /**
   * Optional: one or two sentences about the game, in English and Chinese.
   */
  summary?: Text;
  /**
   * Optional: what the rule book says about this, in plain words, in English and Chinese.
   */
  text?: Text;
  source?: Source;
  assumption?: Assumption;
}
/**
 * The number of players the game supports.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "PlayerCount".
 */
export interface PlayerCount {
  /**
   * The fewest players.
   */
  min: number;
  /**
   * The most players.
   */
  max: number;
}
/**
 * One quote from a source text.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Citation".
 */
export interface Citation {
  ref: SeedRef;
  /**
   * The exact words from those lines, copied character for character (same punctuation, full-width or half-width as printed). A quote may run across a line break.
   */
  quote: string;
}
/**
 * Used when the rule book does not say this (or not clearly): explain what we decided and why. A rule needs `source`, `assumption`, or both.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Assumption".
 */
export interface Assumption {
  /**
   * What the texts leave open and why we chose this: plain text (English), or `{en: …, zh: …}` so the Chinese pages show it in Chinese.
   */
  why: string | Text;
}
/**
 * The same words in English and in Chinese.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Text".
 */
export interface Text {
  /**
   * In English.
   */
  en: string;
  /**
   * In Chinese (中文).
   */
  zh: string;
}
/**
 * A choice made before the game starts (a variant, an edition, a number), read in expressions as `options.<id>`.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Option".
 */
export interface Option {
  /**
   * The name used for this option in expressions: starts with a lowercase letter, then letters and digits only (camelCase, e.g. `inRound`). Also its rule id: unique in the game. Read as `options.<id>`.
   */
  id: Name;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * The kind of value: `bool` (on/off), `number` or `string` (one of `values`).
   */
  type: 'bool' | 'number' | 'string';
  /**
   * The value used when nobody picks one.
   */
  default: boolean | number | string;
  /**
   * For a string option: the allowed values.
   *
   * @minItems 1
   */
  values?: (string | number)[];
}
/**
 * A kind of card, with how many copies are in the game and its properties.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Card".
 */
export interface Card {
  /**
   * The card kind id, e.g. `bill-5000`: lowercase letters, digits and "-". Read in expressions as `c.kind`.
   */
  id: RuleId;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * How many copies go into the shared zones that list this kind in `initial`: a number, or an expression over options and players such as `"players * 8"`. Left out: 0 (e.g. cards that exist only in each seat's own starting zone).
   */
  count?: Expr;
  /**
   * Properties printed on the card, read in expressions as `c.<name>` (e.g. `value: 5000`).
   */
  props?: {
    [k: string]: PropValue;
  };
  /**
   * Optional: the type of some props (shared by every card kind: type a prop once, on any kind): a space set id (a reference to one of its places, checked when the spec is checked: `district: district`), `<set>[]` (a list of them), `kind`/`kind[]` (card kind ids), or `number`, `string`, `bool` (with or without []). A place-typed prop reads as that place (`c.district.region`).
   */
  propTypes?: {
    [k: string]: string;
  };
  /**
   * The card's name in English and Chinese.
   */
  name?: Text;
  /**
   * Optional: the card's front, when cards of several kinds look alike from the front and differ on the back (e.g. an informant's promised price vs. its real value). Seats that have not seen the back see only the front.
   */
  front?: {
    /**
     * The id of the printed front, shared by every kind that looks the same from the front.
     */
    id: RuleId;
    /**
     * What the front shows, in English and Chinese.
     */
    name: Text;
  };
  /**
   * Effect lists printed on this card kind / place, by the id of a declared effect list (`effectLists`): `effects: {on-reveal: [...]}`.
   */
  effects?: {
    [k: string]: Effects;
  };
}
/**
 * Give a variable a new value.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "SetEffect".
 */
export interface SetEffect {
  set: Path;
  /**
   * The new value.
   */
  to: Expr;
}
/**
 * Add to a number variable (a negative value subtracts).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "AddEffect".
 */
export interface AddEffect {
  add: Path;
  /**
   * How much to add.
   */
  value: Expr;
}
/**
 * Give a value a name for the rest of this list of effects.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "LetEffect".
 */
export interface LetEffect {
  let: LocalName;
  /**
   * The value.
   */
  be: Expr;
}
/**
 * Do `then` when the condition holds, otherwise `else`.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "IfEffect".
 */
export interface IfEffect {
  /**
   * The condition.
   */
  if: Expr;
  /**
   * What happens when the condition holds.
   */
  then: Effects;
  /**
   * Optional: what happens otherwise.
   */
  else?: Effects;
}
/**
 * Do the effects once for every item of a list (the list is worked out once, at the start).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ForEachEffect".
 */
export interface ForEachEffect {
  /**
   * The list, e.g. `alive`.
   */
  forEach: Expr;
  /**
   * The name for the current item, e.g. `s`.
   */
  as: LocalName;
  do: Effects;
}
/**
 * Do the effects a number of times.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "RepeatEffect".
 */
export interface RepeatEffect {
  /**
   * How many times, e.g. `8`.
   */
  repeat: Expr;
  /**
   * Optional: the name for the count, 1, 2, 3, …
   */
  as?: LocalName;
  do: Effects;
}
/**
 * Do the effects again and again as long as the condition holds.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "WhileEffect".
 */
export interface WhileEffect {
  /**
   * The condition, checked before each time.
   */
  while: Expr;
  do: Effects;
}
/**
 * Move cards from one zone to another. Without `count` or `cards`, all cards move.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "MoveEffect".
 */
export interface MoveEffect {
  /**
   * The zone the cards come from.
   */
  move: ZoneRef;
  /**
   * The zone the cards go to.
   */
  to: ZoneRef;
  /**
   * Optional: how many cards, taken from the top.
   */
  count?: Expr;
  /**
   * Optional: exactly which cards (a list of cards).
   */
  cards?: Expr;
  /**
   * Optional: only the cards for which this holds, e.g. `c => c.type == "bill"`.
   */
  where?: Lambda;
  /**
   * Optional: put them on the `top` (default) or the `bottom` of the zone.
   */
  at?: 'top' | 'bottom';
}
/**
 * Shuffle a zone (a chance step).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ShuffleEffect".
 */
export interface ShuffleEffect {
  /**
   * The zone to shuffle.
   */
  shuffle: ZoneRef;
}
/**
 * Turn cards face up for everyone: their backs are seen by all until they move.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "RevealEffect".
 */
export interface RevealEffect {
  /**
   * The cards to reveal (a list of cards).
   */
  reveal: Expr;
}
/**
 * Let one seat look at cards (front and back) without showing them to the others, until the cards move.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "PeekEffect".
 */
export interface PeekEffect {
  /**
   * The cards looked at (a list of cards).
   */
  peek: Expr;
  /**
   * The seat that looks.
   */
  by: Expr;
}
/**
 * Deal cards one at a time to each seat in turn.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "DealEffect".
 */
export interface DealEffect {
  /**
   * The zone the cards come from.
   */
  deal: ZoneRef;
  /**
   * The per-seat zone that receives them, e.g. `hand`.
   */
  to: Name;
  /**
   * How many cards each seat gets.
   */
  count: Expr;
  /**
   * Optional: which seats, in order (default: every seat still in the game).
   */
  seats?: Expr;
}
/**
 * A decision: the game waits until the deciding seat(s) pick one of the options. Use `as` when one seat decides, `into` when several decide at once. Give `options`, or `steps` for one decision in several steps (a staged choice: each step offers only the values that can still be completed).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ChooseEffect".
 */
export interface ChooseEffect {
  choose: ChoiceId;
  /**
   * Who decides: a seat or a list of seats, e.g. `filter(alive, s => s.inRound)`.
   */
  seats: Expr;
  /**
   * What they may pick, worked out for each deciding seat with `me` standing for that seat, e.g. `filter(alive, t => t != me)`. (Not with `steps`.)
   */
  options?: Expr;
  /**
   * One decision by one seat in several steps, answered one after another (a location, then a person, then a payment). Each step is an ordinary decision with its own id, but it offers only the values for which the later steps can still be completed and `where` can hold: the engine looks ahead, since step options are expressions without effects. Each step's answer is bound by its `as` for the later steps and the effects that follow.
   *
   * @minItems 1
   */
  steps?: ChoiceStep[];
  /**
   * With `steps`: what the answers of all the steps together must satisfy (checked on completion, and looked ahead at every step), e.g. `nb + ns >= needed(me, c)`. With `pick`: a function of the picked list that must hold after every pick, e.g. `l => sum(l, x => x.cost) <= me.money`.
   */
  where?: Expr;
  /**
   * Several seats decide: the seat variable that receives each seat's answer.
   */
  into?: Name;
  /**
   * One seat decides: the name for the answer in the effects that follow.
   */
  as?: LocalName;
  /**
   * Several seats decide in secret at the same time; answers are revealed together. Default: true when `seats` is a list.
   */
  simultaneous?: boolean;
  /**
   * The answers are never shown to the other players (only what follows from them). Default: false.
   */
  secret?: boolean;
  /**
   * Optional: how each option is shown to players, by option value, e.g. `stay: {en: Stay, zh: 留下}`.
   */
  labels?: {
    [k: string]: Text;
  };
  /**
   * The question shown to the deciding players.
   */
  prompt: Text;
  /**
   * A menu: the list of things (actions, usually strings) the seat may take each at most once, in any order it likes, one decision at a time; after each pick the effects under `do` run with the pick bound by `as`. `none` (Done) ends it, offered once `min` picks are made; it ends by itself after `max` picks or when nothing is left.
   */
  menu?: Expr;
  /**
   * A subset pick: the seat picks values of `from` one decision at a time (each at most once) until it says Done (`none`, offered once `min` are picked) or `max` are picked; a value is offered only if the picked list with it still satisfies `where` (a budget: what holds for a list must hold for its parts). `as` names the picked list for the effects after.
   */
  pick?: {
    /**
     * What may be picked (a list).
     */
    from: Expr;
    /**
     * At least this many (default 0).
     */
    min?: Expr;
    /**
     * At most this many (default: all).
     */
    max?: Expr;
  };
  /**
   * With `menu`: at least this many picks before Done is offered (default 0).
   */
  min?: Expr;
  /**
   * With `menu`: at most this many picks (default: all).
   */
  max?: Expr;
  /**
   * With `menu`: what happens after each pick (the pick is bound by `as`).
   */
  do?: Effects;
}
/**
 * One step of a staged choice.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ChoiceStep".
 */
export interface ChoiceStep {
  /**
   * The id of this step's decision (as players, logs and replays see it).
   */
  choose: ChoiceId;
  /**
   * The name of this step's answer, for the later steps, `where` and the effects after the choice.
   */
  as: LocalName;
  /**
   * What this step may offer, with the earlier steps' answers bound; the engine keeps only the values that can still be completed.
   */
  options: Expr;
  /**
   * The question of this step (default: the choice's prompt).
   */
  prompt?: Text;
  /**
   * Optional: how each option of this step is shown, by option value.
   */
  labels?: {
    [k: string]: Text;
  };
  /**
   * `several`: when only one value of this step can be completed it is taken without asking. Default `always`.
   */
  ask?: 'always' | 'several';
}
/**
 * Run a procedure here.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "CallEffect".
 */
export interface CallEffect {
  /**
   * The id of the procedure to run.
   */
  call: ProcedureId;
  /**
   * Values for the procedure's parameters: `parameter: expression`.
   */
  with?: {
    [k: string]: Expr;
  };
}
/**
 * Announce an event: every trigger listening to it (whose `when` holds) runs now.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "EmitEffect".
 */
export interface EmitEffect {
  emit: EventName;
  /**
   * Values passed to the triggers: `name: expression`.
   */
  with?: {
    [k: string]: Expr;
  };
}
/**
 * Take a seat out of the game.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "EliminateEffect".
 */
export interface EliminateEffect {
  /**
   * The seat.
   */
  eliminate: Expr;
}
/**
 * Share valued cards (e.g. banknotes) equally: every seat gets the same total, notes cannot be changed, and what cannot be shared stays in the zone.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "SplitEffect".
 */
export interface SplitEffect {
  /**
   * The zone holding the cards to share.
   */
  split: ZoneRef;
  /**
   * The seats that share, e.g. `filter(alive, s => s.inRound)`.
   */
  among: Expr;
  /**
   * The per-seat zone that receives each share.
   */
  into: Name;
  /**
   * The value of a card, e.g. `c => c.value`.
   */
  value: Lambda;
}
/**
 * End the game now, as the given end rule.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "EndGameEffect".
 */
export interface EndGameEffect {
  /**
   * The id of an entry of `ends`.
   */
  endGame: RuleId;
}
/**
 * Write a message in the game log.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "LogEffect".
 */
export interface LogEffect {
  /**
   * The message in English and Chinese.
   */
  log: Text;
}
/**
 * A nested rule with its own id, text and source; everything it does is logged under its id.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "RuleEffect".
 */
export interface RuleEffect {
  rule: RuleNode;
}
/**
 * A rule with effects: a setup step, a part of the turn structure, or a nested rule inside another.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "RuleNode".
 */
export interface RuleNode {
  /**
   * A short, stable name for this rule: lowercase letters, digits and "-" (e.g. `phase-7-share`). It is shown in game logs, tests and web addresses, and must be unique in the game.
   */
  id: RuleId;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * Optional: this rule only exists when this condition holds, e.g. `options.variant == "undercover"` or `players >= 5`. Leave it out for a rule that always applies.
   */
  when?: Expr;
  do: Effects;
}
/**
 * Run the effect list that a card kind or a place carries: the list named `list` of the card's kind (or of the place), with the parameters given in `with`. A card or place without that list runs the list's default `do` (or nothing); `none` runs nothing.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ResolveEffect".
 */
export interface ResolveEffect {
  /**
   * The card or the place whose list runs.
   */
  resolve: Expr;
  /**
   * The id of the effect list (declared under `effectLists`).
   */
  list: RuleId;
  /**
   * Values for the list's parameters: `parameter: expression`.
   */
  with?: {
    [k: string]: Expr;
  };
}
/**
 * A set of fixed places on the table — locations, characters, districts — that never move. Its id names the list of its items in expressions, and vars or zones can be kept per item with `by:`.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "SpaceSet".
 */
export interface SpaceSet {
  /**
   * The name of the set in expressions (camelCase), e.g. `character`: `character` is then the list of its items.
   */
  id: Name;
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * The places, in their order on the table.
   *
   * @minItems 1
   */
  items: SpaceItem[];
  /**
   * Optional: the type of some props of the items: a space set id (a reference to one of its places, checked when the spec is checked: `region: region`), `<set>[]` (a list of them: `adj: district[]`), `card` kind references are written as the kind id type `kind`/`kind[]`, or `number(s)`, `string(s)`, `bool`. Props not listed take the type of their values.
   */
  propTypes?: {
    [k: string]: string;
  };
  /**
   * Optional: the prop (typed `<this set>[]`) that lists each place's neighbours, for `neighbours`, `adjacent` and `distance`. Checked to be symmetric (if a lists b, b lists a) unless `directed: true`.
   */
  edges?: string;
  /**
   * Optional: the `edges` go one way only (no symmetry check). Default false.
   */
  directed?: boolean;
}
/**
 * One place of a space set.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "SpaceItem".
 */
export interface SpaceItem {
  /**
   * The place's id (kebab-case), read as `x.id`.
   */
  id: RuleId;
  /**
   * Its name in English and Chinese.
   */
  name?: Text;
  /**
   * Properties printed on the card, read in expressions as `c.<name>` (e.g. `value: 5000`).
   */
  props?: {
    [k: string]: PropValue;
  };
  /**
   * Optional: the place is in play only when this holds (an expression over `options` and `players`), e.g. `players >= 4`.
   */
  when?: Expr;
  /**
   * Effect lists printed on this card kind / place, by the id of a declared effect list (`effectLists`): `effects: {on-reveal: [...]}`.
   */
  effects?: {
    [k: string]: Effects;
  };
}
/**
 * A global variable: one value for the whole game (e.g. the round number).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Var".
 */
export interface Var {
  /**
   * The name used for this variable in expressions: starts with a lowercase letter, then letters and digits only (camelCase, e.g. `inRound`). Also its rule id: unique in the game.
   */
  id: Name;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  /**
   * A short name for screens and lists (a few words, English and Chinese), where the text is too long to serve as a label; without it the start of the text (or the id) is used.
   */
  name?: Text;
  source?: Source;
  assumption?: Assumption;
  type: VarType;
  initial?: InitialValue;
  /**
   * Who may see it: `public` (everyone; the default) or `hidden` (nobody until the game ends).
   */
  visibility?: 'public' | 'hidden';
  /**
   * Optional: keep one value (or one zone) for each item of this space set, e.g. `by: character` gives `s.cubes[c]` for every character `c`. The items are declared under `spaces`.
   */
  by?: Name;
  /**
   * Optional, for a `string`: the words it may hold (`[rob, pay]`). Then a plain word is that value wherever one is expected — `to: rob` instead of `to: '"rob"'` — and any other word is an error.
   *
   * @minItems 1
   */
  values?: string[];
}
/**
 * A per-seat variable: every player has their own value, read as `s.<id>` (e.g. `s.shame`).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "SeatVar".
 */
export interface SeatVar {
  /**
   * The name used for this seat variable in expressions: starts with a lowercase letter, then letters and digits only (camelCase, e.g. `inRound`). Also its rule id: unique in the game. Read as `s.<id>`.
   */
  id: Name;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  /**
   * A short name for screens and lists (a few words, English and Chinese), where the text is too long to serve as a label; without it the start of the text (or the id) is used.
   */
  name?: Text;
  source?: Source;
  assumption?: Assumption;
  type: VarType;
  initial?: InitialValue;
  /**
   * Who may see it: `public` (everyone; the default), `owner` (only that seat) or `hidden` (nobody until the game ends).
   */
  visibility?: Visibility;
  /**
   * Optional: keep one value (or one zone) for each item of this space set, e.g. `by: character` gives `s.cubes[c]` for every character `c`. The items are declared under `spaces`.
   */
  by?: Name;
  /**
   * Optional, for a `string`: the words it may hold (`[rob, pay]`). Then a plain word is that value wherever one is expected — `to: rob` instead of `to: '"rob"'` — and any other word is an error.
   *
   * @minItems 1
   */
  values?: string[];
}
/**
 * A place where cards lie: one for the whole game (e.g. the deck) or one per seat (e.g. each hand).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Zone".
 */
export interface Zone {
  /**
   * The name used for this zone in expressions: starts with a lowercase letter, then letters and digits only (camelCase, e.g. `inRound`). Also its rule id: unique in the game.
   */
  id: Name;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  /**
   * A short name for screens and lists (a few words, English and Chinese), where the text is too long to serve as a label; without it the start of the text (or the id) is used.
   */
  name?: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * `game` (the default): one zone for the table; `seat`: every seat has its own, read as `s.<id>`.
   */
  per?: 'game' | 'seat';
  /**
   * Who may see the cards: `public` (the default), `owner` (only that seat, for per-seat zones), `hidden` (nobody) or `top` (only the top card). How many cards a zone holds is always public.
   */
  visibility?: ZoneVisibility;
  /**
   * The cards the zone starts with: a card kind id puts in all its copies (`[bill-5000, bill-10000]`); `{kind: …, count: …}` puts in that many, and is required for per-seat zones (each seat gets them).
   */
  initial?: (RuleId | ZoneStock)[];
  /**
   * Optional: keep one value (or one zone) for each item of this space set, e.g. `by: character` gives `s.cubes[c]` for every character `c`. The items are declared under `spaces`.
   */
  by?: Name;
  /**
   * For cards that hide their kind behind a shared `front`: who sees the back of a card whose front they see here. `visible` (the default): whoever sees the card sees all of it; `hidden`: nobody, until `reveal` or `peek`; `owner`: only the zone's seat.
   */
  backs?: 'visible' | 'hidden' | 'owner';
}
/**
 * Some copies of one card kind that a zone starts with.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ZoneStock".
 */
export interface ZoneStock {
  /**
   * The card kind id, e.g. `bullet-bang`.
   */
  kind: RuleId;
  /**
   * How many copies (for a per-seat zone: for each seat); may use options and players.
   */
  count: Expr;
}
/**
 * A named formula, usable in any expression as `<id>(args)`.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "FunctionDef".
 */
export interface FunctionDef {
  /**
   * The name used for this function in expressions: starts with a lowercase letter, then letters and digits only (camelCase, e.g. `inRound`). Also its rule id: unique in the game.
   */
  id: Name;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * Its arguments, in order, each with a name and a type, e.g. `[{name: s, type: seat}]`.
   */
  params?: FunctionParam[];
  /**
   * The formula, using the argument names, e.g. `sum(s.bills, c => c.value)`.
   */
  body: Expr;
  /**
   * Optional: the kind of value the formula gives; the checker then makes sure it does.
   */
  returns?: VarType;
}
/**
 * One argument of a function.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "FunctionParam".
 */
export interface FunctionParam {
  /**
   * The name used for the argument in the formula, e.g. `s`.
   */
  name: LocalName;
  /**
   * The kind of value it takes, e.g. `seat`.
   */
  type: VarType;
  /**
   * Optional, for a `string`: the words it may hold (`[rob, pay]`). Then a plain word is that value wherever one is expected — `to: rob` instead of `to: '"rob"'` — and any other word is an error.
   *
   * @minItems 1
   */
  values?: string[];
}
/**
 * A named list of effects with parameters, run wherever a `call` names it.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Procedure".
 */
export interface Procedure {
  /**
   * The procedure's id, named by `call` (e.g. `apply-hits`): starts with a lowercase letter; letters, digits and "-". Unique in the game.
   */
  id: ProcedureId;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * Optional: this rule only exists when this condition holds, e.g. `options.variant == "undercover"` or `players >= 5`. Leave it out for a rule that always applies.
   */
  when?: Expr;
  /**
   * Its parameters, each `{name, type}`, given by `call` with `with:`.
   */
  params?: Params;
  do: Effects;
}
/**
 * Effects that run whenever an `emit` names its event (and its `when` holds).
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Trigger".
 */
export interface Trigger {
  /**
   * A short, stable name for this rule: lowercase letters, digits and "-" (e.g. `phase-7-share`). It is shown in game logs, tests and web addresses, and must be unique in the game.
   */
  id: RuleId;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * Optional: this rule only exists when this condition holds, e.g. `options.variant == "undercover"` or `players >= 5`. Leave it out for a rule that always applies.
   */
  when?: Expr;
  /**
   * The event this trigger listens to (what an `emit:` names).
   */
  event: EventName;
  /**
   * The names of the values the `emit` passes with `with:`.
   */
  params?: Params;
  do: Effects;
}
/**
 * A named list of effects that card kinds (or the places of one space set) carry as data, in `effects: {<list id>: [...]}`; `resolve` runs the list of the card or place at hand. Declared once, with its parameters, so every kind's list is type-checked even where no `resolve` reaches it.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "EffectList".
 */
export interface EffectList {
  /**
   * The list's id, used as the key under `effects:` and named by `resolve … list:` (e.g. `on-reveal`).
   */
  id: RuleId;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * Who carries the list: `card` (card kinds) or the id of a space set (its places).
   */
  for: string;
  /**
   * The name of the card or place being resolved, inside the list (e.g. `card`).
   */
  as: LocalName;
  /**
   * The values `resolve` passes with `with:`, each `{name, type}`.
   */
  params?: Params;
  /**
   * Optional: what happens for a card kind or place that carries no list of this id (left out: nothing).
   */
  do?: Effects;
}
/**
 * A way the game ends. Checked before every decision and when the turn structure finishes.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "EndRule".
 */
export interface EndRule {
  /**
   * A short, stable name for this rule: lowercase letters, digits and "-" (e.g. `phase-7-share`). It is shown in game logs, tests and web addresses, and must be unique in the game.
   */
  id: RuleId;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * The end condition, e.g. `count(alive) <= 1`: the game ends as soon as it holds at a decision point. Leave it out for the end that applies when the flow finishes (the last such entry is used).
   */
  when?: Expr;
}
/**
 * How the game is scored and who wins.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Outcome".
 */
export interface Outcome {
  /**
   * Optional: one number per seat, e.g. `s => sum(s.bills, c => c.value)`. Usable as `score(s)` in expressions.
   */
  score?: Lambda;
  /**
   * The result rules in order: the first whose `when` holds picks the winners.
   *
   * @minItems 1
   */
  results: ResultRule[];
  /**
   * Optional: what the rule book says about this, in plain words, in English and Chinese.
   */
  text?: Text;
  source?: Source;
  assumption?: Assumption;
}
/**
 * One way the winners are decided. The first result rule whose `when` holds is used.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "ResultRule".
 */
export interface ResultRule {
  /**
   * A short, stable name for this rule: lowercase letters, digits and "-" (e.g. `phase-7-share`). It is shown in game logs, tests and web addresses, and must be unique in the game.
   */
  id: RuleId;
  /**
   * What this rule says, in plain words, in English (`en`) and Chinese (`zh`). This is what players read on the rules site.
   */
  text: Text;
  source?: Source;
  assumption?: Assumption;
  /**
   * Optional: this result applies only when this holds, e.g. `any(alive, s => isCop(s))`; the first result rule whose `when` holds (or that has none) decides.
   */
  when?: Expr;
  /**
   * The winners: an expression giving a list of seats, or `among` + `by` to rank seats.
   */
  winners: Expr | Ranking;
}
/**
 * Rank the seats of `among` by the keys of `by`, in order; the seats tied at the top win.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "Ranking".
 */
export interface Ranking {
  /**
   * The seats that can win, e.g. `alive`.
   */
  among: Expr;
  /**
   * The keys in order: the second breaks ties of the first, and so on.
   *
   * @minItems 1
   */
  by: TieBreak[];
}
/**
 * One ranking key.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "TieBreak".
 */
export interface TieBreak {
  /**
   * A number per seat, e.g. `s => score(s)`.
   */
  key: Lambda;
  /**
   * `desc`: the greatest wins; `asc`: the least wins.
   */
  order: 'asc' | 'desc';
}
/**
 * Source lines that carry no rule (story, credits, picture captions), so the coverage page does not list them as missing.
 *
 * This interface was referenced by `Spec`'s JSON-Schema
 * via the `definition` "NonRule".
 */
export interface NonRule {
  ref: SeedRef;
  /**
   * Why these lines hold no rule, e.g. "story introduction": plain text (English), or `{en: …, zh: …}` so the Chinese source pages show it in Chinese.
   */
  why: string | Text;
}
