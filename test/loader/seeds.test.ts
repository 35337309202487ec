import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citedLines, parseRef, seedIndex, seedLines, seedsDir, verifyQuote, verifyRef } from '../../src/loader/seeds.ts';

describe('seed index', () => {
  it('lists the five seeds with ids 000..004 and the right line counts', () => {
    const index = seedIndex();
    expect(index.map((s) => s.id)).toEqual(['000', '001', '002', '003', '004']);
    for (const s of index) {
      const text = readFileSync(join(seedsDir, s.file), 'utf8');
      const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
      expect(s.lines, s.file).toBe(lines);
      expect(seedLines(s.id)).toHaveLength(s.lines);
      expect(s.file.startsWith(s.id + '_')).toBe(true);
    }
  });

  it('gives 1-based lines', () => {
    expect(seedLines('003')![84]).toContain('從鈔票堆上方抽出5張鈔票翻開於桌面上');
    expect(seedLines('999')).toBeUndefined();
  });

  it('parses refs', () => {
    expect(parseRef('003:85')).toEqual({ seed: '003', from: 85, to: 85 });
    expect(parseRef('003:80-82')).toEqual({ seed: '003', from: 80, to: 82 });
    expect(parseRef('3:85')).toBeUndefined();
  });
});

describe('verifyQuote', () => {
  it('accepts a verbatim quote, also one that crosses a line break', () => {
    expect(verifyQuote('003:85', '從鈔票堆上方抽出5張鈔票翻開於桌面上')).toEqual({ ok: true });
    expect(verifyQuote('003:84-86', '從鈔票堆上方抽出5張鈔票翻開於桌面上')).toEqual({ ok: true });
    expect(verifyQuote('003:83-84', '每回合包括8個階段:\n(1)放置鈔票')).toEqual({ ok: true });
    expect(verifyQuote('003:83-84', '每回合包括8個階段:(1)放置鈔票')).toEqual({ ok: true });
  });

  it('a misquote: where it stops matching, and what the text has', () => {
    const r = verifyQuote('003:85', '從鈔票堆上方拿出5張鈔票');
    expect(r).toMatchObject({ ok: false, field: 'quote', offset: 6 });
    if (r.ok) return;
    expect(r.message).toContain('the quote does not stand on line 85 of source text 003');
    expect(r.message).toContain('then the quote has "拿出5張鈔票" where the text has "抽出5張鈔票翻開於桌面上"');
  });

  it('a quote from other lines: the hint names the right ref', () => {
    expect(verifyQuote('003:85', '(2)放置子彈卡')).toMatchObject({ ok: false, field: 'ref', hint: 'found on line 86: use ref "003:86"' });
    expect(verifyQuote('003:85', '每回合包括8個階段:(1)放置鈔票')).toMatchObject({
      hint: 'found on lines 83-84: use ref "003:83-84"',
    });
    const many = verifyQuote('003:1', '受傷標誌');
    expect(many).toMatchObject({ ok: false, field: 'ref' });
    if (!many.ok) expect(many.hint).toMatch(/^found on line 49: use ref "003:49" \(it is also on line 55, /);
  });

  it('a near miss: full-width punctuation or spaces', () => {
    const r = verifyQuote('003:85', '翻開於桌面上，若前一回合');
    expect(r).toMatchObject({ ok: false, field: 'quote', hint: 'the text reads "翻開於桌面上,若前一回合": copy it exactly' });
    if (!r.ok) expect(r.message).toMatch(/only in punctuation/);
    const spaced = verifyQuote('003:85', '從鈔票堆上方 抽出5張鈔票');
    expect(spaced).toMatchObject({ ok: false, hint: 'the text reads "從鈔票堆上方抽出5張鈔票": copy it exactly' });
    const elsewhere = verifyQuote('003:1', '翻開於桌面上，若前一回合');
    expect(elsewhere).toMatchObject({ ok: false, field: 'quote' });
    if (!elsewhere.ok) expect(elsewhere.hint).toContain('use ref "003:85"');
  });

  it('bad refs: unknown seed, outside the file, backwards, line 0, malformed', () => {
    expect(verifyQuote('009:1', 'x')).toMatchObject({ ok: false, field: 'ref', message: 'there is no source text with id "009"' });
    expect(verifyQuote('003:111', 'x')).toMatchObject({ ok: false, message: 'line 111 is outside source text 003, which has 110 lines' });
    expect(verifyRef('003:110')).toEqual({ ok: true });
    expect(verifyQuote('003:90-80', 'x')).toMatchObject({ ok: false, hint: 'write "003:80-90"' });
    expect(verifyQuote('003:0', 'x')).toMatchObject({ ok: false, message: 'line numbers start at 1' });
    expect(verifyQuote('3:85', 'x')).toMatchObject({ ok: false, field: 'ref', message: '"3:85" is not a line reference' });
  });

  it('a quote not on the lines at all', () => {
    const r = verifyQuote('003:85', 'zzz');
    expect(r).toMatchObject({ ok: false, field: 'quote' });
    if (!r.ok) expect(r.hint).toMatch(/^is the line number right\? line 85 begins "從鈔票堆/);
  });
});

describe('citedLines', () => {
  it('collects every cited line per seed, anywhere in the spec', () => {
    const spec = {
      flow: [
        {
          id: 'a',
          source: [{ ref: '003:83-85', quote: 'x' }],
          do: [{ rule: { id: 'b', source: [{ ref: '000:5', quote: 'y' }] } }],
        },
      ],
      ends: [{ id: 'c', source: [{ ref: '003:200', quote: 'z' }, { ref: '009:1', quote: 'z' }] }],
    };
    const cited = citedLines(spec);
    expect([...cited.keys()].sort()).toEqual(['000', '003']);
    expect([...cited.get('003')!]).toEqual([83, 84, 85]); // 200 is past the end of 003
    expect([...cited.get('000')!]).toEqual([5]);
  });
});
