import { afterAll, describe, expect, it } from 'vitest';
import { buildSeedModels, percent, quoteStart } from '../../src/docgen/coverage.ts';
import { sourcePageMd } from '../../src/docgen/pages/source.ts';
import { citedLines, parseRef, seedLines } from '../../src/loader/seeds.ts';
import { cleanTemps, loadDoc, REAL_GAME, unescapeHtml } from './helpers.ts';

afterAll(cleanTemps);

const doc = loadDoc(REAL_GAME);
const [seed] = buildSeedModels([doc]);

describe('source page of the real spec (seed 003)', () => {
  const lines = seedLines('003')!;

  it('covers the seed the game cites', () => {
    expect(buildSeedModels([doc]).map((s) => s.info.id)).toEqual(['003']);
    expect(seed!.total).toBe(lines.length);
  });

  it('computes coverage = cited rule-bearing lines / (all − non-rule − blank)', () => {
    const nonRule = new Set<number>();
    for (const n of doc.spec.nonRules ?? []) {
      const r = parseRef(n.ref)!;
      for (let i = r.from; i <= r.to; i++) nonRule.add(i);
    }
    const blank = new Set(lines.flatMap((l, i) => (l.trim() === '' ? [i + 1] : [])));
    const cited = citedLines(doc.spec).get('003')!;
    const bearing = lines.map((_, i) => i + 1).filter((n) => !nonRule.has(n) && !blank.has(n));
    const citedBearing = bearing.filter((n) => cited.has(n));
    expect(seed!.nonRule).toBe([...nonRule].filter((n) => !blank.has(n)).length);
    expect(seed!.blank).toBe(blank.size);
    expect(seed!.ruleBearing).toBe(bearing.length);
    expect(seed!.cited).toBe(citedBearing.length);
    expect(percent(seed!)).toBe(`${((100 * citedBearing.length) / bearing.length).toFixed(1)}%`);
  });

  for (const lang of ['en', 'zh'] as const) {
    const md = sourcePageMd(lang, seed!);

    it(`${lang}: one element with id L<n> per line, each with its number link and its exact text`, () => {
      const ids = [...md.matchAll(/<div id="L(\d+)" class="src-line[^"]*">/g)].map((m) => Number(m[1]));
      expect(ids).toEqual(lines.map((_, i) => i + 1));
      for (const [i, text] of lines.entries()) {
        const n = i + 1;
        const el = md.match(new RegExp(`<div id="L${n}" [^\\n]*</div>`))![0];
        expect(el).toContain(`<a class="src-ln" href="#L${n}">${n}</a>`);
        const shown = el.match(/<span class="src-text[^"]*"[^>]*>(.*?)<\/span>/)![1]!;
        expect(unescapeHtml(shown)).toBe(text.trim() === '' ? '&nbsp;' : text);
      }
    });

    it(`${lang}: cited lines link to their rules; uncited and non-rule lines are marked`, () => {
      const line = (n: number) => md.match(new RegExp(`<div id="L${n}" [^\\n]*</div>`))![0];
      expect(line(85)).toMatch(/class="src-line src-cited"/);
      expect(line(85)).toContain('href="../games/cash-n-guns/flow#phase-1-bills"');
      expect(line(1)).toMatch(/class="src-line src-nonrule"/);
      // the reason in the page's language (the data gives both)
      expect(line(1)).toContain(lang === 'zh' ? '圖片來源。' : 'Picture credit.');
      const uncited = seed!.lines.filter((l) => !l.blank && l.nonRule.length === 0 && l.citedBy.length === 0);
      expect(uncited.length).toBe(seed!.ruleBearing - seed!.cited);
      for (const l of uncited) expect(line(l.n)).toMatch(/class="src-line src-uncited"/);
      expect(md.match(/class="src-line src-uncited"/g)?.length ?? 0).toBe(uncited.length);
    });

    it(`${lang}: states the coverage figure and its formula at the top`, () => {
      const top = md.slice(0, md.indexOf('class="src-lines"'));
      expect(top).toContain(`<span class="src-coverage-figure">${percent(seed!)}</span>`);
      expect(top).toContain(`(${seed!.cited} / ${seed!.ruleBearing})`);
      expect(top).toContain(`${seed!.cited} ÷`);
      expect(top).toContain(`${seed!.total} − ${seed!.nonRule} − ${seed!.blank}`);
      expect(top).toContain(lang === 'en' ? 'all lines − non-rule lines − blank lines' : '總行數 − 非規則行數 − 空行數');
    });
  }
});

describe('quoteStart', () => {
  it('finds the line a quote starts on within a range, across line breaks', () => {
    expect(quoteStart('003:15-21', 'BANG! BANG! BANG! |\n1 |')).toBe(15);
    expect(quoteStart('003:22-23', 'BANG! |\n2 |')).toBe(22);
    expect(quoteStart('003:45-46', '6 feet under |\n遊戲結束時')).toBe(45);
    expect(quoteStart('003:83-84', '每回合包括8個階段:\n(1)放置鈔票')).toBe(83);
    expect(quoteStart('003:84-85', '從鈔票堆上方')).toBe(85);
    // joined without a line break: the quote starts at the beginning of the second line
    expect(quoteStart('003:84-85', '(1)放置鈔票從鈔票堆')).toBe(84);
  });
});
