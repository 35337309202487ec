/**
 * The terminal player's screen: a seat's view rendered with the game's public declarations
 * (ScreenModel). `renderView` is pure — the view, the language, the model and the previous
 * view of the same seat in; text out — so a seat's screen can hold only what its view holds
 * (the secrets tests render views of coupled worlds and compare them).
 */
import { styleText } from 'node:util';
import type { GameResult, Json, LogEntry, SeatView } from '../interpreter/api.ts';
import { Namer, narrate } from './narrate.ts';
import type { ScreenModel } from './screen-model.ts';
import { terminalText, type Lang } from './terminal-text.ts';

export type { Lang } from './terminal-text.ts';
/** the screen's own words (kept under its old name for callers) */
export const ui = terminalText;

/** the terminal's width the screen is made for */
export const WIDTH = 80;

export interface Paint {
  bold(s: string): string;
  dim(s: string): string;
  head(s: string): string;
  good(s: string): string;
  bad(s: string): string;
}

/** colours, or none (a pipe, NO_COLOR): then every function gives its text back */
export function painter(on: boolean): Paint {
  const style = (f: Parameters<typeof styleText>[0]) => (s: string) => (on ? styleText(f, s) : s);
  return { bold: style('bold'), dim: style('dim'), head: style(['bold', 'cyan']), good: style(['bold', 'green']), bad: style('red') };
}
const plain = painter(false);

// ---- widths: CJK characters take two columns --------------------------------------------------

const wide = (cp: number): boolean =>
  (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6);

export function columns(s: string): number {
  let n = 0;
  for (const ch of s.replace(/\x1b\[[0-9;]*m/g, '')) n += wide(ch.codePointAt(0)!) ? 2 : 1;
  return n;
}

/** wrap plain text to `width` columns; continuation lines get `indent` plus two spaces */
export function wrap(text: string, indent = '', width = WIDTH): string[] {
  const lines: string[] = [];
  const cont = indent + '  ';
  let line = indent;
  let lineStart = true;
  // break at spaces, and anywhere between CJK characters
  const tokens = text.match(/[\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60][，。、；：）」』！？,.;:)]*|[^\s\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]+|\s+/g) ?? [];
  for (const tok of tokens) {
    if (/^\s+$/.test(tok)) {
      if (!lineStart) line += ' ';
      continue;
    }
    if (!lineStart && columns(line + tok) > width) {
      lines.push(line.trimEnd());
      line = cont;
      lineStart = true;
    }
    line += tok;
    lineStart = false;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length > 0 ? lines : [indent];
}

// ---- values and zones ----------------------------------------------------------------------------

/** a value without a model: ids as they are */
export function fmtValue(v: Json): string {
  if (v === null) return '?';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(fmtValue).join(', ')}]`;
  if (typeof v['kind'] === 'string') return v['kind'];
  for (const k of ['name', 'id', 'type']) {
    const x = v[k];
    if (typeof x === 'string') return x;
  }
  return `{${Object.entries(v).map(([k, x]) => `${k}: ${fmtValue(x)}`).join(', ')}}`;
}

/** the kind a card shows, or the front it shows when its kind hides behind a shared front */
const kindOf = (c: Json): string | undefined => {
  if (typeof c === 'string') return c;
  if (c === null || typeof c !== 'object' || Array.isArray(c)) return undefined;
  return typeof c['kind'] === 'string' ? c['kind'] : typeof c['front'] === 'string' ? c['front'] : undefined;
};

/** a zone's cards: the seen ones by name (alike ones counted, values totalled), the rest counted */
function zoneText(cards: Json[], names: Namer): string {
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
      else other.push(fmtValue(c));
    }
  }
  const parts: string[] = [];
  if (kinds.length > 0) parts.push(kinds.length > 1 && names.total(kinds) !== undefined ? `${t.cards(kinds.length)}: ${names.cards(kinds)}` : names.cards(kinds));
  if (other.length > 0) parts.push(other.slice(0, 24).join(', ') + (other.length > 24 ? ', …' : ''));
  if (hidden > 0) parts.push(t.faceDown(hidden));
  return parts.join('; ');
}

/** kept for callers that print zones without a model */
export function fmtZone(cards: Json[], lang: Lang): string {
  return zoneText(cards, new Namer(lang, -1, undefined));
}

/** a log entry as it is (for tools; the player's screen words entries with `narrate`) */
export function fmtLogEntry(e: LogEntry): string {
  const d = Object.entries(e.data)
    .map(([k, v]) => `${k}=${fmtValue(v)}`)
    .join(' ');
  return `[${e.rule}] ${e.event}${d ? ' ' + d : ''}`;
}

/** one log entry in words for a spectator (undefined: nothing worth a line) */
export function logLine(e: LogEntry, model: ScreenModel | undefined, lang: Lang, viewer: number): string | undefined {
  const lines = narrate([e], new Namer(lang, viewer, model));
  return lines.length === 0 ? undefined : lines.map((l) => l.text).join(' ');
}

// ---- the screen ----------------------------------------------------------------------------------

/** the vars of a seat (or of the game) worth showing: those that matter, not blank */
function varsText(vars: Record<string, Json>, seat: boolean, names: Namer): string[] {
  const out: string[] = [];
  const model = names.model;
  for (const [id, v] of Object.entries(vars)) {
    if (seat === false && id === model?.roundVar) continue;
    const info = names.varInfo(id, seat);
    if (model && !info) continue;
    if (v === null || (model && names.isBlank(v, info))) continue;
    // a card this seat no longer sees (its chosen card, since discarded face down) says nothing
    if (info?.type === 'card' && typeof v === 'number' && !names.knows(v)) continue;
    out.push(`${names.varLabel(id, seat)}: ${names.value(v, info)}`);
  }
  return out;
}

function zonesShown(zones: Record<string, Json[]>, names: Namer): [string, Json[]][] {
  return Object.entries(zones).filter(([id, cards]) => (names.model ? names.model.zones.has(id) && cards.length > 0 : true));
}

/** the effect texts of the seat's own cards that have one (a power card) */
function effects(view: SeatView, names: Namer): string[] {
  const me = view.seats[view.seat];
  if (!me || !names.model) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [, cards] of zonesShown(me.zones, names)) {
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

export interface RenderOptions {
  paint?: Paint;
  /** a decision with one option: the screen is the same, the prompt is not asked */
  quiet?: boolean;
}

/** the round the view is in, from the model's round var */
function roundOf(view: SeatView, model: ScreenModel | undefined): number | undefined {
  const v = model?.roundVar !== undefined ? view.vars[model.roundVar] : view.vars['round'];
  return typeof v === 'number' && v > 0 ? v : undefined;
}

function header(text: string, paint: Paint): string {
  const pad = Math.max(3, WIDTH - columns(text) - 4);
  return paint.head(`━━ ${text} ${'━'.repeat(pad)}`);
}

/**
 * Everything `view.seat` may see, on 80 columns; `logFrom` = index of the first log entry not
 * yet shown to it. With a model: names and texts from the spec, only what matters under the
 * options; without one (a game with no spec at hand): the view's ids.
 */
export function renderView(view: SeatView, lang: Lang, logFrom: number, model?: ScreenModel, opts: RenderOptions = {}): string {
  const paint = opts.paint ?? plain;
  const names = new Namer(lang, view.seat, model, view);
  const t = names.t;
  const lines: string[] = [];
  const add = (text: string, indent = ''): void => void lines.push(...wrap(text, indent));
  const round = roundOf(view, model);
  const title = [model?.name[lang], round !== undefined ? t.round(round) : undefined, `${t.youAre(view.seat)} — ${view.players} ${t.players}`].filter(Boolean).join(' · ');
  lines.push(header(title, paint));
  if (view.pending?.kind === 'choice') {
    const phase = model?.rules.get(view.pending.rule)?.[lang];
    if (phase) lines.push(...wrap(phase, '   ').map((l) => paint.dim(l)));
  }

  const fresh = view.log.slice(Math.min(logFrom, view.log.length));
  lines.push(paint.bold(`${t.since}:`));
  const said = narrate(fresh, names);
  if (said.length === 0) lines.push(`  ${t.nothing}`);
  const MAX = 40;
  if (said.length > MAX) lines.push(`  … ${said.length - MAX} ${t.earlier}`);
  for (const l of said.slice(-MAX)) {
    if (l.heading) lines.push(paint.bold(`  ── ${l.text} ──`));
    else if (l.you) lines.push(...wrap(l.text, '  ').map((x) => paint.bad(x)));
    else add(l.text, '  ');
  }

  const gameVars = varsText(view.vars, false, names);
  const gameZones = zonesShown(view.zones, names);
  if (gameVars.length > 0 || gameZones.length > 0) {
    lines.push(paint.bold(`${t.zones}:`));
    if (gameVars.length > 0) add(gameVars.join(' · '), '  ');
    for (const [z, cards] of gameZones) add(`${names.zone(z)}: ${zoneText(cards, names)}`, '  ');
  }

  const me = view.seats[view.seat];
  if (me) {
    const mine = varsText(me.vars, true, names);
    lines.push(paint.bold(`${t.yourVars}${me.out ? ` (${t.out})` : ''}:`));
    if (mine.length > 0) add(mine.join(' · '), '  ');
    for (const [z, cards] of zonesShown(me.zones, names)) add(`${names.zone(z)}: ${zoneText(cards, names)}`, '  ');
    for (const fx of effects(view, names)) add(`· ${fx}`, '    ');
  }

  if (view.seats.length > 1) {
    lines.push(paint.bold(`${t.others}:`));
    view.seats.forEach((s, i) => {
      if (i === view.seat) return;
      const parts = [...varsText(s.vars, true, names), ...zonesShown(s.zones, names).map(([z, cards]) => `${names.zone(z)}: ${zoneText(cards, names)}`)];
      add(`${t.seatName(i)}${s.out ? ` (${t.out})` : ''}: ${parts.join(' · ') || t.nothing}`, '  ');
    });
  }

  const answered = Object.entries(view.myAnswers);
  if (answered.length > 0) {
    add(`${t.answered}: ${answered.map(([k, v]) => `${model?.choices.get(k)?.prompt[lang] ?? k}: ${names.value(v, choiceType(model, k))}`).join(' · ')}`);
  }
  if (view.pending?.kind === 'choice' && !opts.quiet) {
    const p = view.pending;
    add(`» ${p.prompt[lang]} — ${t.waiting}: ${names.seats(p.waitingFor)}`);
  }
  return lines.join('\n') + '\n';
}

function choiceType(model: ScreenModel | undefined, id: string): { id: string; label: { en: string; zh: string }; type: string } | undefined {
  const type = model?.choices.get(id)?.type;
  return type === undefined ? undefined : { id, label: { en: '', zh: '' }, type };
}

export interface GameOverOptions {
  /** first log entry not yet shown to this seat */
  logFrom: number;
  paint?: Paint;
  /** the game seed, shown now that the game is over */
  seed?: number;
}

/** the round each seat was eliminated in, from the view's log */
function eliminations(log: readonly LogEntry[], model: ScreenModel | undefined): { seat: number; round: number | undefined }[] {
  const out: { seat: number; round: number | undefined }[] = [];
  let round: number | undefined;
  for (const e of log) {
    if (e.event === 'set' && e.data['var'] === (model?.roundVar ?? 'round') && e.data['seat'] === undefined && typeof e.data['value'] === 'number') round = e.data['value'];
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
    lines.push(
      names.ev.tieBroken(names.varLabel(k.var, true), !k.desc, tied.map((s, i) => `${names.seat(s)} ${names.value(values[i] ?? null, names.varInfo(k.var!, true))}`).join(', ')),
    );
    break;
  }
  return lines;
}

/**
 * The end, as `view.seat` sees it: the last round's events, who won and why (the end rule, the
 * result rule, the tie-break that decided), the scores, who was eliminated and when, the seed.
 */
export function renderGameOver(view: SeatView, gameName: string, lang: Lang, model: ScreenModel | undefined, opts: GameOverOptions): string {
  const paint = opts.paint ?? plain;
  const names = new Namer(lang, view.seat, model, view);
  const t = names.t;
  const r = view.result;
  const lines: string[] = [];
  const add = (text: string, indent = ''): void => void lines.push(...wrap(text, indent));
  const roundVar = model?.roundVar ?? 'round';
  let lastRound = -1;
  view.log.forEach((e, i) => {
    if (e.event === 'set' && e.data['var'] === roundVar && e.data['seat'] === undefined) lastRound = i;
  });
  const from = lastRound >= 0 ? lastRound : Math.min(opts.logFrom, view.log.length);
  const said = narrate(view.log.slice(from), names);
  if (said.length > 0) {
    lines.push('');
    lines.push(paint.bold(`${t.lastRound}:`));
    for (const l of said) {
      if (l.heading) lines.push(paint.bold(`  ── ${l.text} ──`));
      else add(l.text, '  ');
    }
  }
  lines.push('');
  lines.push(header(`${t.over}: ${gameName}`, paint));
  if (r) {
    lines.push(paint.good(`${t.winners}: ${r.winners.length ? r.winners.map((w) => t.seatName(w)).join(', ') : t.none}`));
    const why = [model?.rules.get(r.end)?.[lang], model?.rules.get(r.result)?.[lang]].filter((x): x is string => x !== undefined);
    if (why.length > 0) add(`${t.why}: ${why.join(' ')}`);
    for (const l of tieBreak(r, view, names)) add(l);
    lines.push(`${t.scores}: ${r.scores.map((s, i) => `${t.seatName(i)}: ${model ? names.ev.number(s) : s}`).join(', ')}`);
    const gone = eliminations(view.log, model);
    const outs = r.out.map((s) => gone.find((g) => g.seat === s) ?? { seat: s, round: undefined });
    if (outs.length > 0) add(outs.map((g) => t.eliminated(t.seatName(g.seat), g.round)).join('; '));
    // rule ids only when there is no spec to give the rules' words
    lines.push(model ? `${t.rounds}: ${r.rounds}` : `${t.end}: ${r.end} (${r.result}); ${t.rounds}: ${r.rounds}`);
  }
  if (opts.seed !== undefined) lines.push(paint.dim(t.seedAfter(opts.seed)));
  return lines.join('\n') + '\n';
}
