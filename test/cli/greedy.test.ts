import { describe, expect, it } from 'vitest';
import type { Engine, EngineTools } from '../../src/interpreter/api.ts';
import { GreedyAgent, scoreExpr } from '../../src/agents/greedy.ts';
import { namedSeatAgents } from '../../src/agents/named.ts';
import { randomSeatAgents } from '../../src/agents/random-agent.ts';
import { playout } from '../../src/agents/playout.ts';
import { parseAgents, simulate } from '../../src/cli/simulate.ts';
import { makePickEngine, type PickState } from './fake-engine.ts';
import { runCli } from './helpers.ts';
import { loadGame, RULES_DIR } from '../interpreter/helpers.ts';
import { limit } from '../limits.ts';

/** the pick engine with an evaluator that reads `score(seat(n))` as that seat's points */
function scoredPickEngine(mode: 'high' | 'low'): Engine<PickState> {
  const base = makePickEngine();
  const tools = {
    ...base,
    create: (c: Parameters<typeof base.create>[0]) => base.create({ ...c, options: { ...c.options, mode } }),
    evaluate(s: PickState, src: string) {
      const m = /^score\(seat\((\d+)\)\)$/.exec(src);
      if (!m) throw new Error(`unexpected expression ${src}`);
      return s.scores[Number(m[1])]!;
    },
  };
  return tools as unknown as Engine<PickState>;
}

describe('GreedyAgent', () => {
  it('asks the engine for the seat score by the spec function score()', () => {
    expect(scoreExpr(2)).toBe('score(seat(2))');
  });

  it('takes the answer that most raises its own score one step ahead', () => {
    // mode low: the lowest unique pick scores. Seat 0 picked 3; seat 1 answers last, so its pick
    // resolves the round: 1 scores 1, 2 scores 2, 3 ties with seat 0 and scores nothing.
    const engine = scoredPickEngine('low');
    const s = engine.create({ players: 2, seed: 1 });
    engine.applyInPlace(s, 0, { choice: 'pick', value: 3 });
    for (let seed = 0; seed < 20; seed++) expect(new GreedyAgent(seed).act(engine, s, 1)).toEqual({ choice: 'pick', value: 2 });
  });

  it('breaks ties with its own seeded draw (all answers tie when nothing changes yet)', () => {
    const engine = scoredPickEngine('low');
    const s = engine.create({ players: 2, seed: 1 });
    const picks = (seed: number) => Array.from({ length: 30 }, () => new GreedyAgent(seed).act(engine, s, 0).value);
    const one = new GreedyAgent(4);
    const seq = Array.from({ length: 60 }, () => one.act(engine, s, 0).value);
    expect(new Set(seq)).toEqual(new Set([1, 2, 3]));
    expect(picks(4)).toEqual(picks(4));
  });

  it('scores 0 everywhere (so plays at random) on an engine without an evaluator', () => {
    const engine = makePickEngine();
    const s = engine.create({ players: 2, seed: 1 });
    engine.applyInPlace(s, 0, { choice: 'pick', value: 3 });
    const seen = new Set(Array.from({ length: 60 }, (_, i) => new GreedyAgent(i).act(engine, s, 1).value));
    expect(seen.size).toBeGreaterThan(1);
  });

  it('keeps more money than random players do in a real game (Downtown, 3 players, all seats alike)', () => {
    const engine = loadGame(`${RULES_DIR}downtown`) as EngineTools<unknown>;
    const mean = (kind: 'greedy' | 'random'): number => {
      let sum = 0;
      const N = 8;
      for (let i = 0; i < N; i++) {
        const agents = namedSeatAgents([kind, kind, kind], 100 + i);
        const r = playout(engine, { players: 3, seed: i + 1, log: false }, 100 + i, { agents: agents.seats, record: false });
        sum += r.result.scores.reduce((x, y) => x + y, 0) / 3;
      }
      return sum / N;
    };
    expect(mean('greedy')).toBeGreaterThan(mean('random'));
  }, limit(60_000));
});

describe('named agents and simulate --agents', () => {
  it('all random is exactly the default random agents', () => {
    const engine = makePickEngine();
    const a = playout(engine, { players: 3, seed: 5 }, 77, { agents: namedSeatAgents(['random', 'random', 'random'], 77).seats });
    const b = playout(engine, { players: 3, seed: 5 }, 77, { agents: randomSeatAgents(77, 3).seats });
    expect(a.actions).toEqual(b.actions);
  });

  it('parses one kind for every seat or one per seat, and refuses the rest clearly', () => {
    expect(parseAgents(undefined, 3)).toBeUndefined();
    expect(parseAgents('greedy', 3)).toEqual(['greedy', 'greedy', 'greedy']);
    expect(parseAgents('greedy,random,random', 3)).toEqual(['greedy', 'random', 'random']);
    expect(() => parseAgents('clever', 3)).toThrow(/unknown agent 'clever'; known agents: random, greedy/);
    expect(() => parseAgents('greedy,random', 3)).toThrow(/one per seat \(3\), got 2/);
  });

  it('the report names the agents only when they were given; without them it is unchanged', async () => {
    const plain = await runCli(['simulate', 'pick', '--players', '3', '--games', '10', '--seed', '3', '--json']);
    const random = await runCli(['simulate', 'pick', '--players', '3', '--games', '10', '--seed', '3', '--json', '--agents', 'random']);
    const p = JSON.parse(plain.stdout);
    const r = JSON.parse(random.stdout);
    expect('agents' in p).toBe(false);
    expect(r.agents).toEqual(['random', 'random', 'random']);
    expect(r.games).toEqual(p.games);
    const bad = await runCli(['simulate', 'pick', '--agents', 'clever']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown agent 'clever'/);
  });

  it('simulate() with greedy seats is deterministic', () => {
    const engine = scoredPickEngine('low');
    const run = () => simulate(engine, { players: 3, games: 15, seed: 9, agents: ['greedy', 'greedy', 'random'] });
    expect(run()).toEqual(run());
    expect(run().agents).toEqual(['greedy', 'greedy', 'random']);
  });
});
