import { describe, expect, it } from 'vitest';
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
