/**
 * What a reader finds on the generated pages of every game under rules/, in every locale: no
 * "Generated reading" box without a reading in it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/docgen/site.ts';
import { loadDoc } from './helpers.ts';

const games = readdirSync('rules').sort().map((g) => loadDoc(join('rules', g), 'rules'));
const { files } = buildSite(games);
const pages = [...files.entries()].filter(([p]) => p.endsWith('.md'));

/** each reading box of a page: what follows its label, up to the box's end */
function readingBoxes(md: string): string[] {
  const out: string[] = [];
  for (const m of md.matchAll(/<div class="rule-reading"><div class="rule-label">.*?<\/div>/g)) {
    const rest = md.slice(m.index + m[0].length);
    out.push(rest.slice(0, rest.indexOf('</div>')));
  }
  return out;
}

describe('the pages of every game, in every locale', () => {
  it('have pages to look at (the reading boxes are found)', () => {
    expect(games.length).toBeGreaterThanOrEqual(4);
    expect(pages.flatMap(([, md]) => readingBoxes(md)).length).toBeGreaterThan(100);
  });

  it('show no reading box without a reading in it', () => {
    const empty: string[] = [];
    for (const [page, md] of pages) {
      for (const box of readingBoxes(md)) {
        const words = box.replace(/<[^>]*>/g, '').trim();
        if (words === '') empty.push(`${page}: ${box || '(nothing)'}`);
      }
    }
    expect(empty).toEqual([]);
  });
});
