/**
 * The default VitePress theme plus what the generated pages need:
 * - the element named by the URL hash (a source line `#L12`, a rule heading `#rule-id`) is
 *   highlighted and, for source lines, scrolled to the middle of the screen. CSS `:target` covers
 *   full page loads; VitePress navigates with history.pushState, which does not update `:target`,
 *   so the same look is given by the class `is-target`, set after every route or hash change.
 * - styles for source lines (cited, uncited rule-bearing, carrying no rule) and assumption boxes;
 * - Mermaid does not render `.mermaid` elements by itself on load (the plugin renders them);
 * - search results mark the Traditional and Simplified forms of a Chinese query (search-highlight.ts);
 * - charts keep legible sizes on narrow screens and can be enlarged (charts.ts);
 * - the search box says it is loading until its index has come (search-loading.ts);
 * - the play pages' table (PlayTable.vue), loaded only on those pages.
 */
import mermaid from 'mermaid';
import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import { useRoute } from 'vitepress';
import { defineAsyncComponent, nextTick, onMounted, onUnmounted, watch } from 'vue';
import { installChartSizing } from './charts.ts';
import { installFoldedHighlight } from './search-highlight.ts';
import { RawBlock } from './raw-block.ts';
import { fuzzy, tokenize } from '../search-tokenize.ts';

/** the search's tokenizer and fuzziness, which the config keeps out of the page's site data (no
 *  `new Function` in the page: it runs under a Content-Security-Policy without 'unsafe-eval') */
function installSearchFunctions(theme: { search?: { options?: { miniSearch?: { options?: object; searchOptions?: object } } } }): void {
  const mini = theme.search?.options?.miniSearch;
  if (!mini) return;
  mini.options = { ...mini.options, tokenize };
  mini.searchOptions = { ...mini.searchOptions, fuzzy };
}
import './style.css';

// Mermaid renders the text of every `.mermaid` element on window load unless told not to. The
// plugin's chart components (class "mermaid") are still empty then, so each would show a
// "Syntax error" chart until the plugin renders it, which takes seconds on a page with many
// charts (the flow pages). The plugin sets startOnLoad: false only when it renders its first chart.
if (typeof window !== 'undefined') mermaid.initialize({ startOnLoad: false });

const TARGET_CLASS = 'is-target';

/** the element the hash names, once the page has rendered it (the page chunk may still be loading) */
function findTarget(id: string, tries: number, done: (el: HTMLElement | null) => void): void {
  const el = document.getElementById(id);
  if (el !== null || tries <= 0) {
    done(el);
    return;
  }
  window.setTimeout(() => findTarget(id, tries - 1, done), 50);
}

function markTarget(): void {
  for (const el of Array.from(document.querySelectorAll(`.${TARGET_CLASS}`))) el.classList.remove(TARGET_CLASS);
  let id = '';
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  if (id === '') return;
  const wanted = window.location.href;
  findTarget(id, 40, (el) => {
    if (el === null || window.location.href !== wanted) return;
    el.classList.add(TARGET_CLASS);
    if (el.classList.contains('src-line')) {
      // after VitePress's own scroll (one animation frame), put the line in the middle
      requestAnimationFrame(() => requestAnimationFrame(() => el.scrollIntoView({ block: 'center' })));
    }
  });
}

const theme: Theme = {
  extends: DefaultTheme,
  enhanceApp({ app, siteData }) {
    app.component('RawBlock', RawBlock);
    installSearchFunctions(siteData.value.themeConfig as { search?: { options?: { miniSearch?: { options?: object; searchOptions?: object } } } });
    app.component('PlayTable', defineAsyncComponent(() => import('./PlayTable.vue')));
    app.component('PlayExamples', defineAsyncComponent(() => import('./PlayExamples.vue')));
  },
  setup() {
    const route = useRoute();
    const onHash = (): void => markTarget();
    let stopHighlight: (() => void) | undefined;
    let stopCharts: (() => void) | undefined;
    onMounted(() => {
      window.addEventListener('hashchange', onHash);
      markTarget();
      stopHighlight = installFoldedHighlight();
      stopCharts = installChartSizing();
    });
    onUnmounted(() => {
      window.removeEventListener('hashchange', onHash);
      stopHighlight?.();
      stopCharts?.();
    });
    watch(
      () => route.path,
      () => void nextTick(markTarget),
    );
  },
};

export default theme;
