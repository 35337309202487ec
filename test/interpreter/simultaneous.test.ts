/**
 * A simultaneous choice is really simultaneous (docs/dsl-reference.md, choose: "The answers of a
 * simultaneous choice are held by the engine and written together when the last seat has
 * answered: no seat's view shows another seat's answer before that").
 *
 * Along random games of the hidden-hands fixture and of Cash'n Guns (both options), every
 * simultaneous choice with two or more seats is answered in a random order, and after each
 * answer we check: the other seats' views are exactly what they were (only `waitingFor` lost the
 * seat), the answering seat sees its answer in `myAnswers` and nothing else new, the state's
 * vars and log are untouched, that seat has no legal action left and answering again throws;
 * when the last seat answers, all answers are committed in one go: one `choose` log entry per
 * seat, together, and every seat's var holds its answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, Json, Pending, SeatView } from '../../src/interpreter/api.ts';
import { cashDir, declsOf, fixtureDir, internal, loadGame, pickOne, randomStep, shuffled, testRng, type Decls, type Engine } from './helpers.ts';

type ChoicePending = Extract<Pending, { kind: 'choice' }>;

const without = (xs: number[], x: number) => xs.filter((y) => y !== x);

/** view `v` as it should look once `seat` has answered (for a seat that is not `seat`) */
function expectedOther(v: SeatView, seat: number): SeatView {
  const p = v.pending as ChoicePending;
  return { ...v, pending: { ...p, waitingFor: without(p.waitingFor, seat) } };
}

interface Stats {
  choices: Map<string, number>;
}

/**
 * Answer the pending simultaneous choice seat by seat in a random order, checking every promise.
 * Leaves the game after the commit.
 */
function exercise(engine: Engine, d: Decls, s: unknown, rng: () => number, stats: Stats): void {
  const p = engine.pending(s) as ChoicePending;
  const players = internal(s).players;
  const decl = d.choices.get(p.choice)!;
  expect(decl.into, `simultaneous choice ${p.choice} stores its answers in a seat var`).toBeDefined();
  const into = decl.into!;
  const intoVis = d.seatVars.get(into)!;
  expect(p.waitingFor).toEqual(p.seats);
  stats.choices.set(p.choice, (stats.choices.get(p.choice) ?? 0) + 1);

  const order = shuffled(rng, p.seats);
  const answers = new Map<number, Json>();
  const varBefore = JSON.stringify(engine.evaluate(s, `map(seats, p => p.${into})`));
  const logLen = engine.log(s).length;
  const isThis = (e: { event: string; data: Record<string, Json> }) => e.event === 'choose' && e.data['choice'] === p.choice;
  const seenBefore = Array.from({ length: players }, (_, k) => engine.view(s, k).log.filter(isThis).length);

  order.forEach((seat, i) => {
    const last = i === order.length - 1;
    const before = Array.from({ length: players }, (_, k) => engine.view(s, k));
    const legal = engine.legalActions(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    const action = pickOne(rng, legal);
    answers.set(seat, action.value);
    engine.applyInPlace(s, seat, action);
    if (last) return;

    // nothing but waitingFor changes for anybody; the answering seat also sees its own answer
    for (let k = 0; k < players; k++) {
      const now = engine.view(s, k);
      const want = expectedOther(before[k]!, seat);
      if (k === seat) want.myAnswers = { [p.choice]: action.value };
      expect(now, `view of seat ${k} after seat ${seat} answered '${p.choice}'`).toEqual(want);
      // myAnswers holds a seat's own answer only
      expect(now.myAnswers, `myAnswers of seat ${k}`).toEqual(answers.has(k) ? { [p.choice]: answers.get(k) } : {});
    }
    // the answer is held, not written: no log entry, the var is untouched
    expect(engine.log(s).length).toBe(logLen);
    expect(JSON.stringify(engine.evaluate(s, `map(seats, p => p.${into})`))).toBe(varBefore);
    // the seat has nothing more to decide, and answering twice is refused without a change
    expect(engine.legalActions(s, seat)).toEqual([]);
    const snapshot = JSON.stringify(s);
    expect(() => engine.apply(s, seat, action)).toThrow(new RegExp(`seat ${seat} has nothing to decide in '${p.choice}'`));
    expect(() => engine.applyInPlace(s, seat, legal[legal.length - 1]!)).toThrow(/has nothing to decide/);
    expect(JSON.stringify(s)).toBe(snapshot);
  });

  // the commit: one choose entry per seat, all together, in seat order, right where the choice stood
  const fresh = engine.log(s).slice(logLen);
  const chooses = fresh.slice(0, p.seats.length);
  expect(chooses.map((e) => [e.event, e.rule, e.data['choice'], e.data['seat'], e.data['value']])).toEqual(
    p.seats.map((seat) => ['choose', p.rule, p.choice, seat, answers.get(seat)]),
  );
  expect(fresh.slice(p.seats.length).some(isThis)).toBe(false);
  // every answer is in its seat var now, unless a later effect has set the var again
  // (Cash'n Guns resets the phone right after the phone choice)
  const vars = engine.evaluate(s, `map(seats, p => p.${into})`) as Json[];
  const reset = (seat: number) => fresh.some((e) => e.event === 'set' && e.data['var'] === into && e.data['seat'] === seat);
  for (const seat of p.seats) if (!reset(seat)) expect(vars[seat], `${seat}.${into} after the commit`).toEqual(answers.get(seat));
  // who sees what after the commit follows the var's visibility
  for (let k = 0; k < players; k++) {
    const v = engine.view(s, k);
    if (engine.result(s) !== null) break; // the end reveals everything (secrecy.test.ts)
    expect(v.myAnswers[p.choice]).toBeUndefined();
    const entries = v.log.filter(isThis).slice(seenBefore[k]);
    expect(entries.map((e) => e.data['seat'])).toEqual(p.seats);
    for (const seat of p.seats) {
      const visible = intoVis === 'public' || (intoVis === 'owner' && seat === k);
      expect(v.seats[seat]!.vars[into]).toEqual(visible ? vars[seat] : null);
      const e = entries.find((x) => x.data['seat'] === seat)!;
      expect(e.data['value'], `answer of seat ${seat} to '${p.choice}' in the view of seat ${k}`).toEqual(visible ? answers.get(seat) : undefined);
    }
  }
}

/** play a random game, exercising every simultaneous choice of two or more seats */
function playAndExercise(engine: Engine, d: Decls, s: unknown, rng: () => number, stats: Stats): void {
  for (;;) {
    const p = engine.pending(s);
    if (p === null) return;
    if (p.kind === 'choice' && p.simultaneous && p.seats.length >= 2 && p.waitingFor.length === p.seats.length) exercise(engine, d, s, rng, stats);
    else randomStep(engine, s, rng);
  }
}

describe('simultaneous choices', () => {
  it('hidden-hands: pick (owner var) and bid (public var) stay secret until the last answer', () => {
    const engine = loadGame(fixtureDir('hidden-hands'));
    const d = declsOf(fixtureDir('hidden-hands'));
    const stats: Stats = { choices: new Map() };
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer(), (players, seed, actSeed) => {
        const s = engine.create({ players, seed });
        playAndExercise(engine, d, s, testRng(actSeed), stats);
        expect(engine.result(s)).not.toBeNull();
      }),
      { numRuns: 30 },
    );
    expect(stats.choices.get('pick')).toBeGreaterThanOrEqual(60);
    expect(stats.choices.get('bid')).toBeGreaterThanOrEqual(60);
  });

  it('open-auction: secret offers (owner var) of the seats still in', () => {
    const engine = loadGame(fixtureDir('open-auction'));
    const d = declsOf(fixtureDir('open-auction'));
    const stats: Stats = { choices: new Map() };
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer(), (players, seed, actSeed) => {
        const s = engine.create({ players, seed });
        playAndExercise(engine, d, s, testRng(actSeed), stats);
        expect(engine.result(s)).not.toBeNull();
      }),
      { numRuns: 20 },
    );
    expect(stats.choices.get('offer')).toBeGreaterThanOrEqual(60);
  });

  it("Cash'n Guns (powers + undercover): bullets, aims, stay-or-leave and the phone stay secret until all are in", () => {
    const engine = loadGame(cashDir);
    const d = declsOf(cashDir);
    const stats: Stats = { choices: new Map() };
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 6 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer(), (players, seed, actSeed) => {
        const s = engine.create({ players, seed, options: { powers: true, undercover: true } });
        playAndExercise(engine, d, s, testRng(actSeed), stats);
        expect(engine.result(s)).not.toBeNull();
      }),
      { numRuns: 6 },
    );
    for (const c of ['bullet', 'aim', 'leave', 'phone']) expect(stats.choices.get(c), `choice ${c} was exercised`).toBeGreaterThan(0);
  });

  it('errors: a seat outside the choice, a wrong choice id, and a second answer are refused', () => {
    const engine = loadGame(fixtureDir('hidden-hands'));
    const s = engine.create({ players: 3, seed: 5 });
    const p = engine.pending(s) as ChoicePending;
    expect(p).toMatchObject({ kind: 'choice', choice: 'pick', simultaneous: true, seats: [0, 1, 2], waitingFor: [0, 1, 2] });
    const a1: Action = engine.legalActions(s, 1)[0]!;
    const s1 = engine.apply(s, 1, a1);
    expect((engine.pending(s1) as ChoicePending).waitingFor).toEqual([0, 2]);
    expect(engine.view(s1, 1).myAnswers).toEqual({ pick: a1.value });
    expect(engine.view(s1, 0).myAnswers).toEqual({});
    expect(engine.view(s1, 2).myAnswers).toEqual({});
    expect(engine.legalActions(s1, 1)).toEqual([]);
    expect(() => engine.apply(s1, 1, a1)).toThrow(/seat 1 has nothing to decide in 'pick'/);
    expect(() => engine.apply(s1, 7, a1)).toThrow(/seat 7 has nothing to decide/);
    expect(() => engine.apply(s1, 0, { choice: 'bid', value: 1 })).toThrow(/the pending choice is 'pick', not 'bid'/);
    // the input state of the refused answers is untouched: 0 and 2 can still answer
    const s2 = engine.apply(s1, 0, engine.legalActions(s1, 0)[0]!);
    expect((engine.pending(s2) as ChoicePending).waitingFor).toEqual([2]);
    const s3 = engine.apply(s2, 2, engine.legalActions(s2, 2)[0]!);
    expect((engine.pending(s3) as ChoicePending).choice).toBe('bid');
  });
});
