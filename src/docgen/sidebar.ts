/**
 * The nav and sidebars the VitePress config reads, `.vitepress/generated/sidebar.json`: for each
 * locale its label and language for the language menu, its folder, its nav and sidebars, and the
 * site's own words (the theme's, the search box's) in its language and script.
 */
import { percent } from './coverage.ts';
import { themeItems, type ThemeItem } from './escape.ts';
import { CHROME_EN, CHROME_ZH, LANGS, localePrefix, textIn, ui, type Lang } from './i18n.ts';
import { LOCALE_LABEL, LOCALES, langOf, localeDir, localize, type Locale } from './locales.ts';
import { pageUrl } from './markdown.ts';
import type { GameDoc, PageId } from './model.ts';
import { gamePage, sourcePage } from './paths.ts';
import type { SiteModel } from './site-model.ts';

/** one locale of the site, as the VitePress config needs it */
export interface LocaleNav {
  /** the language (BCP 47) of its pages: the html element's lang */
  lang: Locale;
  /** its name in the language menu */
  label: string;
  /** where its pages are: '/' or '/zh-hans/' */
  link: string;
  title: string;
  description: string;
  /** theme config, whose texts the default theme shows as HTML (escaped here by themeItems) */
  sidebar: Record<string, ThemeItem[]>;
  nav: ThemeItem[];
  /** the theme's words (Chinese locales; English keeps VitePress's) */
  theme?: Record<string, unknown>;
  /** the search box's words (Chinese locales) */
  search?: Record<string, unknown>;
}

/** `locales` is theme config; `games` and `seeds` are data for tests and tools (raw strings) */
export interface SidebarJson {
  /** the locales, English first; the key is the locale's folder ('root' for English) */
  locales: Record<string, LocaleNav>;
  games: { id: string; name: { en: string; zh: string } }[];
  seeds: { id: string; title: { en: string; zh: string }; coverage: string; games: string[] }[];
}

/** the pages of a game, in sidebar order */
export function gamePages(game: GameDoc): PageId[] {
  const pages: PageId[] = ['index', 'play', 'components', 'setup', 'flow', 'scoring'];
  if (game.edition) pages.push('editions');
  pages.push('assumptions', 'glossary');
  if (game.examples?.length) pages.push('examples');
  if (game.simulations) pages.push('simulations');
  if (game.checks) pages.push('checks');
  pages.push('rules');
  return pages;
}

const PAGE_WORD = {
  index: 'overview', components: 'components', setup: 'setup', flow: 'flow', scoring: 'scoring',
  editions: 'editions', assumptions: 'assumptions', glossary: 'glossary', examples: 'examples', rules: 'rules', simulations: 'simulations', checks: 'checks', files: 'files', play: 'play',
} as const;

export function buildSidebar(site: SiteModel): SidebarJson {
  const forLang = (lang: Lang) => {
    const sources = (ids: string[]): ThemeItem => ({
      text: ui('sources', lang),
      items: site.seeds.filter((s) => ids.includes(s.info.id)).map((s) => ({ text: `${s.info.id} · ${percent(s)}`, link: pageUrl(sourcePage(lang, s.info.id)) })),
    });
    const sidebar: Record<string, ThemeItem[]> = {};
    for (const g of site.games) {
      const seeds = site.seeds.filter((s) => s.games.includes(g)).map((s) => s.info.id);
      sidebar[`/${localePrefix(lang)}games/${g.id}/`] = [
        { text: g.name[lang], items: gamePages(g).map((p) => ({ text: ui(PAGE_WORD[p], lang), link: pageUrl(gamePage(lang, g.id, p)) })) },
        sources(seeds),
      ];
    }
    sidebar[`/${localePrefix(lang)}sources/`] = [sources(site.seeds.map((s) => s.info.id))];
    const nav: ThemeItem[] = [
      { text: ui('games', lang), items: site.games.map((g) => ({ text: g.name[lang], link: pageUrl(gamePage(lang, g.id, 'index')) })) },
      { text: ui('sources', lang), items: site.seeds.map((s) => ({ text: `${s.info.id} · ${textIn(lang, s.info.title).text}`, link: pageUrl(sourcePage(lang, s.info.id)) })) },
    ];
    // the default theme shows these texts with v-html: escaped, once, here
    return { sidebar: Object.fromEntries(Object.entries(sidebar).map(([k, items]) => [k, themeItems(items)])), nav: themeItems(nav) };
  };
  const byLang = Object.fromEntries(LANGS.map((l) => [l, forLang(l)])) as Record<Lang, ReturnType<typeof forLang>>;
  const locale = (l: Locale): LocaleNav => {
    const { sidebar, nav } = byLang[langOf(l)];
    const words = l === 'en' ? { ...CHROME_EN } : { ...CHROME_ZH };
    const written = { lang: l, link: `/${localeDir(l)}`, sidebar, nav, ...words };
    // the Chinese words and the links into the Chinese pages in the locale's script and folder;
    // the label names the locale in its own script (简体中文, 繁體中文) in every locale's menu
    return { ...(JSON.parse(localize(JSON.stringify(written), l)) as Omit<LocaleNav, 'label'>), label: LOCALE_LABEL[l] };
  };
  return {
    locales: Object.fromEntries(LOCALES.map((l) => [l === 'en' ? 'root' : localeDir(l).slice(0, -1), locale(l)])),
    games: site.games.map((g) => ({ id: g.id, name: { en: g.name.en, zh: g.name.zh } })),
    seeds: site.seeds.map((s) => ({ id: s.info.id, title: { en: textIn('en', s.info.title).text, zh: textIn('zh', s.info.title).text }, coverage: percent(s), games: s.games.map((g) => g.id) })),
  };
}
