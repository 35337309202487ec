/**
 * A spec whose expression runs away (loops inside loops, inside every size limit: issue 30 §3) is
 * stopped by the work budget wherever the engine runs it — `simulate` (on one thread and on
 * workers), `play`, and the conformance runner (`rules test`) — with the error at the expression's
 * file:line:col and no stack trace. (`validate` is the corpus's: test/corpus/loops/; the language
 * server's is test/lsp/hostile-input.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';
import { RUNAWAY_PLACE, writeRunawayGame } from './runaway-game.ts';
import { limit } from '../limits.ts';

const root = mkdtempSync(join(tmpdir(), 'runaway-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const { rules, game, scenario } = writeRunawayGame(root);

/** the place every command must name: the guard `f() > 0` (where the error is, or for a
 *  scenario, after its step's place) */
const PLACE = `${relative(process.cwd(), game).split('\\').join('/')}:${RUNAWAY_PLACE.line}:${RUNAWAY_PLACE.col}`;

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const io = bufferIO();
  const code = await run(args, { ...defaultContext(), io });
  return { code, out: io.stdout() + io.stderr() };
}

describe('a runaway expression is stopped at its place by every command that runs the game', () => {
  for (const [what, args] of [
    ['simulate', ['simulate', 'runaway', '--rules-dir', rules, '--games', '3']],
    ['simulate on workers', ['simulate', 'runaway', '--rules-dir', rules, '--games', '3', '--workers', '2']],
    ['play', ['play', 'runaway', '--rules-dir', rules, '--seats', 'random,random', '--seed', '1']],
    ['test', ['test', '--rules-dir', rules, scenario]],
  ] as const) {
    it(what, async () => {
      const { code, out } = await cli([...args]);
      expect(code, out).not.toBe(0);
      expect(out).toContain(PLACE);
      expect(out).toMatch(/did more than 2,000,000 steps of work without anyone deciding/);
      expect(out).not.toMatch(/^\s+at .*[:(]/m);
    }, limit(60_000));
  }
});
