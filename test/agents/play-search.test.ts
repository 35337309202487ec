/**
 * `rules play <game> --seats human,search,…` for every game under rules/: a human (here, one who
 * always takes the first answer) plays a whole game against search seats, the game is saved and
 * `rules replay` reproduces it. Seat kinds are checked: greedy, which looks at the true state, is
 * no player for a table.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import type { Prompter } from '../../src/cli/prompter.ts';
import * as games from '../../src/games.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'rules-play-search-'));

/** a human who always takes the first answer */
const firstAnswer: Prompter & { asked: number } = {
  asked: 0,
  async select() {
    this.asked++;
    return 0;
  },
  async pause() {},
};

async function rules(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0, prompter: firstAnswer, secretSeed: () => 17 };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('play against search seats', () => {
  for (const game of games.listGames(rulesDir)) {
    it(`${game}: a human against search seats, saved and replayed`, async () => {
      const save = join(tmp, `${game}.json`);
      const asked = firstAnswer.asked;
      const played = await rules(['play', game, '--seats', 'human,search:4+horizon=30,search:4+horizon=20,random', '--seed', '3', '--save', save]);
      expect(played.stderr).toBe('');
      expect(played.code).toBe(0);
      expect(played.stdout).toMatch(/human.*search:4\+horizon=30.*search:4\+horizon=20/);
      expect(played.stdout).toContain('Game over');
      expect(firstAnswer.asked).toBeGreaterThan(asked);
      const replayed = await rules(['replay', save]);
      expect(replayed.stderr).toBe('');
      expect(replayed.code).toBe(0);
    });
  }

  it('refuses greedy and a bad search at the table, saying why', async () => {
    const greedy = await rules(['play', 'cash-n-guns', '--seats', 'human,greedy,random,random']);
    expect(greedy.code).toBe(2);
    expect(greedy.stderr).toMatch(/seat kind 'greedy' in --seats: greedy reads what its seat may not see/);
    const bad = await rules(['play', 'cash-n-guns', '--seats', 'human,search:0,random,random']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/seat kind 'search:0' in --seats: a search's iterations must be a whole number/);
  });
});
