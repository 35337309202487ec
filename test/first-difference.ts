import { isDeepStrictEqual } from 'node:util';

/** Where two JSON-like values first differ, for a failure message: the path, and each side's
 *  value there under its label (long values cut at 300 characters). '' when they are equal. */
export function firstDifference(a: unknown, b: unknown, labels: [string, string] = ['A', 'B'], path = ''): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], labels, `${path}.${k}`);
      if (d) return d;
    }
  }
  const show = (x: unknown) => JSON.stringify(x)?.slice(0, 300);
  return `${path || '(root)'}: ${labels[0]} ${show(a)}, ${labels[1]} ${show(b)}`;
}
