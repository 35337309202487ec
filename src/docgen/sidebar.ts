/** The nav and sidebars the VitePress config reads: `.vitepress/generated/sidebar.json`. */
import { percent } from './coverage.ts';
import { themeItems, type ThemeItem } from './escape.ts';
import { LANGS, localePrefix, textIn, ui, type Lang } from './i18n.ts';
import { pageUrl } from './markdown.ts';
import type { GameDoc, PageId } from './model.ts';
import { gamePage, sourcePage } from './paths.ts';
import type { SiteModel } from './site-model.ts';

/**
 * `en`, `zh` and `nav` are theme config, whose texts the default theme shows as HTML (escaped
 * here by themeItems); `games` and `seeds` are data for tests and tools (raw strings).
 */
export interface SidebarJson {
  en: Record<string, ThemeItem[]>;
  zh: Record<string, ThemeItem[]>;
  nav: { en: ThemeItem[]; zh: ThemeItem[] };
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
  pages.push('rules');
  return pages;
}

const PAGE_WORD = {
  index: 'overview', components: 'components', setup: 'setup', flow: 'flow', scoring: 'scoring',
  editions: 'editions', assumptions: 'assumptions', glossary: 'glossary', examples: 'examples', rules: 'rules', simulations: 'simulations', files: 'files', play: 'play',
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
  const [en, zh] = LANGS.map(forLang) as [ReturnType<typeof forLang>, ReturnType<typeof forLang>];
  return {
    en: en.sidebar,
    zh: zh.sidebar,
    nav: { en: en.nav, zh: zh.nav },
    games: site.games.map((g) => ({ id: g.id, name: { en: g.name.en, zh: g.name.zh } })),
    seeds: site.seeds.map((s) => ({ id: s.info.id, title: { en: textIn('en', s.info.title).text, zh: textIn('zh', s.info.title).text }, coverage: percent(s), games: s.games.map((g) => g.id) })),
  };
}
