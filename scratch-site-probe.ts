import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStaticServer } from './src/site/static-server.ts';
const srv = await startStaticServer({ root: 'site/.vitepress/dist' });
const dir = mkdtempSync(join(tmpdir(), 'pw-'));
const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1280, height: 800 } });
const page = ctx.pages()[0] ?? await ctx.newPage();
page.on('console', m => console.log('console', m.type(), m.text()));
page.on('pageerror', e => console.log('pageerror', e.message));
try {
  await page.goto(srv.url + '/zh/games/cash-n-guns/setup', { waitUntil: 'networkidle' });
  await page.screenshot({ path: '/tmp/ph/setup.png' });
  await page.locator('a[href*="/sources/003#L80"]').first().click();
  await page.waitForTimeout(1000);
  console.log('url', page.url());
  console.log(await page.evaluate(() => { const el = document.querySelector('.is-target'); const r = el?.getBoundingClientRect(); return [el?.id, el?.textContent, r?.top, window.innerHeight]; }));
  await page.screenshot({ path: '/tmp/ph/source.png' });
  await page.locator('#local-search button').first().click();
  await page.locator('.VPLocalSearchBox input').fill('鈔票');
  await page.waitForTimeout(1000);
  console.log(await page.locator('.VPLocalSearchBox .result').evaluateAll(els => els.map(e => (e as HTMLAnchorElement).href + ' ' + e.textContent?.slice(0, 60))));
  await page.screenshot({ path: '/tmp/ph/search.png' });
  await page.keyboard.press('Escape');
  await page.goto(srv.url + '/games/cash-n-guns/flow', { waitUntil: 'networkidle' });
  await page.locator('.mermaid svg').first().waitFor({ timeout: 10000 });
  await page.screenshot({ path: '/tmp/ph/flow.png' });
} finally { await ctx.close(); rmSync(dir, { recursive: true, force: true }); await srv.close(); }
