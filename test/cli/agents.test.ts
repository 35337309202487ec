import { describe, expect, it } from 'vitest';
import { RandomAgent, agentSeedFor, deriveSeed, randomSeatAgents } from '../../src/agents/random-agent.ts';
import { playout } from '../../src/agents/playout.ts';
import { makePickEngine } from './fake-engine.ts';

describe('deriveSeed', () => {
  it('is stable (the documented derivation must not change silently)', () => {
    expect([deriveSeed(1, 0), deriveSeed(1, 1), deriveSeed(1, 2), deriveSeed(42, 0)]).toMatchInlineSnapshot(`
      [
        579342234,
        339457159,
        377476878,
        1121719695,
      ]
    `);
  });
  it('stays in [0, 2^31) and spreads', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const s = deriveSeed(7, i);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(2 ** 31);
      seen.add(s);
    }
    expect(seen.size).toBe(1000);
    expect(deriveSeed(1, 0)).not.toBe(deriveSeed(2, 0));
  });
});

describe('RandomAgent', () => {
  const engine = makePickEngine();

  it('is deterministic for a seed and picks among the legal actions', () => {
    const s = engine.create({ players: 2, seed: 1 });
    const a = new RandomAgent(123);
    const b = new RandomAgent(123);
    const seqA = Array.from({ length: 50 }, () => a.act(engine, s, 0).value);
    const seqB = Array.from({ length: 50 }, () => b.act(engine, s, 0).value);
    expect(seqA).toEqual(seqB);
    expect(new Set(seqA)).toEqual(new Set([1, 2, 3]));
    const c = new RandomAgent(124);
    expect(Array.from({ length: 50 }, () => c.act(engine, s, 0).value)).not.toEqual(seqA);
  });

  it('does not depend on the game RNG', () => {
    const s1 = engine.create({ players: 2, seed: 1 });
    const s2 = engine.create({ players: 2, seed: 999 });
    const a = new RandomAgent(5);
    const b = new RandomAgent(5);
    for (let i = 0; i < 20; i++) expect(a.act(engine, s1, 1)).toEqual(b.act(engine, s2, 1));
  });

  it('is roughly uniform', () => {
    const a = new RandomAgent(9);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[a.index(4)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });

  it('fails clearly when a seat has nothing legal', () => {
    const s = engine.create({ players: 2, seed: 1 });
    engine.applyInPlace(s, 0, { choice: 'pick', value: 1 });
    expect(() => new RandomAgent(1).act(engine, s, 0)).toThrow(/seat 0 must answer choice 'pick'.*no legal action/);
  });
});

describe('playout', () => {
  const engine = makePickEngine();

  it('plays the game to its end', () => {
    const r = playout(engine, { players: 2, seed: 3 }, 11);
    expect(r.result.end).toBe('after-rounds');
    expect(r.result.rounds).toBe(3);
    expect(r.actions).toHaveLength(6);
    expect(r.steps).toBe(6);
    expect(engine.pending(r.state)).toBeNull();
    for (const a of r.actions) expect([0, 1]).toContain(a.seat);
    // every round both seats answer, in waitingFor order
    expect(r.actions.map((a) => a.seat)).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it('is deterministic given the game seed and the agent seed', () => {
    const a = playout(engine, { players: 3, seed: 3 }, 11);
    const b = playout(engine, { players: 3, seed: 3 }, 11);
    expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
    expect(b.actions).toEqual(a.actions);
    const differs = [12, 13, 14, 15].some(
      (s) => JSON.stringify(playout(engine, { players: 3, seed: 3 }, s).actions) !== JSON.stringify(a.actions),
    );
    expect(differs).toBe(true);
  });

  it('passes options and can skip recording', () => {
    const r = playout(engine, { players: 2, seed: 3, options: { rounds: 5 } }, 1, { record: false });
    expect(r.result.rounds).toBe(5);
    expect(r.actions).toEqual([]);
    expect(r.steps).toBe(10);
  });

  it('answers external chance draws with the chance agent and logs them as seat -1', () => {
    const r = playout(engine, { players: 2, seed: 3, chance: 'external' }, 1);
    const chance = r.actions.filter((a) => a.seat === -1);
    expect(chance).toHaveLength(3);
    for (const c of chance) expect([0, 1]).toContain(c.action.value);
    expect(r.steps).toBe(9);
  });

  it('uses given agents', () => {
    const always = (v: number) => ({ act: () => ({ choice: 'pick', value: v }), chance: () => 0 });
    const r = playout(engine, { players: 2, seed: 3 }, 1, { agents: [always(3), always(2)] });
    // seat 0 always has the unique highest pick: 3 points (+ bonus) a round
    expect(r.result.winners).toEqual([0]);
    expect(r.result.scores[1]).toBe(0);
  });

  it('stops a game that never ends with a clear error naming the pending choice', () => {
    expect(() => playout(engine, { players: 2, seed: 3, options: { rounds: 1e9 } }, 1, { maxSteps: 50 })).toThrow(
      /no end after 50 steps.*choice 'pick' of rule 'pick-round'.*spec bug/,
    );
  });

  it('random seat agents are independent per seat', () => {
    const a = randomSeatAgents(agentSeedFor(1), 3);
    expect(a.seats).toHaveLength(3);
    const s = engine.create({ players: 3, seed: 1 });
    const seqs = a.seats.map((ag) => Array.from({ length: 20 }, () => ag.act(engine, s, 0).value).join(''));
    expect(new Set(seqs).size).toBe(3);
  });
});
