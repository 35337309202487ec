/**
 * The engine as the page gets it (src/web/entry.ts), run here in Node: each game from its shipped
 * play data (the checked spec as JSON, no YAML, no schema check) compiles and plays, on generated
 * code where functions may be made from strings and on the closures where they may not; each worked
 * example's shipped frames (its states, the logs as deltas) rebuild into states on which every
 * expectation holds, checked by the page's engine.
 */
import { describe, expect, it } from 'vitest';
import { loadGames } from '../../src/docgen/index.ts';
import { examplesData, playData } from '../../src/docgen/pages/play.ts';
import { holds, loadGame, logLength, PAGE_SEARCH, SEAT_KINDS, setupChoices, stateScreen, Table, type PlayData } from '../../src/web/entry.ts';
import { parseAgentName } from '../../src/agents/named.ts';
import { DEFAULT_SEARCH } from '../../src/agents/search.ts';
import { limit } from '../limits.ts';

const { games } = loadGames('rules');

describe('the engine from the shipped play data', () => {
  for (const g of games) {
    it(`${g.id}: compiles from JSON and plays a game of agents`, () => {
      const data = JSON.parse(playData(g)) as PlayData;
      const loaded = loadGame(data);
      expect(loaded.code).toBe('generated');
      const e = loaded.engine;
      const options = Object.fromEntries(e.options.map((o) => [o.id, o.default]));
      const t = new Table(e, { players: e.minPlayers, seed: 5, options, seats: new Array(e.minPlayers).fill('random'), agentSeed: 9 }, loaded.declarations(options));
      t.advance();
      expect(t.over).toBe(true);
      expect(t.screen(0, 'zh').over).toBeDefined();
    });
  }
});

describe('the seats the page offers', () => {
  it("are the table's kinds (those rules play --seats takes), search at the page's smaller budget, and a game of them plays", () => {
    const g = games[0]!;
    const data = JSON.parse(playData(g)) as PlayData;
    const loaded = loadGame(data);
    const { seatKinds } = setupChoices(loaded, data, 'en');
    expect(seatKinds.map((k) => (k === 'human' ? k : parseAgentName(k).kind))).toEqual([...SEAT_KINDS]);
    expect(seatKinds).toContain(PAGE_SEARCH);
    expect(parseAgentName(PAGE_SEARCH).search!.iterations).toBeLessThan(DEFAULT_SEARCH.iterations);
    const e = loaded.engine;
    const options = Object.fromEntries(e.options.map((o) => [o.id, o.default]));
    const seats = Array.from({ length: e.minPlayers }, (_, s) => seatKinds[1 + (s % (seatKinds.length - 1))]!);
    const t = new Table(e, { players: e.minPlayers, seed: 5, options, seats, agentSeed: 9 }, loaded.declarations(options));
    t.advance();
    expect(t.over).toBe(true);
  });
});

describe("the worked examples' frames, rebuilt as the page does", () => {
  for (const g of games.filter((x) => (x.examples ?? []).length > 0)) {
    it(`${g.id}: every expectation holds on the page's engine`, () => {
      const loaded = loadGame(JSON.parse(playData(g)) as PlayData);
      const { examples } = JSON.parse(examplesData(g)) as { examples: { id: string; passed: boolean; frames: { seat: number; state: Record<string, unknown>; logFrom: number; log: unknown[]; expect: string[] }[] }[] };
      let checked = 0;
      for (const ex of examples) {
        expect(ex.passed, ex.id).toBe(true);
        let log: unknown[] = [];
        let before: unknown;
        for (const f of ex.frames) {
          log = log.slice(0, f.logFrom).concat(f.log);
          const state = { ...f.state, log };
          for (const expr of f.expect) {
            expect(holds(loaded, state, expr), `${ex.id}: ${expr}`).toBe(true);
            checked++;
          }
          const decl = loaded.declarations((f.state['options'] ?? {}) as Record<string, never>);
          const screen = stateScreen(loaded, decl, state, f.seat, logLength(loaded, before ?? state, f.seat), 'en');
          expect(screen.seat).toBe(f.seat);
          before = state;
        }
      }
      expect(checked).toBeGreaterThan(0);
    }, limit(120_000));
  }
});
