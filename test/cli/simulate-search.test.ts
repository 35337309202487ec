/**
 * `rules simulate --agents search:N,…`: a search seat plays with its own seed like any agent, so a
 * run with it is the same bytes in one process, on worker threads and in shards put back together
 * (the study that needs many cores and machines); a time budget, which would make the games follow
 * the machine's speed, is refused.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import * as games from '../../src/games.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'rules-search-'));

async function rules(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0 };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('simulate with a search seat', () => {
  const base = ['simulate', 'cash-n-guns', '--players', '4', '--games', '9', '--seed', '5', '--agents', 'search:8,random,search:8+horizon=20,random'];

  it('prints the same bytes in one process, on worker threads and from shards', async () => {
    const plain = await rules([...base, '--json']);
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    const report = JSON.parse(plain.stdout) as { agents: string[]; games: unknown[] };
    expect(report.agents).toEqual(['search:8', 'random', 'search:8+horizon=20', 'random']);
    expect(report.games).toHaveLength(9);
    const workers = await rules([...base, '--json', '--workers', '2']);
    expect(workers.stderr).toBe('');
    expect(workers.stdout).toBe(plain.stdout);
    const files: string[] = [];
    for (const k of [1, 2, 3]) {
      const r = await rules([...base, '--shard', `${k}/3`]);
      expect(r.code).toBe(0);
      const f = join(tmp, `search-${k}.jsonl`);
      writeFileSync(f, r.stdout);
      files.push(f);
    }
    const merged = await rules(['merge', files[2]!, files[0]!, files[1]!, '--json']);
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(plain.stdout);
  });

  it('refuses a time budget, and a name it does not know, with exit 2', async () => {
    const timed = await rules(['simulate', 'cash-n-guns', '--games', '2', '--agents', 'search:1s']);
    expect(timed.code).toBe(2);
    expect(timed.stderr).toMatch(/^error: --agents: 'search:1s' thinks for a time, so its games would depend on the machine's speed: give iterations \(search:N\)/);
    const bad = await rules(['simulate', 'cash-n-guns', '--games', '2', '--agents', 'search:many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --agents: a search's iterations must be a whole number from 1 to 1,000,000, got 'many'/);
  });
});
