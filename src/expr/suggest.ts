/** "did you mean …?" — the closest candidate by edit distance (with transpositions). */

/** Optimal-string-alignment distance: Levenshtein plus adjacent transpositions ("hnad" → "hand" is 1). */
export function editDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const cur: number[] = [i];
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[m]!;
}

/** The best candidate within a distance that grows with the word's length, or undefined. */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(word.length / 3));
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c === word) continue;
    // a case slip is the likeliest typo of all
    const d = c.toLowerCase() === lower ? 0.5 : editDistance(word, c);
    // rewriting every character ('x' → 'a') is no hint at all
    if (d >= Math.max(word.length, c.length)) continue;
    // on a tie, the candidate sharing the longer prefix reads as the likelier intent
    if (d < bestD || (d === bestD && best !== undefined && commonPrefix(word, c) > commonPrefix(word, best))) {
      best = c;
      bestD = d;
    }
  }
  return bestD <= limit ? best : undefined;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** "; did you mean 'x'?" or "" */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const s = suggest(word, candidates);
  return s === undefined ? '' : `; did you mean '${s}'?`;
}

/** how many ids a hint lists when none is near the word: more reads as noise, not help */
const LISTED = 12;

/**
 * The hint for an id reference that names nothing (a procedure, rule, zone, option, place, kind…):
 * "did you mean 'x'?" when one id is near the word; otherwise the ids `what` names, at most a
 * dozen of them, or that there are none.
 */
export function idHint(word: string, ids: readonly string[], what: string): string {
  const near = suggest(word, ids);
  if (near !== undefined) return `did you mean '${near}'?`;
  if (ids.length === 0) return `${what}: none`;
  const shown = ids.slice(0, LISTED).join(', ');
  return ids.length > LISTED ? `${what}: ${shown}, … (${ids.length} in all)` : `${what}: ${shown}`;
}
