/**
 * One spec compiled twice — expressions as generated code and as closures — and played in
 * lockstep: the same action is applied to both at every decision, and everything either engine
 * shows (state, pending choice, legal actions, log, result) must be the same.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { Json } from '../../src/interpreter/api.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import type { LoadedSpec } from '../../src/loader/load-folder.ts';
import { codegenReport, type CodegenReport } from '../../src/codegen/unit.ts';
import { firstDifference, internal, testRng, type Engine } from '../interpreter/helpers.ts';

/** two engines of one spec, played in lockstep by playBoth */
export interface Pair {
  generated: Engine;
  closures: Engine;
  /** what the two are called in messages (default: generated, closures) */
  names?: [string, string];
  /** state fields left out of the comparison (engines whose locals are laid out differently) */
  skip?: string[];
  /** called before each decision of a game (a test that changes an engine part-way through) */
  atStep?: (step: number) => void;
}

export interface Twins extends Pair {
  report: CodegenReport;
}

export function twins(loaded: LoadedSpec): Twins {
  const g = compileProgram(loaded, { codegen: true });
  const c = compileProgram(loaded, { codegen: false });
  if (!g.program || !c.program) throw new Error(`does not compile: ${g.diagnostics.map((d) => d.message).join('; ')}`);
  const report = codegenReport(g.program);
  if (!report) throw new Error('no code unit for the generated program');
  return { generated: makeEngine(g.program), closures: makeEngine(c.program), report };
}

function sameIn(names: [string, string], what: string, a: unknown, b: unknown): void {
  if (!isDeepStrictEqual(a, b)) expect.fail(`${what} differ at ${firstDifference(a, b, names)}`);
}

function without(o: object, skip: string[]): object {
  if (skip.length === 0) return o;
  const out: Record<string, unknown> = { ...o };
  for (const k of skip) delete out[k];
  return out;
}

/** play one random game on both; returns the decisions taken. `log: false` plays the paths that
 *  write no log (the generated blocks run some effects themselves only there) */
export function playBoth(t: Pair, players: number, options: Record<string, Json>, seed: number, maxSteps = 20_000, log = true): number {
  const same = (what: string, a: unknown, b: unknown): void => sameIn(t.names ?? ['generated', 'closures'], what, a, b);
  const skip = t.skip ?? [];
  const at = `${players} players, options ${JSON.stringify(options)}, seed ${seed}${log ? '' : ', no log'}`;
  const g = t.generated.create({ players, seed, options, log });
  const c = t.closures.create({ players, seed, options, log });
  same(`${at}: the states after create`, without(internal(g), skip), without(internal(c), skip));
  const rng = testRng(seed);
  // log entries never change once written: each step compares the new ones (the whole log each time is quadratic)
  let logged = 0;
  const sameState = (what: string): void => {
    const sg = internal(g);
    const sc = internal(c);
    same(`${what}: the states`, without({ ...sg, log: sg.log.length }, skip), without({ ...sc, log: sc.log.length }, skip));
    same(`${what}: the new log entries`, sg.log.slice(logged), sc.log.slice(logged));
    logged = sg.log.length;
  };
  for (let step = 0; step < maxSteps; step++) {
    t.atStep?.(step);
    const pg = t.generated.pending(g);
    same(`${at}, step ${step}: the pending decisions`, pg, t.closures.pending(c));
    if (pg === null) {
      same(`${at}: the results`, t.generated.result(g), t.closures.result(c));
      same(`${at}: the logs`, t.generated.log(g), t.closures.log(c));
      return step;
    }
    if (pg.kind !== 'choice') throw new Error(`${at}: an external chance draw in a random game`);
    for (const seat of pg.waitingFor) {
      const actions = t.generated.legalActions(g, seat);
      same(`${at}, step ${step}: seat ${seat}'s legal actions`, actions, t.closures.legalActions(c, seat));
      if (actions.length === 0) throw new Error(`${at}: seat ${seat} has no legal action`);
      const action = actions[Math.floor(rng() * actions.length)]!;
      t.generated.applyInPlace(g, seat, action);
      t.closures.applyInPlace(c, seat, action);
    }
    sameState(`${at}, step ${step}`);
  }
  throw new Error(`${at}: no end after ${maxSteps} decisions`);
}
