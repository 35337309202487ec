/**
 * Expression fuzzer (issue 10 §4): random expressions over each real game's own names (vars,
 * seat vars, zones, props, functions, space sets), the built-ins, names of Object.prototype,
 * unknown names, and random edits of all these. Every one either compiles and evaluates to a
 * value on a running game, or gets errors positioned inside the expression (compile time) or an
 * ExprRuntimeError with its span (run time). Never an "internal error", never a JS TypeError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinNames, compileExpr, ExprRuntimeError } from '../../src/expr/index.ts';
import { listGames } from '../../src/games.ts';
import type { Json } from '../../src/interpreter/api.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import { loadSpecFolder } from '../../src/loader/load-folder.ts';
import { Env } from '../../src/interpreter/compile/env.ts';
import { makeScope } from '../../src/interpreter/compile/scope.ts';
import type { Program } from '../../src/interpreter/program.ts';
import { limitForRuns } from '../limits.ts';

const DEFAULT_RUNS = 1500;
const RUNS = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS);

const PROTO = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

function vocabulary(p: Program) {
  const gameZones = p.zones.filter((z) => z.per === 'game').map((z) => z.id);
  const seatZones = p.zones.filter((z) => z.per === 'seat').map((z) => z.id);
  return {
    names: [...p.vars.map((v) => v.id), ...gameZones, ...p.spaces.map((s) => s.id), 'seats', 'alive', 'players', 'options', 'x', 'zz', ...PROTO],
    members: [...p.seatVars.map((v) => v.id), ...seatZones, ...p.propNames, ...p.options.map((o) => o.id), 'kind', 'id', 'out', ...PROTO],
    functions: [...builtinNames, ...p.functions.keys(), 'left', 'right', 'seat', 'leftOf', 'clockwiseFrom', 'kindOf', ...PROTO],
  };
}

function expressions(v: ReturnType<typeof vocabulary>): fc.Arbitrary<string> {
  const tree = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', maxDepth: 6 },
      fc.oneof(fc.integer({ min: -3, max: 12 }), fc.constantFrom(0.5, 1_000_000, 100_000_000_000)).map(String),
      fc.constantFrom('true', 'false', 'none', '"a"', '"constructor"', '""', '[]'),
      fc.constantFrom(...v.names),
      fc.tuple(tie('e'), fc.constantFrom(...v.members)).map(([o, m]) => `${o}.${m}`),
      fc.tuple(fc.constantFrom(...v.functions), fc.array(tie('e'), { maxLength: 3 })).map(([f, a]) => `${f}(${a.join(', ')})`),
      fc.tuple(fc.constantFrom(...v.functions), tie('e'), tie('e')).map(([f, l, b]) => `${f}(${l}, x => ${b})`),
      fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '%', '==', '!=', '<', '>=', 'and', 'or', 'in'), tie('e')).map(([a, op, b]) => `${a} ${op} ${b}`),
      fc.tuple(fc.constantFrom('not ', '-'), tie('e')).map(([op, a]) => `${op}${a}`),
      fc.tuple(tie('e'), tie('e'), tie('e')).map(([c, a, b]) => `if ${c} then ${a} else ${b}`),
      fc.array(tie('e'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
      fc.tuple(tie('e'), tie('e')).map(([o, i]) => `${o}[${i}]`),
      tie('e').map((e) => `(${e})`),
    ),
  })).e;
  // and random damage: a character dropped, doubled or replaced
  const damaged = fc.tuple(tree, fc.nat(), fc.constantFrom('', '(', ')', '.', '"', '=>', ',', '[', 'x')).map(([s, i, c]) => {
    const k = s.length === 0 ? 0 : i % s.length;
    return s.slice(0, k) + c + s.slice(k + 1);
  });
  return fc.oneof(tree, damaged);
}

describe.each(listGames('rules'))('expressions over %s', (id) => {
  it('always give a value or a positioned error', () => {
    const loaded = loadSpecFolder(`rules/${id}`).spec!;
    const p = compileProgram(loaded).program!;
    const e = makeEngine(p);
    const state = e.create({ players: e.maxPlayers, seed: 3 });
    fc.assert(
      fc.property(expressions(vocabulary(p)), (src) => {
        let slots = p.slots;
        const scope = makeScope({ program: p, functions: p.functions, newSlot: () => slots++ }, new Env(), 'full');
        const res = compileExpr(src, scope);
        if ('errors' in res) {
          for (const err of res.errors) {
            expect(err.message).not.toMatch(/internal|is not a function|Cannot read|undefined/);
            expect(err.offset).toBeGreaterThanOrEqual(0);
            expect(err.offset).toBeLessThanOrEqual(src.length);
          }
          return;
        }
        try {
          const value: Json = e.evaluate(state, src);
          expect(value === undefined ? 'undefined' : typeof value).not.toBe('function');
        } catch (err) {
          if (!(err instanceof ExprRuntimeError)) throw new Error(`${src}: ${(err as Error).name}: ${(err as Error).message}`);
          expect(err.offset).toBeGreaterThanOrEqual(0);
          expect(err.offset + err.length).toBeLessThanOrEqual(src.length);
        }
      }),
      // a failure prints its seed: FUZZ_SEED=<seed> replays it
      { numRuns: RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
    );
  }, limitForRuns(RUNS, DEFAULT_RUNS));
});
