/**
 * The set-up of the compilers run (`npm run test:compilers`; vitest.config.ts): every program a
 * test compiles without choosing a compiler itself is compiled twice — its expressions as code
 * generated up front (RULES_CODEGEN=eager) and as closures (RULES_CODEGEN=off) — and every engine
 * made of it is the lockstep of the two (test/codegen/lockstep.ts): each scenario, property and fuzz
 * case runs on both compilers in one process, compared call by call. A test that met a divergence
 * fails, even where it caught the error the lockstep threw.
 */
import { afterEach, expect, vi } from 'vitest';
import { divergences } from './lockstep.ts';

/** program compiled with generated code -> the same spec's program compiled to closures */
const closuresOf = vi.hoisted(() => new WeakMap<object, object>());

vi.mock('../../src/interpreter/compile/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/interpreter/compile/index.ts')>();
  const compileProgram: typeof real.compileProgram = (loaded, opts = {}) => {
    // a test that chose its compiler (or its Function constructor, or RULES_CODEGEN=off) gets what
    // it chose; RULES_CODEGEN=eager is this run's own, for the processes the tests start
    const chosen = opts.codegen !== undefined || opts.makeFunction !== undefined || process.env['RULES_CODEGEN'] === 'off';
    if (chosen) return real.compileProgram(loaded, opts);
    const generated = real.compileProgram(loaded, { ...opts, codegen: 'eager' });
    if (!generated.program) return generated;
    const { onExpression: _, ...rest } = opts;
    const closures = real.compileProgram(loaded, { ...rest, codegen: 'off' });
    if (closures.program) closuresOf.set(generated.program, closures.program);
    return generated;
  };
  return { ...real, compileProgram };
});

vi.mock('../../src/interpreter/engine.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/interpreter/engine.ts')>();
  const { lockstep } = await import('./lockstep.ts');
  const makeEngine: typeof real.makeEngine = (p) => {
    const closures = closuresOf.get(p);
    if (!closures) return real.makeEngine(p);
    return lockstep(real.makeEngine(p) as never, real.makeEngine(closures as never) as never) as never;
  };
  return { ...real, makeEngine };
});

afterEach(() => {
  const found = divergences.splice(0);
  expect(found, 'generated code and closures differ').toEqual([]);
});
