/**
 * A condition checked wherever the flow enters a rule, over random games (holds-at.ts; the
 * command line is bench/holds.ts). Speakeasy's city-tile limit is the case that asked for it:
 * no player may begin a turn with more city tiles than their limit (002:998, 002:1444; issue 36).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playout } from '../../src/agents/playout.ts';
import { agentSeedFor } from '../../src/agents/random-agent.ts';
import { gameSeed } from '../../src/cli/simulate.ts';
import { openForTest } from './games.ts';
import { checkGame, checkRule } from './holds-at.ts';

const speakeasy = openForTest(fileURLToPath(new URL('../../rules/speakeasy/', import.meta.url)));
const engine = speakeasy.engine;
const TILES = 'all(seats, s => count(s.cityTiles) <= cityTileLimit(s))';
/** a sample here; `npx tsx bench/holds.ts` plays the 100 games of the issue */
const GAMES = 15;

describe('a condition where the flow enters a rule', () => {
  it('plays the game rules simulate plays with that seed', () => {
    const seed = gameSeed(1, 0);
    const checked = checkGame(engine, { players: 3, rule: 'st-turn', condition: 'true' }, seed);
    const played = playout(engine, { players: 3, seed, options: {}, log: false }, agentSeedFor(seed), { record: false });
    expect(checked.result).toEqual(played.result);
    expect(checked.entries).toBe(33); // 11 rounds of 3 turns
  });

  it('catches a condition that is false, with what --show says there', () => {
    const g = checkGame(engine, { players: 3, rule: 'st-turn', condition: 'round < 11', show: 'round' }, gameSeed(1, 0));
    expect(g.breaches.map((b) => b.shown)).toEqual([11, 11, 11]);
    expect(g.breaches.map((b) => b.entry)).toEqual([31, 32, 33]);
  });

  it('refuses a rule the flow cannot enter and a condition that is no condition', () => {
    expect(() => checkRule(engine, 'st-trun')).toThrow(/no rule 'st-trun' that the flow can enter; did you mean 'st-turn'\?/);
    expect(() => checkGame(engine, { players: 3, rule: 'st-turn', condition: 'round' }, 1)).toThrow(/must be true or false, but round is 1/);
    expect(() => checkGame(engine, { players: 3, rule: 'st-turn', condition: 'nosuch > 1' }, 1)).toThrow(/cannot evaluate nosuch > 1[^]*unknown name 'nosuch'/);
  });
});

describe('speakeasy: nobody begins a turn over the city-tile limit', () => {
  for (const players of [3, 4]) {
    it(`${players} players, ${GAMES} random games`, () => {
      const broken: string[] = [];
      for (let i = 0; i < GAMES; i++) {
        const g = checkGame(engine, { players, rule: 'st-turn', condition: TILES, show: 'map(seats, s => count(s.cityTiles))' }, gameSeed(1, i));
        for (const b of g.breaches) broken.push(`game ${i} (seed ${g.seed}), turn ${b.entry}: tiles ${JSON.stringify(b.shown)}`);
      }
      expect(broken).toEqual([]);
    });
  }
});
