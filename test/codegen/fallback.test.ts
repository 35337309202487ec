/**
 * Where code cannot be made from strings (node --disallow-code-generation-from-strings, a page
 * without 'unsafe-eval'), compiling still succeeds and the game plays on the closures, the same
 * games as with generated code. The Function constructor here is that of a context created with
 * code generation from strings off: calling it throws EvalError, as it does there.
 */
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import { codegenEnabled, codegenReport } from '../../src/codegen/unit.ts';
import { cashDir } from '../interpreter/helpers.ts';
import { playBoth } from './both.ts';

const forbidding = runInContext('Function', createContext({}, { codeGeneration: { strings: false } })) as FunctionConstructor;

describe('without code generation from strings', () => {
  it('the forbidding constructor does throw EvalError (so the test below means something)', () => {
    expect(() => new forbidding('return 1')).toThrow(/Code generation from strings disallowed/);
  });

  it('compiles, reports the closures and why, and plays the same games as generated code', () => {
    const { loaded } = compileGameDir(cashDir);
    const fallback = compileProgram(loaded!, { codegen: true, makeFunction: forbidding }).program!;
    const report = codegenReport(fallback)!;
    expect(report.mode).toBe('closures');
    expect(report.reason).toMatch(/EvalError/);
    const generated = compileProgram(loaded!, { codegen: true }).program!;
    expect(codegenReport(generated)!.mode).toBe('generated');
    // the instruction blocks come with the generated code, and not without it
    expect(generated.blocks?.some((b) => b !== undefined)).toBe(true);
    expect(fallback.blocks).toBeUndefined();
    const t = { generated: makeEngine(generated), closures: makeEngine(fallback), report };
    for (let seed = 1; seed <= 3; seed++) expect(playBoth(t, 5, {}, seed)).toBeGreaterThan(0);
  });
});

describe('RULES_CODEGEN=off', () => {
  it('compiles programs with no code unit at all (closures only)', () => {
    const before = process.env['RULES_CODEGEN'];
    try {
      process.env['RULES_CODEGEN'] = 'off';
      expect(codegenEnabled()).toBe(false);
      const { loaded } = compileGameDir(cashDir);
      const closuresOnly = compileProgram(loaded!).program!;
      expect(codegenReport(closuresOnly)).toBeUndefined();
      expect(closuresOnly.blocks).toBeUndefined();
      process.env['RULES_CODEGEN'] = 'on';
      expect(codegenEnabled()).toBe(true);
    } finally {
      if (before === undefined) delete process.env['RULES_CODEGEN'];
      else process.env['RULES_CODEGEN'] = before;
    }
  });
});
