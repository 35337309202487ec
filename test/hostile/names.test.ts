/**
 * Names are names (issue 10 §3): a spec's names that are also properties of Object.prototype
 * either work as ordinary names or are rejected with a clear message, never read JavaScript's.
 */
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { Json } from '../../src/interpreter/api.ts';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';

const DIR = 'test/fixtures/hostile/proto-names';

function engine() {
  const { engine, diagnostics } = compileGameDir(DIR);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return engine!;
}

describe('names shared with Object.prototype', () => {
  it('an option named constructor keeps its default when not given, and takes a given value', () => {
    const e = engine();
    const s = e.create({ players: 2, seed: 1, options: {} });
    // 2 cards with toString == 1, 3 without (none), option 1: 2 + 10·3 + 100·1
    const state = s as unknown as { g: Json[]; options: Record<string, Json> };
    expect(state.options['constructor']).toBe(1);
    expect(state.g[0]).toBe(132);
    const s2 = e.create({ players: 2, seed: 1, options: { constructor: 4 } }) as unknown as { g: Json[] };
    expect(s2.g[0]).toBe(432);
  });

  it('a card prop toString on one kind reads none on the others', () => {
    const e = engine();
    const s = e.create({ players: 2, seed: 1 }) as unknown as { g: Json[] };
    expect(s.g[0]! as number % 100).toBe(32);
  });

  it('a label named constructor labels its value', () => {
    const e = engine();
    const s = e.create({ players: 2, seed: 1 });
    const [action] = e.legalActions(s, 0);
    expect(e.describe(action!, 'en', s, 0)).toContain('Build');
  });

  it('simulate and validate accept the option named constructor, given or not', async () => {
    for (const extra of [[], ['--option', 'constructor=3']]) {
      const io = bufferIO();
      const code = await run(['simulate', 'proto-names', '--rules-dir', 'test/fixtures/hostile', '--games', '2', '--json', ...extra], { ...defaultContext(), io });
      expect(io.stderr()).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(io.stdout()).games).toHaveLength(2);
    }
    const io2 = bufferIO();
    expect(await run(['validate', DIR], { ...defaultContext(), io: io2 })).toBe(0);
  });
});
