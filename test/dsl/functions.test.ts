import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExprRuntimeError } from '../../src/expr/index.ts';
import { compileGameDir } from '../../src/games.ts';
import { errorsOf, tinyGame } from './helpers.ts';

const fn = (id: string, body: string) => `  - id: ${id}
    params: [{name: s, type: seat}]
    body: "${body}"
    text: {en: A function., zh: 函數。}
    assumption: {why: test fixture}`;

describe('functions ordered by their dependencies', () => {
  it('lets a function call one declared after it', () => {
    const dir = tinyGame({ extra: `functions:\n${fn('twice', 'plus(s) * 2')}\n${fn('plus', 's.points + 1')}` });
    const { engine, diagnostics } = compileGameDir(dir, { smoke: true });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const s = engine!.create({ players: 2, seed: 1 });
    expect(engine!.evaluate(s, 'twice(seat(0))')).toBe(2);
  });

  it('refuses a function that calls itself, at its body', () => {
    const dir = tinyGame({ extra: `functions:\n${fn('loop', 'loop(s) + 1')}` });
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/^\d+:\d+ function 'loop' calls itself$/)]);
  });

  it('names the whole circle when functions call each other', () => {
    const dir = tinyGame({ extra: `functions:\n${fn('a', 'b(s)')}\n${fn('b', 'c(s)')}\n${fn('c', 'a(s) + 1')}` });
    const errs = errorsOf(dir);
    expect(errs[0]).toMatch(/functions call each other in a circle: a → b → c → a/);
    expect(errs.filter((e) => /circle/.test(e))).toHaveLength(1);
  });
});

describe("a fault inside a function's body", () => {
  // found by the expression fuzzer: the body's own offset was reported as if it were in the caller
  const fns = `functions:\n${fn('plus', 's.points + 1')}\n${fn('twice', '1 + plus(s) * 2')}`;

  /** the run-time fault of evaluating `src` on a fresh game: what it covers of `src`, and its message */
  function faultOf(src: string): { covers: string; message: string } {
    const { engine } = compileGameDir(tinyGame({ extra: fns }), { smoke: true });
    const s = engine!.create({ players: 2, seed: 1 });
    try {
      engine!.evaluate(s, src);
    } catch (err) {
      expect(err).toBeInstanceOf(ExprRuntimeError);
      const e = err as ExprRuntimeError;
      return { covers: src.slice(e.offset, e.offset + e.length), message: e.message };
    }
    throw new Error(`${src} gave a value`);
  }

  it('is placed at the call, and names the function and where in its body', () => {
    expect(faultOf('10 + twice(none)')).toEqual({
      covers: 'twice(none)',
      message: "cannot read '.points' of none (in function 'plus', column 1) (in function 'twice', column 5)",
    });
  });

  it('is placed at the call of score() too (the outcome\'s lambda, called as a function)', () => {
    expect(faultOf('1 + score(none)')).toEqual({ covers: 'score(none)', message: "cannot read '.points' of none (in function 'score', column 6)" });
  });

  it('is reported by the random games at the calling expression in the rule file', () => {
    const dir = tinyGame({ extra: fns, body: '      - set: seat(0).points\n        to: "10 + twice(none)"' });
    const { diagnostics } = compileGameDir(dir, { smoke: true });
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    const line = readFileSync(join(dir, 'game.yaml'), 'utf8').split('\n')[errors[0]!.line - 1]!;
    // the column is that of `twice(none)` inside the quoted expression
    expect(line.slice(errors[0]!.col - 1)).toBe('twice(none)"');
    expect(errors[0]!.message).toMatch(/cannot read '\.points' of none \(in function 'plus', column 1\) \(in function 'twice', column 5\)/);
  });
});
