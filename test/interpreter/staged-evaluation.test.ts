/**
 * A choice in steps looks ahead over one unchanged state as one evaluation (src/effects/choose.ts,
 * src/expr/memo.ts): the spec functions its later steps and `where` share are computed once per
 * options call. Each options call must begin an evaluation of its own: a kept value from an
 * earlier one, before the state changed, must not be read.
 */
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { play, tinyGame } from '../dsl/helpers.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import { codegenReport } from '../../src/codegen/unit.ts';

/**
 * Two choices in steps by seat 0, each a value (`x`, then `x2`) and a count from 1 to 3 (`n`,
 * then `n2`) that `where` bounds, with 5 cash given to seat 1 between them: only a literal runs
 * there (the `add`), so nothing else starts an evaluation between the two choices.
 */
function twoChoices(fn: string, values: string, where: string, where2: string): string {
  return tinyGame({
    seatVars: `  - id: cash
    type: number
    initial: 0
    text: {en: Cash., zh: 現金。}
    assumption: {why: test fixture}`,
    extra: `functions:\n${fn}`,
    body: ['buy', 'again']
      .map(
        (id, i) => `      - choose: ${id}
        seats: seat(0)
        prompt: {en: ${id}, zh: ${id}}
        steps:
          - choose: ${id}-what
            as: x${i ? 2 : ''}
            options: '${values}'
          - choose: ${id}-count
            as: n${i ? 2 : ''}
            options: range(1, 4)
        where: ${i ? where2 : where}`,
      )
      .join('\n      - add: seat(1).cash\n        value: 5\n'),
  });
}

describe('a choice in steps looks ahead as one evaluation', () => {
  it('reads the state as it is when each choice opens, not a value kept before it changed', () => {
    // `rich()` loops (a filter), so its value is kept per evaluation
    const rich = `  - id: rich
    returns: seats
    body: filter(seats, s => s.cash >= 3)
    text: {en: The rich., zh: 富者。}
    assumption: {why: test fixture}`;
    const { engine: e, diagnostics } = compileGameDir(twoChoices(rich, '["cheap", "dear"]', 'n <= count(rich()) + 1', 'n2 <= count(rich()) + 1'));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    let s = e!.create({ players: 2, seed: 1 });
    s = play(e!, s, [{ choice: 'buy-what', value: 'cheap' }]);
    expect(e!.legalActions(s, 0).map((a) => a.value)).toEqual([1]); // nobody is rich yet
    s = play(e!, s, [{ choice: 'buy-count', value: 1 }, { choice: 'again-what', value: 'dear' }]);
    expect(e!.legalActions(s, 0).map((a) => a.value)).toEqual([1, 2]); // seat 1 is rich now
  });
});

describe('a function of two arguments keeps its values per pair', () => {
  it('is kept, and reads the state as it is when each choice opens', () => {
    // `above(a, b)` (1 when b has more cash than a) loops and takes two seats: its values are kept
    // per pair of arguments, and the second `where` asks it twice with the same first argument
    const above = `  - id: above
    params: [{name: a, type: seat}, {name: b, type: seat}]
    returns: number
    body: count(filter(seats, s => s == b and s.cash > a.cash))
    text: {en: Whether one seat has more cash than another., zh: 某玩家的現金是否比另一人多。}
    assumption: {why: test fixture}`;
    const dir = twoChoices(above, 'seats', 'n <= above(x, seat(0)) + above(seat(0), x) + 1', 'n2 <= 1 + above(x2, seat(1)) + 2 * above(x2, seat(0))');
    const { engine: e, loaded, diagnostics } = compileGameDir(dir);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const { program } = compileProgram(loaded!, { codegen: false });
    expect(program!.functions.get('above')!.memo, 'a looping function of two seats keeps its values').toBeDefined();
    // both compilers: the generated code's kept values (src/codegen/emit.ts) and the closures'
    expect(codegenReport(compileProgram(loaded!, { codegen: true }).program!)?.mode).toBe('generated');
    for (const engine of [e!, makeEngine(program!)]) {
      let s = engine.create({ players: 2, seed: 1 });
      s = play(engine, s, [{ choice: 'buy-what', value: 1 }]);
      expect(engine.legalActions(s, 0).map((a) => a.value)).toEqual([1]); // nobody has more cash yet
      s = play(engine, s, [{ choice: 'buy-count', value: 1 }, { choice: 'again-what', value: 0 }]);
      // seat 1 has more cash than seat 0 now: above(0, 1) = 1 and above(0, 0) = 0, so n2 <= 2
      // (a value kept by the first argument alone would give above(0, 0) = 1, so n2 <= 4)
      expect(engine.legalActions(s, 0).map((a) => a.value)).toEqual([1, 2]);
    }
  });
});
