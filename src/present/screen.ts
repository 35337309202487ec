/**
 * A seat's screen as data — the one presentation model the terminal (src/cli/render.ts) and the
 * page (site/.vitepress/theme/PlayTable.vue) both render: the table (the game's counters, its
 * places with what stands on them, its zones), each seat's panel, what changed since the seat's
 * last decision as sentences, the pending decision with its options in words, the log, and the
 * end — every sentence and every changed item with the rule that made it and the source lines
 * that rule cites (the "why").
 *
 * Built only from the seat's view (SeatView), the game's public declarations, and the words of the
 * seat's own options (`optionLabels`, from the same view and the engine's labels for that seat):
 * so two games that differ only in what the seat may not see give the same screen.
 */
import type { GameResult, Json, LogEntry, SeatView } from '../interpreter/api.ts';
import type { Cite, Declarations, VarInfo } from './declarations.ts';
import { Namer, narrate, type Line } from './narrate.ts';
import type { Lang } from './words.ts';

/** one thing on the table in words: a counter, a var kept per place, a zone's cards */
export interface Item {
  /** stable over the game: `var:<id>`, `zone:<ref>`, `seat:<n>:var:<id>`, `seat:<n>:zone:<ref>` */
  key: string;
  label: string;
  value: string;
  /** the rule whose log entry changed it since the seat's last decision */
  changedBy?: string;
  /** the set of places whose map draws it too (a value kept per place, a zone of one place) */
  onMap?: string;
}

/** a card as the seat sees it: its name (or its front's), what it does when its text says so */
export interface CardFace {
  name: string;
  effect?: string;
}

export interface ZoneItem extends Item {
  /** the cards the seat sees, top first */
  cards: CardFace[];
  /** how many it does not see */
  hidden: number;
}

/** one place of a set, with the values the game keeps there (owner, building, …) */
export interface PlaceItem {
  name: string;
  values: { label: string; value: string; key: string; changedBy?: string }[];
  zones: ZoneItem[];
}

/** a set of places drawn as a map: its places, and the graph its `edges` draw (indices) */
export interface PlaceMap {
  id: string;
  label: string;
  places: PlaceItem[];
  edges?: number[][];
}

export interface SeatPanel {
  seat: number;
  name: string;
  you: boolean;
  out: boolean;
  items: Item[];
  zones: ZoneItem[];
  /** the effect texts of its cards that have one (a power card), for the seat itself */
  effects: string[];
}

/** a sentence of the log or of what changed, with the rule behind it */
export interface Sentence {
  text: string;
  rule: string;
  heading?: boolean;
  /** it names the viewer as the one an answer points at */
  you?: boolean;
}

/** a rule as the "why" of a change: its words and the lines of the rulebook it stands on */
export interface Why {
  rule: string;
  text: string;
  cites: Cite[];
  assumption?: string;
}

export interface Decision {
  prompt: string;
  rule: string;
  /** the rule that asks, in words (the phase the game is in) */
  phase?: string;
  waitingFor: string;
  simultaneous: boolean;
  /** the seat itself is asked now */
  mine: boolean;
  /** its options in words, in the order of the seat's legal actions (empty when not asked) */
  options: string[];
}

export interface GameOver {
  winners: string;
  /** the end rule and the result rule, in words */
  why: string[];
  /** the ids of the end rule and of the result rule (said only where there are no words for them) */
  ended: string;
  resultRule: string;
  tieBreak: string[];
  scores: { seat: number; name: string; score: string; winner: boolean }[];
  eliminated: string[];
  rounds: number;
}

export interface SeatScreen {
  lang: Lang;
  seat: number;
  players: number;
  game: string;
  round?: number;
  /** the game's counters and zones */
  table: { items: Item[]; zones: ZoneItem[] };
  /** sets of places with what the game keeps on each */
  places: PlaceMap[];
  seats: SeatPanel[];
  /** what happened since the seat's last decision */
  changes: Sentence[];
  decision?: Decision;
  /** the seat's own secret answers to a simultaneous choice still open */
  answered: string[];
  /** the log as the seat sees it: its last LOG_ENTRIES entries, in sentences */
  log: Sentence[];
  /** how many entries of the seat's log come before those (0: the whole log is there) */
  logBefore: number;
  /** rule id -> its why, for every rule named by a sentence or a changed item */
  why: Record<string, Why>;
  over?: GameOver;
}

export interface ScreenInput {
  view: SeatView;
  decl: Declarations | undefined;
  lang: Lang;
  /** index of the first log entry the seat has not been shown (its last decision) */
  since: number;
  /** the words of the seat's legal actions, when it is asked (optionLabels) */
  options?: string[];
}

// ---- values and zones ---------------------------------------------------------------------------

/** a value without declarations: ids as they are */
export function rawValue(v: Json): string {
  if (v === null) return '?';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(rawValue).join(', ')}]`;
  if (typeof v['kind'] === 'string') return v['kind'];
  for (const k of ['name', 'id', 'type']) {
    const x = v[k];
    if (typeof x === 'string') return x;
  }
  return `{${Object.entries(v).map(([k, x]) => `${k}: ${rawValue(x)}`).join(', ')}}`;
}

/** the kind a card shows, or the front it shows when its kind hides behind a shared front */
export const kindOf = (c: Json): string | undefined => {
  if (typeof c === 'string') return c;
  if (c === null || typeof c !== 'object' || Array.isArray(c)) return undefined;
  return typeof c['kind'] === 'string' ? c['kind'] : typeof c['front'] === 'string' ? c['front'] : undefined;
};

/** a zone's cards in words: the seen ones by name (alike ones counted, values totalled), the rest counted */
export function zoneWords(cards: Json[], names: Namer): string {
  const t = names.t;
  if (cards.length === 0) return '—';
  const kinds: string[] = [];
  let hidden = 0;
  const other: string[] = [];
  for (const c of cards) {
    if (c === null) hidden++;
    else {
      const k = kindOf(c);
      if (k !== undefined) kinds.push(k);
      else other.push(rawValue(c));
    }
  }
  const parts: string[] = [];
  if (kinds.length > 0) parts.push(kinds.length > 1 && names.total(kinds) !== undefined ? `${t.cards(kinds.length)}: ${names.cards(kinds)}` : names.cards(kinds));
  if (other.length > 0) parts.push(other.slice(0, 24).join(', ') + (other.length > 24 ? ', …' : ''));
  if (hidden > 0) parts.push(t.faceDown(hidden));
  return parts.join('; ');
}

function zoneItem(key: string, ref: string, cards: Json[], names: Namer): ZoneItem {
  const faces: CardFace[] = [];
  let hidden = 0;
  for (const c of cards) {
    const k = kindOf(c);
    if (c === null || k === undefined) {
      hidden++;
      continue;
    }
    const fx = names.model?.cards.get(k)?.effect;
    faces.push(fx ? { name: names.card(k), effect: fx[names.lang] } : { name: names.card(k) });
  }
  return { key, label: names.zone(ref), value: zoneWords(cards, names), cards: faces, hidden };
}

/** the zones worth showing: those that matter under the options, not empty */
function zonesShown(zones: Record<string, Json[]>, names: Namer): [string, Json[]][] {
  return Object.entries(zones).filter(([id, cards]) => {
    if (cards.length === 0) return false;
    if (!names.model) return true;
    return names.model.zones.has(id.replace(/\[.*$/, ''));
  });
}

/**
 * A keyed var (one value per place) in words: numbers place by place (`Party 3, Fleet 2`; the
 * zeros only for the seat's own, `all`), yes/no as the places where it holds, anything else with
 * the places grouped by what they hold (`Seat 2: District 3, District 9 · You: District 14`).
 */
function keyedWords(v: Record<string, Json>, info: VarInfo | undefined, names: Namer, all: boolean): string {
  // a place's value is never blank for being the var's start value: each place is its own fact
  const item = info ? { id: info.id, label: info.label, type: info.type, labels: info.labels ?? {} } : undefined;
  const sep = names.lang === 'zh' ? '、' : ', ';
  const entries = Object.entries(v);
  if (entries.length > 0 && entries.every(([, x]) => typeof x === 'number') && item?.type === 'number') {
    const shown = entries.filter(([, x]) => all || x !== 0).map(([place, x]) => `${names.card(place)} ${names.ev.number(x as number)}`);
    return shown.length > 0 ? shown.join(sep) : names.ev.none;
  }
  const groups = new Map<string, string[]>();
  for (const [place, x] of entries) {
    if (names.isBlank(x, item)) continue;
    const value = typeof x === 'boolean' ? '' : typeof x === 'number' && item?.type === 'seat' ? names.seat(x) : names.value(x, item);
    groups.set(value, [...(groups.get(value) ?? []), names.card(place)]);
  }
  if (groups.size === 0) return names.ev.none;
  return [...groups].map(([value, places]) => (value === '' ? places.join(sep) : `${value}: ${places.join(sep)}`)).join(' · ');
}

const isKeyed = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v) && v['card'] === undefined;

/**
 * The vars of a seat (or of the game) worth showing. `all`: the seat's own — every value that
 * matters, 0 and the start value included; else what is not blank (a number always: a counter
 * at 0 is a fact on the table).
 */
function varItems(prefix: string, vars: Record<string, Json>, seat: boolean, all: boolean, names: Namer): Item[] {
  const out: Item[] = [];
  const model = names.model;
  for (const [id, v] of Object.entries(vars)) {
    if (seat === false && id === model?.roundVar) continue;
    const info = names.varInfo(id, seat);
    if (model && !info) continue;
    if (v === null) continue;
    // a card this seat no longer sees (its chosen card, since discarded face down) says nothing
    if (info?.type === 'card' && typeof v === 'number' && !names.knows(v)) continue;
    if (isKeyed(v) && model) {
      // a seat's own list of places: shown even when none holds anything
      if (!all && keyedWords(v, info, names, false) === names.ev.none) continue;
      const item: Item = { key: `${prefix}var:${id}`, label: names.varLabel(id, seat), value: keyedWords(v, info, names, all) };
      const set = seat ? undefined : setOfKeys(Object.keys(v), names);
      if (set !== undefined) item.onMap = set;
      out.push(item);
      continue;
    }
    const shown = all || typeof v === 'number' || !(model && names.isBlank(v, info));
    if (!shown) continue;
    out.push({ key: `${prefix}var:${id}`, label: names.varLabel(id, seat), value: typeof v === 'string' && v === '' ? '—' : names.value(v, info) });
  }
  return out;
}

/** the effect texts of the seat's own cards that have one (a power card) */
function effects(zones: Record<string, Json[]>, names: Namer): string[] {
  if (!names.model) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [, cards] of zonesShown(zones, names)) {
    for (const c of cards) {
      const k = kindOf(c);
      const fx = k === undefined ? undefined : names.model.cards.get(k)?.effect;
      if (k === undefined || !fx || seen.has(k)) continue;
      seen.add(k);
      out.push(`${names.card(k)}: ${fx[names.lang]}`);
    }
  }
  return out;
}

/** the set whose places a keyed value lists (its keys are exactly that set's place ids) */
function setOfKeys(keys: string[], names: Namer): string | undefined {
  if (!names.model || keys.length === 0) return undefined;
  for (const set of names.model.spaces.values()) if (set.ids.length === keys.length && keys.every((k) => set.ids.includes(k))) return set.id;
  return undefined;
}

/** the set a keyed zone ref (`zone[place]`) lies on */
function setOfZone(ref: string, names: Namer): string | undefined {
  const m = /^([^[]+)\[(.+)\]$/.exec(ref);
  if (!m || !names.model?.zones.has(m[1]!)) return undefined;
  for (const set of names.model.spaces.values()) if (set.ids.includes(m[2]!)) return set.id;
  return undefined;
}

/** the places of each set the game keeps game vars or zones on, with their non-blank values and cards */
function placeMaps(view: SeatView, names: Namer): PlaceMap[] {
  const model = names.model;
  if (!model) return [];
  const out: PlaceMap[] = [];
  for (const set of model.spaces.values()) {
    const keyed = [...model.vars.values()].filter((v) => {
      const x = view.vars[v.id];
      return x !== undefined && isKeyed(x) && setOfKeys(Object.keys(x), names) === set.id;
    });
    const zoneRefs = Object.keys(view.zones).filter((ref) => setOfZone(ref, names) === set.id);
    if (keyed.length === 0 && zoneRefs.length === 0) continue;
    const places: PlaceItem[] = set.names.map((n) => ({ name: n[names.lang], values: [], zones: [] }));
    for (const v of keyed) {
      for (const [place, value] of Object.entries(view.vars[v.id] as Record<string, Json>)) {
        const i = set.ids.indexOf(place);
        if (i < 0 || names.isBlank(value, { ...v, labels: v.labels ?? {} })) continue;
        places[i]!.values.push({ key: `var:${v.id}[${place}]`, label: v.label[names.lang], value: typeof value === 'boolean' ? names.ev.yes : names.value(value, v) });
      }
    }
    for (const ref of zoneRefs) {
      const m = /^([^[]+)\[(.+)\]$/.exec(ref)!;
      const cards = view.zones[ref]!;
      if (cards.length === 0) continue;
      places[set.ids.indexOf(m[2]!)]!.zones.push(zoneItem(`zone:${ref}`, m[1]!, cards, names));
    }
    const map: PlaceMap = { id: set.id, label: set.label[names.lang], places };
    if (set.edges) map.edges = set.edges;
    out.push(map);
  }
  return out;
}

// ---- changes and their rules --------------------------------------------------------------------

/** the table items a log entry touches (keys as in Item.key) */
function keysOf(e: LogEntry): string[] {
  const d = e.data;
  const own = (seat: Json | undefined) => (typeof seat === 'number' ? `seat:${seat}:` : '');
  if (e.event === 'set' && typeof d['var'] === 'string') {
    const base = `${own(d['seat'])}var:${d['var']}`;
    return typeof d['key'] === 'string' ? [base, `${base}[${d['key']}]`] : [base];
  }
  if (e.event === 'move') return [`${own(d['fromSeat'])}zone:${String(d['from'])}`, `${own(d['toSeat'])}zone:${String(d['to'])}`];
  if (e.event === 'shuffle') return [`${own(d['seat'])}zone:${String(d['zone'])}`];
  return [];
}

// ---- the end ------------------------------------------------------------------------------------

/** the round each seat was eliminated in, from the view's log */
function eliminations(log: readonly LogEntry[], roundVar: string): { seat: number; round: number | undefined }[] {
  const out: { seat: number; round: number | undefined }[] = [];
  let round: number | undefined;
  for (const e of log) {
    if (e.event === 'set' && e.data['var'] === roundVar && e.data['seat'] === undefined && typeof e.data['value'] === 'number') round = e.data['value'];
    if (e.event === 'eliminate' && typeof e.data['seat'] === 'number') out.push({ seat: e.data['seat'], round });
  }
  return out;
}

/** the seats tied with the winners on score that the ranking's later keys put behind */
function tieBreak(r: GameResult, view: SeatView, names: Namer): string[] {
  const model = names.model;
  const keys = model?.rankings.get(r.result);
  if (!keys || r.winners.length === 0) return [];
  const best = r.scores[r.winners[0]!]!;
  const tied = r.scores.flatMap((s, i) => (s === best && !view.seats[i]?.out ? [i] : []));
  if (tied.length <= r.winners.length) return [];
  const lines = [names.t.tie(names.seats(tied), names.ev.number(best))];
  for (const k of keys.slice(1)) {
    if (k.var === undefined) break;
    const values = tied.map((s) => view.seats[s]?.vars[k.var!]);
    if (values.every((v) => v === values[0])) continue;
    lines.push(names.ev.tieBroken(names.varLabel(k.var, true), !k.desc, tied.map((s, i) => `${names.seat(s)} ${names.value(values[i] ?? null, names.varInfo(k.var!, true))}`).join(', ')));
    break;
  }
  return lines;
}

function gameOver(r: GameResult, view: SeatView, names: Namer): GameOver {
  const { model, t, lang } = names;
  const roundVar = model?.roundVar ?? 'round';
  const gone = eliminations(view.log, roundVar);
  const outs = r.out.map((s) => gone.find((g) => g.seat === s) ?? { seat: s, round: undefined });
  return {
    winners: r.winners.length ? r.winners.map((w) => t.seatName(w)).join(', ') : t.none,
    why: [model?.rules.get(r.end)?.text[lang], model?.rules.get(r.result)?.text[lang]].filter((x): x is string => x !== undefined),
    ended: r.end,
    resultRule: r.result,
    tieBreak: tieBreak(r, view, names),
    scores: r.scores.map((s, i) => ({ seat: i, name: t.seatName(i), score: model ? names.ev.number(s) : String(s), winner: r.winners.includes(i) })),
    eliminated: outs.map((g) => t.eliminated(t.seatName(g.seat), g.round)),
    rounds: r.rounds,
  };
}

// ---- the screen ---------------------------------------------------------------------------------

/** the round the view is in, from the declarations' round var */
function roundOf(view: SeatView, decl: Declarations | undefined): number | undefined {
  const v = decl?.roundVar !== undefined ? view.vars[decl.roundVar] : view.vars['round'];
  return typeof v === 'number' && v > 0 ? v : undefined;
}

/** the log entries a screen words (a long game's whole log would be worded again at every decision) */
export const LOG_ENTRIES = 400;

const sentence = (l: Line): Sentence => ({ text: l.text, rule: l.rule, ...(l.heading ? { heading: true } : {}), ...(l.you ? { you: true } : {}) });

export function seatScreen(input: ScreenInput): SeatScreen {
  const { view, decl, lang } = input;
  const names = new Namer(lang, view.seat, decl, view);
  const since = Math.min(input.since, view.log.length);
  const fresh = view.log.slice(since);
  const changes = narrate(fresh, names).map(sentence);
  const logBefore = Math.max(0, view.log.length - LOG_ENTRIES);
  const log = narrate(view.log.slice(logBefore), names).map(sentence);

  // which items the new entries changed, and by which rule (the last one wins)
  const changedBy = new Map<string, string>();
  for (const e of fresh) for (const k of keysOf(e)) changedBy.set(k, e.rule);
  const mark = <T extends { key: string; changedBy?: string }>(x: T): T => {
    const r = changedBy.get(x.key);
    return r === undefined ? x : { ...x, changedBy: r };
  };

  const zones = (prefix: string, zs: Record<string, Json[]>): ZoneItem[] =>
    zonesShown(zs, names).map(([ref, cards]) => {
      const z = mark(zoneItem(`${prefix}zone:${ref}`, ref, cards, names));
      const set = prefix === '' ? setOfZone(ref, names) : undefined;
      return set === undefined ? z : { ...z, onMap: set };
    });
  const table = { items: varItems('', view.vars, false, false, names).map(mark), zones: zones('', view.zones) };
  const places = placeMaps(view, names).map((m) => ({ ...m, places: m.places.map((p) => ({ ...p, values: p.values.map(mark), zones: p.zones.map(mark) })) }));
  const seats: SeatPanel[] = view.seats.map((s, i) => {
    const you = i === view.seat;
    const prefix = `seat:${i}:`;
    return {
      seat: i,
      name: you ? names.t.youAre(i) : names.t.seatName(i),
      you,
      out: s.out,
      items: varItems(prefix, s.vars, true, you, names).map(mark),
      zones: zones(prefix, s.zones),
      effects: you ? effects(s.zones, names) : [],
    };
  });

  let decision: Decision | undefined;
  const p = view.pending;
  if (p?.kind === 'choice') {
    const phase = decl?.rules.get(p.rule)?.text[lang];
    const mine = p.waitingFor.includes(view.seat);
    decision = { prompt: p.prompt[lang], rule: p.rule, waitingFor: names.seats(p.waitingFor), simultaneous: p.simultaneous, mine, options: mine ? (input.options ?? []) : [] };
    if (phase !== undefined) decision.phase = phase;
  }
  const answered = Object.entries(view.myAnswers).map(([k, v]) => {
    const type = decl?.choices.get(k)?.type;
    const info = type === undefined ? undefined : { id: k, label: { en: '', zh: '' }, type };
    return `${decl?.choices.get(k)?.prompt[lang] ?? k}: ${names.value(v, info)}`;
  });

  const why: Record<string, Why> = {};
  const addWhy = (rule: string | undefined): void => {
    if (rule === undefined || why[rule] !== undefined) return;
    const info = decl?.rules.get(rule);
    if (!info) return;
    const w: Why = { rule, text: info.text[lang], cites: info.cites };
    if (info.assumption) w.assumption = info.assumption[lang];
    why[rule] = w;
  };
  for (const s of log) addWhy(s.rule);
  for (const r of changedBy.values()) addWhy(r);
  if (decision) addWhy(decision.rule);

  const screen: SeatScreen = { lang, seat: view.seat, players: view.players, game: decl?.name[lang] ?? '', table, places, seats, changes, answered, log, logBefore, why };
  const round = roundOf(view, decl);
  if (round !== undefined) screen.round = round;
  if (decision) screen.decision = decision;
  if (view.result) {
    screen.over = gameOver(view.result, view, names);
    addWhy(view.result.end);
    addWhy(view.result.result);
  }
  return screen;
}

/** every item of the screen's table and panels, by key (for a renderer that shows only what changed) */
export function screenItems(s: SeatScreen): Map<string, { owner?: number; item: Item }> {
  const out = new Map<string, { owner?: number; item: Item }>();
  for (const i of [...s.table.items, ...s.table.zones]) out.set(i.key, { item: i });
  for (const m of s.places) {
    m.places.forEach((p) => {
      const value = [...p.values.map((v) => `${v.label}: ${v.value}`), ...p.zones.map((z) => `${z.label}: ${z.value}`)].join(' · ');
      if (value !== '') out.set(`place:${m.id}:${p.name}`, { item: { key: `place:${m.id}:${p.name}`, label: `${m.label} · ${p.name}`, value, ...changedOf(p) } });
    });
  }
  for (const panel of s.seats) for (const i of [...panel.items, ...panel.zones]) out.set(i.key, { owner: panel.seat, item: i });
  return out;
}

function changedOf(p: PlaceItem): { changedBy?: string } {
  const r = [...p.values, ...p.zones].find((x) => x.changedBy !== undefined)?.changedBy;
  return r === undefined ? {} : { changedBy: r };
}
