/**
 * Calls made twice share one value (src/expr/shared-calls.ts within an expression, src/expr/memo.ts
 * within an evaluation): which later calls reuse which earlier one, and — on every game under
 * rules/ — that sharing changes nothing a game shows:
 * the same pending decisions, legal actions, logs, results and states (but the locals, which are
 * laid out differently when the kept values take slots of their own).
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ast, CallNode } from '../../src/expr/ast.ts';
import { walkAst } from '../../src/expr/ast.ts';
import { parseExpr } from '../../src/expr/parser.ts';
import { sharedCalls } from '../../src/expr/shared-calls.ts';
import { compileGameDir, gameDirsFor } from '../../src/games.ts';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import { codegenReport } from '../../src/codegen/unit.ts';
import { optionCombos } from '../../src/interpreter/smoke.ts';
import { RULES_DIR } from '../interpreter/helpers.ts';
import { playBoth, type Twins } from '../codegen/both.ts';
import { limit } from '../limits.ts';

const SPEC_FUNCTIONS = new Set(['f', 'g']);

/** each reusing call as "its text ← the text of the call it reuses", in source order */
function reuses(src: string): string[] {
  const p = parseExpr(src);
  if ('errors' in p) throw new Error(p.errors[0]!.message);
  const { reuse } = sharedCalls(p.ast, (name) => SPEC_FUNCTIONS.has(name));
  const text = (n: Ast): string => `${src.slice(n.offset, n.offset + n.length)}@${n.offset}`;
  const calls: CallNode[] = [];
  walkAst(p.ast, (n) => n.kind === 'Call' && calls.push(n));
  return calls.filter((c) => reuse.has(c)).map((c) => `${text(c)} ← ${text(reuse.get(c)!)}`);
}

describe('which calls reuse an earlier value', () => {
  it("an if's condition runs before both branches", () => {
    expect(reuses('if f(s, c) == 0 then 1 else f(s, c) + 1')).toEqual(['f(s, c)@28 ← f(s, c)@3']);
    expect(reuses('if f(s, c) == 0 then f(s, c) else max(1, f(s, c) - g(s))')).toEqual(['f(s, c)@21 ← f(s, c)@3', 'f(s, c)@41 ← f(s, c)@3']);
  });

  it("and/or: the left side runs before the right, not the other way", () => {
    expect(reuses('f(x) > 0 and f(x) < 5')).toEqual(['f(x)@13 ← f(x)@0']);
    expect(reuses('(a or f(x) > 0) and f(x) < 5')).toEqual([]);
  });

  it('what a branch ran does not count after the if', () => {
    expect(reuses('(if a then f(x) else 0) + f(x)')).toEqual([]);
  });

  it("one node's arguments do not share with each other", () => {
    expect(reuses('f(x) + f(x)')).toEqual([]);
    expect(reuses('max(f(x), f(x))')).toEqual([]);
  });

  it('only the same function with the same stable arguments', () => {
    expect(reuses('if f(x) > 0 then f(y) + g(x) else 0')).toEqual([]);
    expect(reuses('if f(s.team, 1) > 0 then f(s.team, 1) else 0')).toEqual(['f(s.team, 1)@25 ← f(s.team, 1)@3']);
    // an argument that is itself a computation is not compared
    expect(reuses('if f(h(x)) > 0 then f(h(x)) else 0')).toEqual([]);
    // built-ins and the scope's own functions are not shared
    expect(reuses('if count(l) > 0 then count(l) else 0')).toEqual([]);
  });

  it("a lambda's body: what ran before it counts unless the lambda hides a name; nothing of it counts after", () => {
    expect(reuses('if f(s) > 0 then count(l, x => f(s) > x) else 0')).toEqual(['f(s)@31 ← f(s)@3']);
    expect(reuses('if f(x) > 0 then count(l, x => f(x) > 0) else 0')).toEqual([]);
    expect(reuses('count(l, x => f(s) > 0) + (if a then f(s) else 0)')).toEqual([]);
    expect(reuses('count(l, x => f(x) > 0 and f(x) < 9)')).toEqual(['f(x)@27 ← f(x)@14']);
  });
});

/** games per game folder (over its player counts × option settings) */
const BUDGET: Record<string, number> = { 'cash-n-guns': 12, 'the-boss': 12, downtown: 6, speakeasy: 8 };

function withSharing(on: boolean, compile: () => ReturnType<typeof compileProgram>): ReturnType<typeof compileProgram> {
  const was = process.env['RULES_SHARED_CALLS'];
  process.env['RULES_SHARED_CALLS'] = on ? 'on' : 'off';
  try {
    return compile();
  } finally {
    if (was === undefined) delete process.env['RULES_SHARED_CALLS'];
    else process.env['RULES_SHARED_CALLS'] = was;
  }
}

describe('sharing calls changes nothing a game shows', () => {
  for (const dir of gameDirsFor(RULES_DIR)) {
    const game = basename(dir);
    it(game, () => {
      const { loaded, engine } = compileGameDir(dir);
      expect(engine, `${game} compiles`).toBeDefined();
      const shared = withSharing(true, () => compileProgram(loaded!, { codegen: true }));
      const each = withSharing(false, () => compileProgram(loaded!, { codegen: true }));
      const report = codegenReport(shared.program!)!;
      // each kept value takes a slot of its own: how many calls of this game share a value
      const kept = shared.program!.slots - each.program!.slots;
      expect(kept).toBeGreaterThanOrEqual(0);
      // The Boss's overbid formula, at least, asks the same question three times
      if (game === 'the-boss') expect(kept).toBeGreaterThan(0);
      // and how many functions keep their values for an evaluation (src/expr/memo.ts)
      const memos = [...shared.program!.functions.values()].filter((f) => f.memo !== undefined).length;
      expect([...each.program!.functions.values()].filter((f) => f.memo !== undefined)).toEqual([]);
      if (kept === 0 && memos === 0) {
        expect(shared.program!.code.length).toBe(each.program!.code.length);
        return; // no call made twice: the two programs are the same
      }
      const t: Twins = { generated: makeEngine(shared.program!), closures: makeEngine(each.program!), report, names: ['shared', 'each call'], skip: ['locals', 'calls'] };
      const combos = optionCombos(engine!);
      let decisions = 0;
      const budget = BUDGET[game] ?? 6;
      for (let i = 0; i < budget; i++) {
        const options = combos[i % combos.length]!;
        const players = engine!.minPlayers + (i % (engine!.maxPlayers - engine!.minPlayers + 1));
        decisions += playBoth(t, players, options, 7 + 13 * i, undefined, i % 2 === 0);
      }
      expect(decisions).toBeGreaterThan(budget);
    }, limit(120_000));
  }
});
