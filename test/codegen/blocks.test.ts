/**
 * Instruction blocks (src/codegen/blocks.ts): every game runs its straight-line instructions as
 * generated blocks, and where a run fails — an expression's fault, a loop that never ends (the
 * step budget), a list grown too long — the generated blocks fail exactly as the machine does over
 * closures: the same message, rule, file:line:col, and pc left in the state.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGameDir, gameDirsFor } from '../../src/games.ts';
import { blockRanges, MAX_BLOCK, MIN_BLOCK } from '../../src/codegen/blocks.ts';
import { EngineError } from '../../src/interpreter/vm.ts';
import { internal, RULES_DIR, testRng, type Engine } from '../interpreter/helpers.ts';
import { twins } from './both.ts';
import { limit } from '../limits.ts';

const CORPUS = new URL('../corpus/', import.meta.url).pathname;

/** corpus cases whose random playout fails at run time */
function failingCases(): string[] {
  const out: string[] = [];
  for (const group of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const c of readdirSync(join(CORPUS, group.name), { withFileTypes: true })) {
      const expected = join(CORPUS, group.name, c.name, 'expected.txt');
      if (c.isDirectory() && existsSync(expected) && readFileSync(expected, 'utf8').includes('a random playout failed')) out.push(join(CORPUS, group.name, c.name));
    }
  }
  return out.sort();
}

/** random legal answers from `seed` until the game ends or fails: what failed, and the pc it left */
function playToFailure(e: Engine, players: number, seed: number): { error?: { message: string; rule?: string; at?: unknown }; pc?: number; steps: number } {
  const rng = testRng(seed);
  let s: unknown;
  let steps = 0;
  try {
    s = e.create({ players, seed });
    for (; steps < 5000; steps++) {
      const p = e.pending(s);
      if (p === null || p.kind !== 'choice') return { steps };
      const seat = p.waitingFor[0]!;
      const actions = e.legalActions(s, seat);
      e.applyInPlace(s, seat, actions[Math.floor(rng() * actions.length)]!);
    }
    return { steps };
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    const x = err as EngineError;
    return { error: { message: x.message, rule: x.rule, at: x.at }, pc: s === undefined ? undefined : internal(s).pc, steps };
  }
}

describe('instruction blocks', () => {
  it('every game runs its straight-line instructions as blocks, none longer than MAX_BLOCK nor shorter than MIN_BLOCK', () => {
    for (const dir of gameDirsFor(RULES_DIR)) {
      const { loaded } = compileGameDir(dir);
      const t = twins(loaded!);
      expect(t.report.mode, `${basename(dir)}: ${t.report.reason}`).toBe('generated');
      expect(t.report.blocks, basename(dir)).toBeGreaterThan(0);
      expect(t.report.source).toMatch(/const g0=function\(c,M\)\{/);
    }
    const ranges = blockRanges(Array.from({ length: 2 * MAX_BLOCK + 3 }, () => ({ op: 'jump' as const, to: 0 })));
    expect(ranges).toEqual([[0, MAX_BLOCK - 1], [MAX_BLOCK, 2 * MAX_BLOCK - 1], [2 * MAX_BLOCK, 2 * MAX_BLOCK + 2]]);
    // a single instruction between the machine's own is left to the machine
    expect(MIN_BLOCK).toBe(2);
    const ret = { op: 'ret' as const };
    const jump = { op: 'jump' as const, to: 0 };
    expect(blockRanges([jump, ret, jump, jump, ret, jump])).toEqual([[2, 3]]);
  });

  const cases = failingCases();
  it('the corpus has run-time failures to compare (so the test below means something)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
    expect(cases.map((c) => basename(c))).toContain('while-true');
  });

  // the cases that did fail here (some fail only past these seeds, or through many decisions)
  const failedCases: string[] = [];
  for (const dir of cases) {
    it(`fails as the closures do: ${basename(dir)}`, () => {
      const { loaded } = compileGameDir(dir);
      expect(loaded).toBeDefined();
      const t = twins(loaded!);
      expect(t.report.mode, t.report.reason).toBe('generated');
      let failed = 0;
      for (const players of [2, 3]) {
        for (let seed = 1; seed <= 3; seed++) {
          const g = playToFailure(t.generated, players, seed);
          const c = playToFailure(t.closures, players, seed);
          expect(g, `${players} players, seed ${seed}`).toEqual(c);
          if (g.error) failed++;
        }
      }
      if (failed > 0) failedCases.push(basename(dir));
    }, limit(60_000));
  }

  it('most of those cases did fail, a stuck loop and a fault among them', () => {
    expect(failedCases.length).toBeGreaterThanOrEqual(10);
    expect(failedCases).toContain('while-true');
    expect(failedCases).toContain('none-member-at-run-time');
  });
});
