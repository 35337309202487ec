/**
 * A tiered program (the default mode): its expressions run as closures until the program has run
 * long enough on them, then its code is generated and installed, between two decisions, and the
 * machine runs the generated blocks from there on. The games go on exactly as on closures alone.
 */
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playout } from '../../src/agents/playout.ts';
import { agentSeedFor } from '../../src/agents/random-agent.ts';
import { codegenReport } from '../../src/codegen/unit.ts';
import { compileGameDir, gameDirsFor } from '../../src/games.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import type { Program } from '../../src/interpreter/program.ts';
import { RULES_DIR } from '../interpreter/helpers.ts';
import { playBoth } from './both.ts';
import { limit } from '../limits.ts';

function compiled(game: string): { tiered: Program; closures: Program } {
  const { loaded } = compileGameDir(join(RULES_DIR, game));
  const tiered = compileProgram(loaded!, { codegen: 'tiered' }).program!;
  const closures = compileProgram(loaded!, { codegen: false }).program!;
  return { tiered, closures };
}

/** count the runs of the program's generated blocks from now on */
function countBlockRuns(p: Program): { runs: number } {
  const counter = { runs: 0 };
  p.blocks = p.blocks!.map((b) => (b === undefined ? undefined : (c, m) => (counter.runs++, b(c, m))));
  return counter;
}

describe('tiered code generation', () => {
  for (const game of gameDirsFor(RULES_DIR).map((d) => basename(d))) {
    it(`${game}: code generated part-way through a game changes nothing of it`, () => {
      const { tiered, closures } = compiled(game);
      expect(tiered.generate, 'the code waits until the program has run').toBeDefined();
      expect(codegenReport(tiered)).toBeUndefined();
      expect(tiered.blocks).toBeUndefined();
      const engine = makeEngine(tiered);
      let counter: { runs: number } | undefined;
      const pair = {
        generated: engine,
        closures: makeEngine(closures),
        names: ['tiered', 'closures'] as [string, string],
        atStep: (step: number) => {
          if (step !== 20 || tiered.generate === undefined) return;
          tiered.generate();
          counter = countBlockRuns(tiered);
        },
      };
      // without a log: the paths generated blocks run themselves
      const decisions = playBoth(pair, engine.maxPlayers, {}, 7, undefined, false) + playBoth(pair, engine.maxPlayers, {}, 8, undefined, true);
      expect(decisions).toBeGreaterThan(40);
      const report = codegenReport(tiered);
      expect(report?.mode, report?.reason).toBe('generated');
      expect(tiered.generate).toBeUndefined();
      // the machine took the new blocks up at once, not only a new program
      expect(counter!.runs).toBeGreaterThan(0);
    }, limit(60_000));
  }

  const play = (e: ReturnType<typeof makeEngine>, players: number, i: number) =>
    playout(e, { players, seed: 1000 + i, log: false }, agentSeedFor(1000 + i), { record: false });

  it('an engine generates the code once it has run its program long enough, between two games, and the games are the same', () => {
    const { tiered, closures } = compiled('downtown');
    const engine = makeEngine(tiered);
    const oracle = makeEngine(closures);
    let tieredAt = -1;
    const t0 = performance.now();
    for (let i = 0; tieredAt < 0 && performance.now() - t0 < limit(60_000); i++) {
      expect(play(engine, 4, i).state, `game ${i}`).toEqual(play(oracle, 4, i).state);
      if (tiered.generate === undefined) tieredAt = i;
    }
    // closures first (a game is far below the time it waits for), then generated code
    expect(tieredAt).toBeGreaterThan(0);
    expect(codegenReport(tiered)?.mode).toBe('generated');
    for (let i = tieredAt + 1; i < tieredAt + 5; i++) expect(play(engine, 4, i).state, `game ${i}`).toEqual(play(oracle, 4, i).state);
  }, limit(90_000));

  it('told that many games are coming, an engine generates the code at once; told of a few, it waits', () => {
    const { tiered, closures } = compiled('cash-n-guns');
    const engine = makeEngine(tiered);
    const oracle = makeEngine(closures);
    expect(play(engine, 6, 0).state).toEqual(play(oracle, 6, 0).state);
    engine.expectGames!(1);
    expect(play(engine, 6, 1).state).toEqual(play(oracle, 6, 1).state);
    expect(tiered.generate, 'one more game of Cash\'n Guns does not repay generating code').toBeDefined();
    engine.expectGames!(1_000_000);
    expect(tiered.generate).toBeUndefined();
    expect(codegenReport(tiered)?.mode).toBe('generated');
    for (let i = 2; i < 30; i++) expect(play(engine, 6, i).state, `game ${i}`).toEqual(play(oracle, 6, i).state);
  });
});
