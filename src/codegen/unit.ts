/**
 * One program's code unit: it collects every top-level expression as the program is compiled
 * (each keeps running as its closure meanwhile), then `finish` emits them all into one source,
 * checks its tokens, and makes them functions with one `new Function('K', 'R', …)` call. Where
 * that cannot be done — code generation from strings disabled (`--disallow-code-generation-from-strings`,
 * a page without `unsafe-eval`: EvalError), or the check refuses — the closures stay, silently.
 * `RULES_CODEGEN=off` in the environment forces closures (no unit at all).
 */
import type { Compiled } from '../expr/scope.ts';
import type { Span } from '../expr/ast.ts';
import type { FunctionBody } from '../expr/errors.ts';
import type { CodeCell, CodeSink, IR } from '../expr/ir.ts';
import type { BlockFn, Instr } from '../interpreter/program.ts';

/** what finish() reads and fills of a program: its instructions, and the blocks that run them */
export interface BlockTarget {
  code?: readonly Instr[];
  blocks?: (BlockFn | undefined)[];
}
import { emitProgram } from './emit.ts';
import { RUNTIME } from './runtime.ts';
import { checkGeneratedSource } from './tokens.ts';

export interface CodegenReport {
  /** 'generated': the cells run generated code; 'closures': they kept their closures */
  mode: 'generated' | 'closures';
  /** why closures were kept */
  reason?: string;
  /** the generated source (also when refused or not runnable, for inspection) */
  source?: string;
  /** how many expressions, instruction blocks (blocks.ts), and constants they share */
  expressions: number;
  blocks: number;
  constants: number;
}

const reports = new WeakMap<object, CodegenReport>();

/** what finish() did for a program (undefined: no unit, closures only; or a tiered program whose code is not generated yet) */
export function codegenReport(program: object): CodegenReport | undefined {
  return reports.get(program);
}

/**
 * When a program's code is generated:
 *  - `tiered` (the default): once the program has run long enough on its closures (the engine
 *    decides: src/interpreter/tiering.ts). A short run — `validate`'s random games, a scenario, a
 *    few games — ends before that and never pays for generating and warming up code it would
 *    barely use: each generated function starts cold, while the closures share a few function
 *    bodies that V8 has warmed up already;
 *  - `eager`: as soon as the program is compiled (the benchmarks, which measure generated code);
 *  - `off`: never (closures only).
 * `RULES_CODEGEN=off` or `=eager` in the environment picks the mode where a caller does not.
 */
export type CodegenMode = 'tiered' | 'eager' | 'off';

export function codegenMode(): CodegenMode {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const v = env?.['RULES_CODEGEN'];
  return v === 'off' ? 'off' : v === 'eager' ? 'eager' : 'tiered';
}

/** whether programs compiled now get a code unit: not when RULES_CODEGEN=off */
export function codegenEnabled(): boolean {
  return codegenMode() !== 'off';
}

export class CodeUnit implements CodeSink {
  private readonly cells: { ir: IR; cell: CodeCell; at: Span }[] = [];
  /** the function callers get for a cell -> its index among the generated functions */
  private readonly entries = new Map<Compiled, { index: number; body?: FunctionBody }>();

  /** `makeFunction`: the Function constructor to use (a test passes one of a context that forbids code from strings) */
  constructor(private readonly makeFunction: FunctionConstructor = Function) {}

  add(ir: IR, closure: Compiled, at: Span): CodeCell {
    const cell: CodeCell = { run: closure };
    // an expression that is all closure gains nothing from a generated wrapper around it
    if (ir.t !== 'fn') this.cells.push({ ir, cell, at });
    return cell;
  }

  entry(cell: CodeCell, entry: Compiled, body?: FunctionBody): void {
    const i = this.cells.findLastIndex((c) => c.cell === cell);
    if (i >= 0) this.entries.set(entry, { index: i, ...(body ? { body } : {}) });
  }

  /** generate, check and install (the expressions' cells, and `program.blocks`); the report is kept for `program` */
  finish(program: BlockTarget): CodegenReport {
    const report = this.build(program);
    reports.set(program, report);
    return report;
  }

  private build(program: BlockTarget): CodegenReport {
    const expressions = this.cells.length;
    let emitted;
    try {
      const direct = new Map([...this.entries].map(([entry, e]) => [entry, { ...e, at: this.cells[e.index]!.at }] as const));
      emitted = emitProgram(this.cells.map((c) => c.ir), direct, program.code ?? []);
    } catch (err) {
      return { mode: 'closures', reason: `internal error in the generator: ${(err as Error).message}`, expressions, blocks: 0, constants: 0 };
    }
    const { source, constants, blocks } = emitted;
    const base = { source, expressions, blocks: blocks.length, constants: constants.length };
    try {
      checkGeneratedSource(source);
    } catch (err) {
      return { ...base, mode: 'closures', reason: `the generated source was refused: ${(err as Error).message}` };
    }
    let fns: unknown;
    try {
      // the source holds only the generator's tokens (checked above); K and R are its only inputs
      fns = new this.makeFunction('K', 'R', source)(constants, RUNTIME);
    } catch (err) {
      return { ...base, mode: 'closures', reason: `code generation is not available here (${(err as Error).name}: ${(err as Error).message})` };
    }
    if (!Array.isArray(fns) || fns.length !== expressions + blocks.length) return { ...base, mode: 'closures', reason: 'internal error: the generated functions do not match the expressions' };
    this.cells.forEach((c, i) => (c.cell.run = fns[i] as Compiled));
    // every pc of a block enters it (the machine comes back at any of them: after a choice, a return)
    if (blocks.length === 0) return { ...base, mode: 'generated' };
    const entries = new Array<BlockFn | undefined>(program.code!.length);
    blocks.forEach(([lo, hi], j) => {
      for (let pc = lo; pc <= hi; pc++) entries[pc] = fns[expressions + j] as BlockFn;
    });
    program.blocks = entries;
    return { ...base, mode: 'generated' };
  }
}
