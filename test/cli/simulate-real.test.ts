/** `rules simulate` on a real game of rules/: the report a rule editor reads, and --csv in a CSV parser. */
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import * as games from '../../src/games.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));

async function rules(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0 };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('rules simulate the-boss', () => {
  // 2000 games is the figure the issue names; 300 keeps the test short, the report is the same shape
  it('prints win rates with 95 % intervals, score and length spreads, end rules', async () => {
    const r = await rules(['simulate', 'the-boss', '--players', '4', '--games', '300', '--no-timing']);
    expect(r.code).toBe(0);
    const seatRows = r.stdout.match(/^(\d)\s+(\d+)\s+(\d+\.\d)%\s+(\d+\.\d)% – (\d+\.\d)%/gm) ?? [];
    expect(seatRows).toHaveLength(4);
    for (const row of seatRows) {
      const [, , , rate, lo, hi] = /^(\d)\s+(\d+)\s+(\d+\.\d)%\s+(\d+\.\d)% – (\d+\.\d)%/.exec(row)!.map(Number);
      expect(lo!).toBeLessThanOrEqual(rate!);
      expect(hi!).toBeGreaterThanOrEqual(rate!);
      expect(hi! - lo!).toBeGreaterThan(0);
    }
    expect(r.stdout).toMatch(/score mean\s+sd\s+min\s+q1\s+median\s+q3\s+max/);
    expect(r.stdout).toMatch(/rounds per game: mean [\d.]+, sd [\d.]+; min \d+, quartiles [\d.]+ \/ [\d.]+ \/ [\d.]+, max \d+/);
    expect(r.stdout).toMatch(/end rules:\n\s+rule\s+games\s+share\n\s+\S+\s+\d+\s+[\d.]+%/);
    expect(r.stdout).toMatch(/A shared win counts as a win for every seat/);
  });

  it('--csv loads in a strict CSV parser with one row per game', async () => {
    const r = await rules(['simulate', 'the-boss', '--players', '4', '--games', '40', '--csv']);
    expect(r.code).toBe(0);
    const rows = parse(r.stdout, { columns: true, relax_column_count: false, relax_quotes: false }) as Record<string, string>[];
    expect(rows).toHaveLength(40);
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['seed', 'rounds', 'end', 'winners', 'score_3', 'win_3']));
    for (const row of rows) expect(Number.isFinite(Number(row['score_0']))).toBe(true);
  });
});
