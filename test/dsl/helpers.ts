/** Shared helpers for the DSL construct tests: compile a fixture game, drive it by answers. */
import { expect } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { EngineTools, Json } from '../../src/interpreter/api.ts';
import type { Diagnostic } from '../../src/spec/diagnostics.ts';

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
