/// <reference lib="dom" />
/**
 * The play pages in a real headless Chromium (playwright-core), on a small built site
 * (play-site.ts: every game's play page, one game's rule and source pages):
 * - for each game, a person in seat 0 plays a whole game against agents by clicking options, with
 *   no console or page error, no option worded as an id, and the game over screen at the end;
 * - undo goes back one decision (the same screen again) and is refused right after a decision
 *   that crossed a chance draw or a reveal;
 * - a saved game is the replay log `rules replay` checks, and loads back into the same table;
 * - the why of a change links to its rule on the rules pages and to the source line it cites, in
 *   English and in both Chinese locales, whose table shows its text in the page's script;
 * - under a Content-Security-Policy without 'unsafe-eval' the page still plays (on the closures),
 *   and without one it runs generated code;
 * - every worked example of every game steps to its end on the examples page's table, with every
 *   expectation checked by the page's engine holding;
 * - secrecy in the page: two worlds that differ only in what seat 0 may not see give seat 0 the
 *   same DOM at every compared decision (the coupled worlds of test/properties, rendered by the
 *   page's own PlayScreen component on a test page of the built site).
 * Timings are printed, never asserted.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/cli/replay-log.ts';
import { outOfScript } from '../../src/chinese-script.ts';
import { openGame } from '../../src/games.ts';
import { startStaticServer, type StaticServer } from '../../src/site/static-server.ts';
import { ARTIFACTS, RULES_DIR, requireChromium } from './helpers.ts';
import { buildPlaySite, type PlaySite } from './play-site.ts';
import { openForTest } from '../properties/games.ts';
import { coupledRun } from '../properties/worlds.ts';
import { declarationsOf, seatScreenOf } from '../properties/screen.ts';
import { limit } from '../limits.ts';

type Locale = 'en' | 'zh-Hans' | 'zh-Hant';
const SHOTS = join(ARTIFACTS, 'play');
let built: PlaySite;
let server: StaticServer;
let context: BrowserContext;
let profileDir: string;

/** the coupled worlds' screens for seat 0, written before the build for the test page */
const WORLDS_GAMES = ['cash-n-guns', 'the-boss'];
let worlds: { game: string; rulePages: Record<string, string>; a: unknown[]; b: unknown[]; differ: number }[] = [];

function coupledScreens(): typeof worlds {
  const out: typeof worlds = [];
  for (const id of WORLDS_GAMES) {
    const g = openForTest(join(RULES_DIR, id));
    const decl = declarationsOf(g.spec, g.configs[0]!.options, g.engine);
    const a: unknown[] = [];
    const b: unknown[] = [];
    let differ = 0;
    for (const seed of [3, 17, 29]) {
      const cfg = g.configs[seed % g.configs.length]!;
      const d = declarationsOf(g.spec, cfg.options, g.engine);
      coupledRun(g.program, g.engine, {
        ...cfg,
        me: 0,
        seed,
        prefix: seed,
        maxCompared: 25,
        spec: g.spec,
        onStep: (x) => {
          if (JSON.stringify(x.a) !== JSON.stringify(x.b)) differ++;
          a.push(JSON.parse(seatScreenOf(g.engine, x.a, x.va, d, 'en', x.logSeen, x.mineA).model));
          b.push(JSON.parse(seatScreenOf(g.engine, x.b, x.vb, d, 'en', x.logSeen, x.mineB).model));
        },
      });
    }
    void decl;
    const rulePages: Record<string, string> = {};
    out.push({ game: id, rulePages, a, b, differ });
  }
  return out;
}

/** a page of the test site rendering every coupled screen with the page's PlayScreen component */
const WORLDS_PAGE = `<script setup>
import { onMounted, ref } from 'vue'
import { withBase } from 'vitepress'
import PlayScreen from './.vitepress/theme/PlayScreen.vue'
const worlds = ref(null)
onMounted(async () => { worlds.value = await (await fetch(withBase('/play-worlds.json'))).json() })
</script>

<div v-if="worlds" data-testid="worlds">
<div v-for="(w, g) in worlds" :key="g">
<div v-for="(s, k) in w.a" :key="'a' + k" :data-world="'a-' + g + '-' + k"><PlayScreen :screen="s" lang="en" :game="w.game" :rule-pages="w.rulePages" /></div>
<div v-for="(s, k) in w.b" :key="'b' + k" :data-world="'b-' + g + '-' + k"><PlayScreen :screen="s" lang="en" :game="w.game" :rule-pages="w.rulePages" /></div>
</div>
</div>
`;

async function newPage(csp?: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  page.setDefaultTimeout(limit(60_000)); // a ceiling for waits on a loaded machine, not a timing assertion
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // the page's one probe of `new Function` is refused under a CSP without 'unsafe-eval' (that is the point)
    if (csp && /unsafe-eval|Content Security Policy/i.test(m.text())) return;
    problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  if (csp) {
    await page.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      if ((headers['content-type'] ?? '').includes('text/html')) headers['content-security-policy'] = csp;
      await route.fulfill({ response, headers });
    });
  }
  return { page, problems };
}

/** start a game from the setup form: `players`, seat 0 a person and the rest `agent` */
async function startGame(page: Page, game: string, players: number, agent = 'random', locale: Locale = 'en'): Promise<void> {
  await page.goto(`${server.url}/${locale === 'en' ? '' : `${locale.toLowerCase()}/`}games/${game}/play`);
  await page.getByTestId('play-setup').waitFor();
  await page.getByTestId('play-players').selectOption(String(players));
  for (let s = 0; s < players; s++) await page.getByTestId(`play-seat-${s}`).selectOption(s === 0 ? 'human' : agent);
  await page.getByTestId('play-start').click();
}

/** wait for the next thing to do: a decision, a hand-over or the end */
async function next(page: Page): Promise<'choice' | 'over' | 'handover'> {
  await page.locator('[data-testid=play-choice], [data-testid=play-over], [data-testid=play-handover], [data-testid=play-error]').first().waitFor();
  if ((await page.getByTestId('play-error').count()) > 0) throw new Error(await page.getByTestId('play-error').innerText());
  if ((await page.getByTestId('play-over').count()) > 0) return 'over';
  if ((await page.getByTestId('play-handover').count()) > 0) return 'handover';
  return 'choice';
}

describe('the play pages in Chromium', () => {
  beforeAll(async () => {
    const executablePath = requireChromium();
    worlds = coupledScreens();
    const t0 = performance.now();
    built = await buildPlaySite('play', (siteDir) => {
      writeFileSync(join(siteDir, 'play-worlds.md'), WORLDS_PAGE);
      mkdirSync(join(siteDir, 'public'), { recursive: true });
      writeFileSync(join(siteDir, 'public', 'play-worlds.json'), JSON.stringify(worlds));
    });
    process.stdout.write(`play site generated and built in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    server = await startStaticServer({ root: built.dist });
    mkdirSync(SHOTS, { recursive: true });
    profileDir = mkdtempSync(join(tmpdir(), 'rules-play-chromium-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
  }, limit(600_000));

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    built?.site.cleanup();
  });

  it('ships the engine and each game within 400 KB gzipped (printed)', async () => {
    const { gzipSync } = await import('node:zlib');
    const engine = gzipSync(readFileSync(join(built.dist, 'play', 'engine.js')), { level: 9 }).length;
    for (const g of built.games) {
      const data = gzipSync(readFileSync(join(built.dist, 'play', `${g}.json`)), { level: 9 }).length;
      process.stdout.write(`${g}: engine ${(engine / 1024).toFixed(0)} KB + game ${(data / 1024).toFixed(0)} KB gzipped\n`);
      expect(engine + data, g).toBeLessThan(400 * 1024);
    }
  });

  it('for each game, a person plays a whole game against agents by clicking options', async () => {
    for (const game of built.games) {
      const e = openGame(RULES_DIR, game).engine!;
      const players = Math.min(e.maxPlayers, Math.max(e.minPlayers, 4));
      const { page, problems } = await newPage();
      const t0 = performance.now();
      await startGame(page, game, players);
      let clicks = 0;
      for (let step = 0; ; step++) {
        const what = await next(page);
        if (what === 'over') break;
        expect(what).toBe('choice');
        const buttons = page.getByTestId('play-choice');
        const labels = await buttons.allInnerTexts();
        expect(labels.length).toBeGreaterThan(0);
        for (const l of labels) expect(l, `${game}: an option worded as an id`).not.toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$|^\s*$/);
        if (step === 2) await page.screenshot({ path: join(SHOTS, `${game}-playing.png`) });
        // the last option: it ends the games sooner than the first (no taking back and forth)
        await buttons.nth(labels.length - 1).click();
        clicks++;
      }
      await page.screenshot({ path: join(SHOTS, `${game}-over.png`) });
      process.stdout.write(`${game}: ${clicks} clicks to the end in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
      expect(clicks).toBeGreaterThan(0);
      await expect(page.getByTestId('play-over').innerText()).resolves.toMatch(/Winners:/);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, limit(900_000));

  it('a random game of every game plays to its end in the page (time printed)', async () => {
    for (const game of built.games) {
      const e = openGame(RULES_DIR, game).engine!;
      const players = Math.min(e.maxPlayers, Math.max(e.minPlayers, 4));
      const { page, problems } = await newPage();
      await page.goto(`${server.url}/games/${game}/play`);
      await page.getByTestId('play-setup').waitFor();
      await page.getByTestId('play-players').selectOption(String(players));
      for (let s = 0; s < players; s++) await page.getByTestId(`play-seat-${s}`).selectOption('random');
      const t0 = performance.now();
      await page.getByTestId('play-start').click();
      await page.getByTestId('play-over').waitFor();
      process.stdout.write(`${game}: a random game of ${players} in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, limit(300_000));

  it('undo goes back one decision, and not right after a chance draw or a reveal', async () => {
    const { page, problems } = await newPage();
    const game = built.full;
    await startGame(page, game, 4);
    let undone = 0;
    let refused = 0;
    for (let step = 0; step < 60 && (undone === 0 || refused === 0); step++) {
      if ((await next(page)) !== 'choice') break;
      const before = await page.getByTestId('play-screen').innerHTML();
      const buttons = page.getByTestId('play-choice');
      await buttons.nth((await buttons.count()) - 1).click();
      if ((await next(page)) !== 'choice') break;
      const undo = page.getByTestId('play-undo');
      if (await undo.isEnabled()) {
        await undo.click();
        await expect(page.getByTestId('play-screen').innerHTML()).resolves.toBe(before);
        undone++;
        // and on again with the same answer
        await page.getByTestId('play-choice').nth((await page.getByTestId('play-choice').count()) - 1).click();
      } else refused++;
    }
    expect(undone).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  }, limit(300_000));

  it('a saved game is the replay log rules replay checks, and loads back into the same table', async () => {
    const { page, problems } = await newPage();
    const game = built.full;
    await startGame(page, game, 4);
    for (let i = 0; i < 5; i++) {
      if ((await next(page)) !== 'choice') break;
      await page.getByTestId('play-choice').first().click();
    }
    await next(page);
    const board = await page.getByTestId('play-board').innerHTML();
    const download = page.waitForEvent('download');
    await page.getByTestId('play-save').click();
    const file = join(SHOTS, `${game}.replay.json`);
    await (await download).saveAs(file);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    expect(log.format).toBe(1);
    expect(log.game).toBe(game);
    expect(verifyReplay(openGame(RULES_DIR, game).engine!, log)).toMatchObject({ ok: true });
    // load it: the same table (what changed since the last decision is not part of a saved game)
    await page.getByTestId('play-new').click();
    await page.getByTestId('play-setup').waitFor();
    await page.getByTestId('play-load').setInputFiles(file);
    await next(page);
    await expect(page.getByTestId('play-board').innerHTML()).resolves.toBe(board);
    // a file that is no saved game is refused in words
    writeFileSync(join(SHOTS, 'not-a-log.json'), '{"format": 2}');
    await page.getByTestId('play-new').click();
    await page.getByTestId('play-load').setInputFiles(join(SHOTS, 'not-a-log.json'));
    await expect(page.getByTestId('play-load-problem').innerText()).resolves.toMatch(/not a saved game/);
    expect(problems).toEqual([]);
    await page.close();
  }, limit(300_000));

  it("the why of a change lands on its rule and on the source line it cites", async () => {
    for (const locale of ['en', 'zh-Hans', 'zh-Hant'] as const) {
      const { page, problems } = await newPage();
      const game = built.full;
      await startGame(page, game, 4, 'random', locale);
      await next(page);
      if (locale !== 'en') {
        // the table's text in the page's script (the rulebook's quotes aside), marked so
        const table = page.getByTestId('play-table');
        await expect(table.getAttribute('lang')).resolves.toBe(locale);
        const text = await table.evaluate((el) => {
          const copy = el.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('q').forEach((q) => q.remove());
          return copy.innerText;
        });
        expect(/[\u4e00-\u9fff]/.test(text)).toBe(true);
        expect(outOfScript(text, locale)).toEqual([]);
      }
      const why = page.getByTestId('play-why').first();
      await why.click();
      const box = page.getByTestId('play-why-box');
      await box.waitFor();
      const ruleLink = box.getByTestId('play-why-rule');
      const href = (await ruleLink.getAttribute('href'))!;
      const rule = decodeURIComponent(href.split('#')[1]!);
      const source = box.getByTestId('play-why-source').first();
      const sourceHref = (await source.getAttribute('href'))!;
      const quote = (await box.locator('q').first().innerText()).replace(/\s+/g, '');
      await ruleLink.click();
      await page.waitForURL((u) => u.hash === `#${encodeURIComponent(rule)}` || u.hash === `#${rule}`);
      const target = page.locator(`[id="${rule}"]`);
      await target.waitFor();
      await expect(target.evaluate((el) => el.classList.contains('is-target'))).resolves.toBe(true);
      // the source line
      await page.goto(server.url + sourceHref);
      const line = page.locator(`[id="${sourceHref.split('#')[1]}"]`);
      await line.waitFor();
      await expect(line.evaluate((el) => el.classList.contains('is-target') || el.matches(':target'))).resolves.toBe(true);
      // the line holds the start of the quote (compared without spaces and punctuation)
      const loose = (x: string): string => x.replace(/[\s\p{P}\p{S}]+/gu, '');
      expect(loose(await line.innerText())).toContain(loose(quote).slice(0, 6));
      expect(problems).toEqual([]);
      await page.close();
    }
  }, limit(300_000));

  it("plays under a Content-Security-Policy without 'unsafe-eval' (on the closures), and on generated code without one", async () => {
    const csp = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'";
    for (const policy of [csp, undefined]) {
      const { page, problems } = await newPage(policy);
      const game = built.full;
      await startGame(page, game, 4);
      let clicks = 0;
      while ((await next(page)) === 'choice') {
        const buttons = page.getByTestId('play-choice');
        await buttons.nth((await buttons.count()) - 1).click();
        clicks++;
      }
      expect(clicks).toBeGreaterThan(0);
      await expect(page.getByTestId('play-engine').getAttribute('data-code')).resolves.toBe(policy ? 'closures' : 'generated');
      expect(problems).toEqual([]);
      await page.close();
    }
  }, limit(300_000));

  it('every worked example of every game steps to its end on the table, every check holding', async () => {
    for (const game of built.games) {
      const { page, problems } = await newPage();
      await page.goto(`${server.url}/games/${game}/examples`);
      const select = page.getByTestId('play-example');
      await select.waitFor();
      const count = await select.locator('option').count();
      let steps = 0;
      let checks = 0;
      for (let i = 0; i < count; i++) {
        await select.selectOption(String(i));
        const next = page.getByTestId('play-example-next');
        for (;;) {
          await page.getByTestId('play-screen').waitFor();
          const held = await page.locator('[data-testid=play-checks] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-holds')));
          expect(held.filter((h) => h !== 'true'), `${game} example ${i}, ${await page.getByTestId('play-example-step').innerText()}`).toEqual([]);
          checks += held.length;
          if (await next.isDisabled()) break;
          await next.click();
          steps++;
        }
        await expect(page.getByTestId('play-example-step').innerText()).resolves.toMatch(/^The end/);
      }
      process.stdout.write(`${game}: ${count} worked examples, ${steps} steps, ${checks} checks held in the page\n`);
      expect(count).toBeGreaterThan(0);
      expect(checks).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, limit(900_000));

  it('secrecy: two worlds differing only in what seat 0 may not see give seat 0 the same DOM at every compared decision', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${server.url}/play-worlds`);
    await page.getByTestId('worlds').waitFor();
    let compared = 0;
    for (let g = 0; g < worlds.length; g++) {
      expect(worlds[g]!.a.length, worlds[g]!.game).toBeGreaterThan(0);
      // the worlds did differ (in what seat 0 may not see) at some compared steps
      expect(worlds[g]!.differ, worlds[g]!.game).toBeGreaterThan(0);
      for (let k = 0; k < worlds[g]!.a.length; k++) {
        const a = await page.locator(`[data-world="a-${g}-${k}"]`).innerHTML();
        const b = await page.locator(`[data-world="b-${g}-${k}"]`).innerHTML();
        expect(a.length).toBeGreaterThan(100);
        expect(b, `${worlds[g]!.game} step ${k}`).toBe(a);
        compared++;
      }
    }
    process.stdout.write(`secrecy: ${compared} screens compared in the DOM\n`);
    expect(problems).toEqual([]);
    await page.close();
  }, limit(300_000));
});
