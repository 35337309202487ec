/** Build every page of the site in memory: path (relative to the output folder) → content. */
import type { PageCtx } from './context.ts';
import { LANGS, type Lang } from './i18n.ts';
import type { GameDoc, PageId } from './model.ts';
import { assumptionsPage } from './pages/assumptions.ts';
import { componentsPage } from './pages/components.ts';
import { editionsPage } from './pages/editions.ts';
import { examplesPage } from './pages/examples.ts';
import { filesListing, filesPage } from './pages/files.ts';
import { flowPage } from './pages/flow.ts';
import { glossaryPage } from './pages/glossary.ts';
import { homePageMd } from './pages/home.ts';
import { overviewPage } from './pages/overview.ts';
import { rulesIndexPage } from './pages/rules-index.ts';
import { scoringPage } from './pages/scoring.ts';
import { setupPage } from './pages/setup.ts';
import { simulationsPage } from './pages/simulations.ts';
import { checksPage } from './pages/checks.ts';
import { examplesData, playData, playPage } from './pages/play.ts';
import { sourcePageMd } from './pages/source.ts';
import { filesListingPath, gamePage, homePage, playDataPath, playExamplesPath, playScriptPath, sourcePage } from './paths.ts';
import { en } from './readings/en.ts';
import type { Templates } from './readings/templates.ts';
import { zh } from './readings/zh.ts';
import { buildSidebar, gamePages } from './sidebar.ts';
import { isChinesePath, localePath, localize } from './locales.ts';
import { readerNames, withReaderNames, type ReaderNames } from './reader-names.ts';
import { scriptChars, SCRIPTS } from '../chinese-script.ts';
import { buildSiteModel, type SiteModel } from './site-model.ts';

export const DEFAULT_TEMPLATES: Readonly<Record<Lang, Templates>> = { en, zh };

const GAME_PAGES: Record<PageId, (ctx: PageCtx) => string> = {
  index: overviewPage,
  components: componentsPage,
  setup: setupPage,
  flow: flowPage,
  scoring: scoringPage,
  editions: editionsPage,
  assumptions: assumptionsPage,
  glossary: glossaryPage,
  examples: examplesPage,
  rules: rulesIndexPage,
  simulations: simulationsPage,
  checks: checksPage,
  files: filesPage,
  play: playPage,
};

export const SIDEBAR_FILE = '.vitepress/generated/sidebar.json';

export function buildSite(games: GameDoc[], templates: Readonly<Record<Lang, Templates>> = DEFAULT_TEMPLATES): { files: Map<string, string>; site: SiteModel } {
  const site = buildSiteModel(games);
  const files = new Map<string, string>();
  for (const lang of LANGS) {
    files.set(homePage(lang), homePageMd(lang, site));
    for (const game of games) {
      for (const p of gamePages(game)) {
        const page = gamePage(lang, game.id, p);
        files.set(page, GAME_PAGES[p]({ site, game, lang, page, templates: templates[lang] }));
      }
      // the files page is reached from "Defined in" links, not from the sidebar
      if (game.files?.length) {
        const page = gamePage(lang, game.id, 'files');
        files.set(page, filesPage({ site, game, lang, page, templates: templates[lang] }));
      }
    }
    for (const s of site.seeds) files.set(sourcePage(lang, s.info.id), sourcePageMd(lang, s));
  }
  for (const game of games) if (game.files?.length) files.set(filesListingPath(game.id), filesListing(game));
  // what the play pages load: each game's checked spec and where its rules are (the engine is added by the caller)
  for (const game of games) {
    files.set(playDataPath(game.id), playData(game));
    if (game.examples?.length) files.set(playExamplesPath(game.id), examplesData(game));
  }
  if (games.length > 0) for (const script of SCRIPTS) files.set(playScriptPath(script), JSON.stringify(scriptChars(script)));
  // the ids a page's text mentions by their names (a game's page: its game's; the others: every game's)
  const names = new Map<string, ReaderNames>();
  const namesFor = (path: string, lang: Lang): ReaderNames => {
    const game = /^(?:zh\/)?games\/([^/]+)\//.exec(path)?.[1];
    const key = `${lang}:${game ?? ''}`;
    let n = names.get(key);
    if (!n) names.set(key, (n = new Map(games.filter((g) => game === undefined || g.id === game).flatMap((g) => [...readerNames(g, lang)]).reverse())));
    return n;
  };
  // each page in its locales: English as written, the Chinese pages once in each script
  const out = new Map<string, string>();
  for (const [path, text] of files) {
    if (!path.endsWith('.md')) out.set(path, localize(text, 'en'));
    else if (!isChinesePath(path)) out.set(path, localize(withReaderNames(text, namesFor(path, 'en'), 'en'), 'en'));
    else {
      const named = withReaderNames(text, namesFor(path, 'zh'), 'zh');
      for (const script of SCRIPTS) out.set(localePath(path, script), localize(named, script));
    }
  }
  out.set(SIDEBAR_FILE, JSON.stringify(buildSidebar(site), null, 2) + '\n');
  return { files: out, site };
}
