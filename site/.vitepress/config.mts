/**
 * The rules site: English at the root, Chinese under /zh/. Every page under games/, sources/
 * and zh/ is generated from the specs by src/docgen (`node bin/rules.js docs --out site`), and
 * so are the nav and sidebars (generated/sidebar.json); nothing here names a game.
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

interface GeneratedNav {
  en: Record<string, DefaultTheme.SidebarItem[]>;
  zh: Record<string, DefaultTheme.SidebarItem[]>;
  nav: { en: DefaultTheme.NavItem[]; zh: DefaultTheme.NavItem[] };
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

const zhThemeConfig: DefaultTheme.Config = {
  nav: generated.nav.zh,
  sidebar: generated.zh,
  outline: { level: [2, 3], label: '本頁目錄' },
  docFooter: { prev: '上一頁', next: '下一頁' },
  langMenuLabel: '切換語言',
  returnToTopLabel: '回到頂端',
  sidebarMenuLabel: '目錄',
  darkModeSwitchLabel: '外觀',
  lightModeSwitchTitle: '切換到淺色模式',
  darkModeSwitchTitle: '切換到深色模式',
  skipToContentLabel: '跳到內容',
  lastUpdatedText: '最後更新',
  notFound: {
    title: '找不到頁面',
    quote: '這個網址沒有頁面。',
    linkLabel: '回到首頁',
    linkText: '回到首頁',
  },
};

const config = withMermaid(
  defineConfig({
    title: 'Rules as data',
    description: 'Board game rules as YAML data, each rule linked to the rulebook line it comes from.',
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
      root: { label: 'English', lang: 'en' },
      zh: {
        label: '中文',
        lang: 'zh-Hant',
        link: '/zh/',
        title: '規則即資料',
        description: '把桌遊規則寫成 YAML 資料，每條規則都連到它所依據的規則書原文。',
        themeConfig: zhThemeConfig,
      },
    },
    themeConfig: {
      nav: generated.nav.en,
      sidebar: generated.en,
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
          locales: {
            zh: {
              translations: {
                button: { buttonText: '搜尋', buttonAriaLabel: '搜尋' },
                modal: {
                  displayDetails: '顯示詳細清單',
                  resetButtonTitle: '清除查詢',
                  backButtonTitle: '關閉搜尋',
                  noResultsText: '沒有相關結果',
                  footer: {
                    selectText: '選擇',
                    selectKeyAriaLabel: 'Enter',
                    navigateText: '切換',
                    navigateUpKeyAriaLabel: '上箭頭',
                    navigateDownKeyAriaLabel: '下箭頭',
                    closeText: '關閉',
                    closeKeyAriaLabel: 'Esc',
                  },
                },
              },
            },
          },
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
