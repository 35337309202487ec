/** A bench script given a bad command line says what is wrong in one line and exits 2, with no stack trace. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { limit, spawnWithin } from '../limits.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function bench(script: string, ...args: string[]): { status: number | null; stderr: string; stdout: string } {
  const r = spawnWithin(60_000, process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${script}`, ...args], { cwd: root, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

describe('bench scripts on a bad command line', () => {
  const cases: [string, string[], RegExp][] = [
    ['playouts.ts', ['--bogus'], /unknown option --bogus; options: --rounds N/],
    ['playouts.ts', ['--rounds', 'x'], /--rounds must be a positive number, got 'x'/],
    ['playouts.ts', ['no-such-game'], /no game 'no-such-game' under .*; games: /],
    ['compare.ts', ['--bogus'], /unknown option --bogus/],
    ['where.ts', ['--bogus'], /unknown option --bogus/],
    ['fuzz.ts', ['--bogus'], /unknown option --bogus/],
    ['all.ts', ['--only', 'nothing'], /--only: no part 'nothing'; parts: playouts/],
    // (read before anything is built or checked out)
    ['validate.ts', ['--runs', 'x'], /bench:validate: --runs must be a positive number, got 'x'/],
    ['docs.ts', ['--runs', '0'], /bench:docs: --runs must be a positive number, got '0'/],
    ['lsp.ts', ['--runs', 'x'], /bench:lsp: --runs must be a positive number, got 'x'/],
    ['simulate.ts', ['--rounds', 'x'], /bench:simulate: --rounds must be a positive number, got 'x'/],
  ];
  for (const [script, args, message] of cases) {
    it(`${script} ${args.join(' ')}`, () => {
      const r = bench(script, ...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }, limit(60_000));
  }
});
