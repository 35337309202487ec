/**
 * The rules site: English at the root, Chinese in Simplified under /zh-hans/ and in Traditional
 * under /zh-hant/. Every page under games/, sources/, zh-hans/ and zh-hant/ is generated from the
 * specs by src/docgen (`node bin/rules.js docs --out site`), and so are the locales, their nav and
 * sidebars and their words (generated/sidebar.json); nothing here names a game or holds a word of
 * a page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type DefaultTheme } from 'vitepress';
import { withMermaid } from 'vitepress-plugin-mermaid';
import { inlineScriptIds, withCsp } from './csp.ts';
import { mermaidStatic } from './mermaid-static.ts';
import { safePageData } from './page-data.ts';
import { inlineBlocks, packBlocks } from './pack-blocks.ts';
import { searchIndexFiles } from './search-index-files.ts';
import { fuzzy, tokenize } from './search-tokenize.ts';

/**
 * `fields`, with its functions kept from the site data a built site sends to the page (not
 * enumerable: VitePress serializes enumerable keys, and revives functions with `new Function`,
 * which a page under a Content-Security-Policy without 'unsafe-eval' refuses). Node reads them by
 * name (src/site/search-index.mjs); the theme installs the same functions in the page
 * (theme/index.ts). The dev server (`vitepress build` sets NODE_ENV=production before it reads this
 * file; dev does not) keeps them enumerable: its own search index spreads these options.
 */
function keptFromPage<T extends object>(fields: T, functions: Record<string, (...args: never[]) => unknown>): T {
  // hidden only where the built site's index comes from search-index.mjs (docs:build): a plain
  // `vitepress build` indexes the pages itself and needs them (it spreads these options)
  const prebuiltIndex = (process.env.RULES_SITE_SEARCH_INDEX ?? '') !== '';
  const built = process.env.NODE_ENV === 'production' && prebuiltIndex;
  for (const [key, value] of Object.entries(functions)) Object.defineProperty(fields, key, { value, enumerable: !built, writable: true, configurable: true });
  return fields;
}

/** one locale as src/docgen/sidebar.ts writes it */
interface GeneratedLocale {
  lang: string;
  label: string;
  link: string;
  title: string;
  description: string;
  sidebar: Record<string, DefaultTheme.SidebarItem[]>;
  nav: DefaultTheme.NavItem[];
  theme?: Partial<DefaultTheme.Config>;
  search?: Record<string, unknown>;
}

interface GeneratedNav {
  /** 'root' (English) and each other locale by its folder */
  locales: Record<string, GeneratedLocale>;
  games: { id: string; name: { en: string; zh: string } }[];
}

const sidebarFile = fileURLToPath(new URL('./generated/sidebar.json', import.meta.url));

function readGenerated(): GeneratedNav {
  if (!existsSync(sidebarFile)) {
    throw new Error(
      `${sidebarFile} is missing: the site pages have not been generated yet.\n` +
        'Run `node bin/rules.js docs --out site` (or `npm run docs:build`, or `npm start`) first.',
    );
  }
  try {
    return JSON.parse(readFileSync(sidebarFile, 'utf8')) as GeneratedNav;
  } catch (e) {
    throw new Error(`${sidebarFile} is not valid JSON (${(e as Error).message}); regenerate the site.`);
  }
}

const generated = readGenerated();

const { root: en, ...others } = generated.locales;
if (!en) throw new Error(`${sidebarFile} has no English (root) locale; regenerate the site.`);

const config = withMermaid(
  defineConfig({
    title: en.title,
    description: en.description,
    cleanUrls: true,
    lastUpdated: false,
    // the icon is site/public/favicon.svg (VitePress copies public/ to the site's root)
    head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
    srcExclude: ['**/README.md'],
    // build: the pages' large blocks, kept out of the bundles by packBlocks, put back into each
    // page's HTML; then the Content-Security-Policy first in its head (csp.ts)
    transformHtml: async (html, _file, ctx) => withCsp(await inlineBlocks(html, ctx.siteConfig.outDir), inlineScriptIds(ctx.siteData.head)),
    // the site data as a script file, not an inline script (which the Content-Security-Policy forbids)
    metaChunk: true,
    // no `</script` in the data VitePress writes into each page's <script> (page-data.ts)
    transformPageData: (pageData) => safePageData(pageData as unknown as Record<string, unknown>),
    locales: {
      root: { label: en.label, lang: en.lang },
      ...Object.fromEntries(
        Object.entries(others).map(([key, l]) => [
          key,
          { label: l.label, lang: l.lang, link: l.link, title: l.title, description: l.description, themeConfig: { nav: l.nav, sidebar: l.sidebar, ...l.theme } },
        ]),
      ),
    },
    themeConfig: {
      nav: en.nav,
      sidebar: en.sidebar,
      outline: { level: [2, 3] },
      search: {
        provider: 'local',
        options: {
          // results show the rule text around the match (with the match marked), not only the titles
          detailedView: true,
          miniSearch: {
            options: keptFromPage({}, { tokenize }),
            searchOptions: keptFromPage({ combineWith: 'AND' }, { fuzzy }),
          },
          locales: Object.fromEntries(Object.entries(others).map(([key, l]) => [key, { translations: l.search ?? {} }])),
        },
      },
    },
    // Mermaid diagrams are rendered in the browser; the plugin switches to its 'dark' theme in
    // dark mode. They are scaled down to the page width. The flow charts' boxes link to rule
    // sections (`click … href`): 'antiscript' keeps those links and the <br/>/<small> in labels
    // (the plugin's default, 'loose', would also allow script callbacks; 'strict' drops links).
    // Labels are measured outside the page, then shown inside .vp-doc, whose `p { line-height:
    // 28px }` and `a { font-weight: 500 }` would make them taller or wider than their boxes
    // (the last line cut off): themeCSS (scoped to each chart) keeps them as measured.
    mermaid: {
      theme: 'default',
      securityLevel: 'antiscript',
      themeCSS: '.nodeLabel p, .edgeLabel p { line-height: 1.5; } a { font-weight: inherit; }',
    },
    vite: {
      // dev only: pre-bundle mermaid, else the browser fails on `fastdom.js does not provide an
      // export named 'default'` (vitepress-plugin-mermaid 2.0.17 + mermaid 11)
      optimizeDeps: { include: ['mermaid'] },
      // mermaid's diagram chunks are large and loaded lazily; don't warn about them
      build: { chunkSizeWarningLimit: 4096 },
      server: { host: '127.0.0.1' },
      // the server bundle runs in plain Node (src/site/vitepress-build.mjs, no tsx): mark.js's ES
      // sources import without file extensions, which only a bundler resolves, so it is bundled
      ssr: { noExternal: ['mark.js'] },
      // build only, to keep `vitepress build`'s memory down (docs/architecture.md): Mermaid as its
      // published minified build, copied, not bundled again; the pages' large blocks as JSON files
      // and the search index built beforehand in a process of its own, when docs:build did (search-index-files.ts)
      plugins: [mermaidStatic(), packBlocks(), searchIndexFiles()],
    },
  }),
);

// vitepress-plugin-mermaid pre-bundles a fixed list of mermaid's dependencies; `debug` is not one
// of mermaid 11's and only makes Vite warn "Failed to resolve dependency: debug"
const optimizeDeps = config.vite?.optimizeDeps;
if (optimizeDeps?.include) optimizeDeps.include = optimizeDeps.include.filter((dep) => dep !== 'debug');

export default config;
