/**
 * The lockstep engine of the compilers run (test/codegen/lockstep.ts): two engines of one spec
 * that agree play as one, the generated engine's games unchanged; an answer, an error, a state or
 * a pick that differs fails the call that met it, named, and is kept for the run's set-up to fail
 * the test with.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../src/interpreter/api.ts';
import { playout } from '../../src/agents/playout.ts';
import { agentSeedFor } from '../../src/agents/random-agent.ts';
import { cashDir, internal, testRng } from '../interpreter/helpers.ts';
import { compileGameDir } from '../../src/games.ts';
import { twins } from './both.ts';
import { divergences, lockstep } from './lockstep.ts';

type Tools = Parameters<typeof lockstep>[0];

function pair(): { generated: Tools; closures: Tools } {
  const { loaded } = compileGameDir(cashDir);
  const t = twins(loaded!);
  return { generated: t.generated as Tools, closures: t.closures as Tools };
}

/** random answers until the end (or `steps` decisions), through the plain API */
function play(engine: Tools, seed: number, steps = 10_000): object {
  return advance(engine, engine.create({ players: 5, seed }), seed, steps);
}

function advance(engine: Tools, s: object, seed: number, steps = 10_000): object {
  const rng = testRng(seed);
  for (let i = 0; i < steps; i++) {
    const p = engine.pending(s);
    if (p === null || p.kind !== 'choice') break;
    for (const seat of p.waitingFor) {
      const actions = engine.legalActions(s, seat);
      engine.applyInPlace(s, seat, actions[Math.floor(rng() * actions.length)]!);
    }
  }
  return s;
}

// the divergences provoked here on purpose (each test counts them) are taken out, so that the
// compilers run's set-up, whose check runs after this one, does not fail the test for them
afterEach(() => void divergences.splice(0));

describe('the lockstep engine', () => {
  it('plays the generated engine\'s games when the two agree, through the plain API and the fast paths', () => {
    const { generated, closures } = pair();
    const both = lockstep(generated, closures);
    for (const seed of [1, 2]) expect(internal(play(both, seed))).toEqual(internal(play(generated, seed)));
    // autoplay and pickAction replay the generated engine's picks to the closures
    const run = (e: Tools) => playout(e, { players: 4, seed: 9, log: false }, agentSeedFor(9), { record: false }).state;
    expect(run(both)).toEqual(run(generated));
    // a state restored from JSON goes on in lockstep
    const mid = JSON.stringify(play(both, 3, 5));
    expect(internal(advance(both, JSON.parse(mid) as object, 4))).toEqual(internal(advance(generated, JSON.parse(mid) as object, 4)));
    expect(divergences).toEqual([]);
  });

  it('notes what the game read of a watched state\'s options, not what the comparisons read', () => {
    const { generated, closures } = pair();
    const both = lockstep(generated, closures);
    const noted = (e: Tools) => {
      const { state, reads } = e.createWatched({ players: 4, seed: 5, options: { powers: false } });
      advance(e, state, 5, 12);
      return { names: [...reads.names].sort(), all: reads.all };
    };
    const alone = noted(generated);
    expect(alone.all).toBe(false);
    expect(noted(both)).toEqual(alone);
  });

  it('fails the call whose answers differ, naming it and where they differ', () => {
    const { generated, closures } = pair();
    const off: Tools = { ...closures, legalActions: (s, seat) => closures.legalActions(s, seat).slice(1) };
    const both = lockstep(generated, off);
    const s = both.create({ players: 4, seed: 1 });
    expect(() => both.legalActions(s, 0)).toThrow(/^generated code and closures disagree, cash-n-guns, legalActions\(0\): the answers differ at /);
    expect(divergences).toHaveLength(1);
  });

  it('fails a call after which the states differ, and one where only one engine throws', () => {
    const { generated, closures } = pair();
    const drift: Tools = {
      ...closures,
      applyInPlace: (s: object, seat: number, a: Action) => {
        closures.applyInPlace(s, seat, a);
        internal(s).steps += 1;
      },
    };
    const both = lockstep(generated, drift);
    const s = both.create({ players: 4, seed: 1 });
    const a = both.legalActions(s, 0)[0]!;
    expect(() => both.applyInPlace(s, 0, a)).toThrow(/applyInPlace\(0, .*\): the states differ at \.steps: generated code \d+, closures \d+/);
    const throwing: Tools = { ...closures, view: () => { throw new Error('no view'); } };
    expect(() => lockstep(generated, throwing).view(both.create({ players: 4, seed: 2 }), 0)).toThrow(/view\(0\): closures threw "no view", generated code did not/);
    expect(divergences).toHaveLength(2);
  });

  it('fails a fast path whose engines ask for different picks', () => {
    const { generated, closures } = pair();
    const asksMore: Tools = { ...closures, pickAction: (s, seat, pick) => (pick(99), closures.pickAction!(s, seat, pick)) };
    const both = lockstep(generated, asksMore);
    const s = both.create({ players: 4, seed: 1 });
    expect(() => both.pickAction!(s, 0, () => 0)).toThrow(/closures asked seat 0 to pick from 99, generated code asked seat 0 to pick from \d+/);
  });

  it('the same error from both engines is the error, not a divergence', () => {
    const { generated, closures } = pair();
    const both = lockstep(generated, closures);
    const s = both.create({ players: 4, seed: 1 });
    expect(() => both.applyInPlace(s, 0, { choice: 'no-such-choice', value: 1 })).toThrow();
    expect(divergences).toEqual([]);
  });
});
