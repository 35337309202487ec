/**
 * `rules validate --workers N` prints what one thread prints: the same bytes on stdout and stderr
 * and the same exit code, for the project's games and for a folder with a broken game (run as
 * the real command: node bin/rules.js, from its bundle). And the games do go to worker threads.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGames } from '../../src/games.ts';
import { checkOnThreads } from '../../src/cli/validate-pool.ts';
import { defaultThreads, validatedGame } from '../../src/cli/validate.ts';
import { limit, spawnWithin } from '../limits.ts';
import { gameExamples } from '../../src/cli/examples-source.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'rules.js');
const validate = (...args: string[]) => {
  const r = spawnWithin(120_000, process.execPath, [bin, 'validate', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, DEBUG: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

const tmp = mkdtempSync(join(tmpdir(), 'validate-workers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('rules validate --workers', () => {
  it('prints the same bytes on one thread and on two for rules/ (with --verbose: proofs and random games too)', () => {
    const one = validate('rules/', '--verbose', '--workers', '1');
    const two = validate('rules/', '--verbose', '--workers', '2');
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/^0 errors, 0 warnings in \d+ games; \d+ worked examples hold\n/);
    expect(one.stdout).toMatch(/random games under \d+ option settings/);
    expect(two).toEqual(one);
  }, limit(240_000));

  it('prints the same bytes and exit code on one thread and on two for a folder with a broken game', () => {
    const games = join(tmp, 'games');
    cpSync(join(root, 'rules', 'the-boss'), join(games, 'the-boss'), { recursive: true });
    cpSync(join(root, 'rules', 'cash-n-guns'), join(games, 'cash-n-guns'), { recursive: true });
    // a quote that does not stand in its seed (the other game is sound: its random games run)
    const components = join(games, 'cash-n-guns', 'components.yaml');
    writeFileSync(components, readFileSync(components, 'utf8').replace('quote: 15張$5,000', 'quote: 16張$5,000'));
    const notRules = join(tmp, 'notes.txt');
    writeFileSync(notRules, 'not a rules file\n');
    const one = validate(games, notRules, '--workers', '1');
    const two = validate(games, notRules, '--workers', '2');
    expect(one.status).toBe(1);
    expect(one.stdout).toContain('error: the quote does not stand on line');
    expect(one.stdout).toContain('this is not a rules file');
    expect(two).toEqual(one);
  }, limit(240_000));

  it('prints the same bytes for a file nested past the YAML parser\'s stack, checked beside a larger game (so on a worker thread)', () => {
    const paths = ['test/corpus/sizes/deep-yaml-overflow', 'rules/the-boss'];
    const one = validate(...paths, '--workers', '1');
    const two = validate(...paths, '--workers', '2');
    expect(one.status).toBe(1);
    expect(one.stdout).toContain('nest too deeply to read');
    expect(two).toEqual(one);
  }, limit(240_000));

  it('checks games on the worker threads, with the results of this thread', async () => {
    const dirs = ['cash-n-guns', 'the-boss'].map((g) => join(root, 'rules', g));
    const serial = dirs.map((d) => validatedGame(checkGames([d])[0]!, gameExamples));
    expect(serial.every((g) => (g.examples?.length ?? 0) > 0)).toBe(true);
    let here = 0;
    const r = await checkOnThreads(dirs, 2, (d) => {
      here++;
      return validatedGame(checkGames([d])[0]!, gameExamples);
    });
    expect(r.byWorkers).toBe(1);
    expect(here).toBe(1);
    expect(r.games).toEqual(serial);
  }, limit(120_000));

  it('takes one thread per two cores by default, at least one', () => {
    expect([1, 2, 3, 4, 8].map((cores) => defaultThreads(cores))).toEqual([1, 1, 1, 2, 4]);
  });
});
