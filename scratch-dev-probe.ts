import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const base = 'http://127.0.0.1:5199';
const dir = mkdtempSync(join(tmpdir(), 'pw-'));
const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1280, height: 800 } });
const page = ctx.pages()[0] ?? await ctx.newPage();
page.on('console', m => console.log('console', m.type(), m.text().slice(0, 200)));
page.on('pageerror', e => console.log('pageerror', e.message));
try {
  let t = Date.now();
  await page.goto(base + '/games/cash-n-guns/flow', { waitUntil: 'networkidle', timeout: 60000 });
  await page.locator('.mermaid svg').first().waitFor({ timeout: 30000 });
  console.log('flow ok', Date.now() - t);
  await page.goto(base + '/games/cash-n-guns/', { waitUntil: 'networkidle', timeout: 60000 });
  console.log((await page.locator('.vp-doc p').first().innerText()).slice(0, 80));
  const f = '/tmp/rt/rules/cash-n-guns/game.yaml';
  writeFileSync(f, readFileSync(f, 'utf8').replace('After eight rounds the richest', 'After 9 rounds the richest'));
  t = Date.now();
  await page.waitForFunction(() => document.querySelector('.vp-doc p')?.textContent?.includes('After 9 rounds'), null, { timeout: 30000 });
  console.log('live update after', Date.now() - t, 'ms');
  await page.screenshot({ path: '/tmp/ph/dev.png' });
} finally { await ctx.close(); rmSync(dir, { recursive: true, force: true }); }
