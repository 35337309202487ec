/**
 * A rules file far larger than any game needs (6 MB, 200,000 list items) gets one clear error,
 * not `Maximum call stack size exceeded` from merging its list (issue 10 §2).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'big-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a 6 MB file with 200,000 vars is refused with one positioned error', async () => {
  const game = join(dir, 'big');
  const item = (i: number) => `  - id: v${i}\n    type: number\n    text: {en: A var., zh: 變數。}\n    assumption: {why: test}\n`;
  const parts: string[] = ['game:\n  id: big\n  name: {en: Big, zh: 大}\n  seeds: ["003"]\n  players: {min: 2, max: 2}\n  text: {en: Big., zh: 大。}\n  assumption: {why: test}\nvars:\n'];
  for (let i = 0; i < 200_000; i++) parts.push(item(i));
  const text = parts.join('');
  expect(text.length).toBeGreaterThan(6_000_000);
  mkdirSync(game, { recursive: true });
  writeFileSync(join(game, 'game.yaml'), text);
  const io = bufferIO();
  const code = await run(['validate', game], { ...defaultContext(), io });
  const out = io.stdout() + io.stderr();
  expect(code).toBe(1);
  expect(out).toMatch(/game\.yaml:1:1: error: this file is \d+\.\d MB; a rules file may be at most 2\.0 MB/);
  expect(out).not.toMatch(/call stack|^\s+at /im);
});
