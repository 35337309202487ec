/**
 * Shared by the site tests: a throw-away copy of the VitePress site (the real config and theme,
 * no generated pages) inside the project, so that `vitepress` and the Mermaid plugin resolve from
 * the project's node_modules; running tools as child processes; Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { limit, limitInWords } from '../limits.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** the games the site tests generate pages from (SITE_TEST_RULES_DIR: another folder) */
export const RULES_DIR = resolve(ROOT, process.env.SITE_TEST_RULES_DIR ?? 'rules');

/** fail (never skip) when the browser is missing: CI installs it */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: the site's browser tests need it. ` +
        'Install it with `sudo apt-get install -y chromium fonts-noto-cjk` (Debian; .ci/run does this), ' +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return CHROMIUM;
}

/** a fresh folder under test-artifacts/tmp/ holding site/.vitepress/{config.mts,theme/} and site/public/ */
export function tempSite(tag: string): { dir: string; siteDir: string; cleanup: () => void } {
  const base = join(ARTIFACTS, 'tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, `${tag}-`));
  const siteDir = join(dir, 'site');
  mkdirSync(join(siteDir, '.vitepress'), { recursive: true });
  // the config, the modules it imports and the theme; not what builds and generation leave there
  for (const name of readdirSync(join(ROOT, 'site/.vitepress'))) {
    if (['dist', 'cache', 'generated'].includes(name)) continue;
    cpSync(join(ROOT, 'site/.vitepress', name), join(siteDir, '.vitepress', name), { recursive: true });
  }
  if (existsSync(join(ROOT, 'site/public'))) cpSync(join(ROOT, 'site/public'), join(siteDir, 'public'), { recursive: true });
  return { dir, siteDir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** what the site is built from (the newest of these must be older than a build to reuse it) */
const SITE_INPUTS = ['rules', 'seeds', 'src', 'site/.vitepress', 'site/public', 'package-lock.json'];
/** what a build leaves in site/.vitepress (not inputs) */
const BUILD_OUTPUTS = new Set(['dist', 'cache', 'generated']);

/** the newest modification time of a file under `path` (0 when there is none) */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const name of readdirSync(path)) if (!(path.endsWith('.vitepress') && BUILD_OUTPUTS.has(name))) t = Math.max(t, newest(join(path, name)));
  return t;
}

/**
 * The site built by `npm run docs:build` into site/ (pages) and site/.vitepress/dist (the
 * static site), when RULES_TEST_BUILT_SITE=1 asks for it and it was built after the last change
 * to anything it is built from (SITE_INPUTS); undefined otherwise, and the tests build their own.
 * CI builds the site the step before `npm test` (.ci/run): its browser tests open that build
 * instead of building the same site a second time. Never removed or changed by the tests.
 */
export function builtSite(env: NodeJS.ProcessEnv = process.env): { siteDir: string; dist: string } | undefined {
  if (env['RULES_TEST_BUILT_SITE'] !== '1' || env['SITE_TEST_RULES_DIR']) return undefined;
  const siteDir = join(ROOT, 'site');
  const dist = join(siteDir, '.vitepress', 'dist');
  const stamp = [join(dist, 'index.html'), join(siteDir, '.vitepress', 'generated', 'sidebar.json')];
  if (!stamp.every((f) => existsSync(f))) return undefined;
  const builtAt = Math.min(...stamp.map((f) => statSync(f).mtimeMs));
  const changedAt = Math.max(...SITE_INPUTS.map((p) => newest(join(ROOT, p))));
  return changedAt < builtAt ? { siteDir, dist } : undefined;
}

export interface Proc {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** stdout and stderr as they arrived */
  output(): string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
  /** wait until stdout+stderr match re (rejects on exit, or after `timeoutMs` on the reference
   *  machine stretched by the machine factor: test/limits.ts) */
  waitFor(re: RegExp, timeoutMs: number, from?: number): Promise<RegExpMatchArray>;
  /** characters of output so far (for waitFor's `from`) */
  mark(): number;
}

/** run `node --import tsx <script> args…` in the project folder */
export function runTs(script: string, args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let all = '';
  const listeners = new Set<() => void>();
  const tick = (): void => {
    for (const l of [...listeners]) l();
  };
  child.stdout!.setEncoding('utf8').on('data', (s: string) => {
    out += s;
    all += s;
    tick();
  });
  child.stderr!.setEncoding('utf8').on('data', (s: string) => {
    err += s;
    all += s;
    tick();
  });
  let done = false;
  const exited = new Promise<number | string>((ok) =>
    child.on('exit', (code, signal) => {
      done = true;
      tick();
      ok(code ?? signal ?? -1);
    }),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    output: () => all,
    exited,
    mark: () => all.length,
    waitFor: (re, timeoutMs, from = 0) =>
      new Promise((ok, fail) => {
        const check = (): void => {
          const m = all.slice(from).match(re);
          if (m) {
            finish();
            ok(m);
          } else if (done) {
            finish();
            fail(new Error(`process exited before printing ${re}; output:\n${all}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          fail(new Error(`waited ${limitInWords(timeoutMs)} for the output to match ${re}; output:\n${all}`));
        }, limit(timeoutMs));
        const finish = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      }),
  };
}

/** headless Chromium with a throw-away profile; `close` ends it and removes the profile */
export async function launchChromium(opts: { locale?: string } = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const executablePath = requireChromium();
  const profileDir = mkdtempSync(join(tmpdir(), 'rules-site-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 800 },
    locale: opts.locale ?? 'zh-TW',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** the site URL of every generated page under `dir` of a site folder (relative to it), sorted */
export function pagesUnder(siteDir: string, dir: string): string[] {
  const abs = join(siteDir, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => '/' + relative(siteDir, join(abs, f)).replace(/\\/g, '/').replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, ''))
    .sort();
}
