/**
 * What happened, as sentences for a seat: the log entries of its view, worded with the game's
 * names (its Declarations) by the event readings (docgen/readings/events.ts). Pure: the entries
 * and the view in, lines out. Each sentence keeps the rule that made it (the "why"). Resets of
 * scratch values (a var set back to its start value) are left out; several seats doing the same
 * thing make one sentence.
 */
import type { Json, LogEntry, SeatView } from '../interpreter/api.ts';
import { EVENTS, type EventTemplates } from '../docgen/readings/events.ts';
import type { Declarations, VarInfo } from './declarations.ts';
import { seatNumber, tableWords, type Lang } from './words.ts';

/** the names a screen needs, in one language, for one viewer (-1: a spectator) */
export class Namer {
  readonly ev: EventTemplates;
  readonly t;
  /** card id -> kind, for the cards the view shows */
  private readonly kinds = new Map<number, string>();

  constructor(
    readonly lang: Lang,
    readonly viewer: number,
    readonly model: Declarations | undefined,
    view?: SeatView,
  ) {
    this.ev = EVENTS[lang];
    this.t = tableWords(lang);
    if (view) {
      const note = (cards: Json[]): void => {
        for (const c of cards) if (c !== null && typeof c === 'object' && !Array.isArray(c) && typeof c['card'] === 'number' && typeof c['kind'] === 'string') this.kinds.set(c['card'], c['kind']);
      };
      Object.values(view.zones).forEach(note);
      view.seats.forEach((s) => Object.values(s.zones).forEach(note));
    }
  }

  seat(s: number, capital = true): string {
    if (s === this.viewer) return this.lang === 'zh' ? '你' : capital ? 'You' : 'you';
    return this.t.seatName(s);
  }

  seats(list: number[]): string {
    if (list.length === 0) return this.ev.none;
    const you = list.includes(this.viewer);
    const others = list.filter((s) => s !== this.viewer);
    const names = others.length > 1 && this.lang === 'en' ? [`Seats ${this.t.and(others.map((s) => String(seatNumber(s))))}`] : others.map((s) => this.t.seatName(s));
    return this.t.and(you ? [this.seat(this.viewer), ...names] : names);
  }

  card(kind: string): string {
    return this.model?.cards.get(kind)?.name[this.lang] ?? kind;
  }

  /** does the view show this card (so its name can be said)? */
  knows(id: number): boolean {
    return this.kinds.has(id);
  }

  cardById(id: number): string {
    const k = this.kinds.get(id);
    return k === undefined ? this.t.cards(1) : this.card(k);
  }

  /** cards by name, alike ones counted (`BANG! ×2`), with the total of their one numeric prop */
  cards(kinds: string[]): string {
    const counts = new Map<string, number>();
    for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
    const listed = [...counts].map(([k, n]) => (n > 1 ? `${this.card(k)} ${this.ev.times(n)}` : this.card(k))).join(', ');
    const total = kinds.length > 1 ? this.total(kinds) : undefined;
    return total === undefined ? listed : `${listed} (${this.ev.totalOf(this.ev.number(total))})`;
  }

  /** the sum of the cards' values, when every card has the same single numeric prop */
  total(kinds: string[]): number | undefined {
    if (!this.model || kinds.length === 0) return undefined;
    let prop: string | undefined;
    let sum = 0;
    for (const k of kinds) {
      const nums = this.model.cards.get(k)?.numbers ?? {};
      const keys = Object.keys(nums);
      if (keys.length !== 1 || (prop !== undefined && keys[0] !== prop)) return undefined;
      prop = keys[0]!;
      sum += nums[prop]!;
    }
    return sum;
  }

  /** a zone's name; `id[key]` is the zone of one item */
  zone(ref: string): string {
    const m = /^([^[]+)\[(.+)\]$/.exec(ref);
    const id = m ? m[1]! : ref;
    const label = this.model?.zones.get(id)?.label[this.lang] ?? id;
    return m ? `${label} (${this.card(m[2]!)})` : label;
  }

  /** a zone named inside a sentence (lower-case first letter in English, unless a name) */
  zoneInSentence(ref: string, owner: number | undefined): string {
    let z = this.zone(ref);
    if (this.lang === 'en' && /^[A-Z][a-z]/.test(z)) z = z[0]!.toLowerCase() + z.slice(1);
    return owner === undefined ? z : this.ev.seatZone(this.seat(owner, false), owner === this.viewer, z);
  }

  varInfo(id: string, seat: boolean): VarInfo | undefined {
    return (seat ? this.model?.seatVars : this.model?.vars)?.get(id);
  }

  varLabel(id: string, seat: boolean): string {
    return this.varInfo(id, seat)?.label[this.lang] ?? id;
  }

  /** a var's value in words: seats by name, cards by name, answers by their label */
  value(v: Json, info: VarInfo | undefined): string {
    if (v === null) return this.ev.none;
    if (typeof v === 'boolean') return v ? this.ev.yes : this.ev.no;
    if (typeof v === 'number') {
      if (info?.type === 'seat') return this.seat(v, false);
      if (info?.type === 'card') return this.cardById(v);
      const place = info?.type !== undefined ? this.model?.spaces.get(info.type.replace(/\[\]$/, ''))?.names[v] : undefined;
      if (place) return place[this.lang];
      return this.ev.number(v);
    }
    if (typeof v === 'string') {
      const label = info?.labels?.[v];
      if (label) return label[this.lang];
      if (this.model?.cards.has(v)) return this.card(v);
      return v;
    }
    if (Array.isArray(v)) {
      const item = info?.type === 'seats' ? { ...info, type: 'seat' } : info?.type === 'cards' ? { ...info, type: 'card' } : info;
      return v.length === 0 ? this.ev.none : v.map((x) => this.value(x, item)).join(', ');
    }
    if (typeof v['card'] === 'number') return this.cardValue(v);
    // one value per place (a keyed var): the places that hold something, by name
    const kept = Object.entries(v).filter(([, x]) => !this.isBlank(x, undefined));
    if (kept.length === 0) return this.ev.none;
    return kept.map(([k, x]) => `${this.card(k)} ${this.value(x, info ? { ...info, labels: {} } : undefined)}`).join(', ');
  }

  /** a card as a view shows it: its kind's name, or the name of the front it shows */
  cardValue(c: { [k: string]: Json }): string {
    if (typeof c['kind'] === 'string') return this.card(c['kind']);
    if (typeof c['front'] === 'string') return this.card(c['front']);
    return this.t.cards(1);
  }

  /** a value not worth a line: unset, empty, or the var's start value (a seat's number is a
   *  seat: seat 0 is no blank) */
  isBlank(v: Json | undefined, info: VarInfo | undefined): boolean {
    if (v === 0 && (info?.type === 'seat' || info?.type === 'card' || (info !== undefined && this.model?.spaces.has(info.type) === true))) return false;
    if (v === null || v === undefined || v === '' || v === 0 || v === false) return true;
    if (Array.isArray(v) && v.length === 0) return true;
    if (typeof v === 'object' && !Array.isArray(v) && v['card'] === undefined) return Object.values(v).every((x) => this.isBlank(x, undefined));
    return info?.initial !== undefined && v === info.initial;
  }
}

/** a sentence; `rule`: the rule whose log entry it tells (its "why"); `you`: it names the viewer
 *  as the one an answer points at (`Seat 3 … : you`) */
export type Line = { text: string; rule: string; heading?: boolean; you?: boolean };

const num = (v: Json | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

/**
 * The sentences for `entries` (consecutive log entries of a view). A heading line marks a new
 * round. Without a model the entries are still worded, by their ids.
 */
export function narrate(entries: readonly LogEntry[], names: Namer): Line[] {
  const { model, ev } = names;
  const out: Line[] = [];
  // a var set several times in a row of entries says only its last value
  const lastSet = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.event === 'set' && typeof e.data['var'] === 'string') lastSet.set(`${e.data['var']}|${String(e.data['seat'])}|${String(e.data['key'])}`, i);
  });
  /** the previous line, when the next entry may join it (same sentence, more seats) */
  let group: { key: string; seats: number[]; make: (who: string) => string; at: number } | undefined;
  let rule = '';
  const push = (text: string): void => {
    group = undefined;
    out.push({ text, rule });
  };
  const joinable = (key: string, seat: number, make: (who: string) => string): void => {
    if (group && group.key === key && !group.seats.includes(seat)) {
      group.seats.push(seat);
      out[group.at] = { ...out[group.at]!, text: group.make(names.seats(group.seats)) };
      return;
    }
    out.push({ text: make(names.seats([seat])), rule });
    group = { key, seats: [seat], make, at: out.length - 1 };
  };
  entries.forEach((e, i) => {
    const d = e.data;
    rule = e.rule;
    switch (e.event) {
      case 'set': {
        const id = String(d['var']);
        const seat = num(d['seat']);
        if (id === model?.roundVar && seat === undefined && typeof d['value'] === 'number') {
          group = undefined;
          out.push({ text: names.t.round(d['value']), rule, heading: true });
          return;
        }
        if (lastSet.get(`${id}|${String(d['seat'])}|${String(d['key'])}`) !== i) return;
        const info = names.varInfo(id, seat !== undefined);
        if (model && !info) return; // a var that does not matter in this game
        const value = d['value'] as Json;
        if (names.isBlank(value, info)) return;
        const label = names.varLabel(id, seat !== undefined) + (typeof d['key'] === 'string' ? ` (${names.card(d['key'])})` : '');
        const shown = names.value(value, info);
        if (seat === undefined) push(ev.became(label, undefined, shown));
        else joinable(`set|${id}|${JSON.stringify(value)}`, seat, (who) => ev.became(label, who, shown));
        return;
      }
      case 'choose': {
        const seat = num(d['seat']) ?? -1;
        const choice = model?.choices.get(String(d['choice']));
        const prompt = choice?.prompt[names.lang] ?? String(d['choice'] ?? e.rule);
        if (!('value' in d)) {
          joinable(`secret|${String(d['choice'] ?? e.rule)}`, seat, (who) => ev.choseSecretly(who, prompt));
          return;
        }
        const v = d['value'] as Json;
        const label = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? choice?.labels[String(v)]?.[names.lang] : undefined;
        const type = choice?.type === 'seats' ? 'seat' : choice?.type === 'cards' ? 'card' : choice?.type;
        const answer = label ?? names.value(v, type === undefined ? undefined : { id: '', label: { en: '', zh: '' }, type });
        joinable(`chose|${String(d['choice'])}|${JSON.stringify(v)}`, seat, (who) => (label !== undefined ? ev.choseLabelled(who, label) : ev.chose(who, prompt, answer)));
        if (type === 'seat' && v === names.viewer && seat !== names.viewer) out[out.length - 1]!.you = true;
        return;
      }
      case 'move': {
        const count = num(d['count']) ?? 0;
        const shows = Array.isArray(d['shows']) ? (d['shows'] as Json[]).filter((k): k is string => typeof k === 'string') : [];
        const what = shows.length > 0 ? names.cards(shows) : undefined;
        const fromSeat = num(d['fromSeat']);
        const toSeat = num(d['toSeat']);
        const from = String(d['from']);
        const to = String(d['to']);
        if (fromSeat !== undefined && (toSeat === undefined || toSeat === fromSeat) && what === undefined) {
          // seats moving their own unseen cards (to their own zone, or to the table): one sentence for all
          const own = toSeat === fromSeat;
          joinable(`move|${from}|${to}|${count}|${own}`, fromSeat, (who) => `${who}: ${ev.moved(count, names.zoneInSentence(from, undefined), names.zoneInSentence(to, undefined), undefined)}`);
          return;
        }
        push(ev.moved(count, names.zoneInSentence(from, fromSeat), names.zoneInSentence(to, toSeat), what));
        return;
      }
      case 'split': {
        const among = Array.isArray(d['among']) ? (d['among'] as number[]) : [];
        const left = num(d['left']) ?? 0;
        push(among.length === 0 ? ev.sharedNobody(left) : ev.shared(names.seats(among), ev.number(num(d['share']) ?? 0), left));
        return;
      }
      case 'eliminate':
        push(ev.eliminated(names.seat(num(d['seat']) ?? -1)));
        return;
      case 'end': {
        const why = model?.rules.get(String(d['end']))?.text[names.lang];
        push(ev.ended(why ?? String(d['end'])));
        return;
      }
      case 'shuffle': {
        const z = String(d['zone']);
        if (!model || model.zones.has(z)) push(ev.shuffled(names.zone(z)));
        return;
      }
      case 'reveal':
      case 'peek': {
        const kinds = Array.isArray(d['kinds']) ? (d['kinds'] as Json[]).filter((k): k is string => typeof k === 'string') : [];
        if (kinds.length > 0) push(e.event === 'reveal' ? ev.revealed(names.cards(kinds)) : `${names.seat(num(d['seat']) ?? -1)}: ${names.cards(kinds)}`);
        return;
      }
      case 'log': {
        const text = d[names.lang];
        if (typeof text === 'string') push(text);
        return;
      }
      default: {
        // an event without its own sentence: the rule that made it, in words
        const text = model?.rules.get(e.rule)?.text[names.lang];
        if (text) push(text);
      }
    }
  });
  return out;
}
