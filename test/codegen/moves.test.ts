/**
 * `move` run by the generated blocks themselves (src/codegen/blocks.ts moveBody): by count, all the
 * cards, the cards given, on top or at the bottom, from and to game, seat and keyed zones. Without a
 * log the block moves the cards and the move's closure never runs; the games are those of the
 * closures, state for state, and a move that fails (a card that is not there, a seat that is none)
 * fails with the closure's message, rule and pc.
 */
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import { EngineError } from '../../src/interpreter/vm.ts';
import type { Program } from '../../src/interpreter/program.ts';
import type { LoadedSpec } from '../../src/loader/load-folder.ts';
import { tinyGame } from '../dsl/helpers.ts';
import { internal, type Engine } from '../interpreter/helpers.ts';
import { playBoth, twins } from './both.ts';
import { limit } from '../limits.ts';

/** cards, a game deck and pile, a hand per seat, a keyed row of stacks */
const COMPONENTS = `
cards:
  - id: coin
    count: 12
    props: {value: 1}
    name: {en: Coin, zh: 硬幣}
    text: {en: A coin., zh: 一枚硬幣。}
    assumption: {why: test fixture}
  - id: gem
    count: 8
    props: {value: 3}
    name: {en: Gem, zh: 寶石}
    text: {en: A gem., zh: 一顆寶石。}
    assumption: {why: test fixture}
spaces:
  - id: slot
    items:
      - {id: west, name: {en: Left, zh: 左}}
      - {id: east, name: {en: Right, zh: 右}}
    text: {en: Two stacks., zh: 兩疊。}
    assumption: {why: test fixture}
zones:
  - id: deck
    per: game
    visibility: hidden
    initial: [{kind: coin, count: 12}, {kind: gem, count: 8}]
    text: {en: The deck., zh: 牌堆。}
    assumption: {why: test fixture}
  - id: pile
    per: game
    visibility: public
    text: {en: The pile., zh: 棄牌堆。}
    assumption: {why: test fixture}
  - id: stack
    per: game
    by: slot
    visibility: public
    text: {en: A stack per slot., zh: 每格一疊。}
    assumption: {why: test fixture}
  - id: hand
    per: seat
    visibility: owner
    text: {en: A hand., zh: 手牌。}
    assumption: {why: test fixture}
`;

/** the choice after the moves of a one-off flow: the game waits there, once its moves have run */
const KEEP_ASKED = `      - choose: keep
        seats: seat(0)
        options: "[false]"
        as: keep
        prompt: {en: Keep?, zh: 留下？}
`;

/** three rounds: each seat moves cards every way a move can, in runs of straight-line effects */
const BODY = `      - shuffle: deck
      - repeat: 3
        do:
          - forEach: seats
            as: s
            do:
              - move: deck
                to: s.hand
                count: 2
              - add: s.points
                value: 1
              - move: s.hand
                to: stack[first(slot)]
                cards: "take(s.hand, 1)"
              - move: deck
                to: stack[last(slot)]
                count: s.points - 1
                at: bottom
              - choose: keep
                seats: s
                options: "[true, false]"
                as: keep
                prompt: {en: Keep your hand?, zh: 留下手牌嗎？}
              - if: not keep
                then:
                  - move: s.hand
                    to: pile
                  - add: s.points
                    value: 2
              - move: stack[first(slot)]
                to: pile
                count: 1
                at: bottom
              - move: stack[last(slot)]
                to: s.hand
`;

function loaded(body: string): LoadedSpec {
  const { loaded: spec, diagnostics } = compileGameDir(tinyGame({ body, extra: COMPONENTS, players: { min: 2, max: 3 } }));
  expect(diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.col}: ${d.message}`)).toEqual([]);
  return spec!;
}

/** answer every choice of the game `keep: false`, to its end */
function answerAll(e: Engine, s: unknown): void {
  for (let p = e.pending(s); p !== null; p = e.pending(s)) {
    if (p.kind !== 'choice') throw new Error('a chance draw in a game of seeded chance');
    e.applyInPlace(s, p.waitingFor[0]!, { choice: 'keep', value: false });
  }
}

/** the program's move instructions, their closures counted from now on */
function countMoveClosures(p: Program): { runs: number; moves: number } {
  const counter = { runs: 0, moves: 0 };
  for (const ins of p.code) {
    if (ins.op !== 'exec' || ins.body?.k !== 'move') continue;
    counter.moves++;
    const fn = ins.fn;
    ins.fn = (c) => {
      counter.runs++;
      fn(c);
    };
  }
  return counter;
}

describe('moves in generated blocks', () => {
  it('play the games of the closures, with and without a log, and run no move closure without one', () => {
    const spec = loaded(BODY);
    const t = twins(spec);
    expect(t.report.mode, t.report.reason).toBe('generated');
    let decisions = 0;
    for (const players of [2, 3]) {
      for (let seed = 1; seed <= 4; seed++) {
        decisions += playBoth(t, players, {}, seed, undefined, false);
        decisions += playBoth(t, players, {}, seed, undefined, true);
      }
    }
    expect(decisions).toBeGreaterThan(50);

    // the closures (counted before the code is made, so the blocks hold the counting ones) run
    // only where the state keeps a log
    const tiered = compileProgram(spec, { codegen: 'tiered' }).program!;
    const counter = countMoveClosures(tiered);
    expect(counter.moves).toBe(6);
    tiered.generate!();
    const engine = makeEngine(tiered);
    for (const log of [false, true]) {
      counter.runs = 0;
      const s = engine.create({ players: 2, seed: 5, log });
      answerAll(engine, s);
      expect(engine.result(s)).not.toBeNull();
      if (log) expect(counter.runs).toBeGreaterThan(20);
      else expect(counter.runs).toBe(0);
    }
  }, limit(60_000));

  /** the first failure of a game with answers `false`, on both engines */
  function failure(body: string): { generated: unknown; closures: unknown } {
    const t = twins(loaded(body));
    expect(t.report.mode, t.report.reason).toBe('generated');
    const fail = (e: typeof t.generated): unknown => {
      let s: unknown;
      try {
        // the flow runs up to the first choice as the game is made
        s = e.create({ players: 2, seed: 3, log: false });
        answerAll(e, s);
      } catch (err) {
        expect(err).toBeInstanceOf(EngineError);
        const x = err as EngineError;
        return { message: x.message, rule: x.rule, at: x.at, pc: s === undefined ? undefined : internal(s).pc };
      }
      return 'no failure';
    };
    return { generated: fail(t.generated), closures: fail(t.closures) };
  }

  it('a card that is not in the zone fails as the closure does', () => {
    const r = failure(`      - move: deck
        to: pile
        count: 3
      - move: deck
        to: seat(0).hand
        cards: "take(pile, 1)"
` + KEEP_ASKED);
    expect(r.generated).toEqual(r.closures);
    expect(JSON.stringify(r.generated)).toContain('is not in the zone it is moved from');
  });

  it('a seat that is none fails as the closure does', () => {
    const r = failure(`      - move: deck
        to: pile
        count: 3
      - move: pile
        to: first(filter(seats, s => s.points > 5)).hand
` + KEEP_ASKED);
    expect(r.generated).toEqual(r.closures);
    expect(r.generated).not.toBe('no failure');
  });
});

describe('moves in generated blocks, step by step', () => {
  it('work out the zone moved to after the cards have left (its seat may depend on them)', () => {
    const t = twins(loaded(`      - move: deck
        to: seat(0).hand
        count: 2
      - move: seat(0).hand
        to: first(filter(seats, x => count(x.hand) == 0)).hand
` + KEEP_ASKED));
    expect(t.report.mode, t.report.reason).toBe('generated');
    const g = internal(t.generated.create({ players: 2, seed: 1, log: false }));
    const c = internal(t.closures.create({ players: 2, seed: 1, log: false }));
    expect(g).toEqual(c);
    // seat 0's hand was empty once its cards left: they came back to it
    expect(g.seats.map((s) => s.z[0]!.length)).toEqual([2, 0]);
  });
});
