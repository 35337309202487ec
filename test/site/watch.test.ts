/**
 * The `npm start` loop (src/site/dev-server.ts) on a throw-away copy of the rules: the dev server
 * validates, generates and serves the site with `vitepress dev` on a free loopback port, then
 * - a saved change of one number in a YAML file is validated and regenerated, and the dev
 *   server serves the page with the new number;
 * - a saved broken YAML file is reported as `file:line:col: error: …`, nothing is regenerated and
 *   the last good page is still served;
 * - fixing the file brings the loop back;
 * - a saved rules file that makes a worked example fail prints the failure at its place in the
 *   scenario and counts it on the summary line;
 * - SIGTERM stops the server and VitePress with it.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, RULES_DIR, runTs, tempSite, type Proc } from './helpers.ts';
import { limit, limitInWords } from '../limits.ts';

let site: ReturnType<typeof tempSite>;
let rulesDir: string;
let dev: Proc;
let base: string;

/** the game to edit and the card whose count changes: the first `count: <n>` in components.yaml */
interface Edit {
  game: string;
  file: string;
  original: string;
  cardId: string;
  from: number;
  to: number;
}
let edit: Edit;
let scenariosDir: string;

function findEdit(): Edit {
  for (const game of readdirSync(rulesDir).sort()) {
    const file = join(rulesDir, game, 'components.yaml');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    // - id: <card>\n  count: <n>
    const m = /^ {2}- id: ([\w-]+)\n {4}count: (\d+)$/m.exec(text);
    if (m) {
      const from = Number(m[2]);
      return { game, file, original: text, cardId: m[1]!, from, to: from + 20 };
    }
  }
  throw new Error(`no components.yaml with a literal card count under ${rulesDir}`);
}

/** the generated Markdown of the card's section (from its heading to the next heading) */
function cardSection(page: string, cardId: string): string {
  const md = readFileSync(join(site.siteDir, page), 'utf8');
  const start = md.indexOf(`{#${cardId}}`);
  if (start < 0) throw new Error(`${page} has no heading {#${cardId}}`);
  const next = md.slice(start).search(/\n#{1,6} /);
  return next < 0 ? md.slice(start) : md.slice(start, start + next);
}

/** the page as VitePress dev compiles it (the Vue module with the rendered HTML) */
async function served(page: string): Promise<string> {
  const r = await fetch(`${base}/${page}?import`);
  expect(r.status, page).toBe(200);
  return r.text();
}

/** the rendered section of the card (its heading up to the next heading) in the page module */
function sectionIn(module: string, cardId: string): string {
  const at = module.indexOf(`id=\\"${cardId}\\"`);
  expect(at, `rendered heading of ${cardId}`).toBeGreaterThanOrEqual(0);
  const next = module.slice(at).search(/<h[1-6] /);
  return next < 0 ? module.slice(at) : module.slice(at, at + next);
}

/** the number as a whole cell/item of the rendered section (`<strong>count:</strong> 15</li>`) */
const showsNumber = (section: string, n: number): boolean => new RegExp(`[ >]${n}<`).test(section);

/** poll the dev server until the card's section shows n (Vite sees the new file a moment later) */
async function servedShows(page: string, cardId: string, n: number, timeoutMs = 120_000): Promise<string> {
  const until = Date.now() + limit(timeoutMs);
  let section = '';
  while (Date.now() < until) {
    section = sectionIn(await served(page), cardId);
    if (showsNumber(section, n)) return section;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`${page}: waited ${limitInWords(timeoutMs)} for the section of ${cardId} to show ${n}; it shows:\n${section}`);
}

const componentsPage = (): string => `games/${edit.game}/components.md`;

describe('npm start: validate, generate, serve, watch', () => {
  beforeAll(async () => {
    site = tempSite('watch');
    rulesDir = join(site.dir, 'rules');
    cpSync(RULES_DIR, rulesDir, { recursive: true });
    edit = findEdit();
    // the edited game's scenarios, where the site looks for them: test/conformance beside rules/
    scenariosDir = join(site.dir, 'test', 'conformance', edit.game);
    cpSync(join(ROOT, 'test', 'conformance', edit.game), scenariosDir, { recursive: true });
    dev = runTs('src/site/dev-server.ts', ['--rules-dir', rulesDir, '--site-dir', site.siteDir, '--port', '0']);
    // ceilings for waits on a shared, loaded machine (validating and generating four games takes
    // seconds of CPU, minutes of wall time when other work has the cores), not timing assertions
    const m = await dev.waitFor(/Rules site: http:\/\/localhost:(\d+)\//, 600_000);
    base = `http://127.0.0.1:${m[1]}`;
  }, limit(660_000));

  afterAll(async () => {
    if (dev && dev.child.exitCode === null) {
      dev.child.kill('SIGTERM');
      await dev.exited;
    }
    site?.cleanup();
  });

  it('generates the site and serves it on the loopback interface only', async () => {
    expect(dev.stdout()).toMatch(/0 errors/);
    const section = cardSection(componentsPage(), edit.cardId);
    expect(section).toContain(String(edit.from));
    const r = await fetch(`${base}/`);
    expect(r.status).toBe(200);
    // not reachable through the machine's other addresses
    const port = new URL(base).port;
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    for (const ip of others) await expect(fetch(`http://${ip}:${port}/`), ip).rejects.toThrow();
    await servedShows(componentsPage(), edit.cardId, edit.from);
  });

  it('regenerates the page when a number in a YAML file is saved', async () => {
    const mark = dev.mark();
    const changed = edit.original.replace(
      new RegExp(`^( {2}- id: ${edit.cardId}\\n {4}count: )${edit.from}$`, 'm'),
      `$1${edit.to}`,
    );
    expect(changed).not.toBe(edit.original);
    writeFileSync(edit.file, changed);
    await dev.waitFor(/changed: validating[\s\S]*?(\d+ files? updated|no page changed)/, 300_000, mark);
    expect(dev.output().slice(mark)).toMatch(/\d+ files? updated/);
    // the list of updated files follows the summary line; wait for it rather than race the pipe
    const page = componentsPage().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await dev.waitFor(new RegExp(`files? updated[\\s\\S]*\\n {2}\\S*${page}`), 60_000, mark);
    expect(cardSection(componentsPage(), edit.cardId)).toContain(String(edit.to));
    // VitePress serves the new version
    const section = await servedShows(componentsPage(), edit.cardId, edit.to);
    expect(showsNumber(section, edit.from), 'the old number is gone').toBe(false);
  }, limit(660_000));

  it('prints file:line:col for a broken YAML file and keeps the last good site', async () => {
    const good = readFileSync(edit.file, 'utf8');
    const before = readFileSync(join(site.siteDir, componentsPage()), 'utf8');
    const mark = dev.mark();
    writeFileSync(edit.file, good + '  - id: [broken\n');
    await dev.waitFor(/the site was not regenerated/, 300_000, mark);
    const err = dev.output().slice(mark);
    const rel = relative(ROOT, edit.file).replace(/\\/g, '/');
    expect(err).toMatch(new RegExp(`${rel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: error: `));
    // nothing was regenerated: the page on disk and the one served are the last good ones
    expect(readFileSync(join(site.siteDir, componentsPage()), 'utf8')).toBe(before);
    await new Promise((ok) => setTimeout(ok, 500));
    expect(showsNumber(sectionIn(await served(componentsPage()), edit.cardId), edit.to)).toBe(true);

    // fixing the file brings the loop back (same content as the last good site: nothing to rewrite)
    const mark2 = dev.mark();
    writeFileSync(edit.file, good);
    await dev.waitFor(/0 errors[^\n]*(no page changed|updated)/, 300_000, mark2);
    expect(readFileSync(join(site.siteDir, componentsPage()), 'utf8')).toBe(before);
  }, limit(660_000));

  it('regenerates the worked examples when a scenario is saved: a broken expectation shows as not holding', async () => {
    const examples = (): string => readFileSync(join(site.siteDir, `games/${edit.game}/examples.md`), 'utf8');
    // each example's block holds its own status badge
    const failing = (): string[] =>
      examples()
        .split('data-example="')
        .slice(1)
        .filter((block) => block.includes('data-passed="false"'))
        .map((block) => block.slice(0, block.indexOf('"')));
    // (the count edited by the test above may already make a scenario fail: compare with that)
    const before = failing();
    const file = readdirSync(scenariosDir).filter((f) => f.endsWith('.yaml')).sort()[0]!;
    const path = join(scenariosDir, file);
    const good = readFileSync(path, 'utf8');
    const id = /^id: (\S+)$/m.exec(good)![1]!;
    // an expectation that cannot hold, added to the scenario's own list
    const broken = good.includes('\nexpect:\n') ? good.replace('\nexpect:\n', '\nexpect:\n  - players == 99\n') : `${good}expect:\n  - players == 99\n`;
    const mark = dev.mark();
    writeFileSync(path, broken);
    await dev.waitFor(/changed: validating[\s\S]*?(\d+ files? updated|no page changed)/, 300_000, mark);
    expect(before).not.toContain(id);
    expect(failing().sort()).toEqual([...before, id].sort());
    const mark2 = dev.mark();
    writeFileSync(path, good);
    await dev.waitFor(/changed: validating[\s\S]*?(\d+ files? updated|no page changed)/, 300_000, mark2);
    expect(failing()).toEqual(before);
  }, limit(660_000));

  it('prints a worked example that a saved rules file breaks, at its file:line:col, and counts it on the summary line', async () => {
    // Cash'n Guns' death-at-three-wounds: a robber with two wounds who is hit again dies
    expect(edit.game).toBe('cash-n-guns');
    const file = join(rulesDir, edit.game, 'state.yaml');
    const good = readFileSync(file, 'utf8');
    const broken = good.replace(`body: 'if hasPower(s, "power-unbreakable") then 4 else 3'`, `body: 'if hasPower(s, "power-unbreakable") then 4 else 5'`);
    expect(broken).not.toBe(good);
    const failing = (summaryLine: string): number => Number(/worked examples: (\d+) fails?/.exec(summaryLine)?.[1] ?? 0);
    const summaryOf = async (mark: number): Promise<string> =>
      (await dev.waitFor(/\n\[[\d:]+\] (\d+ errors?, [^\n]*(?:no page changed|updated)[^\n]*)/, 300_000, mark))[1]!;
    const scenario = relative(ROOT, join(scenariosDir, 'death-at-three-wounds.yaml')).replace(/\\/g, '/');
    const mark = dev.mark();
    writeFileSync(file, broken);
    const after = await summaryOf(mark);
    // the failure itself, where the scenario says what does not hold (errors go to stderr, the summary to stdout: either may come first)
    await dev.waitFor(new RegExp(`^${scenario.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: error: expected seat\\(1\\)\\.out`, 'm'), 60_000, mark);
    // the specs have no error: the site was regenerated, and the example is counted after them
    expect(after).toMatch(/^0 errors, \d+ warnings?; \d+ worked examples: \d+ fails?/);
    // saved back: the example holds again, and the summary says one fewer fails
    const mark2 = dev.mark();
    writeFileSync(file, good);
    const fixed = await summaryOf(mark2);
    expect(failing(fixed)).toBeLessThan(failing(after));
  }, limit(660_000));

  it('stops VitePress with the dev server (SIGTERM)', async () => {
    dev.child.kill('SIGTERM');
    const code = await dev.exited;
    expect(code).toBe(0);
    await expect(fetch(`${base}/`)).rejects.toThrow();
  }, limit(30_000));
});
