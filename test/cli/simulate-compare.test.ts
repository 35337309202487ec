/**
 * `rules compare <game>`: the agent matrix (the lone seat rotating), the seats under search play,
 * and setting B against A on the same seeds — a data change that changes nothing gives the same
 * games and differences of 0, a real one shows in its figure; --workers gives the same figures;
 * bad input gets a message and exit 2.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import type { CompareReport } from '../../src/cli/compare.ts';
import * as games from '../../src/games.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));

async function rules(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0 };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const base = ['compare', 'cash-n-guns', '--players', '4', '--games', '6', '--agents', 'search:4,random', '--play', 'search:4'];

describe('rules compare', () => {
  it('plays the matrix and the seats, and the same figures on worker threads', async () => {
    const one = await rules([...base, '--json']);
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    const r = JSON.parse(one.stdout) as CompareReport;
    expect(r.matrix!.agents).toEqual(['search:4', 'random']);
    expect(r.matrix!.cells[0]![0]).toBeNull();
    const cell = r.matrix!.cells[0]![1]!;
    expect(cell).toMatchObject({ agent: 'search:4', against: 'random', record: { games: 6 } });
    expect(cell.ofShare.x).toBeCloseTo(cell.record.rate * 4);
    expect(r.edge!.seats).toHaveLength(4);
    expect(r.edge!.seats.every((s) => s.games === 6)).toBe(true);
    expect(r.comparison).toBeUndefined();
    const two = await rules([...base, '--json', '--workers', '2']);
    expect(two.stderr).toBe('');
    expect(two.stdout).toBe(one.stdout);
    const text = await rules(base);
    expect(text.stdout).toMatch(/vs search:4 +vs random/);
    expect(text.stdout).toMatch(/First seat's edge over the share \(25\.0%\): [+−]\d+\.\d points/);
  });

  it('setting B: a change that changes nothing, and one that does', async () => {
    const same = JSON.parse((await rules([...base, '--only', 'settings', '--set', 'shameSupply=14', '--json'])).stdout) as CompareReport;
    expect(same.matrix).toBeUndefined();
    expect(same.comparison!.sameGames).toBe(6);
    expect(same.comparison!.figures.every((f) => f.diff === 0)).toBe(true);
    const shorter = JSON.parse((await rules([...base, '--only', 'settings', '--set', 'rounds=4', '--json'])).stdout) as CompareReport;
    const rounds = shorter.comparison!.figures.find((f) => f.figure === 'rounds')!;
    expect(rounds).toMatchObject({ a: 8, b: 4, diff: -4 });
    expect(shorter.comparison!.changes).toEqual(['rounds=4']);
    const text = (await rules([...base, '--only', 'settings', '--set', 'rounds=4', '--b-option', 'powers=true'])).stdout;
    expect(text).toMatch(/Setting B: rounds=4 powers=true; every seat search:4, the same 6 seeds\./);
    expect(text).toMatch(/^rounds +8 +4 +−4 +/m);
  });

  it('says what is wrong, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--set', 'nope=1'], /--set nope=1: no var 'nope' in cash-n-guns; vars: round, rounds/],
      [['--set', 'rounds'], /--set expects var=expression/],
      [['--set', 'rounds=[1'], /--set rounds=\[1: the changed values do not compile:\n.*state\.yaml:13:\d+: error:/],
      [['--only', 'settings'], /--only settings: give setting B/],
      [['--only', 'charts'], /--only: unknown part 'charts'/],
      [['--agents', 'random'], /the matrix needs two agents or more/],
      [['--play', 'search:1s'], /--play: 'search:1s' thinks for a time/],
    ];
    for (const [extra, message] of cases) {
      const r = await rules([...base, ...extra]);
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
