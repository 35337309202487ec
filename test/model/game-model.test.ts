/**
 * The typed form of a game: built once per loaded game, every expression field parsed once with
 * its place in the YAML, every effect found with the rule that holds it, references resolved.
 */
import { describe, expect, it } from 'vitest';
import { gameDirsFor } from '../../src/games.ts';
import { loadSpecFolder } from '../../src/loader/load-folder.ts';
import { gameModel } from '../../src/model/game-model.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';

const load = (dir: string) => {
  const { spec } = loadSpecFolder(dir);
  if (!spec) throw new Error(`${dir} does not load`);
  return spec;
};

describe('the typed form of a game', () => {
  it('is built once per loaded game and shared by the passes that read it', () => {
    const loaded = load('test/fixtures/dsl/rewards');
    const model = gameModel(loaded);
    expect(gameModel(loaded)).toBe(model);
    compileProgram(loaded); // the compiler reads the same model
    expect(gameModel(loaded)).toBe(model);
  });

  it('holds every expression field, parsed, with its place in the YAML', () => {
    const loaded = load('test/fixtures/dsl/rewards');
    const m = gameModel(loaded);
    const raise = m.procedure('raise')!;
    const repeat = raise.do[0] as { repeat: string; do: { add?: string; value?: number; if?: string }[] };
    const site = m.expr(repeat, 'repeat')!;
    expect(site.kind).toBe('expr');
    expect('ast' in site.parsed && site.parsed.ast.kind).toBe('Name');
    expect(m.where(repeat, 'repeat').line).toBeGreaterThan(0);
    const add = repeat.do[0]!;
    expect(m.expr(add, 'add')?.kind).toBe('path');
    const cond = repeat.do[1]!;
    expect(m.expr(cond, 'if')?.src).toBe('who.level % 3 == 0');
    // `with:` values are expressions too; ids and prompts are not
    const call = (cond as unknown as { then: { call: string; with: Record<string, string> }[] }).then[0]!;
    expect(m.expr(call.with, 'who')?.src).toBe('who');
    expect(m.expr(call, 'call')).toBeUndefined();
  });

  it('finds every effect with the rule node that holds it, and what is called and emitted', () => {
    const m = gameModel(load('test/fixtures/dsl/rewards'));
    const calls = m.effects.filter((s) => s.key === 'call');
    expect(calls.map((s) => s.rule.id).sort()).toEqual(['raise', 'reward', 'turns']);
    expect([...m.called].sort()).toEqual(['raise', 'reward']);
    expect(m.effects.every((s) => s.key !== undefined)).toBe(true);
  });

  for (const dir of gameDirsFor('rules')) {
    it(`${dir}: every string the schema types as an expression is in the table, and each parses`, () => {
      const m = gameModel(load(dir));
      expect(m.exprs.length).toBeGreaterThan(50);
      for (const x of m.exprs) expect('ast' in x.parsed, `${x.src}`).toBe(true);
      // every effect of the game sits in one of the roots' lists (or a nested rule's)
      const keys = new Set(m.effects.map((s) => s.key));
      expect(keys.has(undefined)).toBe(false);
      expect(m.rules.length).toBeGreaterThan(10);
    });
  }
});
