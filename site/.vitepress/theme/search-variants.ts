/**
 * What to mark in search results for a query: the search folds Traditional and Simplified
 * characters together (config.mts), so a result found by 钞票 shows 鈔票; VitePress marks only the
 * folded index terms, which the Traditional text does not contain. Here every Chinese character
 * of the query matches each of its forms. Pure (no DOM), so it is tested in Node.
 */
import { FOLD_FROM, FOLD_TO } from './search-fold.generated.ts';

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/** Simplified form → every character folding to it (the Simplified form included) */
let forms: Map<string, string> | undefined;
function formsOf(ch: string): string {
  if (!forms) {
    forms = new Map();
    for (let i = 0; i < FOLD_FROM.length; i++) {
      const to = FOLD_TO[i]!;
      forms.set(to, (forms.get(to) ?? to) + FOLD_FROM[i]!);
    }
  }
  const at = FOLD_FROM.indexOf(ch);
  const folded = at >= 0 ? FOLD_TO[at]! : ch;
  return forms.get(folded) ?? folded;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The query's runs of Chinese characters as patterns matching any form of each character
 * (钞票 → [钞鈔][票]); undefined when the query has no Chinese character.
 */
export function foldedRuns(query: string): string[] {
  const runs: string[] = [];
  let run = '';
  for (const ch of Array.from(query).concat([' '])) {
    if (CJK.test(ch)) {
      const f = formsOf(ch);
      run += f.length > 1 ? `[${f}]` : escapeRegExp(ch);
    } else if (run !== '') {
      runs.push(run);
      run = '';
    }
  }
  return runs;
}

/** one regex for mark.js: the strings already marked (kept) and the folded runs of the query, longest first */
export function markPattern(query: string, alreadyMarked: string[]): RegExp | undefined {
  const runs = foldedRuns(query);
  if (runs.length === 0) return undefined;
  const literal = [...new Set(alreadyMarked.filter((s) => s !== ''))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp([...runs, ...literal].map((p) => `(${p})`).join('|'), 'gi');
}
