/**
 * The engine's optional fast paths for playouts (src/interpreter/api.ts) mean exactly what the
 * plain API means: `nextSeat` is the first seat of `pending().waitingFor` (-1 for chance, null at
 * the end), `pickAction(s, seat, pick)` is `legalActions(s, seat)[pick(n)]` with n that list's
 * length, and games made from the cached starting layout do not share anything mutable.
 */
import { describe, expect, it } from 'vitest';
import type { Action, Json } from '../../src/interpreter/api.ts';
import { RULES_DIR, fixtureDir, loadGame, pickOne, testRng, type Engine } from './helpers.ts';

const GAMES: { name: string; dir: string; players: number; options?: Record<string, Json> }[] = [
  { name: 'cash-n-guns', dir: `${RULES_DIR}cash-n-guns`, players: 5, options: { powers: true, undercover: true } },
  { name: 'downtown', dir: `${RULES_DIR}downtown`, players: 4, options: { casino: true } },
  { name: 'the-boss', dir: `${RULES_DIR}the-boss`, players: 4 },
  { name: 'hidden-hands (fixture)', dir: fixtureDir('hidden-hands'), players: 3 },
  { name: 'card fronts and stacks (fixture)', dir: 'test/fixtures/hidden/stacks', players: 2 },
];

/** what the fast path must give, from the plain API */
function expectedNextSeat(e: Engine, s: unknown): number | null {
  const p = e.pending(s);
  if (p === null) return null;
  return p.kind === 'chance' ? -1 : p.waitingFor[0]!;
}

function checkPicks(e: Engine, s: unknown, seat: number): void {
  const legal = e.legalActions(s, seat);
  if (legal.length === 0) {
    expect(e.pickAction!(s, seat, () => expect.unreachable('pick called with nothing to decide'))).toBeNull();
    return;
  }
  for (let i = 0; i < legal.length; i++) {
    let asked = -1;
    const action = e.pickAction!(s, seat, (n) => ((asked = n), i));
    expect(asked).toBe(legal.length);
    expect(action).toEqual(legal[i]);
  }
}

describe('engine fast paths agree with the plain API', () => {
  for (const g of GAMES) {
    it(`${g.name}: nextSeat and pickAction at every step of random games`, () => {
      const e = loadGame(g.dir);
      expect(e.nextSeat).toBeTypeOf('function');
      expect(e.pickAction).toBeTypeOf('function');
      for (let game = 0; game < 3; game++) {
        const rng = testRng(100 + game);
        const s = e.create({ players: g.players, seed: game, ...(g.options ? { options: g.options } : {}) });
        for (let step = 0; step < 20000; step++) {
          expect(e.nextSeat!(s)).toBe(expectedNextSeat(e, s));
          // every seat, not only the one waited for: the others must get null
          for (let seat = 0; seat < g.players; seat++) checkPicks(e, s, seat);
          const p = e.pending(s);
          if (p === null) break;
          const seat = pickOne(rng, p.kind === 'choice' ? p.waitingFor : [-1]);
          const action: Action = pickOne(rng, e.legalActions(s, seat));
          e.applyInPlace(s, seat, action);
        }
        expect(e.pending(s)).toBeNull();
      }
    });
  }

  it('games made from one starting layout share nothing: playing one leaves the next untouched', () => {
    const e = loadGame(`${RULES_DIR}cash-n-guns`);
    const config = { players: 4, seed: 9 };
    const first = JSON.stringify(e.create(config));
    const played = e.create(config);
    const rng = testRng(3);
    for (let p = e.pending(played); p !== null; p = e.pending(played)) {
      const seat = p.kind === 'choice' ? p.waitingFor[0]! : -1;
      e.applyInPlace(played, seat, pickOne(rng, e.legalActions(played, seat)));
    }
    expect(JSON.stringify(e.create(config))).toBe(first);
  });
});
