/**
 * The rules site: English at the root, Chinese under /zh/. Every page under games/, sources/
 * and zh/ is generated from the specs by src/docgen (`node bin/rules.js docs --out site`), and
 * so are the nav and sidebars (generated/sidebar.json); nothing here names a game.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type DefaultTheme } from 'vitepress';
import { withMermaid } from 'vitepress-plugin-mermaid';

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

/**
 * Search tokenizer for MiniSearch, used both to build the index (Node) and to split queries (in
 * the browser). VitePress ships it to the browser as `fn.toString()`, so it must be
 * self-contained: no module-level constants, helpers or nested named functions.
 *
 * Words outside CJK scripts are split on spaces, punctuation and symbols (as MiniSearch does).
 * A run of CJK characters, which has no spaces, becomes each character and each pair of
 * neighbouring characters: 保護費 → 保, 保護, 護, 護費, 費. With AND-combined queries, a query
 * matches a section that contains all of its characters and pairs, so 搶劫 finds 搶劫 anywhere
 * in a clause. (Dictionary words from Intl.Segmenter are left out on purpose: they depend on the
 * ICU data of Node at build time and of the browser at query time, and a query split differently
 * from the text would find nothing.)
 */
function tokenize(text: string): string[] {
  const cjk = /[\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]|[\ud840-\ud87f][\udc00-\udfff]/;
  const out: string[] = [];
  for (const word of text.split(/[\s\p{P}\p{S}]+/u)) {
    if (word === '') continue;
    let run: string[] = [];
    let latin = '';
    for (const ch of Array.from(word).concat([' '])) {
      if (cjk.test(ch)) {
        if (latin !== '') out.push(latin);
        latin = '';
        run.push(ch);
        continue;
      }
      for (let i = 0; i < run.length; i++) {
        out.push(run[i]!);
        if (i + 1 < run.length) out.push(run[i]! + run[i + 1]!);
      }
      run = [];
      if (ch !== ' ') latin += ch;
    }
    if (latin !== '') out.push(latin);
  }
  return out;
}

/** no typo tolerance for CJK terms (one wrong character is another word); 0.2 for the rest */
function fuzzy(term: string): number | false {
  return /[\u2e80-\u2fdf\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/.test(term) ? false : 0.2;
}

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
    srcExclude: ['**/README.md'],
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
          miniSearch: {
            options: { tokenize },
            searchOptions: { combineWith: 'AND', fuzzy },
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
    // dark mode. They are scaled down to the page width.
    mermaid: { theme: 'default' },
    vite: {
      // dev only: pre-bundle mermaid, else the browser fails on `fastdom.js does not provide an
      // export named 'default'` (vitepress-plugin-mermaid 2.0.17 + mermaid 11)
      optimizeDeps: { include: ['mermaid'] },
      // mermaid's diagram chunks are large and loaded lazily; don't warn about them
      build: { chunkSizeWarningLimit: 4096 },
      server: { host: '127.0.0.1' },
    },
  }),
);

// vitepress-plugin-mermaid pre-bundles a fixed list of mermaid's dependencies; `debug` is not one
// of mermaid 11's and only makes Vite warn "Failed to resolve dependency: debug"
const optimizeDeps = config.vite?.optimizeDeps;
if (optimizeDeps?.include) optimizeDeps.include = optimizeDeps.include.filter((dep) => dep !== 'debug');

export default config;
