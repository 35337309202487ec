/// <reference lib="dom" />
/**
 * The rules site built from hostile specs, in a real headless Chromium: no spec text becomes
 * markup or code. The fixture game test/fixtures/hostile-site (one small game and its worked
 * examples) writes hostile strings (`<script>`, `<img onerror>`, `<svg onload>`, `javascript:`
 * links, Vue `{{ }}` and directives, Mermaid `click` and `%%{init}`, attribute breakouts, Markdown
 * fences, very long words) into every text field of the schemas; the site is generated and built
 * from it once, and every page, in English and Chinese, is opened. A page fails on:
 * - any dialog (the strings call alert) or Content-Security-Policy violation, or no policy that
 *   forbids inline scripts (site/.vitepress/csp.ts);
 * - any element with an event-handler attribute (`on…`), a `javascript:`/`vbscript:`/
 *   `data:text/html` link or source, an iframe/object/embed/base, or a script that is not the site's;
 * - a Vue interpolation that was evaluated (`{{ 9*111111 }}` shown as 999999).
 * No page may be wider than the screen (a very long word breaks). The strings must also be shown,
 * as plain text, where they belong (the nav, the sidebar, the home page's cards, each page's rule
 * texts, …). A first test checks, without a browser, that the fixture fills every text field of
 * spec.schema.json and scenario.schema.json, so a field added to a schema fails here until the
 * fixture holds it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import specSchema from '../../schema/spec.schema.json' with { type: 'json' };
import scenarioSchema from '../../schema/scenario.schema.json' with { type: 'json' };
import { loadSpecFolder } from '../../src/loader/load-folder.ts';
import { startStaticServer, type StaticServer } from '../../src/site/static-server.ts';
import { ROOT, launchChromium, pagesUnder, runTs, tempSite } from './helpers.ts';
import { filledTextFields, textFields } from './text-fields.ts';
import { limit } from '../limits.ts';

const FIXTURE = join(ROOT, 'test/fixtures/hostile-site');
const RULES = join(FIXTURE, 'rules');
const GAME = 'hostile';
const SCENARIOS = join(FIXTURE, 'test/conformance', GAME);

/** a string counts as hostile when it holds something that means more than text somewhere */
const HOSTILE = /[<>"'&`]|javascript:|\{\{|%%\{/i;

const yamlFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => join(dir, f));

function fixtureFields(): Set<string> {
  const filled = new Set<string>();
  for (const f of yamlFiles(join(RULES, GAME))) for (const x of filledTextFields(specSchema, 'spec', parse(readFileSync(f, 'utf8')), (s) => HOSTILE.test(s))) filled.add(x);
  for (const f of yamlFiles(SCENARIOS)) for (const x of filledTextFields(scenarioSchema, 'scenario', parse(readFileSync(f, 'utf8')), (s) => HOSTILE.test(s))) filled.add(x);
  return filled;
}

describe('the hostile fixture', () => {
  it('fills every text field of the spec and scenario schemas with hostile strings', () => {
    const fields = [...textFields(specSchema, 'spec'), ...textFields(scenarioSchema, 'scenario')];
    expect(fields.length, 'the schemas have text fields').toBeGreaterThan(50);
    const filled = fixtureFields();
    const missing = fields.filter((f) => !filled.has(f));
    expect(missing, `text fields the fixture ${FIXTURE} does not fill with a hostile string: add them`).toEqual([]);
  });

  it('notices a text field added to a schema', () => {
    const grown = structuredClone(specSchema) as unknown as { $defs: Record<string, { properties: Record<string, unknown> }> };
    grown.$defs['Card']!.properties['motto'] = { $ref: '#/$defs/Text' };
    const fields = textFields(grown, 'spec');
    expect(fields).toContain('spec:Card.motto.en');
    expect(fixtureFields().has('spec:Card.motto.en')).toBe(false);
  });
});

// ---- in Chromium ----

type Lang = 'en' | 'zh';
/** the fixture's merged spec and its scenarios, to read the strings a page must show */
const spec = loadSpecFolder(join(RULES, GAME)).spec!.spec as unknown as Record<string, unknown>;
const scenarios = yamlFiles(SCENARIOS).map((f) => parse(readFileSync(f, 'utf8')) as Record<string, unknown>);

/** the value at a dotted path (`cards.0.name`); a {en, zh} text in the page's language */
function at(root: unknown, path: string, lang: Lang): string {
  let v: unknown = root;
  for (const k of path.split('.')) v = (v as Record<string, unknown> | undefined)?.[k];
  if (v && typeof v === 'object' && 'en' in v && 'zh' in v) v = (v as Record<Lang, string>)[lang];
  if (typeof v !== 'string') throw new Error(`the fixture has no string at ${path}`);
  return v;
}

const PICK = 'flow.0.do.0.do.1.do.0';
const STAGE = 'flow.0.do.0.do.1.do.2';
const NESTED = 'flow.0.do.0.do.1.do.3.rule';

/** page (without the locale prefix) → the fixture strings it shows in full */
const SHOWN: Record<string, string[]> = {
  '/': ['game.name', 'game.summary'],
  [`/games/${GAME}/`]: ['game.name', 'game.summary', 'game.text', 'game.assumption.why', 'options.0.text', 'options.0.assumption.why', 'options.0.values.0', 'options.0.values.1', 'options.1.text'],
  [`/games/${GAME}/components`]: [
    'cards.0.name', 'cards.0.text', 'cards.0.front.name', 'cards.0.assumption.why', 'cards.0.props.motto', 'cards.1.name',
    'spaces.0.text', 'spaces.0.items.0.name', 'spaces.0.items.1.name', 'vars.0.name', 'vars.1.text', 'vars.1.initial', 'vars.2.initial.0',
    'seatVars.0.name', 'seatVars.0.text', 'zones.0.name', 'zones.1.text', 'functions.0.text', 'effectLists.0.text',
  ],
  [`/games/${GAME}/setup`]: ['setup.0.text', 'setup.0.assumption.why'],
  [`/games/${GAME}/flow`]: [
    'flow.0.text', 'flow.0.assumption.why', `${PICK}.prompt`, `${STAGE}.prompt`, `${NESTED}.text`, `${NESTED}.assumption.why`,
    'procedures.0.text', 'procedures.0.do.1.log', 'triggers.0.text', 'triggers.0.do.0.log',
  ],
  [`/games/${GAME}/scoring`]: ['ends.0.text', 'outcome.text', 'outcome.assumption.why', 'outcome.results.0.text'],
  [`/games/${GAME}/assumptions`]: ['game.assumption.why', 'options.0.assumption.why', 'cards.1.assumption.why', 'zones.0.assumption.why', 'triggers.0.assumption.why'],
  [`/games/${GAME}/glossary`]: ['cards.0.name', 'cards.0.front.name', 'spaces.0.items.0.name', `${PICK}.labels.calm`],
  [`/games/${GAME}/rules`]: ['game.text', 'options.0.text', 'cards.0.text', 'flow.0.text', `${NESTED}.text`, 'outcome.results.0.text'],
  [`/games/${GAME}/simulations`]: ['ends.0.text', 'options.0.values.1'],
  [`/games/${GAME}/checks`]: ['ends.0.text', 'vars.0.assumption.why', 'vars.1.assumption.why', 'vars.1.initial'],
  '/sources/002': ['nonRules.0.why', 'nonRules.1.why'],
};
/** the examples page shows every scenario's text and (plain or translated) assumption */
const SHOWN_EXAMPLES = ['text', 'assumption.why'];

/** without white space, and without the word joiners that break a `</script` in a page's data (site/.vitepress/page-data.ts) */
const norm = (s: string): string => s.replace(/[\s\u2060]+/g, '');

let site: ReturnType<typeof tempSite>;
let server: StaticServer;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;

/** what a page did that it must not: recorded by an init script before any of the page's own */
function record(): void {
  const w = window as unknown as { __hostile: string[] };
  w.__hostile = [];
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    (window as unknown as Record<string, unknown>)[name] = (msg?: unknown) => void w.__hostile.push(`${name}(${String(msg)})`);
  }
  document.addEventListener('securitypolicyviolation', (e) => void w.__hostile.push(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} (${e.sample})`));
}

/** what the page holds that it must not (run in the page) */
function scanDom(): string[] {
  const bad: string[] = [];
  const URL_ATTRS = ['href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'poster', 'background', 'srcdoc'];
  const SITE_SCRIPTS = ['check-dark-mode', 'check-mac-os'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    for (const name of el.getAttributeNames()) {
      const value = el.getAttribute(name) ?? '';
      if (/^on/i.test(name)) bad.push(`<${tag} ${name}="${value.slice(0, 60)}">`);
      const flat = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
      if (URL_ATTRS.includes(name.toLowerCase()) && (/^(javascript|vbscript):/.test(flat) || flat.startsWith('data:text/html') || name === 'srcdoc')) {
        bad.push(`<${tag} ${name}="${value.slice(0, 60)}">`);
      }
    }
    if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag)) bad.push(`a <${tag}> element`);
    if (tag === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') ?? '')) bad.push('a <meta http-equiv=refresh>');
    if (tag === 'script') {
      const s = el as HTMLScriptElement;
      if (s.src !== '') {
        if (new URL(s.src).origin !== location.origin) bad.push(`a script from ${s.src}`);
      } else if (!SITE_SCRIPTS.includes(s.id)) {
        bad.push(`an inline script: ${(s.textContent ?? '').slice(0, 80)}`);
      }
    }
  }
  // the Content-Security-Policy is there and allows no inline script but VitePress's own (by hash)
  const csp = document.querySelector('head > meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  if (scriptSrc === '' || /'unsafe-inline'|\*|data:/.test(scriptSrc)) bad.push(`no Content-Security-Policy that forbids inline scripts (${csp || 'none'})`);
  // a Vue interpolation of a spec string that was evaluated
  if ((document.body.textContent ?? '').includes('999999')) bad.push('{{ 9*111111 }} was evaluated (999999 on the page)');
  return bad;
}

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(limit(60_000)); // a ceiling for waits on a loaded CI machine, not a timing assertion
  return page;
}

/**
 * Open a page and wait until its app has started (or failed: a page error), its charts are drawn
 * and its images loaded or broken (an onerror has had its turn); what went wrong on it.
 */
async function open(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  let crashed: (() => void) | undefined;
  const failed = new Promise<void>((resolve) => (crashed = resolve));
  const onDialog = (d: { message(): string; dismiss(): Promise<void> }): void => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  };
  const onError = (e: Error): void => {
    problems.push(`page error: ${e.message}`);
    crashed?.();
  };
  page.on('dialog', onDialog);
  page.on('pageerror', onError);
  try {
    await page.goto(server.url + url, { waitUntil: 'load' });
    // VitePress mounts its app on #app; a page whose scripts broke never does
    const started = page
      .waitForFunction(() => (document.querySelector('#app') as unknown as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined)
      .then(() => true, () => false);
    if (await Promise.race([started, failed.then(() => false)])) {
      await page.waitForFunction(() => Array.from(document.querySelectorAll('.vp-doc .mermaid')).every((c) => c.querySelector('svg') !== null || /error/i.test(c.textContent ?? '')));
    } else problems.push('the page\'s app did not start');
    await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    problems.push(...(await page.evaluate(() => (window as unknown as { __hostile: string[] }).__hostile)));
    problems.push(...(await page.evaluate(scanDom)));
  } finally {
    page.off('dialog', onDialog);
    page.off('pageerror', onError);
  }
  return problems;
}

describe('a site built from hostile specs, in Chromium', () => {
  beforeAll(async () => {
    site = tempSite('hostile');
    const dist = join(site.dir, 'dist');
    // built once for every test below; the wait ends when the build does
    const build = runTs('src/site/build.ts', ['--rules-dir', RULES, '--site-dir', site.siteDir, '--out-dir', dist]);
    const code = await build.exited;
    if (code !== 0) throw new Error(`the hostile site did not build (${code}):\n${build.stdout()}\n${build.stderr()}`);
    server = await startStaticServer({ root: dist });
    chrome = await launchChromium();
    context = chrome.context;
    await context.addInitScript(record);
  }, limit(900_000));

  afterAll(async () => {
    await chrome?.close();
    await server?.close();
    site?.cleanup();
  });

  it('runs no script of the specs on any page, in either language', async () => {
    const urls = ['/', '/zh-hans/', '/zh-hant/', ...pagesUnder(site.siteDir, 'games'), ...pagesUnder(site.siteDir, 'zh-hans/games'), ...pagesUnder(site.siteDir, 'zh-hant/games'), ...pagesUnder(site.siteDir, 'sources'), ...pagesUnder(site.siteDir, 'zh-hans/sources'), ...pagesUnder(site.siteDir, 'zh-hant/sources')];
    expect(urls.length).toBeGreaterThan(20);
    const page = await newPage();
    const bad: string[] = [];
    for (const url of urls) for (const p of await open(page, url)) bad.push(`${url}: ${p}`);
    await page.close();
    expect(bad, bad.join('\n')).toEqual([]);
  }, limit(600_000));

  it('keeps every page within the screen, 1280 and 390 px wide: a very long word breaks', async () => {
    const urls = ['/', '/zh-hant/', ...pagesUnder(site.siteDir, 'games'), ...pagesUnder(site.siteDir, 'zh-hant/games'), ...pagesUnder(site.siteDir, 'sources')];
    const page = await newPage();
    const wide: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const url of urls) {
        await open(page, url);
        const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
        if (w.scroll > w.screen) wide.push(`${url} at ${width} px: ${w.scroll} px wide`);
      }
    }
    await page.close();
    expect(wide, wide.join('\n')).toEqual([]);
  }, limit(600_000));

  it('runs no inline script or handler that gets into a page (its Content-Security-Policy)', async () => {
    const page = await newPage();
    expect(await open(page, `/games/${GAME}/`)).toEqual([]);
    // markup that escaping missed, put in by hand: the policy must stop it
    await page.evaluate(() => {
      const w = window as unknown as { __ran?: string[] };
      w.__ran = [];
      const s = document.createElement('script');
      s.textContent = "window.__ran.push('inline script')";
      document.body.append(s);
      const div = document.createElement('div');
      div.innerHTML = `<img src="/none.png" onerror="window.__ran.push('onerror')">`;
      document.body.append(div);
    });
    await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
    await page.waitForFunction(() => (window as unknown as { __hostile: string[] }).__hostile.length >= 2);
    const ran = await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran);
    const violations = await page.evaluate(() => (window as unknown as { __hostile: string[] }).__hostile);
    await page.close();
    expect(ran, 'nothing ran').toEqual([]);
    expect(violations.filter((v) => v.startsWith('CSP violation: script-src')).length, violations.join('\n')).toBe(2);
  }, limit(120_000));

  for (const lang of ['en', 'zh'] as const) {
    // (the Chinese texts as written: Traditional, which the zh-Hant pages keep)
    const prefix = lang === 'zh' ? '/zh-hant' : '';

    it(`shows the hostile strings as plain text where they belong (${lang})`, async () => {
      const page = await newPage();
      const missing: string[] = [];
      const expectText = (url: string, where: string, text: string, shown: string): void => {
        if (!norm(text).includes(norm(shown))) missing.push(`${url} ${where}: ${JSON.stringify(shown.slice(0, 80))}…`);
      };
      for (const [path, fields] of Object.entries(SHOWN)) {
        const url = prefix + path;
        await open(page, url);
        const text = await page.locator('.VPContent').first().innerText();
        for (const f of fields) expectText(url, f, text, at(spec, f, lang));
      }
      // the examples
      const examplesUrl = `${prefix}/games/${GAME}/examples`;
      await open(page, examplesUrl);
      const examples = await page.locator('.VPContent').first().innerText();
      for (const sc of scenarios) for (const f of SHOWN_EXAMPLES) expectText(examplesUrl, `${String(sc['id'])} ${f}`, examples, at(sc, f, lang));
      // the chart of the end rules (SVG drawn by Vega when the site was generated) labels its bar with the start of the end rule's text
      const simUrl = `${prefix}/games/${GAME}/simulations`;
      await open(page, simUrl);
      const endLabel = at(spec, 'ends.0.text', lang).slice(0, 12);
      expectText(simUrl, 'ends chart', (await page.locator('.sim-chart[data-chart="ends"] svg').first().textContent()) ?? '', endLabel);
      // the home page's cards and buttons, the nav menu and the sidebar: the name as text, once each
      const name = at(spec, 'game.name', lang);
      await open(page, `${prefix}/`);
      expectText(`${prefix}/`, 'feature title', (await page.locator('.VPFeature .title').first().textContent()) ?? '', name);
      expectText(`${prefix}/`, 'feature details', (await page.locator('.VPFeature .details').first().textContent()) ?? '', at(spec, 'game.summary', lang));
      expectText(`${prefix}/`, 'hero action', (await page.locator('.VPHero .actions').first().textContent()) ?? '', name);
      const gameUrl = `${prefix}/games/${GAME}/setup`;
      await open(page, gameUrl);
      expectText(gameUrl, 'nav menu', (await page.locator('.VPNavBarMenu').first().textContent()) ?? '', name);
      expectText(gameUrl, 'sidebar title', (await page.locator('.VPSidebarItem.level-0 .text').first().textContent()) ?? '', name);
      expectText(gameUrl, 'document title', await page.title(), name);
      await page.close();
      expect(missing, missing.join('\n')).toEqual([]);
    }, limit(300_000));

    it(`lists search results for the hostile strings as text (${lang})`, async () => {
      const page = await newPage();
      await open(page, `${prefix}/`);
      await page.locator('#local-search button').first().click();
      await page.locator('.VPLocalSearchBox input').fill('onerror');
      await page.locator('.VPLocalSearchBox .result').first().waitFor();
      const problems = [
        ...(await page.evaluate(() => (window as unknown as { __hostile: string[] }).__hostile)),
        ...(await page.evaluate(scanDom)),
      ];
      const results = (await page.locator('.VPLocalSearchBox .results').textContent()) ?? '';
      await page.close();
      expect(problems, problems.join('\n')).toEqual([]);
      expect(results).toContain('onerror=alert(');
    }, limit(120_000));
  }
});
