/** Shared helpers for the DSL construct tests: compile a fixture game, drive it by answers. */
import { expect } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { EngineTools, Json } from '../../src/interpreter/api.ts';
import type { Diagnostic } from '../../src/loader/diagnostics.ts';

export const fixture = (name: string): string => `test/fixtures/dsl/${name}`;

/** compile a fixture that must be valid (random games included) */
export function open(name: string): EngineTools {
  const { engine, diagnostics } = compileGameDir(fixture(name), { smoke: true });
  expect(diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`)).toEqual([]);
  return engine!;
}

/** the diagnostics of a fixture that must be refused */
export function refused(name: string): Diagnostic[] {
  const { diagnostics } = compileGameDir(fixture(name), { smoke: true });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  expect(errors.length).toBeGreaterThan(0);
  return errors;
}

/** answer the pending choices in order, each by the first waiting seat; returns the state */
export function play(e: EngineTools, s: unknown, answers: { choice: string; value: Json }[]): unknown {
  for (const a of answers) {
    const p = e.pending(s);
    if (!p || p.kind !== 'choice') throw new Error(`no choice pending for ${a.choice}`);
    expect(p.choice).toBe(a.choice);
    s = e.apply(s, p.waitingFor[0]!, a);
  }
  return s;
}

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The smallest valid game: two seats (or `players`), one flow rule (`body`, YAML lines indented 6), extra sections. */
export function tinyGame(opts: { body?: string; extra?: string; seatVars?: string; players?: { min: number; max: number } } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsl-'));
  const body = opts.body ?? '      - log: {en: nothing, zh: 無}';
  writeFileSync(
    join(dir, 'game.yaml'),
    `game:
  id: tiny
  name: {en: Tiny, zh: 小}
  seeds: ["003"]
  players: {min: ${opts.players?.min ?? 2}, max: ${opts.players?.max ?? 2}}
seatVars:
  - id: points
    type: number
    text: {en: Points., zh: 分數。}
    assumption: {why: test fixture}
${opts.seatVars ?? ''}
flow:
  - id: main
    text: {en: The flow., zh: 流程。}
    assumption: {why: test fixture}
    do:
${body}
ends:
  - id: done
    text: {en: The end., zh: 結束。}
    assumption: {why: test fixture}
outcome:
  score: "s => s.points"
  results:
    - id: all
      text: {en: Best wins., zh: 最高者勝。}
      assumption: {why: test fixture}
      winners: "allMaxBy(seats, s => score(s))"
${opts.extra ?? ''}
`,
  );
  return dir;
}

/** a copy of a fixture game with one text of its game.yaml replaced (the text must be there), to see what the checker says */
export function brokenFixture(name: string, from: string, to: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  cpSync(fixture(name), dir, { recursive: true });
  const file = join(dir, 'game.yaml');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  return dir;
}

/** diagnostics (errors) of a game folder, as `line:col message` with the file left out */
export function errorsOf(dir: string): string[] {
  const { diagnostics } = compileGameDir(dir, { smoke: true });
  return diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.col} ${d.message}`);
}
