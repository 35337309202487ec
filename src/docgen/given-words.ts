/**
 * A worked example's setup (`given`) in words for its page: the values it sets, the cards it puts
 * on top of zones and what the next shuffle of a zone puts on top (by their names in the page's
 * language), and which seats it puts out, as short
 * sentences; the names of variables and zones stay as code (they are the spec's names).
 */
import type { Given, Json } from '../interpreter/api.ts';
import type { Spec } from '../loader/types.generated.ts';
import type { Lang } from './i18n.ts';
import { esc } from './escape.ts';
import { seatNumber } from '../seat-number.ts';

const code = (s: string): string => `<code>${esc(s)}</code>`;

interface Phrases {
  value(v: Json): string;
  set(name: string, value: string): string;
  top(zone: string, cards: string): string;
  shuffled(zone: string, cards: string): string;
  seat(n: string, what: string): string;
  out(back: boolean): string;
  list: string;
  clause: string;
}

const PHRASES: Record<Lang, Phrases> = {
  en: {
    value: (v) => (v === true ? 'yes' : v === false ? 'no' : v === null ? 'nothing' : typeof v === 'object' ? code(JSON.stringify(v)) : esc(String(v))),
    set: (name, value) => `${code(name)} is ${value}`,
    top: (zone, cards) => `${code(zone)} has on top (first = top): ${cards}`,
    shuffled: (zone, cards) => `the next shuffle of ${code(zone)} puts on top (first = top): ${cards}`,
    seat: (n, what) => `seat ${esc(n)}: ${what}`,
    out: (back) => (back ? 'is back in the game' : 'is out of the game'),
    list: ', ',
    clause: '; ',
  },
  zh: {
    value: (v) => (v === true ? '是' : v === false ? '否' : v === null ? '無' : typeof v === 'object' ? code(JSON.stringify(v)) : esc(String(v))),
    set: (name, value) => `${code(name)} 為 ${value}`,
    top: (zone, cards) => `${code(zone)} 最上方依序為：${cards}`,
    shuffled: (zone, cards) => `${code(zone)} 下次洗牌後最上方依序為：${cards}`,
    seat: (n, what) => `座位 ${esc(n)}：${what}`,
    out: (back) => (back ? '回到遊戲' : '已出局'),
    list: '、',
    clause: '；',
  },
};

/** a scenario's seat (0-based, as the spec counts) as people count it, from 1 */
export function seatShown(seat: number | string): string {
  return String(seatNumber(Number(seat)));
}

/** the setup as HTML sentences ('' when it sets nothing) */
export function givenWords(spec: Spec, given: Given, lang: Lang): string {
  const p = PHRASES[lang];
  const card = (id: string): string => {
    const c = (spec.cards ?? []).find((k) => k.id === id);
    return c?.name ? esc(c.name[lang]) : code(id);
  };
  const vars = (vs: Record<string, Json> | undefined) => Object.entries(vs ?? {}).map(([k, v]) => p.set(k, p.value(v)));
  const zones = (zs: Record<string, string[]> | undefined) => Object.entries(zs ?? {}).map(([z, cards]) => p.top(z, cards.map(card).join(p.list)));
  const shuffles = (zs: Record<string, string[]> | undefined) => Object.entries(zs ?? {}).map(([z, cards]) => p.shuffled(z, cards.map(card).join(p.list)));
  const parts = [...vars(given.vars), ...zones(given.zones), ...shuffles(given.shuffles)];
  for (const [n, s] of Object.entries(given.seats ?? {})) {
    const what = [...vars(s.vars), ...zones(s.zones), ...shuffles(s.shuffles), ...(s.out === undefined ? [] : [p.out(!s.out)])];
    if (what.length > 0) parts.push(p.seat(seatShown(n), what.join(p.clause)));
  }
  return parts.join(p.clause);
}
