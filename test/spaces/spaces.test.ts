import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { EngineTools } from '../../src/interpreter/api.ts';

const dir = 'test/fixtures/spaces/majority';

function open(): EngineTools {
  const { engine, diagnostics } = compileGameDir(dir, { smoke: true });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return engine!;
}

/** seat 0 and seat 1 answer `where` with the given place ids, in turn */
function play(e: EngineTools, players: number, picks: string[]) {
  let s = e.create({ players, seed: 1 });
  for (const id of picks) {
    const p = e.pending(s)!;
    const seat = p.kind === 'choice' ? p.waitingFor[0]! : -1;
    const value = e.evaluate(s, `place["${id}"]`);
    s = e.apply(s, seat, { choice: 'where', value });
  }
  return s;
}

describe('space sets and keyed state', () => {
  it('offers only the items whose `when` holds', () => {
    const e = open();
    const two = e.create({ players: 2, seed: 1 });
    expect(e.legalActions(two, 0)).toHaveLength(2);
    const three = e.create({ players: 3, seed: 1 });
    expect(e.legalActions(three, 0)).toHaveLength(3);
  });

  it('keeps one value per item, per seat and globally, read and written with [ ]', () => {
    const e = open();
    const s = play(e, 2, ['north', 'north', 'south', 'north']);
    expect(e.evaluate(s, 'seat(0).cubes[place["north"]]')).toBe(1);
    expect(e.evaluate(s, 'seat(1).cubes[place["north"]]')).toBe(2);
    expect(e.evaluate(s, 'total[place["north"]]')).toBe(3);
    expect(e.evaluate(s, 'total[place["south"]]')).toBe(1);
  });

  it('scores each majority and moves the chip out of the keyed zone under it', () => {
    const e = open();
    const s = play(e, 2, ['north', 'north', 'south', 'north']);
    const r = e.result(s)!;
    // seat 1 holds north (5), seat 0 holds south (3)
    expect(r.scores).toEqual([3, 5]);
    expect(r.winners).toEqual([1]);
    expect(e.evaluate(s, 'count(under[place["north"]])')).toBe(0);
    expect(e.evaluate(s, 'count(seat(1).won)')).toBe(1);
  });

  it('a tie on a place scores nothing and leaves its chip', () => {
    const e = open();
    const s = play(e, 2, ['north', 'north', 'south', 'south']);
    expect(e.result(s)!.scores).toEqual([0, 0]);
    expect(e.evaluate(s, 'count(under[place["north"]])')).toBe(1);
  });

  it('shows keyed values by item id and keyed zones as name[item] in a view, hiding hidden ones', () => {
    const e = open();
    const s = play(e, 2, ['north']);
    const v = e.view(s, 1);
    expect(v.vars['total']).toEqual({ north: 1, south: 0, east: 0 });
    expect(v.seats[0]!.vars['cubes']).toEqual({ north: 1, south: 0, east: 0 });
    expect(v.zones['under[north]']).toEqual([null]);
  });

  it('reports a key of the wrong set, and an unknown item id, at their place in the YAML', async () => {
    const { mkdtempSync, cpSync, readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const tmp = mkdtempSync(join(tmpdir(), 'spaces-'));
    cpSync(dir, tmp, { recursive: true });
    const file = join(tmp, 'game.yaml');
    const text = readFileSync(file, 'utf8').replace('add: total[p]', 'add: total[s]').replace('be: allMaxBy(seats, s => s.cubes[p])', 'be: allMaxBy(seats, s => s.cubes[place["west"]])');
    writeFileSync(file, text);
    const { diagnostics } = compileGameDir(tmp);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const lines = text.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    expect(errors.map((d) => [d.line, d.message])).toEqual([
      [at('add: total[s]'), expect.stringMatching(/expected place, got seat/)],
      [at('place["west"]'), expect.stringMatching(/place has no item 'west'/)],
    ]);
  });

  it('refuses a space set named like a var, since an expression could not tell them apart', async () => {
    const { mkdtempSync, cpSync, readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const tmp = mkdtempSync(join(tmpdir(), 'spaces-'));
    cpSync(dir, tmp, { recursive: true });
    const file = join(tmp, 'game.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('  - id: round\n    type: number', '  - id: place\n    type: number'));
    const errors = compileGameDir(tmp).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.message)).toContainEqual(expect.stringMatching(/^the id 'place' is used twice/));
  });
});
