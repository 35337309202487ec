/**
 * When a tiered program's code is generated (`Program.generate`; the modes are in
 * src/codegen/unit.ts), like a JIT's tier-up. Generating pays only over a long enough run:
 * emitting, checking and compiling the source takes 5–30 ms, and then every generated function
 * starts cold, while the closures share a few function bodies V8 has warmed up already. Measured
 * with `rules simulate` on one thread over the games under rules/, code generated up front first
 * gains overall after some 200–400 ms of closure time, and `rules validate`, whose random games
 * end about there, ran 4–17 % faster without generated code (docs/architecture.md, "Tiered code
 * generation").
 *
 * So the code is generated
 *   - once the engine has run the program on its closures for TIER_UP_MS in all; or sooner
 *   - when its caller has said how many games are coming (`expectGames`: `rules simulate`, the
 *     site's simulations) and, at the time per game so far, they would take BREAK_EVEN_MS more.
 * Only the time inside the engine's calls counts, never a player's time to think: each game made
 * and each autoplay run is timed; single answers (microseconds each) one in SAMPLE, counted
 * SAMPLE times. The code is generated at the end of a call, after the machine has returned.
 * No game depends on when: generated code plays exactly as the closures
 * (test/codegen/oracle.test.ts; test/codegen/tiered.test.ts for a change part-way through a game).
 */
import type { Program } from './program.ts';

export const TIER_UP_MS = 500;
export const BREAK_EVEN_MS = 400;
/** one answer in SAMPLE is timed */
export const SAMPLE = 16;

export class Tiering {
  private spent = 0;
  private calls = 0;
  /** games made so far, and how many its caller expects in all (0: no word) */
  private games = 0;
  private until = 0;

  constructor(private readonly p: Program) {}

  /** before a call that runs the machine: its start time if this call is timed, else -1 (`every`:
   *  time one call in this many) */
  start(every: number): number {
    if (this.p.generate === undefined) return -1;
    if (every > 1 && ++this.calls % every !== 0) return -1;
    return performance.now();
  }

  /** after it (`t0` from start, `every` as given there): the time counted, and the code generated
   *  once the program has run long enough, or would by the games still expected */
  end(t0: number, every: number): void {
    if (t0 < 0) return;
    this.spent += (performance.now() - t0) * every;
    this.decide();
  }

  /** a game was made */
  made(): void {
    this.games++;
  }

  /** about `games` more games are coming */
  expect(games: number): void {
    this.until = this.games + games;
    this.decide();
  }

  private decide(): void {
    if (this.p.generate === undefined) return;
    const ahead = this.games > 0 ? (Math.max(0, this.until - this.games) * this.spent) / this.games : 0;
    if (this.spent >= TIER_UP_MS || ahead >= BREAK_EVEN_MS) this.p.generate();
  }
}
