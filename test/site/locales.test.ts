/// <reference lib="dom" />
/**
 * The built rules site in Chromium, as a Chinese reader and any reader meets it (issue 37):
 * - a zh-Hans page and a zh-Hant page of each game: the html element says its locale, all the
 *   text outside the seeds' quotes is in that script (converting it to Simplified with OpenCC
 *   changes nothing; no character of it is found only in Simplified text), each quote is as the
 *   seed prints it and says the seed's language, every other language mark says the page's
 *   locale or English;
 * - no id of the spec in the text a reader sees, on any page of any game in any locale (code,
 *   variables, links' targets and quotes aside);
 * - no "Generated reading" box without a reading;
 * - the flow page's text and its charts' boxes are there without waiting for Mermaid, and at
 *   390 px no chart is wider than its column (it scrolls inside it);
 * - search works in both Chinese locales (a Traditional and a Simplified query), and how long
 *   the first results take is printed (a measurement, not asserted).
 * The site is built once (npm run docs:build into a temporary folder).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfScript } from '../../src/chinese-script.ts';
import { findGameDirs, loadSpecFolder, ruleNodes } from '../../src/loader/load-folder.ts';
import { seedIndex } from '../../src/loader/seeds.ts';
import { startStaticServer, type StaticServer } from '../../src/site/static-server.ts';
import { RULES_DIR, requireChromium, runTs, tempSite } from './helpers.ts';
import { limit } from '../limits.ts';

const SCRIPTS = ['zh-Hans', 'zh-Hant'] as const;
const dirOf = (locale: string): string => (locale === 'en' ? '' : `/${locale.toLowerCase()}`);
const toHans = OpenCC.Converter({ from: 'tw', to: 'cn' });
const seedLang = new Map(seedIndex().map((s) => [s.id, s.language]));

interface Game {
  id: string;
  ids: string[];
}
const games: Game[] = findGameDirs(RULES_DIR)
  .sort()
  .map((dir) => {
    const spec = loadSpecFolder(dir).spec!.spec;
    const ids = new Set(ruleNodes(spec).map((e) => e.node.id));
    for (const s of spec.spaces ?? []) for (const item of s.items) ids.add(item.id);
    return { id: dir.split(/[\\/]/).pop()!, ids: [...ids].filter((id) => id.length > 1) };
  });

let site: ReturnType<typeof tempSite>;
let server: StaticServer;
let context: BrowserContext;
let profileDir: string;

async function open(url: string, width = 1280): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(limit(60_000)); // a ceiling for waits on a loaded machine, not a timing assertion
  await page.setViewportSize({ width, height: 800 });
  await page.goto(server.url + url, { waitUntil: 'load' });
  await page.locator('.VPContent').first().waitFor({ state: 'visible' });
  return page;
}

/** the game pages of a locale, as site URLs */
function pagesOf(locale: string, game: string): string[] {
  const dir = join(site.siteDir, dirOf(locale).slice(1), 'games', game);
  return readdirSync(dir)
    // (the play page is drawn by the table's own script: test/site/ of issue 35)
    .filter((f) => f.endsWith('.md') && f !== 'files.md' && f !== 'play.md')
    .map((f) => `${dirOf(locale)}/games/${game}/${f === 'index.md' ? '' : f.replace(/\.md$/, '')}`)
    .sort();
}

/** what the reader reads of the page's content: its text outside code, variables, quotes and (on a Chinese page) what is marked English */
function readerText(page: Page, chinese: boolean): Promise<string> {
  return page.evaluate((zh) => {
    const skip = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        const tag = e.tagName.toLowerCase();
        if (['code', 'pre', 'var', 'script', 'style'].includes(tag) || e.classList.contains('verbatim')) return true;
        if (zh && e.getAttribute('lang') === 'en') return true;
      }
      return false;
    };
    const root = document.querySelector('.VPDoc .vp-doc') ?? document.querySelector('.VPContent')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const out: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) out.push(n.textContent ?? '');
    return out.join(' ');
  }, chinese);
}

describe('the rules site in its locales, in Chromium', () => {
  beforeAll(async () => {
    const executablePath = requireChromium();
    site = tempSite('locales');
    const dist = join(site.dir, 'dist');
    // (the Simulations pages are not what this test reads: two random games a setting, no search studies)
    const build = runTs('src/site/build.ts', ['--rules-dir', RULES_DIR, '--site-dir', site.siteDir, '--out-dir', dist], { RULES_SITE_SIM_GAMES: '2', RULES_SITE_SEARCH_GAMES: '0' });
    if ((await build.exited) !== 0) throw new Error(`npm run docs:build failed:\n${build.stdout()}\n${build.stderr()}`);
    server = await startStaticServer({ root: dist });
    profileDir = mkdtempSync(join(tmpdir(), 'rules-locales-chromium-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 800 },
    });
  }, limit(900_000));

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    site?.cleanup();
  });

  for (const script of SCRIPTS) {
    it(`${script}: a page of each game is all in ${script} outside the quotes, and says its languages right`, async () => {
      const wrong: string[] = [];
      let quotes = 0;
      for (const g of games) {
        for (const which of ['setup', 'flow']) {
          const url = `${dirOf(script)}/games/${g.id}/${which}`;
          const page = await open(url);
          expect(await page.locator('html').getAttribute('lang'), url).toBe(script);
          const text = await readerText(page, true);
          expect((text.match(/[\u4e00-\u9fff]/g) ?? []).length, url).toBeGreaterThan(100);
          if (script === 'zh-Hans') {
            if (toHans(text) !== text) wrong.push(`${url}: OpenCC changes ${[...new Set(outOfScript(text, 'zh-Hans'))].slice(0, 8).join(' ')}`);
          } else {
            const bad = outOfScript(text, 'zh-Hant');
            if (bad.length > 0) wrong.push(`${url}: Simplified-only ${[...new Set(bad)].slice(0, 8).join(' ')}`);
          }
          const marks = await page.evaluate(() =>
            Array.from(document.querySelectorAll('.VPContent [lang]')).map((e) => ({
              lang: e.getAttribute('lang')!,
              verbatim: e.classList.contains('verbatim'),
              quote: e.classList.contains('rule-quote-text'),
              ref: e.parentElement?.querySelector('.rule-ref')?.textContent ?? '',
            })),
          );
          for (const m of marks) {
            if (m.quote) {
              quotes++;
              const seed = m.ref.slice(0, 3);
              if (m.lang !== seedLang.get(seed)) wrong.push(`${url}: a quote of ${seed} says lang="${m.lang}"`);
            } else if (!m.verbatim && m.lang !== script && m.lang !== 'en') wrong.push(`${url}: lang="${m.lang}"`);
          }
          await page.close();
        }
      }
      expect(quotes).toBeGreaterThan(50);
      expect(wrong).toEqual([]);
    }, limit(600_000));
  }

  it('shows the flow at once: the boxes of every chart as a list until Mermaid has drawn it (here: never)', async () => {
    for (const g of games) {
      const page = await context.newPage();
      page.setDefaultTimeout(limit(60_000));
      // Mermaid held back: what the reader has before it arrives
      await page.route('**/assets/mermaid/**', (r) => r.abort());
      await page.goto(`${server.url}/zh-hans/games/${g.id}/flow`, { waitUntil: 'load' });
      await page.locator('.VPContent').first().waitFor({ state: 'visible' });
      const charts = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.vp-doc .mermaid')).map((m) => {
          const list = m.nextElementSibling;
          return {
            drawn: m.querySelector('svg') !== null,
            listed: list?.classList.contains('chart-outline') === true && getComputedStyle(list).display !== 'none' ? list.querySelectorAll('li').length : 0,
          };
        }),
      );
      expect(charts.length, g.id).toBeGreaterThan(0);
      for (const c of charts) {
        expect(c.drawn, g.id).toBe(false);
        expect(c.listed, `${g.id}: a chart's boxes listed`).toBeGreaterThan(0);
      }
      await page.close();
    }
  }, limit(300_000));

  it('draws every chart in place of its list, and at 390 px keeps each chart inside its column, scrolling sideways', async () => {
    for (const g of games) {
      const page = await open(`/zh-hant/games/${g.id}/flow`, 390);
      const count = await page.locator('.vp-doc .mermaid').count();
      await page.waitForFunction((n) => document.querySelectorAll('.vp-doc .mermaid svg').length === n, count, { timeout: 120_000 });
      const boxes = await page.evaluate(() => {
        const doc = document.querySelector('.vp-doc')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('.vp-doc .mermaid')).map((m) => {
          const box = m.getBoundingClientRect();
          const svg = m.querySelector('svg')!.getBoundingClientRect();
          const list = m.nextElementSibling!;
          return { docLeft: doc.left, docRight: doc.right, left: box.left, right: box.right, svgLeft: svg.left, svgWidth: svg.width, scroll: m.scrollWidth, listShown: getComputedStyle(list).display !== 'none' };
        });
      });
      const page2 = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(page2, `${g.id}: the page is no wider than the screen`).toBeLessThanOrEqual(390);
      for (const b of boxes) {
        expect(b.listShown, g.id).toBe(false);
        expect(b.right, g.id).toBeLessThanOrEqual(b.docRight + 1);
        // the chart starts inside its box (nothing cut off on the left), and all of it can be scrolled to
        expect(b.svgLeft, g.id).toBeGreaterThanOrEqual(b.left - 1);
        expect(b.scroll, g.id).toBeGreaterThanOrEqual(Math.floor(b.svgWidth));
      }
      await page.close();
    }
  }, limit(600_000));

  it('searches in both Chinese locales, with a query in either script (the time to the first results is printed)', async () => {
    const queries = [
      { locale: 'zh-Hans', term: '朗姆酒', game: 'speakeasy' },
      { locale: 'zh-Hans', term: '鈔票', game: 'cash-n-guns' },
      { locale: 'zh-Hant', term: '钞票', game: 'cash-n-guns' },
      { locale: 'zh-Hant', term: '保護費', game: 'downtown' },
    ].filter((q) => games.some((g) => g.id === q.game));
    for (const q of queries) {
      const page = await open(`${dirOf(q.locale)}/`);
      await page.locator('#local-search button').first().click();
      const t0 = performance.now();
      await page.locator('.VPLocalSearchBox input').fill(q.term);
      await page.locator('.VPLocalSearchBox a.result').first().waitFor();
      const ms = performance.now() - t0;
      process.stdout.write(`search ${q.locale} "${q.term}": first results after ${(ms / 1000).toFixed(2)} s (first search of the page: the index loads)\n`);
      await page.waitForTimeout(400); // debounced: let the list settle
      const hrefs = await page.locator('.VPLocalSearchBox a.result').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
      expect(hrefs.some((h) => h.startsWith(`${dirOf(q.locale)}/games/${q.game}/`)), `${q.locale} ${q.term}: ${hrefs.join(', ')}`).toBe(true);
      expect(hrefs.every((h) => h.startsWith(`${dirOf(q.locale)}/`)), `${q.locale} ${q.term}: only this locale's pages`).toBe(true);
      await page.close();
    }
  }, limit(300_000));

  it('no id of the spec in the text a reader sees, on any game page of any locale; no empty reading box', async () => {
    const found: string[] = [];
    let pages = 0;
    for (const g of games) {
      for (const locale of ['en', ...SCRIPTS]) {
        for (const url of pagesOf(locale, g.id)) {
          const page = await open(url);
          pages++;
          const chinese = locale !== 'en';
          const text = await readerText(page, chinese);
          for (const id of g.ids) {
            if (!chinese && /^[a-z]+$/.test(id)) continue; // an English word on an English page
            const m = new RegExp(`(?<![\\w&#/.-])${id.replace(/-/g, '\\-')}(?![\\w/-])`).exec(text);
            if (m) found.push(`${url}: ${id} in "${text.slice(Math.max(0, m.index - 25), m.index + id.length + 25).replace(/\s+/g, ' ')}"`);
          }
          const empty = await page.evaluate(() =>
            Array.from(document.querySelectorAll('.rule-reading')).filter((box) => Array.from(box.childNodes).filter((c) => !(c instanceof Element && c.classList.contains('rule-label'))).every((c) => (c.textContent ?? '').trim() === '')).length,
          );
          if (empty > 0) found.push(`${url}: ${empty} empty reading box(es)`);
          await page.close();
        }
      }
    }
    expect(pages).toBeGreaterThan(games.length * 3 * 8);
    expect(found).toEqual([]);
  }, limit(900_000));
});
