/**
 * The Engine over a compiled Program: creating games, the pure and in-place APIs, legal actions.
 */
import { own } from '../own.ts';
import type { Action, EngineTools, GameConfig, GameResult, Json, LogEntry, Pending, Pick, SeatView } from './api.ts';
import { readsSlot } from '../expr/compile.ts';
import { idHint } from '../expr/suggest.ts';
import { intern } from '../intern.ts';
import { arrange } from './arrange.ts';
import { makeEvaluator } from './evaluate.ts';
import type { ChooseInstr, Program, RunCtx, Tables } from './program.ts';
import { drawMany, seedRng } from './rng.ts';
import { noReads, watchedOptions, type OptionReads } from './option-reads.ts';
import { makeLayout, startOf, type Layout } from './layout.ts';
import { cloneState, type PendingState, type State } from './state.ts';
import { EngineError, answer, chance, type AutoAnswer, chanceOutcomes, isWaiting, pendingChoice, run, runStoppingAt, waitingFor } from './vm.ts';
import { knowledge, knowledgeOf, seatView } from './view.ts';
import { SAMPLE, Tiering } from './tiering.ts';
import { sampleWorld } from './world-sample.ts';

export function makeEngine(p: Program): EngineTools<State> {
  const evaluator = makeEvaluator(p);
  // a tiered program's code is generated once it has run here long enough
  const tiering = new Tiering(p);
  /** per player count, per option setting seen: the tables every such game shares and the layout
   *  it starts with — found by comparing the option values, without a key string per game */
  const setups: Setup[][] = [];
  /** the card kinds in creation order of the last game made, for labels asked without a state */
  let creationOrder: number[] = [];
  // kinds sharing a front share its index (for telling options apart by what a seat sees)
  const fronts = [...new Set(p.cards.flatMap((c) => (c.front ? [c.front.id] : [])))];
  const frontIndex = p.cards.map((c) => (c.front ? fronts.indexOf(c.front.id) : -1));
  // card properties are per kind, the same in every game
  const kindProps = p.propNames.map((name) => p.cards.map((card) => own(card.props, name) ?? null));

  // Per-state memo, so the hot path does not rebuild the cache key on every call.
  const tablesOfState = new WeakMap<State, Tables>();
  // the state asked last: a playout asks for the same state at every step
  let lastState: State | undefined;
  let lastTables: Tables | undefined;
  function tablesFor(s: State): Tables {
    if (s === lastState) return lastTables!;
    let t = tablesOfState.get(s);
    if (t) {
      lastState = s;
      lastTables = t;
      return t;
    }
    // a state restored from JSON brings its own card kinds; the rest follows from players and options
    if (!Array.isArray(s.kinds) || !Number.isInteger(s.players)) throw new EngineError('this is not a state of this game');
    t = { ...setupFor(s.players, s.options).tables, kindOf: s.kinds };
    tablesOfState.set(s, t);
    return t;
  }

  /** what every game with these players and options shares: seat list, places in play */
  function setupFor(players: number, options: Record<string, Json>): Setup {
    const seen = (setups[players] ??= []);
    for (const setup of seen) if (sameOptions(setup.options, options)) return setup;
    const seats = Array.from({ length: players }, (_, i) => i);
    const resolved = resolvedCopy(options);
    // what the places' guards and the layout read of the options: validate's random games skip a
    // setting that agrees with an earlier one on every option its game read (smoke.ts)
    const reads = noReads();
    const watched = watchedOptions(resolved, reads);
    const probe = { players, options: watched } as State;
    const ctx: RunCtx = { locals: [], s: probe, t: { kindOf: [], props: kindProps, seats, spaces: [] }, p };
    const spaces = p.spaces.map((set) => set.items.flatMap((item, i) => (!item.when || item.when(ctx) === true ? [i] : [])));
    const setup: Setup = { options: resolved, watched, reads, tables: { props: kindProps, seats, spaces } };
    seen.push(setup);
    return setup;
  }

  function sameOptions(resolved: Record<string, Json>, options: Record<string, Json>): boolean {
    for (const o of p.options) if (resolved[o.id] !== (own(options, o.id) ?? o.default)) return false;
    return true;
  }

  /** the declared options only, in declaration order (a restored state may bring others) */
  function resolvedCopy(options: Record<string, Json>): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const o of p.options) {
      const v = own(options, o.id) ?? o.default;
      // a value from the command line compares with the spec's words as one of them (intern.ts)
      out[o.id] = typeof v === 'string' ? intern(v) : v;
    }
    return out;
  }

  /** the given options are declared and of their declared types and values (missing ones take their defaults) */
  function checkOptions(given: Record<string, Json> | undefined): void {
    if (given === undefined) return;
    for (const [id, value] of Object.entries(given)) {
      const decl = p.options.find((o) => o.id === id);
      if (!decl) throw new EngineError(`unknown option '${id}'; ${idHint(id, p.options.map((o) => o.id), 'options')}`);
      const type = decl.type === 'bool' ? 'boolean' : decl.type;
      if (typeof value !== type) throw new EngineError(`option '${id}' must be a ${decl.type}`);
      if (decl.values && !decl.values.includes(value)) throw new EngineError(`option '${id}' must be one of ${decl.values.join(', ')}`);
    }
  }

  /** `reads`: note in it what the game reads of its options, its setup's reads included (createWatched) */
  function create(config: GameConfig, reads?: OptionReads): State {
    const t0 = tiering.start(1);
    const s = createState(config, reads);
    tiering.made();
    tiering.end(t0, 1);
    return s;
  }

  function createState(config: GameConfig, reads?: OptionReads): State {
    const { players } = config;
    if (!Number.isInteger(players) || players < p.minPlayers || players > p.maxPlayers)
      throw new EngineError(`${p.id} is for ${p.minPlayers}–${p.maxPlayers} players, not ${players}`);
    checkOptions(config.options);
    // every game with these options shares one options object: a state's options are never written
    const setup = setupFor(players, config.options ?? {});
    const options = setup.options;
    const layout = (setup.layout ??= makeLayout(p, players, setup.watched, kindProps));
    const start = startOf(layout);
    if (reads) {
      for (const n of setup.reads.names) reads.names.add(n);
      reads.all ||= setup.reads.all;
    }
    const s: State = {
      players,
      options: reads ? watchedOptions(options, reads) : options,
      g: start.g,
      z: start.z,
      seats: start.seats,
      locals: start.locals,
      pc: 0,
      calls: [],
      pending: null,
      rng: seedRng(config.seed),
      externalChance: config.chance === 'external',
      logging: config.log !== false,
      log: [],
      result: null,
      steps: 0,
      kinds: [],
      revealed: [],
      peeked: [],
    };
    creationOrder = layout.kindOf;
    s.kinds = hideKindsBehindFronts(layout, s);
    // games sharing the layout's card kinds share their tables too; the new state is the one asked
    // next (a state asked for later is found again by its players and options)
    const t: Tables = s.kinds === layout.kindOf ? (setup.withKinds ??= { ...setup.tables, kindOf: s.kinds }) : { ...setup.tables, kindOf: s.kinds };
    lastState = s;
    lastTables = t;
    // a watched state is never looked up by its options (that would read them all)
    if (reads) tablesOfState.set(s, t);
    run(p, s, t);
    return s;
  }

  function pending(s: State): Pending | null {
    const pd = s.pending;
    if (!pd) return null;
    return makePending(s, pd);
  }

  function makePending(s: State, pd: PendingState): Pending {
    if (pd.kind === 'chance') return { kind: 'chance', rule: ruleAt(s), seat: -1, outcomes: chanceOutcomes(p, s, tablesFor(s)) };
    const ch = pendingChoice(p, s)!;
    return { kind: 'choice', choice: ch.id, rule: ch.rule, prompt: ch.prompt, seats: pd.seats.slice(), waitingFor: waitingFor(pd, ch), simultaneous: ch.simultaneous };
  }

  function ruleAt(s: State): string {
    const ins = s.pending ? p.code[s.pending.at] : undefined;
    return ins?.op === 'shuffle' ? ins.rule : ins?.op === 'choose' ? ins.c.rule : '';
  }

  function legalActions(s: State, seat: number): Action[] {
    const opts = waitingOptions(s, seat);
    if (opts === undefined) return [];
    const id = pendingChoice(p, s)!.id;
    return opts.map((value) => ({ choice: id, value }));
  }

  /** legalActions(s, seat)[pick(n)], building only the action picked (random agents, playouts) */
  function pickAction(s: State, seat: number, pick: (count: number) => number): Action | null {
    const opts = waitingOptions(s, seat);
    if (opts === undefined || opts.length === 0) return null;
    return { choice: pendingChoice(p, s)!.id, value: opts[pick(opts.length)]! };
  }

  /** the values a seat may answer now (for cards, one per kind it can tell apart); undefined when it has nothing to decide */
  function waitingOptions(s: State, seat: number): readonly Json[] | undefined {
    const pd = s.pending;
    if (!pd || pd.kind !== 'choice') return undefined;
    const ch = pendingChoice(p, s);
    const k = pd.seats.indexOf(seat);
    if (!ch || !isWaiting(pd, ch, k)) return undefined;
    const opts = pd.options[k]!;
    return ch.optionType === 'card' ? distinctCards(s, ch, seat, opts as (number | null)[]) : opts;
  }

  // stamp[key] === stampGen marks a key seen in the current distinctCards call: no Set per call
  const stamp = new Uint32Array(p.cards.length + fronts.length + 1);
  let stampGen = 0;

  function distinctCards(s: State, ch: ChooseInstr, seat: number, opts: readonly (number | null)[]): (number | null)[] {
    const out: (number | null)[] = [];
    out.length = distinctCardsInto(s, ch, seat, opts, out);
    return out;
  }

  /** distinctCards into out[0..n), n returned: a caller that keeps none of it passes a list of its own */
  function distinctCardsInto(s: State, ch: ChooseInstr, seat: number, opts: readonly (number | null)[], out: (number | null)[]): number {
    // Cards of one kind are interchangeable to the rules: offer one of each kind the seat can tell
    // apart — per kind when it knows the card, per front when it sees only the front, and one
    // "unseen card" for cards it cannot see (offering more would tell their kinds apart).
    const kindOf = tablesFor(s).kindOf;
    let n = 0;
    const knows = ch.optionsZone ? zoneKnowledge(s, ch, seat) : knowledge(p, s, seat);
    if (++stampGen === 0xffffffff) {
      stamp.fill(0);
      stampGen = 1;
    }
    const kinds = p.cards.length;
    let none = false;
    for (const card of opts) {
      // none (Done, or "no card") is no card: offered as it is, once
      if (card === null) {
        if (!none) out[n++] = null;
        none = true;
        continue;
      }
      const kind = kindOf[card]!;
      const known = knows(card);
      // keys: a kind, then the fronts, then one for any unseen card
      const key = known === 'all' ? kind : known === 'front' ? kinds + frontIndex[kind]! : kinds + fronts.length;
      if (stamp[key] === stampGen) continue;
      stamp[key] = stampGen;
      out[n++] = card;
    }
    return n;
  }

  /** what a seat knows of the cards of the one zone the options are */
  function zoneKnowledge(s: State, ch: ChooseInstr, seat: number): (card: number) => 'none' | 'front' | 'all' {
    const ref = ch.optionsZone!;
    const d = p.zones[ref.zone]!;
    let owner: number | undefined;
    if (ref.seat) {
      const slot = readsSlot(ref.seat);
      if (slot === ch.meSlot) owner = seat; // `me.hand`, the usual case
      else if (slot !== undefined) owner = s.locals[slot] as number;
      else {
        // the zone may be written with `me`: evaluate on a copy of the locals, a query changes nothing
        const locals = s.locals.slice();
        locals[ch.meSlot] = seat;
        owner = ref.seat({ locals, s, t: tablesFor(s), p });
      }
    }
    if (s.result !== null) return knowsAll;
    if (d.visibility === 'top') return knowledge(p, s, seat); // only its top card is seen
    const visible = d.visibility === 'public' || (d.visibility === 'owner' && owner === seat);
    if (!visible) return knowsNone;
    if (d.backs === 'visible' || (d.backs === 'owner' && owner === seat)) return knowsAll;
    return (card) => {
      if (!p.cards[s.kinds[card]!]!.front || s.revealed.includes(card) || s.peeked.some(([c, w]) => c === card && w === seat)) return 'all';
      return 'front';
    };
  }

  function nextSeat(s: State): number | null {
    const pd = s.pending;
    if (!pd) return null;
    if (pd.kind === 'chance') return -1;
    // waitingFor[0]: the first seat still to answer, simultaneous or not
    const k = pd.answered.indexOf(false);
    if (k < 0) {
      const ch = pendingChoice(p, s);
      throw new EngineError(`choice '${ch?.id}' (rule '${ch?.rule}') is pending but waits for no seat`);
    }
    return pd.seats[k]!;
  }

  function applyInPlace(s: State, seat: number, action: Action): void {
    const t0 = tiering.start(SAMPLE);
    answer(p, s, tablesFor(s), seat, action);
    tiering.end(t0, SAMPLE);
  }

  /** Engine.autoplay: every choice answered where it opens, by picks[seat] over the values
   *  legalActions would list (for cards, one per kind the seat can tell apart) */
  /** where the flow enters a rule (one place per copy of its code) */
  function entriesOf(rule: string): number[] {
    const stops = p.ruleEntry?.get(rule);
    if (!stops) throw new EngineError(`no rule '${rule}' runs in this game`);
    return stops;
  }

  const offered: (number | null)[] = [];

  function autoplay(s: State, picks: readonly Pick[], maxSteps: number, onAnswer?: (seat: number, action: Action) => void): number {
    const t0 = tiering.start(1);
    const steps = autoplayHere(s, picks, maxSteps, onAnswer);
    tiering.end(t0, 1);
    return steps;
  }

  function autoplayHere(s: State, picks: readonly Pick[], maxSteps: number, onAnswer?: (seat: number, action: Action) => void): number {
    const t = tablesFor(s);
    const auto: AutoAnswer = {
      left: maxSteps,
      answer(ch, seat, options) {
        // the card values are read once, here: into one list for every answer
        const card = ch.optionType === 'card';
        const n = card ? distinctCardsInto(s, ch, seat, options as (number | null)[], offered) : options.length;
        const pick = picks[seat];
        if (pick === undefined) throw new EngineError(`no agent for seat ${seat}`);
        const value = (card ? offered : options)[pick(n)]!;
        if (onAnswer !== undefined) onAnswer(seat, { choice: ch.id, value });
        return value;
      },
    };
    // A choice left open (the first of a game, one after a chance draw, one that needed more
    // answers than were left) is answered seat by seat from its options, in waitingFor order;
    // its last answer runs the flow on, which answers the choices after it where they open.
    for (let pd = s.pending; pd !== null && pd.kind === 'choice' && auto.left > 0; pd = s.pending) {
      const k = pd.answered.indexOf(false);
      const seat = pd.seats[k]!;
      const ch = pendingChoice(p, s)!;
      const value = auto.answer(ch, seat, pd.options[k]!);
      auto.left--;
      answer(p, s, t, seat, { choice: ch.id, value }, auto);
    }
    return maxSteps - auto.left;
  }

  function describe(action: Action, lang: 'en' | 'zh', state?: State, seat?: number): string {
    const ch = p.chooses.get(action.choice);
    const v = action.value;
    if (!ch) return JSON.stringify(v);
    if (v === null) return ch.labels['none']?.[lang] ?? (lang === 'zh' ? '無' : 'none');
    switch (ch.optionType) {
      case 'seat':
        return lang === 'zh' ? `座位 ${Number(v)}` : `seat ${Number(v)}`;
      case 'card': {
        // without the state, ids are read in creation order (true unless cards hide behind fronts)
        const kind = state ? state.kinds[v as number] : creationOrder[v as number];
        const card = kind === undefined ? undefined : p.cards[kind];
        if (!card) return `card ${String(v)}`;
        if (state && seat !== undefined && knowledgeOf(p, state, v as number, seat) === 'none') return lang === 'zh' ? '一張看不到的牌' : 'a card you cannot see';
        // the deciding seat may know only the front: a label never tells more than the front
        return (card.front ? card.front.name : card.name)[lang];
      }
      case 'space':
        return p.spaces[ch.optionSet!]!.items[v as number]?.name[lang] ?? String(v);
      case 'bool':
        return own(ch.labels, String(v))?.[lang] ?? (v ? (lang === 'zh' ? '是' : 'yes') : lang === 'zh' ? '否' : 'no');
      default:
        return own(ch.labels, String(v))?.[lang] ?? String(v);
    }
  }

  return {
    id: p.id,
    name: p.name,
    minPlayers: p.minPlayers,
    maxPlayers: p.maxPlayers,
    options: p.options.map((o) => ({ ...o })),
    create,
    pending,
    legalActions,
    pickAction,
    nextSeat,
    autoplay,
    expectGames(games) {
      tiering.expect(games);
    },
    sampleWorld(s, seat, seed) {
      if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) throw new EngineError(`no seat ${seat} in a game of ${s.players}`);
      const setup = setupFor(s.players, s.options);
      const layout = (setup.layout ??= makeLayout(p, s.players, setup.watched, kindProps));
      return sampleWorld(p, s, tablesFor(s), layout, seat, seed);
    },
    scores(s) {
      if (s.result !== null) return s.result.scores.slice();
      const t = tablesFor(s);
      if (!p.score) return t.seats.map(() => 0);
      // the score's lambdas write slots: a copy of the locals, the state stays as it is
      const c: RunCtx = { locals: s.locals.slice(), s, t, p };
      return t.seats.map((seat) => p.score!(c, seat));
    },
    apply(s, seat, action) {
      const next = cloneState(s);
      applyInPlace(next, seat, action);
      return next;
    },
    applyInPlace,
    applyChance(s, index) {
      const next = cloneState(s);
      const t0 = tiering.start(SAMPLE);
      chance(p, next, tablesFor(next), index);
      tiering.end(t0, SAMPLE);
      return next;
    },
    view(s, seat): SeatView {
      return seatView(p, s, tablesFor(s), seat, pending(s));
    },
    result(s): GameResult | null {
      return s.result;
    },
    log(s): LogEntry[] {
      return s.log.map(({ rule, event, data }) => ({ rule, event, data }));
    },
    describe,
    evaluate(s, src) {
      return evaluator(s, tablesFor(s), src);
    },
    choiceProofs() {
      return p.choiceProofs.map((c) => ({ ...c }));
    },
    createWatched(config) {
      const reads = noReads();
      return { state: create(config, reads), reads };
    },
    kindsInPlay(s) {
      return [...new Set(s.kinds.map((k) => p.cards[k]!.id))];
    },
    answerId(s, action) {
      const ch = p.chooses.get(action.choice);
      if (!ch || typeof action.value !== 'number') return undefined;
      if (ch.optionType === 'card') return p.cards[s.kinds[action.value]!]?.id;
      if (ch.optionType === 'space') return p.spaces[ch.optionSet!]!.items[action.value]?.id;
      return undefined;
    },
    applyUntil(s, seat, action, rule) {
      const stops = entriesOf(rule);
      const next = cloneState(s);
      const stopped = runStoppingAt(p, stops, () => applyInPlace(next, seat, action));
      return { state: next, stopped };
    },
    resume(s, rule, here = false) {
      if (s.pending !== null || s.result !== null) return { state: s, stopped: false };
      const stops = rule === undefined ? [] : entriesOf(rule);
      if (here && stops.includes(s.pc)) return { state: s, stopped: true };
      const next = cloneState(s);
      const stopped = runStoppingAt(p, stops.filter((pc) => pc !== s.pc), () => run(p, next, tablesFor(next)));
      return { state: next, stopped };
    },
    answerType(choice) {
      const ch = p.chooses.get(choice);
      if (!ch) return undefined;
      if (ch.optionType === 'space') return p.spaces[ch.optionSet!]!.id;
      return ch.optionType === 'seat' || ch.optionType === 'card' ? ch.optionType : undefined;
    },
    pendingComputedReads(s) {
      const ch = pendingChoice(p, s);
      return ch?.readsComputed ? { choice: ch.id, rule: ch.rule, locals: ch.readsComputed.slice() } : undefined;
    },
    enterableRules() {
      return [...(p.ruleEntry?.keys() ?? [])];
    },
    arrange(s, given) {
      const next = cloneState(s);
      const t = tablesFor(next);
      arrange(p, next, t, given);
      // a choice already asked is asked again: who decides and the options may have changed
      if (next.pending?.kind === 'choice') {
        next.pending = null;
        run(p, next, t);
      }
      return next;
    },
  };
}

/** the tables and starting layout shared by the games of one player count and option setting */
interface Setup {
  options: Record<string, Json>;
  /** the same options, noting into `reads` what setup reads of them (the places' guards, the layout) */
  watched: Record<string, Json>;
  reads: OptionReads;
  tables: Omit<Tables, 'kindOf'>;
  layout?: Layout;
  /** the tables with the layout's card kinds (games without shared fronts) */
  withKinds?: Tables;
}

const knowsAll = (): 'all' => 'all';
const knowsNone = (): 'none' => 'none';

/**
 * Card ids are made in kind order, so an id would tell a card's kind. Where kinds share a front
 * (their backs differ), the kinds are dealt out among those cards' ids with the game's RNG, so an
 * id tells no more than the front. Games without fronts keep the creation order (and RNG draws).
 */
function hideKindsBehindFronts(layout: Layout, s: State): number[] {
  // kinds never change once made: games without fronts share the layout's list
  if (layout.frontGroups.length === 0) return layout.kindOf;
  const kinds = layout.kindOf.slice();
  for (const ids of layout.frontGroups) {
    const order = ids.map((id) => kinds[id]!);
    const draws = drawMany(s, order.map((_, i) => order.length - i).slice(0, -1));
    draws.forEach((d, i) => {
      const x = order[i]!;
      order[i] = order[i + d]!;
      order[i + d] = x;
    });
    ids.forEach((id, i) => (kinds[id] = order[i]!));
  }
  return kinds;
}

