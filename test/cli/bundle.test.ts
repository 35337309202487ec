/**
 * The `rules` command runs from an esbuild bundle of the CLI (bin/bundle.js): built on the first
 * run, kept while its sources stay the same, built again when one changes; and the bundle behaves
 * as the sources do through tsx (RULES_BUNDLE=off).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnWithin } from '../limits.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(ROOT, 'bin', 'rules.js');
const cache = mkdtempSync(join(tmpdir(), 'rules-bundle-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const rules = (env: Record<string, string>, ...args: string[]) =>
  spawnWithin(120_000, process.execPath, [bin, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, RULES_BUNDLE_CACHE: cache, ...env } });
const pointed = (): string => (JSON.parse(readFileSync(join(cache, 'current.json'), 'utf8')) as { dir: string }).dir;

describe('the CLI bundle', () => {
  it('is built on the first run, kept on the next, rebuilt when a source changes', () => {
    expect(rules({}, '--help').status).toBe(0);
    const first = pointed();
    expect(existsSync(join(cache, first, 'main.js'))).toBe(true);
    expect(existsSync(join(cache, first, 'simulate-worker.js'))).toBe(true);

    expect(rules({}, '--help').status).toBe(0);
    expect(pointed()).toBe(first);

    // a source file's time changes (its mtime is put back after: the project's own bundle stays valid)
    const src = join(ROOT, 'src', 'cli', 'render.ts');
    const { atime, mtime } = statSync(src);
    try {
      utimesSync(src, atime, new Date(mtime.getTime() + 5000));
      expect(rules({}, '--help').status).toBe(0);
      expect(pointed()).not.toBe(first);
    } finally {
      utimesSync(src, atime, mtime);
    }
  });

  it('prints what the sources print through tsx, for good and bad command lines', () => {
    for (const args of [['--help'], ['validate', 'rules/cash-n-guns'], ['frobnicate'], ['simulate', 'cash-n-guns', '--games', '5', '--seed', '2', '--json', '--workers', '2']]) {
      const bundled = rules({}, ...args);
      const sources = rules({ RULES_BUNDLE: 'off' }, ...args);
      expect({ args, status: bundled.status, stdout: bundled.stdout, stderr: bundled.stderr }).toEqual({ args, status: sources.status, stdout: sources.stdout, stderr: sources.stderr });
    }
  });
});
