/**
 * The checker asks for a `name` where a var, seat var or zone has none and its text gives no
 * short one: readers (the rules site, the terminal) would otherwise see a long clause or its id.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { tinyGame } from './helpers.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function warnings(extra: string): string[] {
  const dir = tinyGame({ extra });
  made.push(dir);
  const { diagnostics } = compileGameDir(dir);
  return diagnostics.filter((d) => d.severity === 'warning' && /name for readers/.test(d.message)).map((d) => `${d.line}:${d.col} ${d.message}`);
}

const A = 'assumption: {why: test fixture}';

describe('a name for readers', () => {
  it('is asked for where the Chinese text starts with a long clause, or the English leaves only an id with a digit', () => {
    const w = warnings(`vars:
  - {id: sellLimit, type: number, text: {en: "Barrels you may sell in one sale, by party level.", zh: 按派对等级一次出售可卖出的酒桶上限与其他说明（印刷）。}, ${A}}
  - {id: m1, type: number, text: {en: "Where the player's first marker stands on the long board.", zh: 第一個指示物。}, ${A}}
zones:
  - {id: pile, per: game, text: {en: The pile., zh: 牌堆。}, ${A}}
`);
    expect(w).toEqual([
      expect.stringMatching(/^\d+:\d+ var 'sellLimit' has no name for readers: its Chinese text starts with a clause of 22 characters/),
      expect.stringMatching(/^\d+:\d+ var 'm1' has no name for readers: its English text gives no short label, so readers would see its id 'm1'/),
    ]);
  });

  it('is not asked for where the spec gives one', () => {
    expect(warnings(`vars:
  - {id: sellLimit, type: number, name: {en: Sale limit, zh: 出售上限}, text: {en: "Barrels you may sell in one sale, by party level.", zh: 按派对等级一次出售可卖出的酒桶上限与其他说明（印刷）。}, ${A}}
`)).toEqual([]);
  });
});
