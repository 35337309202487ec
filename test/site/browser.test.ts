/// <reference lib="dom" />
/**
 * The built rules site in a real headless Chromium (Debian's /usr/bin/chromium, driven by
 * playwright-core). The site is generated from rules/ and built into a temporary folder (or, with
 * RULES_TEST_BUILT_SITE=1, the site `npm run docs:build` built into site/ is opened when nothing
 * it is built from changed since: CI builds it the step before; test/site/helpers.ts, builtSite),
 * then served by the loopback-only static server. Checks:
 * - every generated page of every game, and every source page, in English and Chinese, renders
 *   (a title, no 404 page) without console errors, page errors or failed requests; the site's
 *   icon (link rel=icon) loads;
 * - a rule's link to its source lands on the source page with that line targeted: highlighted,
 *   inside the viewport, and showing the first characters of the quote;
 * - searching Chinese words (鈔票, 搶匪, …) in the Chinese site gives results that lead to rule
 *   sections containing the word; a Latin-script search still works;
 * - on each game's flow page, in both locales, at 1280 and 390 px wide, every Mermaid chart (the
 *   overview and the charts of the rules) renders as a flowchart whose label text is at least
 *   10 px and fits its box, and no label is a bare rule id; "Enlarge chart" makes a chart larger;
 *   clicking a box of the overview goes to its rule's section on the page;
 * - "All rules" gives the rule text at least half the content width at 1280 px, and keeps it
 *   inside the screen at 390 px;
 * - the Chinese pages' text outside code, names and ids is mostly Chinese: the share of Latin
 *   letters stays under LATIN_SHARE_MAX (set from the pages as fixed, with a little room);
 * - the first search shows that it is searching while the search index loads (held back here);
 * - "Defined in rules/….yaml:4" links to that line of the game's files page, highlighted;
 * - a page's large blocks (kept out of the JavaScript, site/.vitepress/pack-blocks.ts) are all
 *   there on a full load, from the HTML, with no request for them and the `:target` line kept,
 *   and are fetched when the page is entered by client-side navigation.
 * Screenshots go to test-artifacts/site/. A missing Chromium fails the test, it is not skipped.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../src/site/static-server.ts';
import { findGameDirs, loadSpecFolder } from '../../src/loader/load-folder.ts';
import { ARTIFACTS, builtSite, ROOT, RULES_DIR, launchChromium, pagesUnder as pagesUnderSite, runTs, tempSite } from './helpers.ts';
import { chartProblems, searchProblems, searchStudies, simulationCharts } from './simulations-check.ts';
import { limit } from '../limits.ts';

const SHOTS = join(ARTIFACTS, 'site');

/**
 * The most Latin letters a Chinese page may have, as a share of its letters (Latin + CJK), outside
 * code, ids and names (see the test). Set from the fixed pages: the largest was 5.3 % (the worked
 * examples) when this was set (the test prints every page's share). Before the fixes the flow
 * pages stood at 17–27 % and the glossaries at 28–46 %; a source page whose non-rule reasons
 * fall back to English goes to about 16 %.
 */
const LATIN_SHARE_MAX = 0.08;

interface Generated {
  games: { id: string; name: { en: string; zh: string } }[];
}

/** Chinese search words and the game whose pages must contain them (tested when the game exists) */
/** `shown`: the word as the (Traditional) text writes it, when the query is typed in Simplified */
const ZH_QUERIES: { term: string; game: string; shown?: string }[] = [
  { term: '鈔票', game: 'cash-n-guns' },
  { term: '搶匪', game: 'cash-n-guns' },
  { term: '保護費', game: 'downtown' },
  { term: '搶劫', game: 'downtown' },
  { term: '钞票', game: 'cash-n-guns', shown: '鈔票' },
  { term: '朗姆酒', game: 'speakeasy' },
];

let site: ReturnType<typeof tempSite>;
/** the built static site the server serves */
let dist: string;
let server: StaticServer;
let context: BrowserContext;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
let generated: Generated;
let buildMs = 0;

/**
 * The Latin words of names in the games' data: every `name` (a game's, a card's, a place's) whose
 * Chinese form keeps Latin words (Frankie, BANG!), the games' English names, and the Chinese
 * titles of the source texts (names of works and authors: Florian Racky).
 */
function latinNames(): string[] {
  const words = new Set<string>();
  const add = (s: string) => {
    for (const w of s.match(/[A-Za-z][A-Za-z'’]*/g) ?? []) if (w.length > 1) words.add(w);
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const name = (v as { name?: { zh?: unknown } }).name;
      if (name && typeof name.zh === 'string') add(name.zh);
      Object.values(v).forEach(walk);
    }
  };
  for (const dir of findGameDirs(RULES_DIR)) walk(loadSpecFolder(dir).spec?.spec);
  for (const g of generated.games) add(g.name.en);
  const seeds = parse(readFileSync(join(ROOT, 'seeds/index.yaml'), 'utf8')) as { seeds: { title: string | { zh: string } }[] };
  for (const s of seeds.seeds) add(typeof s.title === 'string' ? s.title : s.title.zh);
  return [...words].sort((a, b) => b.length - a.length);
}

/** the rule ids of a game, from its generated "All rules" page */
function ruleIds(game: string): Set<string> {
  const md = readFileSync(join(site.siteDir, 'games', game, 'rules.md'), 'utf8');
  return new Set([...md.matchAll(/<td class="rules-index-rule"><a [^>]*><code>([^<]+)<\/code>/g)].map((m) => m[1]!));
}

/** the site URL of every generated page under `dir` (relative to the site folder) */
const pagesUnder = (dir: string): string[] => pagesUnderSite(site.siteDir, dir);

interface Problems {
  console: string[];
  failed: string[];
}

/** open url; collect console errors, page errors and failed requests while it loads */
async function visit(page: Page, url: string, settle: (p: Page) => Promise<void> = async () => {}): Promise<Problems> {
  const problems: Problems = { console: [], failed: [] };
  const onConsole = (m: { type(): string; text(): string }): void => {
    // a failed load is also reported as a response below, where the favicon can be told apart
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.console.push(m.text());
  };
  const onPageError = (e: Error): void => void problems.console.push(`page error: ${e.message}`);
  const onResponse = (r: { status(): number; url(): string }): void => {
    if (r.status() >= 400) problems.failed.push(`${r.status()} ${r.url()}`);
  };
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }): void => {
    // ERR_ABORTED: a prefetch of a linked page cut short by the next navigation
    const why = r.failure()?.errorText ?? '';
    if (!why.includes('ERR_ABORTED')) problems.failed.push(`failed ${r.url()}: ${why}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  try {
    await page.goto(server.url + url, { waitUntil: 'load' });
    await page.locator('.VPContent').first().waitFor({ state: 'visible' });
    await settle(page);
    await page.waitForTimeout(100);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
  return problems;
}

const norm = (s: string): string => s.replace(/\s+/g, '');
/** without spaces, punctuation and symbols (quotes may use other commas or bars than the text) */
const loose = (s: string): string => s.replace(/[\s\p{P}\p{S}]+/gu, '');

/** the text of a seed line, from seeds/index.yaml and the seed file */
function seedLine(seed: string, line: number): string {
  const index = parse(readFileSync(join(ROOT, 'seeds/index.yaml'), 'utf8')) as { seeds: { id: string; file: string }[] };
  const info = index.seeds.find((s) => s.id === seed);
  if (!info) throw new Error(`no seed ${seed} in seeds/index.yaml`);
  return readFileSync(join(ROOT, 'seeds', info.file), 'utf8').split('\n')[line - 1] ?? '';
}

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(limit(60_000)); // a ceiling for waits on a loaded CI machine, not a timing assertion
  return page;
}

describe('the rules site in Chromium', () => {
  beforeAll(async () => {
    // the site `npm run docs:build` built the step before (CI), or a build of its own
    const built = builtSite();
    if (built) {
      site = { dir: '', siteDir: built.siteDir, cleanup: () => {} };
      dist = built.dist;
      process.stdout.write(`the site built by npm run docs:build (${relative(ROOT, dist)}; RULES_TEST_BUILT_SITE=1)\n`);
    } else {
      site = tempSite('browser');
      dist = join(site.dir, 'dist');
      const t0 = performance.now();
      const build = runTs('src/site/build.ts', ['--rules-dir', RULES_DIR, '--site-dir', site.siteDir, '--out-dir', dist]);
      const code = await build.exited;
      buildMs = performance.now() - t0;
      if (code !== 0) throw new Error(`npm run docs:build failed (${code}):\n${build.stdout()}\n${build.stderr()}`);
      process.stdout.write(`site generated and built in ${(buildMs / 1000).toFixed(1)} s\n`);
    }
    generated = JSON.parse(readFileSync(join(site.siteDir, '.vitepress/generated/sidebar.json'), 'utf8')) as Generated;
    // the hashed scripts and styles kept by the browser, as a host serves them: each page load
    // compiles only its own (a route set on a page, as the search test sets, bypasses the cache)
    server = await startStaticServer({ root: dist, cacheAssets: true });
    mkdirSync(SHOTS, { recursive: true });
    chrome = await launchChromium();
    context = chrome.context;
  }, limit(300_000));

  afterAll(async () => {
    await chrome?.close();
    await server?.close();
    site?.cleanup();
  });

  it('builds with every game in the generated navigation', () => {
    expect(generated.games.length).toBeGreaterThan(0);
    for (const g of generated.games) {
      expect(pagesUnder(`games/${g.id}`).length, g.id).toBeGreaterThan(0);
      expect(pagesUnder(`zh-hant/games/${g.id}`).length, g.id).toBe(pagesUnder(`games/${g.id}`).length);
    }
  });

  it('renders every page of every game and every source page, in both locales, without errors', async () => {
    const page = await newPage();
    const urls = [
      '/',
      '/zh-hant/',
      ...generated.games.flatMap((g) => [...pagesUnder(`games/${g.id}`), ...pagesUnder(`zh-hant/games/${g.id}`)]),
      ...pagesUnder('sources'),
      ...pagesUnder('zh-hant/sources'),
    ];
    const bad: string[] = [];
    for (const url of urls) {
      const p = await visit(page, url, async (pg) => {
        if ((await pg.locator('.mermaid').count()) > 0) await pg.locator('.mermaid svg').first().waitFor();
      });
      const notFound = await page.locator('.NotFound').count();
      const title = (await page.locator('.vp-doc h1, .VPHome .name, .VPHome .text').first().textContent().catch(() => null)) ?? '';
      if (notFound > 0) bad.push(`${url}: 404 page`);
      if (title.trim() === '') bad.push(`${url}: no title`);
      for (const c of p.console) bad.push(`${url}: console: ${c}`);
      for (const f of p.failed) bad.push(`${url}: request: ${f}`);
    }
    await page.goto(server.url + `/zh-hant/games/${generated.games[0]!.id}/`);
    await page.screenshot({ path: join(SHOTS, 'zh-game-overview.png') });
    // the site's icon: declared, and served as an image
    const icon = await page.locator('head link[rel="icon"]').getAttribute('href');
    expect(icon, 'a link rel=icon').toBeTruthy();
    const res = await page.request.get(new URL(icon!, server.url + '/').href);
    expect(res.status(), icon!).toBe(200);
    expect(res.headers()['content-type'] ?? '').toMatch(/^image\//);
    await page.close();
    expect(bad, bad.join('\n')).toEqual([]);
    expect(urls.length).toBeGreaterThan(4);
  }, limit(600_000));

  for (const locale of ['en', 'zh'] as const) {
    it(`follows a rule's source link to the highlighted source line (${locale})`, async () => {
      const page = await newPage();
      const prefix = locale === 'zh' ? '/zh-hant' : '';
      let checked = 0;
      for (const g of generated.games) {
        // the first page of the game that quotes its source
        let link = null;
        for (const url of pagesUnder(`${prefix.slice(1)}${prefix ? '/' : ''}games/${g.id}`)) {
          await visit(page, url);
          const candidate = page.locator('.vp-doc a[href*="sources/"][href*="#L"]').first();
          if ((await candidate.count()) > 0) {
            link = candidate;
            break;
          }
        }
        expect(link, `no link to a source line on any page of ${g.id} (${locale})`).not.toBeNull();
        const href = (await link!.getAttribute('href'))!;
        const m = /sources\/([^/#]+)#L(\d+)/.exec(href);
        expect(m, href).not.toBeNull();
        const [, seed, line] = m!;
        // the quote: the link's text, unless the link shows the reference (003:80); then the rest of
        // the block it sits in (`.rule-quote-text` in the generated pages)
        const quote = loose(
          await link!.evaluate((a) => {
            const own = a.textContent ?? '';
            if (!/^\s*[\w-]+:\d+(-\d+)?\s*$/.test(own)) return own;
            const block = a.closest('blockquote, li, p, td');
            const text = block?.querySelector('.rule-quote-text')?.textContent ?? block?.textContent ?? '';
            return text.replace(own, '');
          }),
        );
        await link!.scrollIntoViewIfNeeded();
        await link!.click();
        await page.waitForURL(new RegExp(`/sources/${seed}#L${line}$`));
        const target = page.locator(`[id="L${line}"]`);
        await target.waitFor({ state: 'visible' });
        await page.waitForFunction(
          (id) => {
            const el = document.getElementById(id);
            if (!el || !(el.matches(':target') || el.classList.contains('is-target'))) return false;
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          },
          `L${line}`,
        );
        const info = await target.evaluate((el) => ({
          cls: el.className,
          text: el.textContent ?? '',
          background: getComputedStyle(el).backgroundColor,
        }));
        expect(info.cls).toMatch(/\bsrc-line\b/);
        expect(info.background, 'the targeted line is highlighted').not.toBe('rgba(0, 0, 0, 0)');
        const lineText = loose(info.text);
        const seedText = loose(seedLine(seed!, Number(line)));
        expect(lineText).toContain([...seedText].slice(0, 8).join(''));
        // the quote starts on this line: its first characters are there
        expect(quote.length, 'the quote next to the link').toBeGreaterThan(0);
        expect(lineText, `quote "${quote}"`).toContain([...quote].slice(0, 4).join(''));
        await page.screenshot({ path: join(SHOTS, `${locale}-source-target-${g.id}.png`) });

        // the same URL opened directly (a full page load: CSS :target)
        const sourceUrl = new URL(page.url()).pathname;
        await page.goto('about:blank');
        await visit(page, sourceUrl + `#L${line}`);
        await page.waitForFunction(
          (id) => {
            const el = document.getElementById(id);
            if (!el || !el.matches(':target')) return false;
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight && getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)';
          },
          `L${line}`,
        );
        checked++;
      }
      await page.close();
      expect(checked).toBe(generated.games.length);
    }, limit(180_000));
  }

  it('finds rules by Chinese words in the Chinese site', async () => {
    const ids = new Set(generated.games.map((g) => g.id));
    const queries = ZH_QUERIES.filter((q) => ids.has(q.game));
    expect(queries.length, 'a Chinese query for one of the games present').toBeGreaterThan(0);
    const page = await newPage();
    for (const { term, game, shown } of queries) {
      await visit(page, '/zh-hant/');
      await page.locator('#local-search button').first().click();
      const input = page.locator('.VPLocalSearchBox input');
      await input.fill(term);
      await page.locator('.VPLocalSearchBox .result').first().waitFor();
      await page.waitForTimeout(400); // the search is debounced: let the list settle
      const hrefs = await page.locator('.VPLocalSearchBox a.result').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
      // the results mark the whole word as the text writes it, whichever script the query used
      const word = shown ?? term;
      const marked = await page
        .waitForFunction((w) => Array.from(document.querySelectorAll('.VPLocalSearchBox .results mark')).some((m) => m.textContent === w), word, { timeout: limit(5000) })
        .then(() => true, () => false);
      const marks = await page.locator('.VPLocalSearchBox .results mark').allTextContents();
      expect(marked, `${term}: a result marks ${word}; marks: ${[...new Set(marks)].join(' ')}`).toBe(true);
      await page.screenshot({ path: join(SHOTS, `zh-search-${term}.png`) });
      await page.keyboard.press('Escape');
      // results in the game's rule pages, each pointing at a section
      const ruleHits = hrefs.filter((h) => h.startsWith(`/zh-hant/games/${game}/`) && h.includes('#'));
      expect(ruleHits.length, `${term}: results ${hrefs.join(', ')}`).toBeGreaterThan(0);
      expect(hrefs.every((h) => h.startsWith('/zh-hant/')), `${term}: only Chinese pages`).toBe(true);
      // the sections found do contain the word (in their heading or text)
      for (const hit of ruleHits.slice(0, 3)) {
        await visit(page, hit.split('#')[0]!);
        const anchor = decodeURIComponent(hit.split('#')[1]!);
        const text = await page.evaluate((id) => {
          const h = document.getElementById(id);
          if (!h) return null;
          const level = /^H(\d)$/.exec(h.tagName)?.[1];
          let s = h.textContent ?? '';
          for (let n = h.nextElementSibling; n; n = n.nextElementSibling) {
            const l = /^H(\d)$/.exec(n.tagName)?.[1];
            if (level && l && Number(l) <= Number(level)) break;
            s += n.textContent ?? '';
          }
          return s;
        }, anchor);
        expect(text, `${hit}: no element #${anchor}`).not.toBeNull();
        expect(norm(text!), `${hit} contains ${shown ?? term}`).toContain(shown ?? term);
      }
    }
    await page.close();
  }, limit(120_000));

  it('still finds Latin-script words', async () => {
    const page = await newPage();
    const g = generated.games[0]!;
    const word = g.name.en.split(/[^A-Za-z]+/).find((w) => w.length >= 3) ?? g.id;
    await visit(page, '/');
    await page.locator('#local-search button').first().click();
    await page.locator('.VPLocalSearchBox input').fill(word.toLowerCase());
    await page.locator('.VPLocalSearchBox .result').first().waitFor();
    const hrefs = await page.locator('.VPLocalSearchBox a.result').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.startsWith(`/games/${g.id}/`)), `${word}: ${hrefs.join(', ')}`).toBe(true);
    await page.close();
  }, limit(60_000));

  // the flow pages: an overview chart, then a chart per rule worth drawing; all legible at page width
  for (const [locale, width] of [['en', 1280], ['zh', 1280], ['en', 390], ['zh', 390]] as const) {
    it(`renders every flow chart legibly, in words, and an overview box leads to its rule's section (${locale}, ${width} px)`, async () => {
      const page = await newPage();
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      const prefix = locale === 'zh' ? '/zh-hant' : '';
      const tag = `${locale}-${width}`;
      for (const g of generated.games) {
        const ids = ruleIds(g.id);
        const url = `${prefix}/games/${g.id}/flow`;
        const p = await visit(page, url);
        const blocks = await page.locator('.vp-doc .mermaid').count();
        expect(blocks, `${url}: an overview and charts of the rules`).toBeGreaterThan(1);
        // every block holds a rendered flowchart (not Mermaid's error chart); the plugin renders
        // them one after the other, and may replace a chart once more after its first paint
        await page.waitForFunction(
          (n) => {
            const charts = Array.from(document.querySelectorAll('.vp-doc .mermaid'));
            return (
              charts.length === n &&
              charts.every((c) => {
                const svg = c.querySelector('svg');
                return svg?.getAttribute('aria-roledescription') === 'flowchart-v2' && svg.querySelectorAll('.node').length > 1;
              })
            );
          },
          blocks,
        );
        await page.waitForTimeout(300);
        const charts = await page.evaluate(() =>
          Array.from(document.querySelectorAll('.vp-doc .mermaid svg')).map((el) => {
            const svg = el as SVGSVGElement;
            const r = svg.getBoundingClientRect();
            const scale = r.width / svg.viewBox.baseVal.width;
            const labels = Array.from(svg.querySelectorAll('.node .nodeLabel'));
            // the rendered size of the label text: its font size times the chart's scale
            const fonts = labels.map((l) => parseFloat(getComputedStyle(l).fontSize) * scale);
            // a label taller or wider than the box Mermaid measured for it is cut off
            const cut = labels
              .filter((l) => {
                const box = l.closest('foreignObject')?.getBoundingClientRect();
                const t = l.getBoundingClientRect();
                return box !== undefined && (t.height > box.height + 1 || t.width > box.width + 1);
              })
              .map((l) => l.textContent ?? '');
            const heading = svg.closest('.mermaid')?.previousElementSibling;
            // every line of every label (a box's words, its guard under it)
            const texts = labels.flatMap((l) => Array.from(l.querySelectorAll('p, span, small')).concat([l]).map((x) => x.textContent ?? ''));
            return {
              texts,
              under: heading && /^H\d$/.test(heading.tagName) ? heading.id : '',
              width: r.width,
              height: r.height,
              nodes: svg.querySelectorAll('.node').length,
              minFont: Math.min(...fonts),
              cut,
            };
          }),
        );
        expect(charts).toHaveLength(blocks);
        for (const [i, c] of charts.entries()) {
          const what = `${url}: chart ${i}${c.under ? ` under #${c.under}` : ''}`;
          expect(c.nodes, what).toBeGreaterThan(1);
          expect(c.minFont, `${what}: label text ${c.minFont.toFixed(1)} px`).toBeGreaterThanOrEqual(10);
          expect(c.cut, `${what}: labels cut off`).toEqual([]);
          const bare = c.texts.map((t) => t.trim()).filter((t) => ids.has(t) || ids.has(t.replace(/^.*[:：]\s*/, '')));
          expect(bare, `${what}: labels that are bare rule ids`).toEqual([]);
        }
        expect(p.console, url).toEqual([]);
        expect(p.failed, url).toEqual([]);

        // screenshots: the page at the overview, the overview whole, the tallest rule chart whole
        const overview = page.locator('.vp-doc .mermaid').first();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(SHOTS, `${tag}-flow-${g.id}.png`) });
        // (a chart taller than the window is shot in parts: hide the fixed bars that would cover it)
        const style = '.VPNav, .VPLocalNav { visibility: hidden !important; }';
        await overview.locator('svg').screenshot({ path: join(SHOTS, `${tag}-flow-${g.id}-overview.png`), style });
        const tallest = charts.slice(1).reduce((best, c, i) => (c.height > charts[best + 1]!.height ? i : best), 0) + 1;
        await page
          .locator('.vp-doc .mermaid svg')
          .nth(tallest)
          .screenshot({ path: join(SHOTS, `${tag}-flow-${g.id}-${charts[tallest]!.under || 'chart'}.png`), style });

        // "Enlarge chart" under the overview shows it larger, and a second press shows it as before
        const zoom = page.locator('.vp-doc .mermaid + .chart-outline + .chart-tools button.chart-zoom').first();
        const before = (await overview.locator('svg').boundingBox())!.width;
        await zoom.click();
        await page.waitForFunction((w) => (document.querySelector('.vp-doc .mermaid svg')?.getBoundingClientRect().width ?? 0) > w * 1.2, before);
        await zoom.click();
        await page.waitForFunction((w) => Math.abs((document.querySelector('.vp-doc .mermaid svg')?.getBoundingClientRect().width ?? 0) - w) < 2, before);

        // the overview's boxes link to sections of this page: follow the last one
        const links = overview.locator('a');
        expect(await links.count(), `${url}: linked boxes in the overview`).toBeGreaterThan(1);
        const link = links.last();
        const href = (await link.getAttribute('xlink:href')) ?? (await link.getAttribute('href'));
        expect(href, `${url}: the overview links to an anchor`).toMatch(/^#[\w-]+$/);
        const id = href!.slice(1);
        await overview.scrollIntoViewIfNeeded();
        await link.click();
        await page.waitForURL((u) => u.pathname === url && u.hash === `#${id}`);
        await page.waitForFunction((anchor) => {
          const el = document.getElementById(anchor);
          if (!el) return false;
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.top < window.innerHeight / 2;
        }, id);
        await page.screenshot({ path: join(SHOTS, `${tag}-flow-${g.id}-clicked.png`) });
      }
      await page.close();
    }, limit(240_000));
  }

  for (const locale of ['en', 'zh'] as const) {
    it(`renders every game's Simulations page with its charts drawn at build time (${locale})`, async () => {
      const page = await newPage();
      const prefix = locale === 'zh' ? '/zh-hant' : '';
      const bad: string[] = [];
      for (const g of generated.games) {
        const url = `${prefix}/games/${g.id}/simulations`;
        const p = await visit(page, url);
        const charts = await simulationCharts(page);
        if (charts.length < 4) bad.push(`${url}: ${charts.length} charts`);
        bad.push(...chartProblems(url, charts, locale), ...p.console.map((c) => `${url}: console: ${c}`), ...p.failed.map((f) => `${url}: request: ${f}`));
        // the search agent's studies beside the random figures: the matrix, the seats, the edge
        bad.push(...searchProblems(url, await searchStudies(page), locale));
        await page.locator('table.sim-matrix').screenshot({ path: join(SHOTS, `${locale}-simulations-${g.id}-agents.png`) });
        // the charts need no script: the built HTML holds them already
        const html = await (await fetch(server.url + url)).text();
        if (!/<figure class="sim-chart"[^>]*>.*?<svg [^>]*class="marks"/s.test(html)) bad.push(`${url}: the built HTML has no chart SVG`);
        await page.locator('figure.sim-chart').first().screenshot({ path: join(SHOTS, `${locale}-simulations-${g.id}-win-rate.png`) });
      }
      await page.close();
      expect(bad, bad.join('\n')).toEqual([]);
    }, limit(240_000));
  }

  it('gives "All rules" the rule text at least half the content width at 1280 px, and keeps it on screen at 390 px', async () => {
    const page = await newPage();
    for (const g of generated.games) {
      for (const locale of ['en', 'zh'] as const) {
        const url = `${locale === 'zh' ? '/zh-hant' : ''}/games/${g.id}/rules`;
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 800 });
          await visit(page, url);
          const m = await page.evaluate(() => {
            const doc = document.querySelector('.vp-doc')!.getBoundingClientRect();
            const cells = Array.from(document.querySelectorAll('.vp-doc table.rules-index td.rules-index-text')).slice(0, 12);
            return {
              content: doc.width,
              cells: cells.map((c) => {
                const r = c.getBoundingClientRect();
                return { left: r.left, right: r.right, width: r.width, text: (c.textContent ?? '').slice(0, 20) };
              }),
            };
          });
          expect(m.cells.length, url).toBeGreaterThan(3);
          for (const c of m.cells) {
            const what = `${url} at ${width} px: "${c.text}"`;
            if (width === 1280) expect(c.width, `${what}: ${c.width.toFixed(0)} of ${m.content.toFixed(0)} px`).toBeGreaterThanOrEqual(m.content / 2);
            else {
              expect(c.left, what).toBeGreaterThanOrEqual(0);
              expect(c.right, what).toBeLessThanOrEqual(width);
              expect(c.width, what).toBeGreaterThan(width / 2);
            }
          }
          await page.screenshot({ path: join(SHOTS, `${locale}-${width}-rules-${g.id}.png`) });
        }
      }
    }
    await page.close();
  }, limit(180_000));

  it(`keeps the Latin-script share of every Chinese page under ${LATIN_SHARE_MAX * 100} %`, async () => {
    const page = await newPage();
    const names = latinNames();
    const urls = ['/zh-hant/', ...generated.games.flatMap((g) => pagesUnder(`zh-hant/games/${g.id}`)), ...pagesUnder('zh-hant/sources')];
    const shares: { url: string; share: number; latin: number; cjk: number }[] = [];
    for (const url of urls) {
      await visit(page, url, async (pg) => {
        if ((await pg.locator('.mermaid').count()) > 0) await pg.locator('.mermaid svg').first().waitFor();
      });
      await page.waitForTimeout(url.endsWith('/flow') ? 1500 : 0); // the charts render one after the other
      const counts = await page.evaluate((gameNames) => {
        // outside code (ids, names of variables and zones, expressions, YAML), names marked
        // translate="no" (the glossary's English names) and a chart's own <style> (CSS)
        const root = document.querySelector('.vp-doc')!.cloneNode(true) as HTMLElement;
        for (const el of Array.from(root.querySelectorAll('code, pre, kbd, style, script, [translate="no"], .rule-id, .src-ln'))) el.remove();
        let text = ` ${(root.textContent ?? '').replace(/\s+/g, ' ')} `;
        // ids in running text: U-CG-40 / AMB-DTA-14, camelCase names, kebab-case ids, one-letter names (s, A)
        text = text.replace(/\b[A-Z]+(?:-[A-Z]+)*-\d+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z0-9]+(?:-[a-z0-9]+)+\b|\b[A-Za-z]\b/g, ' ');
        // names from the games' data (Frankie, BANG, …)
        for (const n of gameNames) text = text.replace(new RegExp(`(?<![A-Za-z])${n}(?![A-Za-z])`, 'g'), ' ');
        return { latin: (text.match(/[A-Za-z]/g) ?? []).length, cjk: (text.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).length };
      }, names);
      shares.push({ url, share: counts.latin / Math.max(1, counts.latin + counts.cjk), ...counts });
    }
    await page.close();
    shares.sort((a, b) => b.share - a.share);
    process.stdout.write(`Latin share of the Chinese pages (highest first):\n${shares.map((s) => `  ${(s.share * 100).toFixed(1)} % ${s.url} (${s.latin} Latin, ${s.cjk} CJK)`).join('\n')}\n`);
    expect(shares.length).toBeGreaterThan(5);
    const over = shares.filter((s) => s.share >= LATIN_SHARE_MAX).map((s) => `${s.url}: ${(s.share * 100).toFixed(1)} %`);
    expect(over, over.join('\n')).toEqual([]);
  }, limit(300_000));

  for (const locale of ['en', 'zh'] as const) {
    it(`says it is searching while the search index loads on the first search (${locale})`, async () => {
      const page = await newPage();
      // hold the index back until the box has been looked at (the first search of a visit loads it)
      let release: () => void = () => {};
      const held = new Promise<void>((ok) => (release = ok));
      await page.route('**/assets/chunks/@localSearchIndex*', async (route) => {
        await held;
        await route.continue();
      });
      await visit(page, locale === 'zh' ? '/zh-hant/' : '/');
      await page.locator('#local-search button').first().click();
      await page.locator('.VPLocalSearchBox input').fill(locale === 'zh' ? '鈔票' : 'cash');
      const results = page.locator('.VPLocalSearchBox .results');
      await results.waitFor();
      await page.waitForTimeout(500); // past the search's debounce: still no index
      const shown = await results.evaluate((el) => {
        const before = getComputedStyle(el, '::before');
        return { content: before.content, display: before.display, items: el.querySelectorAll('li').length };
      });
      await page.screenshot({ path: join(SHOTS, `${locale}-search-loading.png`) });
      expect(shown.items).toBe(0);
      expect(shown.display).not.toBe('none');
      expect(shown.content).toBe(locale === 'zh' ? '"搜尋中…"' : '"Searching…"');
      release();
      await page.locator('.VPLocalSearchBox a.result').first().waitFor();
      const after = await results.evaluate((el) => getComputedStyle(el, '::before').content);
      expect(after, 'no "searching" once there are results').toBe('none');
      await page.unroute('**/assets/chunks/@localSearchIndex*');
      await page.close();
    }, limit(120_000));
  }

  it('shows a page\'s large blocks on a full load (from its HTML) and on client-side navigation (fetched)', async () => {
    const page = await newPage();
    const blockRequests: string[] = [];
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/blocks/')) blockRequests.push(r.url());
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    /** the number of source lines (class `src-line`, not `src-lines`) in the built HTML file of a page */
    const linesInHtml = (url: string): number => (readFileSync(join(dist, `${url}.html`), 'utf8').match(/class="src-line[\s"]/g) ?? []).length;
    const linesShown = (): Promise<number> => page.evaluate(() => document.querySelectorAll('.vp-doc .src-line').length);
    for (const g of generated.games) {
      for (const prefix of ['', '/zh-hant']) {
        const files = `${prefix}/games/${g.id}/files`;
        const want = linesInHtml(files);
        expect(want, files).toBeGreaterThan(0);
        // client-side: from the flow page, the files page's listing is fetched, not in a new document
        await visit(page, `${prefix}/games/${g.id}/flow`);
        blockRequests.length = 0;
        documents.length = 0;
        const link = page.locator('.vp-doc .rule-file a').first();
        await link.scrollIntoViewIfNeeded();
        await link.click();
        await page.waitForURL((u) => u.pathname === files);
        await page.waitForFunction((n) => document.querySelectorAll('.vp-doc .src-line').length === n, want);
        expect(documents, 'client-side navigation, no page load').toEqual([]);
        expect(blockRequests.length, 'the listing was fetched').toBeGreaterThan(0);
        // and back: the flow page's own blocks (its rule texts) come back too
        await page.goBack();
        await page.waitForURL((u) => u.pathname === `${prefix}/games/${g.id}/flow`);
        await page.locator('.vp-doc .rule-file a').first().waitFor();
        // a full load with a line in the URL: every line is in the HTML, none fetched, the line stays targeted
        const id = `${(await page.evaluate(() => document.querySelector('.vp-doc .rule-file a')?.getAttribute('href') ?? '')).split('#')[1]}`;
        expect(id, 'a line anchor').toMatch(/-L\d+$/);
        await page.goto('about:blank');
        blockRequests.length = 0;
        await visit(page, `${files}#${id}`);
        expect(await linesShown()).toBe(want);
        await page.waitForFunction((x) => {
          const el = document.getElementById(decodeURIComponent(x));
          return el !== null && el.matches(':target') && getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)';
        }, id);
        // still targeted and still all there after hydration has settled
        await page.waitForTimeout(300);
        expect(await page.evaluate((x) => document.getElementById(decodeURIComponent(x))?.matches(':target') ?? false, id)).toBe(true);
        expect(await linesShown()).toBe(want);
        expect(blockRequests, 'a full load fetches no blocks').toEqual([]);
      }
    }
    await page.close();
  }, limit(180_000));

  it('links "Defined in rules/….yaml:N" to that line of the game\'s files, highlighted', async () => {
    const page = await newPage();
    for (const g of generated.games) {
      for (const prefix of ['', '/zh-hant']) {
        await visit(page, `${prefix}/games/${g.id}/flow`);
        const link = page.locator('.vp-doc .rule-file a').first();
        const shown = (await link.textContent())!.trim();
        const m = /^(rules\/.+\.yaml):(\d+)$/.exec(shown);
        expect(m, shown).not.toBeNull();
        const [, file, line] = m!;
        await link.scrollIntoViewIfNeeded();
        await link.click();
        await page.waitForURL((u) => u.pathname === `${prefix}/games/${g.id}/files` && u.hash.endsWith(`-L${line}`));
        const id = decodeURIComponent(new URL(page.url()).hash.slice(1));
        await page.waitForFunction((x) => {
          const el = document.getElementById(x);
          if (!el || !(el.matches(':target') || el.classList.contains('is-target'))) return false;
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }, id);
        // the line shown is that line of the file
        const text = await page.locator(`[id="${id}"] .yaml-text`).textContent();
        const want = readFileSync(join(ROOT, file!), 'utf8').split('\n')[Number(line) - 1]!;
        expect(text, `${file}:${line}`).toBe(want);
        expect(want).toMatch(/id:/);
        await page.screenshot({ path: join(SHOTS, `${prefix ? 'zh' : 'en'}-defined-in-${g.id}.png`) });
      }
    }
    await page.close();
  }, limit(120_000));
});
