/**
 * The terminal player's screen: a seat's screen (src/present/screen.ts, the model the page renders
 * too) as text for a terminal of a given width. `renderScreen` is pure — the screen and what this
 * seat was shown last time in, text out — so a seat's text can hold only what its view holds (the
 * secrets tests render views of coupled worlds and compare them). After a seat's first screen only
 * what changed is printed again; the whole table and the rules behind the changes are a choice away.
 */
import { styleText } from 'node:util';
import type { LogEntry, SeatView } from '../interpreter/api.ts';
import type { Declarations } from '../present/declarations.ts';
import { Namer, narrate } from '../present/narrate.ts';
import { rawValue, screenItems, seatScreen, type Item, type SeatScreen, type Sentence } from '../present/screen.ts';
import { terminalText, type Lang } from './terminal-text.ts';

export type { Lang } from './terminal-text.ts';

/** the width when the terminal does not say (a pipe, a file) */
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
  for (let tok of tokens) {
    if (/^\s+$/.test(tok)) {
      if (!lineStart) line += ' ';
      continue;
    }
    if (!lineStart && columns(line + tok) > width) {
      lines.push(line.trimEnd());
      line = cont;
      lineStart = true;
    }
    // a word longer than the line is cut
    while (columns(line + tok) > width && tok.length > 1) {
      let cut = 1;
      while (cut < tok.length && columns(line + tok.slice(0, cut + 1)) <= width) cut++;
      lines.push(line + tok.slice(0, cut));
      tok = tok.slice(cut);
      line = cont;
    }
    line += tok;
    lineStart = false;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length > 0 ? lines : [indent];
}

/** a value without declarations: ids as they are (kept for callers that print raw values) */
export const fmtValue = rawValue;

/** a log entry as it is (for tools; the player's screen words entries with `narrate`) */
export function fmtLogEntry(e: LogEntry): string {
  const d = Object.entries(e.data)
    .map(([k, v]) => `${k}=${fmtValue(v)}`)
    .join(' ');
  return `[${e.rule}] ${e.event}${d ? ' ' + d : ''}`;
}

/** one log entry in words for a spectator (undefined: nothing worth a line) */
export function logLine(e: LogEntry, decl: Declarations | undefined, lang: Lang, viewer: number): string | undefined {
  const lines = narrate([e], new Namer(lang, viewer, decl));
  return lines.length === 0 ? undefined : lines.map((l) => l.text).join(' ');
}

// ---- the screen ----------------------------------------------------------------------------------

export interface RenderOptions {
  paint?: Paint;
  /** the terminal's columns (default WIDTH) */
  width?: number;
  /** a decision with one option: the screen is the same, the prompt is not asked */
  quiet?: boolean;
  /** what this seat was shown of the table last time (item key -> its text): only what changed
   *  is printed; without it, the whole table */
  shown?: ReadonlyMap<string, string>;
}

export interface Rendered {
  text: string;
  /** every item of the table as this screen has it (item key -> its text), for the next `shown` */
  items: Map<string, string>;
}

function header(text: string, paint: Paint, width: number): string {
  const pad = Math.max(3, width - columns(text) - 4);
  return paint.head(`━━ ${text} ${'━'.repeat(pad)}`);
}

const itemText = (i: Item): string => `${i.label}: ${i.value}`;

/** the lines of sentences (at most `max`, the last ones) */
function sentenceLines(said: readonly Sentence[], paint: Paint, width: number, max: number, earlier: string): string[] {
  const lines: string[] = [];
  if (said.length > max) lines.push(`  … ${said.length - max} ${earlier}`);
  for (const l of said.slice(-max)) {
    if (l.heading) lines.push(paint.bold(`  ── ${l.text} ──`));
    else if (l.you) lines.push(...wrap(l.text, '  ', width).map((x) => paint.bad(x)));
    else lines.push(...wrap(l.text, '  ', width));
  }
  return lines;
}

/** the whole table: the game's, the seat's own, the other seats' */
function wholeTable(s: SeatScreen, paint: Paint, width: number): string[] {
  const t = terminalText(s.lang);
  const lines: string[] = [];
  const add = (text: string, indent: string): void => void lines.push(...wrap(text, indent, width));
  if (s.table.items.length > 0 || s.table.zones.length > 0) {
    lines.push(paint.bold(`${t.zones}:`));
    if (s.table.items.length > 0) add(s.table.items.map(itemText).join(' · '), '  ');
    for (const z of s.table.zones) add(itemText(z), '  ');
  }
  const me = s.seats[s.seat];
  if (me) {
    lines.push(paint.bold(`${t.yourVars}${me.out ? ` (${t.out})` : ''}:`));
    if (me.items.length > 0) add(me.items.map(itemText).join(' · '), '  ');
    for (const z of me.zones) add(itemText(z), '  ');
    for (const fx of me.effects) add(`· ${fx}`, '    ');
  }
  if (s.seats.length > 1) {
    lines.push(paint.bold(`${t.others}:`));
    for (const panel of s.seats) {
      if (panel.you) continue;
      const parts = [...panel.items, ...panel.zones].map(itemText);
      add(`${panel.name}${panel.out ? ` (${t.out})` : ''}: ${parts.join(' · ') || t.nothing}`, '  ');
    }
  }
  return lines;
}

/** the items whose text differs from what the seat was shown, each with whose it is */
function changedLines(s: SeatScreen, now: Map<string, string>, shown: ReadonlyMap<string, string>, width: number): { lines: string[]; unchanged: number } {
  const t = terminalText(s.lang);
  const all = screenItems(s);
  const lines: string[] = [];
  let unchanged = 0;
  for (const [key, text] of now) {
    if (shown.get(key) === text) {
      unchanged++;
      continue;
    }
    const owner = all.get(key)?.owner;
    const who = owner === undefined ? '' : owner === s.seat ? `${t.yourVars} · ` : `${t.seatName(owner)} · `;
    lines.push(...wrap(`${who}${text}`, '  ', width));
  }
  // what was there and is gone (a zone emptied, a value back to nothing)
  for (const [key, text] of shown) {
    if (now.has(key)) continue;
    const label = text.slice(0, text.indexOf(': ') >= 0 ? text.indexOf(': ') : text.length);
    const owner = /^seat:(\d+):/.exec(key)?.[1];
    const who = owner === undefined ? '' : Number(owner) === s.seat ? `${t.yourVars} · ` : `${t.seatName(Number(owner))} · `;
    lines.push(...wrap(`${who}${label}: —`, '  ', width));
  }
  return { lines, unchanged };
}

/**
 * Everything `screen.seat` may see. The first screen of a seat (no `shown`) holds the whole table;
 * later ones only the items that changed since that seat's last screen.
 */
export function renderScreen(s: SeatScreen, opts: RenderOptions = {}): Rendered {
  const paint = opts.paint ?? plain;
  const width = Math.max(40, opts.width ?? WIDTH);
  const t = terminalText(s.lang);
  const lines: string[] = [];
  const add = (text: string, indent = ''): void => void lines.push(...wrap(text, indent, width));
  const title = [s.game || undefined, s.round !== undefined ? t.round(s.round) : undefined, `${t.youAre(s.seat)} — ${s.players} ${t.players}`].filter(Boolean).join(' · ');
  lines.push(header(title, paint, width));
  if (s.decision?.phase) lines.push(...wrap(s.decision.phase, '   ', width).map((l) => paint.dim(l)));

  lines.push(paint.bold(`${t.since}:`));
  if (s.changes.length === 0) lines.push(`  ${t.nothing}`);
  lines.push(...sentenceLines(s.changes, paint, width, 40, t.earlier));

  const items = new Map([...screenItems(s)].filter(([key]) => !key.startsWith('place:')).map(([key, x]) => [key, itemText(x.item)] as const));
  if (opts.shown === undefined) lines.push(...wholeTable(s, paint, width));
  else {
    const { lines: changed, unchanged } = changedLines(s, items, opts.shown, width);
    lines.push(paint.bold(`${t.changed}:`));
    lines.push(...(changed.length > 0 ? changed : [`  ${t.nothing}`]));
    if (unchanged > 0) lines.push(paint.dim(`  ${t.unchanged(unchanged)}`));
  }

  if (s.answered.length > 0) add(`${t.answered}: ${s.answered.join(' · ')}`);
  if (s.decision && !opts.quiet) add(`» ${s.decision.prompt} — ${t.waiting}: ${s.decision.waitingFor}`);
  return { text: lines.join('\n') + '\n', items };
}

/** why the changes since the seat's last decision happened: each rule, its words, its source lines */
export function renderWhy(s: SeatScreen, opts: { paint?: Paint; width?: number } = {}): string {
  const paint = opts.paint ?? plain;
  const width = Math.max(40, opts.width ?? WIDTH);
  const t = terminalText(s.lang);
  const lines: string[] = [paint.bold(`${t.whyTitle}:`)];
  const rules: string[] = [];
  for (const x of s.changes) if (!x.heading && !rules.includes(x.rule)) rules.push(x.rule);
  if (s.decision && !rules.includes(s.decision.rule)) rules.push(s.decision.rule);
  let told = 0;
  for (const rule of rules) {
    const why = s.why[rule];
    if (!why) continue;
    told++;
    const said = s.changes.filter((x) => x.rule === rule && !x.heading).map((x) => x.text);
    lines.push(...wrap(`• ${why.text}`, '  ', width).map((l, i) => (i === 0 ? paint.bold(l) : l)));
    if (said.length > 0) lines.push(...wrap(`${t.made}: ${said.slice(0, 3).join(' / ')}${said.length > 3 ? ' / …' : ''}`, '    ', width).map((l) => paint.dim(l)));
    for (const c of why.cites) lines.push(...wrap(`${t.sourceLine(c.seed, c.from, c.to)}: 「${c.quote}」`, '    ', width));
    if (why.assumption) lines.push(...wrap(`${t.assumption}: ${why.assumption}`, '    ', width));
    lines.push(...wrap(`${t.ruleId}: ${rule}`, '    ', width).map((l) => paint.dim(l)));
  }
  if (told === 0) lines.push(`  ${t.nothing}`);
  return lines.join('\n') + '\n';
}

/** a seat's screen from its view, whole (tests; the secrets tests compare these texts) */
export function renderView(view: SeatView, lang: Lang, logFrom: number, decl?: Declarations, opts: RenderOptions = {}): string {
  return renderScreen(seatScreen({ view, decl, lang, since: logFrom }), opts).text;
}

export interface GameOverOptions {
  paint?: Paint;
  width?: number;
  /** the game seed, shown now that the game is over */
  seed?: number;
}

/**
 * The end, as the seat sees it: the last round's events, who won and why (the end rule, the
 * result rule, the tie-break that decided), the scores, who was eliminated and when, the seed.
 */
export function renderGameOver(s: SeatScreen, gameName: string, opts: GameOverOptions = {}): string {
  const paint = opts.paint ?? plain;
  const width = Math.max(40, opts.width ?? WIDTH);
  const t = terminalText(s.lang);
  const lines: string[] = [];
  const add = (text: string, indent = ''): void => void lines.push(...wrap(text, indent, width));
  let last = -1;
  s.log.forEach((l, i) => void (l.heading && (last = i)));
  const said = last >= 0 ? s.log.slice(last) : s.changes;
  if (said.length > 0) {
    lines.push('');
    lines.push(paint.bold(`${t.lastRound}:`));
    for (const l of said) {
      if (l.heading) lines.push(paint.bold(`  ── ${l.text} ──`));
      else add(l.text, '  ');
    }
  }
  lines.push('');
  lines.push(header(`${t.over}: ${gameName}`, paint, width));
  const r = s.over;
  if (r) {
    lines.push(paint.good(`${t.winners}: ${r.winners}`));
    if (r.why.length > 0) add(`${t.why}: ${r.why.join(' ')}`);
    for (const l of r.tieBreak) add(l);
    // one line, whatever its length: tools read it
    lines.push(`${t.scores}: ${r.scores.map((x) => `${x.name}: ${x.score}`).join(', ')}`);
    if (r.eliminated.length > 0) add(r.eliminated.join('; '));
    // rule ids only when there is no spec to give the rules' words
    lines.push(r.why.length > 0 ? `${t.rounds}: ${r.rounds}` : `${t.end}: ${r.ended} (${r.resultRule}); ${t.rounds}: ${r.rounds}`);
  }
  if (opts.seed !== undefined) lines.push(paint.dim(t.seedAfter(opts.seed)));
  return lines.join('\n') + '\n';
}
