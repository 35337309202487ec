/**
 * What other seats see of a write to a secret (owner or hidden) var must not depend on the value
 * written, nor on whether it changed, nor on whether it happened at all (issue 10 §1). Cash'n
 * Guns' phase 8 resets every alive seat's owner-visible `phone` answer to "pass": only the cop's
 * answer may have been "report", so a log that shows only the writes that changed something
 * names the cop to everyone. Each seat sees the resets of its own var (every time), no other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/interpreter/api.ts';
import { cashDir, loadGame, pickOne, testRng } from './helpers.ts';

const resetsIn = (log: LogEntry[]): LogEntry[] => log.filter((e) => e.rule === 'phase-8-phone' && e.event === 'set' && e.data['var'] === 'phone');

describe('a secret write looks the same to the other seats whatever its value', () => {
  it("Cash'n Guns phase 8: every alive seat sees its own reset, and nobody sees another's", () => {
    const engine = loadGame(cashDir);
    let reports = 0;
    let passes = 0;
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 6 }), fc.integer({ min: 1, max: 0x7fffffff }), fc.integer(), (players, seed, actSeed) => {
        const rng = testRng(actSeed);
        const s = engine.create({ players, seed, options: { powers: true, undercover: true } });
        // from: where each seat's view log stood; all: where the whole log stood (a finished game's
        // view shows every entry, so its entries count from there)
        let opened: { alive: number[]; from: number[]; all: number; reported: boolean } | undefined;
        for (;;) {
          const p = engine.pending(s);
          if (p === null) break;
          if (p.kind !== 'choice') throw new Error('unexpected chance draw');
          if (p.choice === 'phone' && opened === undefined) {
            opened = { alive: engine.evaluate(s, 'alive') as number[], from: Array.from({ length: players }, (_, me) => engine.view(s, me).log.length), all: engine.log(s).length, reported: false };
          }
          const seat = p.waitingFor[0]!;
          const legal = engine.legalActions(s, seat);
          // the cop reports whenever it may: that is when the reset writes a value that changes
          const report = legal.find((a) => a.choice === 'phone' && a.value === 'report');
          engine.applyInPlace(s, seat, report ?? pickOne(rng, legal));
          if (opened && report) opened.reported = true;
          const next = engine.pending(s);
          if (opened && next?.kind === 'choice' && next.choice === 'phone') continue;
          if (opened) {
            if (opened.reported) reports++;
            else passes++;
            const over = engine.result(s) !== null;
            for (let me = 0; me < players; me++) {
              const seen = resetsIn(engine.view(s, me).log.slice(over ? opened.all : opened.from[me]));
              // after the end everything is shown; before, only one's own reset, whatever the answer was
              const want = over ? opened.alive : opened.alive.filter((x) => x === me);
              expect(seen.map((e) => e.data['seat'])).toEqual(want);
              for (const e of seen) expect(e.data).toEqual({ var: 'phone', seat: e.data['seat'], value: 'pass' });
            }
            opened = undefined;
          }
        }
      }),
      // the example: a game that ends in the round of the phone choice (the finished view's log once
      // was sliced at the seat's own count, and counted an earlier round's resets too)
      { numRuns: 30, examples: [[5, 393923197, -1743888995]] },
    );
    // the runs met both cases: rounds where the cop reported, and rounds where nobody did
    expect(reports).toBeGreaterThan(0);
    expect(passes).toBeGreaterThan(0);
  });
});
