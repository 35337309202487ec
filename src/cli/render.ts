/** Text rendering of a seat's view for the terminal player. */
import type { Json, LogEntry, Pending, SeatView } from '../interpreter/api.ts';

export type Lang = 'en' | 'zh';

const UI = {
  en: {
    seat: 'Seat',
    you: 'you',
    players: 'players',
    game: 'Game',
    zones: 'Table',
    vars: 'Game',
    yourVars: 'You',
    others: 'Other seats',
    out: 'out',
    since: 'Since your last turn',
    earlier: 'earlier entries',
    nothing: '(nothing)',
    waiting: 'Waiting for',
    answered: 'Your secret answers so far',
    hidden: 'hidden',
    pass: (s: number) => `Pass the keyboard to seat ${s}, then press Enter`,
    over: 'Game over',
    winners: 'Winners',
    none: 'none',
    scores: 'Scores',
    end: 'End rule',
    rounds: 'Rounds',
    saved: 'Replay saved to',
    seed: 'seed',
  },
  zh: {
    seat: '座位',
    you: '你',
    players: '名玩家',
    game: '遊戲',
    zones: '桌面',
    vars: '遊戲',
    yourVars: '你',
    others: '其他座位',
    out: '出局',
    since: '自你上一回合以來',
    earlier: '條較早紀錄',
    nothing: '(無)',
    waiting: '等待',
    answered: '你目前的秘密選擇',
    hidden: '張暗牌',
    pass: (s: number) => `請把鍵盤交給座位 ${s},然後按 Enter`,
    over: '遊戲結束',
    winners: '贏家',
    none: '無',
    scores: '分數',
    end: '結束規則',
    rounds: '回合數',
    saved: '重播紀錄已存到',
    seed: '種子',
  },
} as const;

export function ui(lang: Lang): (typeof UI)[Lang] {
  return UI[lang];
}

export function fmtValue(v: Json): string {
  if (v === null) return '?';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(fmtValue).join(', ')}]`;
  for (const k of ['name', 'id', 'kind', 'type']) {
    const x = v[k];
    if (typeof x === 'string') return Object.keys(v).length === 1 ? x : `${x}${fmtValue(Object.fromEntries(Object.entries(v).filter(([kk]) => kk !== k)))}`;
  }
  return `{${Object.entries(v).map(([k, x]) => `${k}: ${fmtValue(x)}`).join(', ')}}`;
}

export function fmtZone(cards: Json[], lang: Lang): string {
  if (cards.length === 0) return '—';
  const hidden = cards.filter((c) => c === null).length;
  if (hidden === cards.length) return `${hidden} ${ui(lang).hidden}`;
  const shown = cards.filter((c) => c !== null).map(fmtValue);
  const max = 24;
  const list = shown.length > max ? shown.slice(0, max).join(', ') + `, … (+${shown.length - max})` : shown.join(', ');
  return hidden > 0 ? `${list} (+${hidden} ${ui(lang).hidden})` : list;
}

function fmtVars(vars: Record<string, Json>): string {
  const e = Object.entries(vars);
  return e.length === 0 ? '' : e.map(([k, v]) => `${k}=${fmtValue(v)}`).join('  ');
}

export function fmtLogEntry(e: LogEntry): string {
  const d = Object.entries(e.data)
    .map(([k, v]) => `${k}=${fmtValue(v)}`)
    .join(' ');
  return `[${e.rule}] ${e.event}${d ? ' ' + d : ''}`;
}

function fmtPending(p: Pending, lang: Lang): string {
  if (p.kind === 'chance') return `(chance: ${p.rule})`;
  return `${p.prompt[lang]}  — ${ui(lang).waiting}: ${p.waitingFor.map((s) => `${ui(lang).seat} ${s}`).join(', ')}`;
}

const MAX_LOG_LINES = 30;

/** Render everything `view.seat` may see; `logFrom` = index of the first log entry not yet shown to it. */
export function renderView(view: SeatView, lang: Lang, logFrom: number): string {
  const t = ui(lang);
  const lines: string[] = [];
  lines.push(`━━ ${t.seat} ${view.seat} (${t.you}) — ${view.players} ${t.players} ━━`);
  const gv = fmtVars(view.vars);
  if (gv) lines.push(`${t.vars}: ${gv}`);
  const zoneNames = Object.keys(view.zones);
  if (zoneNames.length) {
    lines.push(`${t.zones}:`);
    for (const z of zoneNames) lines.push(`  ${z}: ${fmtZone(view.zones[z]!, lang)}`);
  }
  const me = view.seats[view.seat];
  if (me) {
    lines.push(`${t.yourVars}: ${fmtVars(me.vars) || t.nothing}${me.out ? ` (${t.out})` : ''}`);
    for (const [z, cards] of Object.entries(me.zones)) lines.push(`  ${z}: ${fmtZone(cards, lang)}`);
  }
  if (view.seats.length > 1) {
    lines.push(`${t.others}:`);
    view.seats.forEach((s, i) => {
      if (i === view.seat) return;
      const zones = Object.entries(s.zones)
        .map(([z, cards]) => `${z}: ${fmtZone(cards, lang)}`)
        .join('; ');
      lines.push(`  ${t.seat} ${i}${s.out ? ` (${t.out})` : ''}: ${[fmtVars(s.vars), zones].filter(Boolean).join(' | ') || t.nothing}`);
    });
  }
  const fresh = view.log.slice(Math.min(logFrom, view.log.length));
  lines.push(`${t.since}:`);
  if (fresh.length === 0) lines.push(`  ${t.nothing}`);
  if (fresh.length > MAX_LOG_LINES) lines.push(`  … ${fresh.length - MAX_LOG_LINES} ${t.earlier}`);
  for (const e of fresh.slice(-MAX_LOG_LINES)) lines.push(`  ${fmtLogEntry(e)}`);
  const mine = Object.entries(view.myAnswers);
  if (mine.length) lines.push(`${t.answered}: ${mine.map(([k, v]) => `${k}=${fmtValue(v)}`).join(', ')}`);
  if (view.pending) lines.push(`» ${fmtPending(view.pending, lang)}`);
  return lines.join('\n') + '\n';
}
