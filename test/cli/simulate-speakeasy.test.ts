/**
 * `rules simulate speakeasy` at 2, 3 and 4 players, with the defaults and with each option flipped
 * on its own: every game ends by the rules' own end (after act 4), its winners hold the best score
 * (the tie-breakers only choose among the best), and the same command prints the same bytes.
 * (The closing note's figures use 300 games a run; 12 keep this test short.)
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import * as games from '../../src/games.ts';
import { limit } from '../limits.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));

async function simulate(args: string[]): Promise<string> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0 };
  const code = await run(['simulate', 'speakeasy', '--games', '12', '--seed', '9', '--json', ...args], ctx);
  expect(code, io.stderr()).toBe(0);
  return io.stdout();
}

interface Out {
  options: Record<string, unknown>;
  games: { winners: number[]; scores: number[]; end: string }[];
}

const options = games.openGame(rulesDir, 'speakeasy').engine!.options;

describe('rules simulate speakeasy', () => {
  it('has options to flip', () => expect(options.length).toBeGreaterThan(0));

  for (const players of [2, 3, 4]) {
    for (const flip of [undefined, ...options.map((o) => o.id)]) {
      it(`${players} players, ${flip ? `${flip} flipped` : 'defaults'}`, async () => {
        const opt = options.find((o) => o.id === flip);
        const args = ['--players', String(players), ...(opt ? ['--option', `${opt.id}=${String(!opt.default)}`] : [])];
        const text = await simulate(args);
        const out = JSON.parse(text) as Out;
        if (opt) expect(out.options[opt.id]).toBe(!opt.default);
        expect(out.games).toHaveLength(12);
        for (const g of out.games) {
          expect(g.end).toBe('after-act-4');
          expect(g.scores).toHaveLength(players);
          expect(g.winners.length).toBeGreaterThan(0);
          const best = Math.max(...g.scores);
          for (const w of g.winners) expect(g.scores[w]).toBe(best);
        }
        expect(await simulate(args)).toBe(text);
      }, limit(120_000));
    }
  }
});
