/**
 * The search agent (src/agents/search.ts) and agents by name (src/agents/named.ts): it plays what
 * wins where that is plain, it is a function of its seed, a time budget stops it, and names are
 * checked with a message that says what is allowed. Its fairness is test/properties/agent-fairness.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentNameError, makeAgent, parseAgentList, parseAgentName } from '../../src/agents/named.ts';
import { RandomAgent } from '../../src/agents/random-agent.ts';
import { SearchAgent, worth } from '../../src/agents/search.ts';
import { playout } from '../../src/agents/playout.ts';
import { newGameFiles } from '../../src/cli/new.ts';
import { compileGameDir } from '../../src/games.ts';
import type { Engine } from '../../src/interpreter/api.ts';

/** the game `rules new` writes: three rounds, each player takes 1, 2 or 3 coins, most coins wins */
function tinyGame(): Engine {
  const dir = mkdtempSync(join(tmpdir(), 'rules-search-'));
  for (const [path, text] of newGameFiles(join(dir, 'rules'), 'tiny')) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  const { engine } = compileGameDir(join(dir, 'rules', 'tiny'));
  if (!engine) throw new Error('the template game does not compile');
  return engine;
}

const realGame = (id: string): Engine => compileGameDir(join('rules', id)).engine!;

describe('the search agent', () => {
  it('wins the template game against a random seat, game after game (random against random wins about half)', () => {
    const engine = tinyGame();
    for (let g = 0; g < 5; g++) {
      const r = playout(engine, { players: 2, seed: 100 + g }, 7, { agents: [new SearchAgent(10 + g, { iterations: 64 }), new RandomAgent(g)] });
      expect(r.result.winners).toContain(0);
    }
  });

  it('is a function of its seed: the same seed, the same answers in a real game', () => {
    const engine = realGame('the-boss');
    const s = engine.create({ players: 4, seed: 3 });
    const seat = engine.nextSeat!(s)!;
    const answers = (seed: number) => new SearchAgent(seed, { iterations: 24, horizon: 40 }).act(engine, s, seat);
    expect(answers(5)).toEqual(answers(5));
    expect(engine.legalActions(s, seat)).toContainEqual(answers(6));
  });

  it('stops at its time budget with an answer it may give', () => {
    const engine = realGame('cash-n-guns');
    const s = engine.create({ players: 4, seed: 9 });
    const seat = engine.nextSeat!(s)!;
    const agent = new SearchAgent(1, { iterations: 1_000_000, timeMs: 30 });
    expect(engine.legalActions(s, seat)).toContainEqual(agent.act(engine, s, seat));
    expect(agent.last!.iterations).toBeGreaterThan(0);
    expect(agent.last!.iterations).toBeLessThan(1_000_000);
    expect(agent.last!.failed).toBe(0);
  });

  it('values a game by its result, or by the place its score takes among the seats', () => {
    const over = { result: () => ({ winners: [1, 2], scores: [0, 5, 5] }), scores: () => [0, 5, 5] } as unknown as Engine;
    expect([0, 1, 2].map((s) => worth(over, {}, s))).toEqual([0, 0.5, 0.5]);
    const cut = { result: () => null, scores: () => [10, 30, 20, 30] } as unknown as Engine;
    // seat 0 last (rank 0, place 0); seat 1 tied first (rank 2.5 of 3, place 1)
    expect(worth(cut, {}, 0)).toBe(0);
    expect(worth(cut, {}, 1)).toBeCloseTo(0.5 * (2.5 / 3) + 0.5);
    expect(worth(cut, {}, 2)).toBeCloseTo(0.5 * (1 / 3) + 0.25);
  });
});

describe('agents by name', () => {
  it('writes each name one way', () => {
    expect(parseAgentName('search').name).toBe('search:256');
    expect(parseAgentName(' search:512 ').name).toBe('search:512');
    expect(parseAgentName('search:64+horizon=50+c=1.5')).toMatchObject({ kind: 'search', name: 'search:64+horizon=50+c=1.5', search: { iterations: 64, horizon: 50, c: 1.5 } });
    expect(parseAgentName('search:2s').search!.timeMs).toBe(2000);
    expect(parseAgentName('search:500ms').name).toBe('search:500ms');
    expect(parseAgentList('search,random', 2)).toEqual(['search:256', 'random']);
    expect(parseAgentList('greedy', 3)).toEqual(['greedy', 'greedy', 'greedy']);
    expect(makeAgent('search:8', 1)).toBeInstanceOf(SearchAgent);
  });

  it('refuses what it does not know, saying what it takes', () => {
    expect(() => parseAgentName('clever')).toThrow(/unknown agent 'clever'; known agents: random, greedy, search/);
    expect(() => parseAgentName('search:0')).toThrow(/iterations must be a whole number from 1 to 1,000,000, got '0'/);
    expect(() => parseAgentName('search:12+depth=3')).toThrow(/unknown search option 'depth=3'/);
    expect(() => parseAgentName('search:8+c=-1')).toThrow(AgentNameError);
    // a time budget makes a run depend on the machine: only for play
    expect(() => parseAgentList('search:1s,random', 2)).toThrow(/give iterations \(search:N\)/);
    expect(parseAgentList('search:1s,random', 2, true)).toEqual(['search:1s', 'random']);
    expect(() => parseAgentList('random,random,random', 2)).toThrow(/one per seat \(2\), got 3/);
  });
});
