/**
 * A table of humans and agents (src/present/table.ts), as the play page drives it: a human seat
 * plays whole games of every game against agents by option index; undo goes back one decision and
 * never across a chance draw or a reveal; the saved log is the one `rules replay` checks and loads
 * back into the same game; hand-overs between humans.
 */
import { describe, expect, it } from 'vitest';
import { verifyReplay, stateHash } from '../../src/cli/replay-log.ts';
import { listGames, openGame } from '../../src/games.ts';
import type { Engine } from '../../src/interpreter/api.ts';
import type { Spec } from '../../src/loader/types.generated.ts';
import { declarations } from '../../src/present/declarations.ts';
import { isSeatKind, SEAT_KINDS, seatKindOf, Table, type SeatKind } from '../../src/present/table.ts';
import { limit } from '../limits.ts';

function tableOf(id: string, seats: SeatKind[], seed = 3) {
  const g = openGame('rules', id);
  const e = g.engine! as Engine<unknown>;
  const options = Object.fromEntries(e.options.map((o) => [o.id, o.default]));
  const decl = declarations(g.spec as Spec, options, (c) => e.answerType(c));
  return new Table(e, { players: seats.length, seed, options, seats, agentSeed: seed * 31 }, decl);
}

describe('a human seat plays a whole game against agents', () => {
  for (const id of listGames('rules')) {
    it(`${id}: by option index, to the end; the log replays`, () => {
      const g = openGame('rules', id);
      const players = Math.min(g.engine!.maxPlayers, Math.max(g.engine!.minPlayers, 3));
      const seats: SeatKind[] = ['human', ...new Array<SeatKind>(players - 1).fill('random')];
      const t = tableOf(id, seats);
      let decisions = 0;
      // the human answers as a player who clicks at random would (a fixed sequence of picks)
      let r = 12345;
      const pick = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) >>> 8) % n;
      for (t.advance(); t.turn !== null; t.advance()) {
        expect(t.turn).toBe(0);
        const legal = t.engine.legalActions(t.current, 0);
        // the screen of every third decision (a long game's screens cost the test its time)
        if (decisions % 3 === 0) {
          const screen = t.screen(0, decisions % 2 === 0 ? 'en' : 'zh');
          expect(screen.decision?.mine).toBe(true);
          expect(screen.decision!.options.length).toBe(legal.length);
        }
        t.act(0, pick(legal.length));
        decisions++;
      }
      expect(t.over).toBe(true);
      expect(decisions).toBeGreaterThan(3);
      expect(t.screen(0, 'en').over?.winners).toBeDefined();
      const log = t.replayLog(stateHash);
      expect(log.chance).toBe('external');
      expect(verifyReplay(t.engine, log)).toMatchObject({ ok: true });
      // the log loads back into the same game
      const back = Table.fromLog(t.engine, JSON.stringify(log), seats, 1);
      expect(stateHash(back.current)).toBe(log.stateHash);
    }, limit(60_000));
  }
});

/** every card face each seat sees (game and seat zones), as `seat/card/face` */
function facesOfAll(t: Table): Set<string> {
  const out = new Set<string>();
  for (let s = 0; s < t.setup.players; s++) {
    const v = t.view(s);
    for (const cards of [...Object.values(v.zones), ...v.seats.flatMap((x) => Object.values(x.zones))]) {
      for (const c of cards) if (c !== null && typeof c === 'object' && !Array.isArray(c)) out.add(`${s}/${String(c['card'])}/${String(c['kind'] ?? c['front'])}`);
    }
  }
  return out;
}

describe('undo', () => {
  it('goes back one decision of the seat, to the very state before it', () => {
    // a game where some decisions reveal nothing: find one
    for (const id of listGames('rules')) {
      const g = openGame('rules', id);
      const players = Math.max(g.engine!.minPlayers, 2);
      const t = tableOf(id, ['human', ...new Array<SeatKind>(players - 1).fill('random')]);
      for (t.advance(); t.turn !== null; t.advance()) {
        const before = JSON.stringify(t.current);
        const screen = JSON.stringify(t.screen(0, 'en'));
        t.act(0, 0);
        t.advance();
        if (t.canUndo(0)) {
          expect(t.undo(0)).toBe(true);
          expect(JSON.stringify(t.current)).toBe(before);
          expect(JSON.stringify(t.screen(0, 'en'))).toBe(screen);
          return;
        }
      }
    }
    throw new Error('no decision of any game could be undone');
  });

  it('never across a chance draw or a reveal: every refused undo has one between', () => {
    let refused = 0;
    let allowed = 0;
    for (const id of listGames('rules')) {
      const g = openGame('rules', id);
      const players = Math.max(g.engine!.minPlayers, 3);
      const t = tableOf(id, ['human', ...new Array<SeatKind>(players - 1).fill('random')], 5);
      let n = 0;
      for (t.advance(); t.turn !== null && n < 60; t.advance(), n++) {
        const mark = t.actions.length;
        const before = facesOfAll(t);
        t.act(0, n % t.engine.legalActions(t.current, 0).length);
        t.advance();
        const between = t.actions.slice(mark);
        const chance = between.some((a) => a.seat === -1);
        if (t.canUndo(0)) {
          allowed++;
          expect(chance, `${id}: undo across a chance draw`).toBe(false);
        } else if (!chance) {
          refused++;
          // something was revealed: some seat sees a card face it did not see before
          const after = facesOfAll(t);
          expect([...after].some((f) => !before.has(f)), `${id}: undo refused with no chance draw and no reveal`).toBe(true);
        }
      }
    }
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('seats and hand-overs', () => {
  it('every seat kind a table offers can sit at it', () => {
    expect(SEAT_KINDS[0]).toBe('human');
    expect(SEAT_KINDS.length).toBeGreaterThan(1);
    const id = listGames('rules')[0]!;
    const players = openGame('rules', id).engine!.minPlayers;
    for (const kind of SEAT_KINDS.slice(1)) {
      const t = tableOf(id, ['human', ...new Array<SeatKind>(players - 1).fill(kind)]);
      t.advance();
      expect(t.turn).toBe(0);
    }
  });

  it('a table seats people and fair agents only: greedy, which reads the true state, is refused as rules play refuses it', () => {
    expect(SEAT_KINDS).not.toContain('greedy');
    expect(isSeatKind('greedy')).toBe(false);
    expect(isSeatKind('search:64')).toBe(true);
    expect(isSeatKind('search:0')).toBe(false);
    expect(seatKindOf('search')).toBe('search:256');
    const id = listGames('rules')[0]!;
    const players = openGame('rules', id).engine!.minPlayers;
    expect(() => tableOf(id, ['human', ...new Array<SeatKind>(players - 1).fill('greedy')])).toThrow(/greedy reads what its seat may not see/);
  });

  it('two humans: the device is handed over between them, never to the same seat twice in a row', () => {
    const id = listGames('rules')[0]!;
    const players = openGame('rules', id).engine!.minPlayers;
    const t = tableOf(id, ['human', 'human', ...new Array<SeatKind>(Math.max(0, players - 2)).fill('random')]);
    let last = -1;
    let handed = 0;
    for (t.advance(); t.turn !== null && handed < 6; t.advance()) {
      const seat = t.turn;
      expect(t.handOver).toBe(last !== -1 && seat !== last);
      if (t.handOver) handed++;
      t.act(seat, 0);
      last = seat;
    }
    expect(handed).toBeGreaterThan(0);
  });
});
