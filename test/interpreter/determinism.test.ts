/**
 * Determinism and purity (src/interpreter/api.ts): same seed + same actions ⇒ same state and log;
 * `apply`/`applyChance` never touch their input and agree with `applyInPlace`; a state is plain
 * JSON that survives a round trip; external chance waits for each draw of a shuffle with the
 * right number of outcomes and reproduces a chosen permutation; illegal actions throw clear
 * EngineErrors and change nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, Json } from '../../src/interpreter/api.ts';
import { compileGameDir } from '../../src/games.ts';
import { cashDir, fixtureDir, internal, loadGame, pickOne, randomStep, realiseShuffles, shuffled, testRng, type Engine } from './helpers.ts';

const HH = fixtureDir('hidden-hands');
const BOTH = { powers: true, undercover: true };

interface Setting {
  name: string;
  dir: string;
  players: [number, number];
  options: Record<string, Json>;
}

const SETTINGS: Setting[] = [
  { name: 'hidden-hands', dir: HH, players: [2, 4], options: {} },
  { name: "Cash'n Guns (powers + undercover)", dir: cashDir, players: [4, 6], options: BOTH },
  { name: "Cash'n Guns (base game)", dir: cashDir, players: [4, 6], options: {} },
];

type Step = { seat: number; action: Action };

/** play a random game to its end; returns the actions taken */
function randomGame(engine: Engine, s: unknown, rng: () => number): Step[] {
  const steps: Step[] = [];
  for (;;) {
    const p = engine.pending(s);
    if (p === null) return steps;
    if (p.kind !== 'choice') throw new Error('chance pending in auto mode');
    const seat = pickOne(rng, p.waitingFor);
    const action = pickOne(rng, engine.legalActions(s, seat));
    engine.applyInPlace(s, seat, action);
    steps.push({ seat, action });
  }
}

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as object)) deepFreeze(v);
  }
  return x;
}

describe('same seed + same actions ⇒ same game', () => {
  for (const st of SETTINGS) {
    it(`${st.name}: identical states (JSON) and logs, step by step`, () => {
      const engine = loadGame(st.dir);
      fc.assert(
        fc.property(fc.integer({ min: st.players[0], max: st.players[1] }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer(), (players, seed, actSeed) => {
          const cfg = { players, seed, options: st.options };
          const a = engine.create(cfg);
          const b = engine.create(cfg);
          expect(JSON.stringify(b)).toBe(JSON.stringify(a));
          const actions = randomGame(engine, a, testRng(actSeed));
          expect(engine.result(a)).not.toBeNull();
          const states = [JSON.stringify(engine.create(cfg))];
          for (const { seat, action } of actions) {
            engine.applyInPlace(b, seat, action);
            states.push(JSON.stringify(b));
          }
          expect(states.at(-1)).toBe(JSON.stringify(a));
          expect(engine.log(b)).toEqual(engine.log(a));
          expect(engine.result(b)).toEqual(engine.result(a));
          // and the pure API walks through exactly the same states
          let c = engine.create(cfg);
          actions.forEach(({ seat, action }, i) => {
            c = engine.apply(c, seat, action);
            expect(JSON.stringify(c)).toBe(states[i + 1]);
          });
        }),
        { numRuns: 8 },
      );
    });
  }

  it('the seed matters (the test above is not vacuous)', () => {
    const engine = loadGame(cashDir);
    const decks = new Set<string>();
    for (let seed = 0; seed < 20; seed++) decks.add(JSON.stringify(engine.evaluate(engine.create({ players: 5, seed }), 'billDeck')));
    expect(decks.size).toBe(20);
  });
});

describe('apply is pure; applyInPlace is its in-place twin', () => {
  for (const st of SETTINGS.slice(0, 2)) {
    it(`${st.name}: apply leaves a deep-frozen input intact and equals applyInPlace on a copy`, () => {
      const engine = loadGame(st.dir);
      fc.assert(
        fc.property(fc.integer({ min: st.players[0], max: st.players[1] }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer(), (players, seed, actSeed) => {
          const rng = testRng(actSeed);
          let s = engine.create({ players, seed, options: st.options });
          for (let i = 0; engine.pending(s) !== null; i++) {
            const p = engine.pending(s)!;
            if (p.kind !== 'choice') throw new Error('chance pending');
            const seat = pickOne(rng, p.waitingFor);
            const action = pickOne(rng, engine.legalActions(s, seat));
            const before = JSON.stringify(s);
            // freezing every few steps keeps the test fast; the JSON snapshot is checked at every step
            if (i % 7 === 0) deepFreeze(s);
            const next = engine.apply(s, seat, action);
            expect(JSON.stringify(s)).toBe(before);
            expect(next).not.toBe(s);
            const twin = JSON.parse(before) as unknown;
            engine.applyInPlace(twin, seat, action);
            expect(JSON.stringify(next)).toBe(JSON.stringify(twin));
            s = next;
          }
        }),
        { numRuns: 4 },
      );
    });
  }

  it('view, legalActions, pending, log and result do not change the state either', () => {
    const engine = loadGame(cashDir);
    const s = engine.create({ players: 6, seed: 31, options: BOTH });
    const rng = testRng(31);
    for (let i = 0; i < 40 && randomStep(engine, s, rng); i++);
    const before = JSON.stringify(s);
    deepFreeze(s);
    for (let seat = 0; seat < 6; seat++) {
      engine.view(s, seat);
      engine.legalActions(s, seat);
    }
    engine.pending(s);
    engine.log(s);
    engine.result(s);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('a state is plain JSON', () => {
  for (const st of SETTINGS.slice(0, 2)) {
    it(`${st.name}: a mid-game state restored with JSON.parse continues identically`, () => {
      const engine = loadGame(st.dir);
      fc.assert(
        fc.property(
          fc.integer({ min: st.players[0], max: st.players[1] }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.integer(),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (players, seed, actSeed, cut) => {
            const cfg = { players, seed, options: st.options };
            const full = engine.create(cfg);
            const actions = randomGame(engine, full, testRng(actSeed));
            const k = Math.floor(cut * actions.length);
            const s = engine.create(cfg);
            for (const { seat, action } of actions.slice(0, k)) engine.applyInPlace(s, seat, action);
            const restored = JSON.parse(JSON.stringify(s)) as unknown;
            expect(restored).toEqual(s);
            for (let seat = 0; seat < players; seat++) {
              expect(engine.view(restored, seat)).toEqual(engine.view(s, seat));
              expect(engine.legalActions(restored, seat)).toEqual(engine.legalActions(s, seat));
            }
            for (const { seat, action } of actions.slice(k)) {
              engine.applyInPlace(s, seat, action);
              engine.applyInPlace(restored, seat, action);
            }
            expect(JSON.stringify(restored)).toBe(JSON.stringify(full));
            expect(JSON.stringify(s)).toBe(JSON.stringify(full));
          },
        ),
        { numRuns: 10 },
      );
    });
  }

  // api.ts: "`State` is opaque plain JSON: save it with JSON.stringify, restore with JSON.parse."
  // A saved game must be usable by the same game compiled again (another process, a later run).
  it('a saved state can be restored by a freshly compiled engine of the same game', () => {
    const first = loadGame(cashDir);
    const s = first.create({ players: 5, seed: 42 });
    const rng = testRng(42);
    for (let i = 0; i < 10; i++) {
      const p = first.pending(s) as { waitingFor: number[] };
      first.applyInPlace(s, p.waitingFor[0]!, pickOne(rng, first.legalActions(s, p.waitingFor[0]!)));
    }
    const saved = JSON.stringify(s);
    const { engine: second } = compileGameDir(cashDir); // a new compilation, as after a restart
    expect(second).toBeDefined();
    const restored = JSON.parse(saved) as unknown;
    expect(second!.pending(restored)).toEqual(first.pending(s));
    expect(second!.legalActions(restored, 0)).toEqual(first.legalActions(s, 0));
    expect(second!.view(restored, 0)).toEqual(first.view(s, 0));
  });
});

describe("external chance ('chance: external')", () => {
  it('each shuffle waits for n−1 draws with n, n−1, …, 2 outcomes, and the draws realise any chosen order', () => {
    const engine = loadGame(cashDir);
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 6 }), fc.integer(), (players, permSeed) => {
        const rng = testRng(permSeed);
        const s0 = engine.create({ players, seed: 1, options: BOTH, chance: 'external' });
        const p0 = engine.pending(s0);
        expect(p0).toEqual({ kind: 'chance', rule: 'setup-bills', seat: -1, outcomes: 40 });
        for (let seat = 0; seat < players; seat++) expect(engine.legalActions(s0, seat)).toEqual([]);
        const seen: { zone: string; initial: number[]; target: number[]; outcomes: number[] }[] = [];
        const rules: string[] = [];
        const s = realiseShuffles(
          engine,
          s0,
          (zone, initial) => {
            rules.push(zone);
            return shuffled(rng, initial);
          },
          seen,
        );
        expect(rules).toEqual(['billDeck', 'powerDeck', 'roleDeck']);
        for (const z of seen) {
          const n = z.initial.length;
          expect(z.outcomes).toEqual(Array.from({ length: n - 1 }, (_, i) => n - i));
        }
        expect(seen.map((z) => z.initial.length)).toEqual([40, 10, players]);
        // the chosen orders are there: 5 bills turned up, the rest in the deck; powers and roles dealt in seat order
        const [bills, powers, roles] = seen.map((z) => z.target) as [number[], number[], number[]];
        expect(engine.pending(s)).toMatchObject({ kind: 'choice', choice: 'bullet' });
        expect(engine.evaluate(s, 'table')).toEqual(bills.slice(0, 5));
        expect(engine.evaluate(s, 'billDeck')).toEqual(bills.slice(5));
        expect(engine.evaluate(s, 'map(seats, p => first(p.power))')).toEqual(powers.slice(0, players));
        expect(engine.evaluate(s, 'powerDeck')).toEqual(powers.slice(players));
        expect(engine.evaluate(s, 'map(seats, p => first(p.role))')).toEqual(roles);
      }),
      { numRuns: 15 },
    );
  });

  it('the same draws give the same game; applyChance is pure', () => {
    const engine = loadGame(HH);
    const draws: number[] = [];
    const rng = testRng(8);
    let a = engine.create({ players: 3, seed: 0, chance: 'external' });
    while (engine.pending(a)?.kind === 'chance') {
      const p = engine.pending(a) as { outcomes: number };
      const i = Math.floor(rng() * p.outcomes);
      draws.push(i);
      const before = JSON.stringify(a);
      deepFreeze(a);
      const next = engine.applyChance(a, i);
      expect(JSON.stringify(a)).toBe(before);
      a = next;
    }
    expect(draws.length).toBe(23); // the 24-card deck
    let b = engine.create({ players: 3, seed: 12345, chance: 'external' }); // the seed plays no part now
    for (const i of draws) b = engine.applyChance(b, i);
    expect(engine.evaluate(b, 'deck')).toEqual(engine.evaluate(a, 'deck'));
    expect(engine.evaluate(b, 'map(seats, p => p.hand)')).toEqual(engine.evaluate(a, 'map(seats, p => p.hand)'));
    expect(engine.log(b)).toEqual(engine.log(a));
  });

  it('bad chance draws are refused with a clear error', () => {
    const engine = loadGame(HH);
    const s = engine.create({ players: 2, seed: 0, chance: 'external' });
    expect(engine.pending(s)).toEqual({ kind: 'chance', rule: 'deal-hands', seat: -1, outcomes: 24 });
    const before = JSON.stringify(s);
    for (const bad of [24, -1, 1.5, Number.NaN]) expect(() => engine.applyChance(s, bad)).toThrow(/chance outcome must be 0\.\.23/);
    expect(() => engine.apply(s, 0, { choice: 'pick', value: 0 })).toThrow(/nothing to decide now/);
    expect(JSON.stringify(s)).toBe(before);
    const auto = engine.create({ players: 2, seed: 0 });
    expect(() => engine.applyChance(auto, 0)).toThrow(/no chance draw is pending/);
  });
});

describe('illegal actions throw clear errors and change nothing', () => {
  const engine = loadGame(cashDir);
  const fresh = () => engine.create({ players: 4, seed: 77 });

  function expectEngineError(f: () => unknown, message: RegExp): void {
    let err: unknown;
    try {
      f();
    } catch (e) {
      err = e;
    }
    expect(err, 'an error is thrown').toBeInstanceOf(Error);
    expect((err as Error).name).toBe('EngineError');
    expect((err as Error).message).toMatch(message);
  }

  it('wrong choice id', () => {
    const s = fresh();
    const before = JSON.stringify(s);
    expectEngineError(() => engine.apply(s, 0, { choice: 'aim', value: 1 }), /the pending choice is 'bullet', not 'aim'/);
    expectEngineError(() => engine.applyInPlace(s, 0, { choice: 'nonsense', value: 1 }), /the pending choice is 'bullet', not 'nonsense'/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a value that is not offered', () => {
    const s = fresh();
    const before = JSON.stringify(s);
    const seat1Card = (engine.evaluate(s, 'map(seats, p => first(p.hand))') as number[])[1]!;
    for (const value of [seat1Card, 9999, 'BANG', null, true] as Json[]) {
      expectEngineError(() => engine.apply(s, 0, { choice: 'bullet', value }), new RegExp(`${JSON.stringify(value).replace(/[[\]"]/g, '.')} is not a legal answer to 'bullet' for seat 0`));
    }
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a seat that is not asked', () => {
    const s = fresh();
    const before = JSON.stringify(s);
    const action = engine.legalActions(s, 0)[0]!;
    expectEngineError(() => engine.apply(s, 4, action), /seat 4 has nothing to decide in 'bullet'/);
    expectEngineError(() => engine.apply(s, -1, action), /seat -1 has nothing to decide in 'bullet'/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('the game is over', () => {
    const s = fresh();
    randomGame(engine, s, testRng(3));
    expect(engine.result(s)).not.toBeNull();
    expect(engine.pending(s)).toBeNull();
    const before = JSON.stringify(s);
    for (let seat = 0; seat < 4; seat++) expect(engine.legalActions(s, seat)).toEqual([]);
    expectEngineError(() => engine.apply(s, 0, { choice: 'bullet', value: 0 }), /the game is over/);
    expectEngineError(() => engine.applyChance(s, 0), /no chance draw is pending/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('bad configurations', () => {
    expectEngineError(() => engine.create({ players: 3, seed: 1 }), /4–6 players, not 3/);
    expectEngineError(() => engine.create({ players: 7, seed: 1 }), /4–6 players, not 7/);
    expectEngineError(() => engine.create({ players: 4, seed: 1, options: { nope: true } }), /unknown option 'nope'/);
    expectEngineError(() => engine.create({ players: 4, seed: 1, options: { powers: 'yes' } }), /option 'powers' must be a bool/);
  });
});

describe('the same random game under the log switch', () => {
  it('log: false changes nothing but the log', () => {
    const engine = loadGame(cashDir);
    const a = engine.create({ players: 6, seed: 2024, options: BOTH });
    const actions = randomGame(engine, a, testRng(2024));
    const b = engine.create({ players: 6, seed: 2024, options: BOTH, log: false });
    for (const { seat, action } of actions) engine.applyInPlace(b, seat, action);
    expect(engine.log(b)).toEqual([]);
    expect(engine.result(b)).toEqual(engine.result(a));
    const strip = (x: unknown) => JSON.stringify({ ...internal(x), log: [], logging: true });
    expect(strip(b)).toBe(strip(a));
  });
});
