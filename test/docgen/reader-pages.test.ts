/**
 * What a reader finds on the generated pages of every game under rules/, in every locale: no
 * "Generated reading" box without a reading in it; a Chinese page all in its locale's script
 * outside the quotes from the seeds, which stay as printed and say their own language.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outOfScript, SCRIPTS } from '../../src/chinese-script.ts';
import { buildSite } from '../../src/docgen/site.ts';
import { seedIndex, seedLines } from '../../src/loader/seeds.ts';
import { ruleNodes } from '../../src/loader/load-folder.ts';
import { loadGames } from '../../src/docgen/generate.ts';

// with their worked examples, as the site shows them (the examples pages, the play table's data)
const games = loadGames('rules').games;
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

/** an element marked verbatim (a quote, a seed's line or word, a file listing): its lang and its text */
const VERBATIM = /<(span|div) class="[^"]*\bverbatim\b[^"]*" lang="([^"]*)">([\s\S]*?)<\/\1>/g;
const unescape = (s: string): string => s.replace(/<br>/g, '\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');

describe('the Chinese pages, in each script', () => {
  const seedLang = new Map(seedIndex().map((s) => [s.id, s.language]));
  for (const script of SCRIPTS) {
    const mine = pages.filter(([p]) => p.startsWith(`${script.toLowerCase()}/`));

    it(`${script}: every page is there (as many as the English ones)`, () => {
      expect(mine.length).toBe(pages.filter(([p]) => !/^zh-han[st]\//.test(p)).length);
    });

    it(`${script}: all the text outside the seeds' quotes is in ${script}`, () => {
      const wrong: string[] = [];
      for (const [page, md] of mine) {
        const outside = md.replace(VERBATIM, '');
        const bad = outOfScript(outside, script);
        if (bad.length > 0) wrong.push(`${page}: ${[...new Set(bad)].slice(0, 12).join(' ')}`);
      }
      expect(wrong).toEqual([]);
    });

    it(`${script}: language marks say ${script}, or English; a quote says its seed's language and is printed as the seed prints it`, () => {
      const wrong: string[] = [];
      let quotes = 0;
      for (const [page, md] of mine) {
        for (const m of md.replace(VERBATIM, '').matchAll(/\blang="([^"]*)"/g)) if (m[1] !== script && m[1] !== 'en') wrong.push(`${page}: lang="${m[1]}"`);
        for (const m of md.matchAll(/<a class="rule-ref" href="[^"]*sources\/(\d{3})#L(\d+)">[^<]*<\/a> <span class="rule-quote-text verbatim" lang="([^"]*)">(.*?)<\/span>/g)) {
          quotes++;
          const [, seed, line, lang, text] = m as unknown as [string, string, string, string, string];
          if (lang !== seedLang.get(seed)) wrong.push(`${page}: a quote of ${seed} says lang="${lang}"`);
          const printed = seedLines(seed)!.slice(Number(line) - 1).join('\n');
          if (!printed.includes(unescape(text).slice(0, 8))) wrong.push(`${page}: the quote at ${seed}:${line} is not as printed: ${unescape(text).slice(0, 20)}`);
        }
      }
      expect(quotes).toBeGreaterThan(500);
      expect(wrong).toEqual([]);
    });
  }

  it('Speakeasy (a Simplified seed) and The Boss (a Traditional one) read in both scripts', () => {
    const setupOf = (script: string, game: string) => files.get(`${script}/games/${game}/setup.md`)!;
    // the heading of the rules, the site's words and a Simplified rule text, each in the page's script
    expect(setupOf('zh-hant', 'speakeasy')).toContain('遊戲準備');
    expect(setupOf('zh-hans', 'speakeasy')).toContain('游戏准备');
    expect(setupOf('zh-hans', 'the-boss')).toContain('每位玩家选择一个颜色');
    expect(setupOf('zh-hant', 'the-boss')).toContain('每位玩家選擇一個顏色');
    // the quote of the Traditional seed, on the Simplified page, as printed
    expect(setupOf('zh-hans', 'the-boss')).toContain('lang="zh-Hant">每位玩家選擇一個顏色，拿取該顏色的方塊');
  });
});

/**
 * The ids of a game's spec: every rule node's (options, cards, vars, seat vars, zones, functions,
 * procedures, triggers, effect lists, setup, flow, ends, results, nested rules), its places and
 * their sets. Ids of one lowercase word (`round`, `police`) are words of English too: they are
 * looked for on the Chinese pages only, where no English word belongs.
 */
function specIds(game: (typeof games)[number]): string[] {
  const ids = new Set<string>(ruleNodes(game.spec).map((e) => e.node.id));
  for (const s of game.spec.spaces ?? []) for (const item of s.items) ids.add(item.id);
  return [...ids].filter((id) => id.length > 1);
}

/** a page's text as a reader sees it: no markup, code, variables, verbatim text, link targets, anchors or frontmatter keys */
function readerText(md: string): string {
  return md
    .replace(/^---\n[\s\S]*?\n---\n/, (fm) => fm.replace(/^\s*[\w.-]+:/gm, ' ').replace(/link: \S+/g, ' '))
    .replace(VERBATIM, ' ')
    .replace(/<code[^>]*>[\s\S]*?<\/code>/g, ' ')
    // a reading's locals (its parameters, loop variables) are variables, as in mathematics
    .replace(/<var[^>]*>[\s\S]*?<\/var>/g, ' ')
    .replace(/```(?!mermaid)[\s\S]*?```/g, ' ')
    // a chart shows the labels of its boxes and arrows (not its links' targets)
    .replace(/```mermaid\n([\s\S]*?)```/g, (_m, chart: string) => [...chart.matchAll(/[[({|>/]"([^"]*)"\/?[\])}|]/g)].map((x) => x[1]).join(' '))
    // (a text's backticks are shown as written, inside the pages' HTML blocks: not code)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{#[^}]*\}/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    // Markdown's escapes (a heading's take\-shame\-token, reorderLastTurn\=final) as the reader sees them
    .replace(/\\(?=[^\w\s])/g, '');
}

describe('no internal names on the pages', () => {
  it('no id of the spec in the text a reader sees, on any page of any locale', () => {
    const found: string[] = [];
    for (const game of games) {
      const ids = specIds(game);
      const mine = pages.filter(([p]) => p.includes(`games/${game.id}/`) && !p.endsWith('/files.md'));
      for (const [page, md] of mine) {
        const chinese = /^zh-han[st]\//.test(page);
        // on a Chinese page, what is marked as English (a glossary's English column) is English
        const text = readerText(chinese ? md.replace(/<(\w+)[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/g, ' ') : md);
        for (const id of ids) {
          // an English word (`round`) is an id only on a Chinese page
          if (!chinese && /^[a-z]+$/.test(id)) continue;
          // a word of its own: not part of a longer one, a path (actions/thugs.yaml) or an entity
          const m = new RegExp(`(?<![\\w&#/.-])${id.replace(/[-]/g, '\\-')}(?![\\w/-])`).exec(text);
          if (m) found.push(`${page}: ${id} in "${text.slice(Math.max(0, m.index - 30), m.index + id.length + 30).replace(/\s+/g, ' ')}"`);
        }
      }
    }
    expect(found.length, found.slice(0, 80).join('\n')).toBe(0);
  });

  it("no id of the spec in the worked examples' words the play table shows (public/play/<game>.examples.json)", () => {
    const found: string[] = [];
    let texts = 0;
    for (const game of games) {
      const data = files.get(`public/play/${game.id}.examples.json`);
      if (data === undefined) continue;
      const ids = specIds(game);
      for (const ex of (JSON.parse(data) as { examples: { id: string; text: { en: string; zh: string } }[] }).examples) {
        for (const lang of ['en', 'zh'] as const) {
          texts++;
          for (const id of ids) {
            if (lang === 'en' && /^[a-z]+$/.test(id)) continue;
            const m = new RegExp(`(?<![\\w&#/.-])${id.replace(/[-]/g, '\\-')}(?![\\w/-])`).exec(ex.text[lang]);
            if (m) found.push(`${game.id} ${ex.id} (${lang}): ${id}`);
          }
        }
      }
    }
    expect(texts).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});

describe('the scan for ids', () => {
  it('finds an id left in the text, and not in code, a variable, a link or a quote', () => {
    const page = '<p>見take-shame-token</p><code>take-shame-token</code><var>hand</var><a href="#take-shame-token">x</a>';
    expect(readerText(page)).toMatch(/見take-shame-token/);
    expect(readerText(page).match(/take-shame-token/g)).toHaveLength(1);
  });
});
