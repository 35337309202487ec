/**
 * The site's locales: English at the root, and Chinese twice, in Simplified (zh-Hans, under
 * /zh-hans/) and in Traditional (zh-Hant, under /zh-hant/). The pages are written once in each
 * language (en, zh: the specs' texts, the reading templates, the site's words), then the Chinese
 * pages are put into each script: every Chinese word the generator wrote — rule texts written in
 * either script, readings, headings, the site's words — in the page's script, and the page's
 * language marks (`lang="…"`) saying so; quotes from the seeds (`verbatim`) stay exactly as
 * printed, with the seed's own language.
 */
import { inScript, type Script } from '../chinese-script.ts';
import type { Lang } from './i18n.ts';

export type Locale = 'en' | Script;
export const LOCALES: readonly Locale[] = ['en', 'zh-Hans', 'zh-Hant'];

/** the language a locale's pages are written in */
export function langOf(locale: Locale): Lang {
  return locale === 'en' ? 'en' : 'zh';
}

/** the folder of a locale's pages ('' for English, at the root) */
export function localeDir(locale: Locale): string {
  return locale === 'en' ? '' : `${locale.toLowerCase()}/`;
}

/** each locale's name in its own language and script, for the language menu */
export const LOCALE_LABEL: Readonly<Record<Locale, string>> = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

// private-use characters: no spec text needs them (a stray one is dropped)
const OPEN = '\uE000';
const CLOSE = '\uE001';
const REGION = /\uE000([^\uE000\uE001]*)\uE001/g;
const STRAY = /[\uE000\uE001]/g;

/** HTML that every locale shows exactly as written (a quote from a seed, with its own `lang`) */
export function verbatim(html: string): string {
  return `${OPEN}${html.replace(STRAY, '')}${CLOSE}`;
}

/** the folder the Chinese pages are written to before they are put into a script */
const ZH_DIR = 'zh/';

/**
 * A page (or the navigation) written in the locale's language, for the locale: outside the
 * verbatim parts, Chinese in the locale's script, the marks of the page's language (`lang="zh"`,
 * `lang="zh-Hant"`) as the locale's, and links into the Chinese pages (/zh/…) into the locale's
 * folder; the verbatim parts as they were.
 */
export function localize(text: string, locale: Locale): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(REGION)) {
    out += outside(text.slice(at, m.index), locale) + m[1]!;
    at = m.index + m[0].length;
  }
  return out + outside(text.slice(at), locale);
}

function outside(part: string, locale: Locale): string {
  const plain = part.replace(STRAY, '');
  if (locale === 'en') return plain;
  return inScript(plain, locale)
    .replace(/\blang="zh(?:-Hant|-Hans)?"/g, `lang="${locale}"`)
    .replace(/(^|[\s"'(:=])\/zh\//g, `$1/${localeDir(locale)}`);
}

/** the path of a generated file for a locale: the Chinese pages' (zh/…) in the locale's folder */
export function localePath(path: string, locale: Locale): string {
  return path.startsWith(ZH_DIR) ? localeDir(locale) + path.slice(ZH_DIR.length) : path;
}

/** is this a path of the Chinese pages, as written before they are put into a script */
export function isChinesePath(path: string): boolean {
  return path.startsWith(ZH_DIR);
}
