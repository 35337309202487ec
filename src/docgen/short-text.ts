/**
 * A short reading of a rule's own text, for a chart box, a heading or an outline entry: its first
 * sentence, cut near a length (at a word or clause boundary, marked "…"). The rule's id stays the
 * anchor and link target; readers see words in the page's language instead.
 */
import type { Lang } from './i18n.ts';

/** lengths in characters: a Chinese character carries about as much as an English word's three */
const MAX: Record<Lang, number> = { en: 56, zh: 28 };

/**
 * The first sentence: up to a full stop (not one inside a number, 1.5), `;` or a Chinese stop;
 * with the next when it is only a few characters ("Edition a." says little by itself).
 */
function firstSentence(s: string, max: number): string {
  const stops = /(?:[.!?](?=\s|$)|[。；！？;])/gsu;
  let end = 0;
  for (const m of s.matchAll(stops)) {
    end = m.index;
    if ([...s.slice(0, end)].length >= max / 3) break;
    end = m.index + m[0].length;
  }
  if (end === 0 || end >= s.length) return s.trim();
  return s.slice(0, end).trim();
}

/** cut `s` at the last boundary (a space, or a Chinese clause or list mark) before `max` characters */
function cut(s: string, max: number, lang: Lang): string {
  const cs = [...s];
  if (cs.length <= max) return s;
  const head = cs.slice(0, max).join('');
  const boundary = lang === 'zh' ? /[，、：（(]/gu : /[\s,:(]/gu;
  let at = -1;
  for (const m of head.matchAll(boundary)) at = m.index;
  // a boundary too near the start would leave too little: cut mid-word then
  const keep = at >= [...head].length / 3 ? head.slice(0, at) : head;
  return keep.replace(/[\s,，、:：;；(（]+$/u, '') + '…';
}

export function shortText(text: string, lang: Lang, max = MAX[lang]): string {
  // line breaks of a YAML block are spaces; none is kept beside a Chinese character
  const flat = text.replace(/\s+/g, ' ').replace(/ ?([\u3000-\u9fff\uff00-\uffef]) ?/gu, '$1');
  const first = firstSentence(flat.trim(), max).replace(/[.。;；]$/u, '');
  return cut(first === '' ? text.trim() : first, max, lang);
}
