/**
 * Validate's random games skip a setting that can only replay an earlier game (smoke.ts: a game is
 * a function of its seed and the option values it reads). The oracle: for every game under
 * rules/, the same sweep played in full, by an engine that cannot say what it read, plays every
 * game the skipping run played the same way, and each skipped game made the decisions of the game
 * it was said to replay and opened nothing new; the failures are the same (none).
 */
import { describe, expect, it } from 'vitest';
import { gameDirsFor } from '../../src/games.ts';
import type { Engine } from '../../src/interpreter/api.ts';
import { smokeGames } from '../../src/interpreter/smoke.ts';
import { loadGame, RULES_DIR } from './helpers.ts';
import { limit } from '../limits.ts';

describe('random validation games skipped as replays', () => {
  for (const dir of gameDirsFor(RULES_DIR)) {
    const id = dir.split('/').at(-1)!;
    it(`${id}: skip only games that replay one played before`, () => {
      const engine = loadGame(dir);
      const skipping = smokeGames(engine);
      const full = smokeGames({ ...engine, createWatched: undefined } as unknown as Engine);
      expect(full.replays).toEqual([]);
      const key = (g: { players: number; seed: number; options: object }): string => `${g.players}/${g.seed}/${JSON.stringify(g.options)}`;
      const byKey = new Map(full.games.map((g) => [key(g), g]));
      expect(full.games.length).toBe(skipping.games.length + skipping.replays.length);
      for (const g of skipping.games) expect(byKey.get(key(g)), key(g)).toEqual(g);
      for (const r of skipping.replays) {
        const replayed = byKey.get(key(r))!;
        expect(replayed.decisions, key(r)).toBe(skipping.games[r.of]!.decisions);
        expect(replayed.opened, key(r)).toEqual([]);
      }
      expect(skipping.failures).toEqual(full.failures);
    }, limit(120_000));
  }
});
