/**
 * The names readers see for a game's declarations — a var, seat var, zone, function, option or
 * set of places — never their ids: the `name` the spec gives, else the start of the declaration's
 * text. The rules site (readings, headings, charts), the terminal's screen and the checker (which
 * asks for a `name` where the text gives no short one) share them.
 */
import type { Text } from '../loader/types.generated.ts';

type Lang = 'en' | 'zh';

/** the longest English label taken from a text; a longer first clause gives way to the id's words */
const MAX_EN_LABEL = 24;

/** `inRound` → `in round`, `billDeck` → `bill deck` */
export function idWords(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/-/g, ' ').toLowerCase();
}

/**
 * A short name for a declaration (a var, a zone) from its text: its first clause without the
 * final period — `Wound tokens taken.` → `Wound tokens taken`, `本回合用槍指向的目標玩家。` →
 * `本回合用槍指向的目標玩家`. In English a clause longer than a short name (`The player this
 * robber points the gun at this round`) gives way to the words of the id (`aim`), when given.
 */
export function shortLabel(t: Text, lang: Lang, id?: string): string {
  const s = t[lang].trim();
  const cut = lang === 'en' ? /^(.+?)(?:[.:;,(—]\s|[.:;]$|\s\()/.exec(s + ' ') : /^(.+?)[。：；，（(:]/.exec(s);
  const label = (cut?.[1] ?? s).trim().replace(/[.。]$/, '');
  if (lang === 'en' && id !== undefined && label.length > MAX_EN_LABEL) return idWords(id);
  return label.length > 0 ? label : s;
}

/** a declaration as a reader names it: a var, seat var, zone, function, option or set of places */
export interface Declared {
  id: string;
  text: Text;
  name?: Text;
}

/** the longest Chinese label taken from a text; a declaration whose text starts with a longer clause needs a `name` (the checker asks for it) */
export const MAX_ZH_LABEL = 16;

/**
 * The name a reader sees for a declaration, never its id: the `name` the spec gives, else the
 * start of its text (shortLabel). The site's readings, headings and charts and the terminal's
 * screen use it alike.
 */
export function declLabel(d: Declared, lang: Lang): string {
  return d.name?.[lang] ?? shortLabel(d.text, lang, d.id);
}

/**
 * A declaration with no `name` whose text gives no short label (its first Chinese clause longer
 * than MAX_ZH_LABEL, or an English one that leaves only an id with a digit, `m1`): the checker
 * asks for a name. Why, in words, when it does.
 */
export function wantsName(d: Declared): string | undefined {
  if (d.name !== undefined) return undefined;
  const zh = shortLabel(d.text, 'zh');
  if ([...zh].length > MAX_ZH_LABEL) return `its Chinese text starts with a clause of ${[...zh].length} characters ('${zh}')`;
  const en = shortLabel(d.text, 'en', d.id);
  if (en === d.id && /\d/.test(d.id)) return `its English text gives no short label, so readers would see its id '${d.id}'`;
  return undefined;
}
