/**
 * Marks every written form of the Chinese words of a search query in the local search results
 * (see search-variants.ts): after VitePress has marked its own terms, the marks are redone with
 * VitePress's marked strings plus the query's folded runs, so a Simplified query shows its
 * Traditional match (and the reverse). Latin-script marks are kept as VitePress made them.
 */
import Mark from 'mark.js/src/vanilla.js';
import { markPattern } from './search-variants.ts';

const RESULTS = '.VPLocalSearchBox .results';
const INPUT = '.VPLocalSearchBox input';

/** the query and what the marks look like now: redone only when VitePress changed them */
const signature = (el: Element, query: string): string =>
  [query, ...Array.from(el.querySelectorAll('mark')).map((m) => m.textContent ?? '')].join('\u0000');

/** start watching the search box; returns a function that stops */
export function installFoldedHighlight(): () => void {
  let ours = '';
  let timer: number | undefined;
  const pass = (): void => {
    timer = undefined;
    const results = document.querySelector(RESULTS);
    const input = document.querySelector<HTMLInputElement>(INPUT);
    if (!results || !input) return;
    const now = signature(results, input.value);
    if (now === ours) return; // our own marks, or nothing new
    const marked = Array.from(results.querySelectorAll('mark')).map((m) => m.textContent ?? '');
    const pattern = markPattern(input.value, marked);
    if (!pattern) return;
    const mark = new Mark(results);
    mark.unmark({
      done: () =>
        mark.markRegExp(pattern, {
          done: () => {
            ours = signature(results, input.value);
          },
        }),
    });
  };
  // VitePress renders and marks the results asynchronously: act once the DOM has settled
  const observer = new MutationObserver(() => {
    if (timer !== undefined) window.clearTimeout(timer);
    timer = window.setTimeout(pass, 60);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
