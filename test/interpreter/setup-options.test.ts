/**
 * A place's `when` reads the options as the game is set up with them: an option left out of the
 * config takes its declared default there too, as everywhere else (it read the config as given,
 * so a default-true option that was not given left its places out). And the engine says which
 * options its setup read (the smoke games skip a setting that can only replay an earlier game).
 */
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { EngineTools } from '../../src/interpreter/api.ts';
import { smokeGames } from '../../src/interpreter/smoke.ts';
import { tinyGame } from '../dsl/helpers.ts';

const spaces = `spaces:
  - id: room
    text: {en: Rooms., zh: 房間。}
    assumption: {why: test fixture}
    items:
      - {id: hall, name: {en: Hall, zh: 大廳}}
      - {id: attic, name: {en: Attic, zh: 閣樓}, when: options.attic}
      - {id: cellar, name: {en: Cellar, zh: 地窖}, when: players >= 3}
options:
  - id: attic
    type: bool
    default: true
    text: {en: The attic is in play., zh: 閣樓在場。}
    assumption: {why: test fixture}
  - id: unused
    type: bool
    default: false
    text: {en: Read by nothing., zh: 無人讀取。}
    assumption: {why: test fixture}
`;

function engineOf(): EngineTools {
  const dir = tinyGame({ extra: spaces, players: { min: 2, max: 3 } });
  const { engine, diagnostics } = compileGameDir(dir);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return engine!;
}

describe("a place's when over options", () => {
  it('reads an option left out of the config as its default', () => {
    const e = engineOf();
    const given = e.create({ players: 2, seed: 1, options: { attic: true } });
    const left = e.create({ players: 2, seed: 1 });
    const off = e.create({ players: 2, seed: 1, options: { attic: false } });
    expect(e.evaluate(given, 'count(room)')).toBe(2);
    expect(e.evaluate(left, 'count(room)')).toBe(2);
    expect(e.evaluate(off, 'count(room)')).toBe(1);
  });
});

describe('what a game reads of its options', () => {
  it('notes the options its setup and flow read, and not the others', () => {
    const e = engineOf();
    const { state, reads } = e.createWatched({ players: 2, seed: 1, options: { attic: false, unused: true } });
    expect(e.evaluate(state, 'count(room)')).toBe(1);
    expect([...reads.names]).toContain('attic');
    expect([...reads.names]).not.toContain('unused');
    expect(reads.all).toBe(false);
  });

  it('skips in the random validation games a setting that only changes an option no game read, and nothing else', () => {
    const report = smokeGames(engineOf());
    expect(report.replays.length).toBeGreaterThan(0);
    expect(report.replays.every((r) => r.options['unused'] === true)).toBe(true);
    // each skipped setting replays a game of its own seed and player count that read none of what it changes
    for (const r of report.replays) {
      const of = report.games[r.of]!;
      expect([of.players, of.seed, of.options['attic']]).toEqual([r.players, r.seed, r.options['attic']]);
    }
    expect(report.games.some((g) => g.options['attic'] === false)).toBe(true);
  });
});
