/**
 * The hand-written references of bench/reference/ play the same games as the specs: for many
 * seeds and every player count, the same decisions (seat, choice, value) in the same order and
 * the same result (winners, scores, eliminated seats, rounds, end and result rule). `npm run bench`
 * compares their speed with the interpreter's only because of this.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playout } from '../../src/agents/playout.ts';
import { agentSeedFor } from '../../src/agents/random-agent.ts';
import { gameSeed } from '../../src/cli/simulate.ts';
import { openGame } from '../../src/games.ts';
import type { ReferenceDecision, ReferencePlayout } from '../../bench/reference/contract.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));
/** seeds per player count (The Boss plays slower: fewer) */
const SEEDS: Record<string, number> = { 'cash-n-guns': 400, 'the-boss': 60 };

async function reference(game: string): Promise<ReferencePlayout> {
  const url = pathToFileURL(fileURLToPath(new URL(`../../bench/reference/${game}.ts`, import.meta.url))).href;
  return ((await import(url)) as { playout: ReferencePlayout }).playout;
}

/** what the seeds must reach for the check to cover the rarer branches of each game */
const COVERAGE: Record<string, { what: string; holds: (games: { rounds: number; out: number[]; log: ReferenceDecision[] }[], players: number) => boolean }> = {
  'cash-n-guns': { what: 'players dying', holds: (gs) => gs.some((g) => g.out.length > 0) },
  'the-boss': {
    what: 'games of 3, 4 and 5 rounds, cubes placed in two steps, and (6 players) a team choosing whose cube is lost',
    holds: (gs, players) =>
      new Set(gs.map((g) => g.rounds)).size === 3 &&
      gs.some((g) => g.log.some((d) => d.choice === 'small-cubes')) &&
      (players !== 6 || gs.some((g) => g.log.some((d) => d.choice === 'whose-cube'))),
  },
};

for (const game of Object.keys(COVERAGE)) {
  describe(`bench/reference/${game}.ts plays the games of rules/${game}/`, async () => {
    const { engine } = openGame(rulesDir, game);
    const ref = await reference(game);
    for (let players = engine!.minPlayers; players <= engine!.maxPlayers; players++) {
      it(`${players} players, ${SEEDS[game]} seeds: the same decisions and results`, () => {
        const seen: { rounds: number; out: number[]; log: ReferenceDecision[] }[] = [];
        for (let i = 0; i < SEEDS[game]!; i++) {
          const seed = gameSeed(1, i);
          const agentSeed = agentSeedFor(seed);
          const run = playout(engine!, { players, seed, log: false }, agentSeed);
          const log: ReferenceDecision[] = [];
          const r = ref(players, seed, agentSeed, log);
          const want = run.actions.map((a) => ({ seat: a.seat, choice: a.action.choice, value: a.action.value }));
          expect({ seed, log }).toEqual({ seed, log: want });
          expect({ seed, ...r }).toEqual({
            seed,
            winners: run.result.winners,
            scores: run.result.scores,
            out: run.result.out,
            rounds: run.result.rounds,
            end: run.result.end,
            result: run.result.result,
            steps: run.steps,
          });
          seen.push({ rounds: r.rounds, out: r.out, log });
        }
        // the seeds reach the rarer branches too, or the check would miss them
        expect(COVERAGE[game]!.holds(seen, players), `the seeds reach ${COVERAGE[game]!.what}`).toBe(true);
      });
    }
  });
}
