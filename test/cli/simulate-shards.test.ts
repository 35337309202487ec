/**
 * `rules simulate --workers N`, `--shard K/N` + `rules merge`, and the plain run print the same
 * bytes (JSON, CSV and the readable report), on real games of rules/; bad values are refused
 * with a message and exit 2.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import * as games from '../../src/games.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'rules-shards-'));

async function rules(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0 };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** run the shards of a simulation into files; their paths */
async function shards(base: string[], n: number, name: string, extra: string[] = []): Promise<string[]> {
  const files: string[] = [];
  for (let k = 1; k <= n; k++) {
    const r = await rules([...base, '--shard', `${k}/${n}`, ...extra]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const f = join(tmp, `${name}-${k}-of-${n}.jsonl`);
    writeFileSync(f, r.stdout);
    files.push(f);
  }
  return files;
}

describe('simulate --workers / --shard + merge: the bytes of the plain run', () => {
  const base = ['simulate', 'the-boss', '--players', '4', '--games', '23', '--seed', '11'];
  for (const form of [['--json'], ['--csv'], []]) {
    it(`${form[0] ?? 'the readable report'}`, async () => {
      const timing = form.length === 0 ? ['--no-timing'] : [];
      const plain = await rules([...base, ...form, ...timing]);
      expect(plain.code).toBe(0);
      expect(plain.stdout.length).toBeGreaterThan(100);
      const workers = await rules([...base, ...form, ...timing, '--workers', '2']);
      expect(workers.stderr).toBe('');
      expect(workers.stdout).toBe(plain.stdout);
      const files = await shards(base, 2, `boss${form[0] ?? ''}`);
      // the order the files are given in does not matter
      const merged = await rules(['merge', files[1]!, files[0]!, ...form]);
      expect(merged.stderr).toBe('');
      expect(merged.code).toBe(0);
      expect(merged.stdout).toBe(plain.stdout);
    });
  }

  it('more shards than games per shard, under agents', async () => {
    const b = ['simulate', 'cash-n-guns', '--players', '5', '--games', '7', '--seed', '3', '--agents', 'greedy,random,random,random,random'];
    const plain = await rules([...b, '--json']);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).games).toHaveLength(7);
    const files = await shards(b, 3, 'cng');
    const merged = await rules(['merge', ...files, '--json']);
    expect(merged.stdout).toBe(plain.stdout);
  });

  it('a shard file is JSON lines: a header, its games, its tally', async () => {
    const [f] = await shards(['simulate', 'the-boss', '--games', '10', '--seed', '2'], 3, 'look');
    const lines = readFileSync(f!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ rulesShard: 1, shard: 1, of: 3, games: 10, from: 0, to: 3, run: { game: 'the-boss', seed: 2 } });
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines[4].tally.games).toBe(3);
  });
});

describe('bad values: a message and exit 2, no stack', () => {
  const expectUsage = (r: { code: number; stdout: string; stderr: string }, message: RegExp) => {
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  };

  it('--workers 0 and --workers x', async () => {
    expectUsage(await rules(['simulate', 'the-boss', '--games', '3', '--workers', '0']), /^error: --workers must be an integer from 1 to \d+, got '0'\n$/);
    expectUsage(await rules(['simulate', 'the-boss', '--games', '3', '--workers', 'x']), /--workers must be an integer/);
  });

  it('--shard 3/2, 0/2, 1/0, a/b', async () => {
    for (const bad of ['3/2', '0/2', '1/0', 'a/b', '2']) {
      expectUsage(await rules(['simulate', 'the-boss', '--games', '3', '--shard', bad]), new RegExp(`--shard must be K/N with 1 ≤ K ≤ N .*got '${bad}'`));
    }
  });

  it('--shard with --json: the form is chosen at merge', async () => {
    expectUsage(await rules(['simulate', 'the-boss', '--games', '3', '--shard', '1/2', '--json']), /give --json or --csv to `rules merge`/);
  });

  it('merging shards of different runs, twice the same shard, a missing shard', async () => {
    const a = await shards(['simulate', 'the-boss', '--games', '6', '--seed', '1'], 2, 'runA');
    const b = await shards(['simulate', 'the-boss', '--games', '6', '--seed', '2'], 2, 'runB');
    const c = await shards(['simulate', 'the-boss', '--games', '6', '--seed', '1', '--players', '3'], 2, 'runC');
    const d = await shards(['simulate', 'the-boss', '--games', '8', '--seed', '1'], 2, 'runD');
    expectUsage(await rules(['merge', a[0]!, b[1]!]), /shards of different runs \(seed 1 in .*runA-1-of-2.jsonl, 2 in .*runB-2-of-2.jsonl\)/);
    expectUsage(await rules(['merge', a[0]!, c[1]!]), /shards of different runs \(players 6 in .*, 3 in /);
    expectUsage(await rules(['merge', a[0]!, d[1]!]), /shards of different runs \(--games 6 in .*, 8 in /);
    expectUsage(await rules(['merge', a[0]!, a[0]!]), /shard 1\/2 is given twice/);
    expectUsage(await rules(['merge', a[1]!]), /shard 1\/2 missing: give all 2 shards of the run/);
  });

  it('a file that is no shard, a cut one, a missing one', async () => {
    const [one, two] = await shards(['simulate', 'the-boss', '--games', '6', '--seed', '1'], 2, 'cut');
    const notShard = join(tmp, 'report.json');
    writeFileSync(notShard, (await rules(['simulate', 'the-boss', '--games', '2', '--json'])).stdout);
    expectUsage(await rules(['merge', notShard]), /report\.json:1: not a shard: give the files written by `rules simulate … --shard K\/N`/);
    const cut = join(tmp, 'cut.jsonl');
    writeFileSync(cut, readFileSync(two!, 'utf8').split('\n').slice(0, 3).join('\n') + '\n');
    expectUsage(await rules(['merge', one!, cut]), /cut\.jsonl:3: 1 of the 3 games of shard 2\/2: the run was cut short/);
    const garbage = join(tmp, 'garbage.jsonl');
    writeFileSync(garbage, 'hello\n');
    expectUsage(await rules(['merge', garbage]), /garbage\.jsonl:1: not a line of JSON/);
    expectUsage(await rules(['merge', join(tmp, 'nope.jsonl')]), /cannot read .*nope\.jsonl: no such file/);
  });
});

describe('the worker threads play the same games', () => {
  it('every chunk through the worker threads: the texts and tally of one thread, in every output form', async () => {
    const { playOnThreads } = await import('../../src/simulate/pool.ts');
    const { chunkJob, startChunkWorkers } = await import('../../src/cli/simulate-worker.ts');
    const { playGames, runSettings, runHeader } = await import('../../src/simulate/run.ts');
    const { gameText, gameSeparator } = await import('../../src/cli/simulate-output.ts');
    const { SummaryTally } = await import('../../src/stats/summary.ts');
    const engine = games.openGame(rulesDir, 'cash-n-guns').engine!;
    const run = runSettings(engine, { players: 5, games: 40, seed: 9 });
    const head = runHeader(engine, run);
    for (const form of ['json', 'csv', 'shard'] as const) {
      const text = gameText(form, head);
      const oneTexts: string[] = [];
      const oneTally = new SummaryTally(5);
      playGames(engine, run, 3, 40, (_i, g, steps) => {
        oneTexts.push(text(g));
        oneTally.add(g, steps);
      });
      const chunks: string[] = [];
      const ranges: [number, number][] = [];
      const twoTally = new SummaryTally(5);
      const where = { rulesDir, gameId: 'cash-n-guns' };
      const r = await playOnThreads(chunkJob(engine, where, { run, form, head }), 3, 40, 3, (chunk, from, to) => {
        chunks.push(chunk.text);
        ranges.push([from, to]);
        twoTally.merge(SummaryTally.fromJSON(chunk.tally));
      }, { mainPlays: false, workers: startChunkWorkers(where, 2) });
      expect(r.byWorkers).toBe(37);
      // the chunks come in run order, one after the other, and more than one of them
      expect(ranges.length).toBeGreaterThan(1);
      expect(ranges[0]![0]).toBe(3);
      expect(ranges.at(-1)![1]).toBe(40);
      for (let k = 1; k < ranges.length; k++) expect(ranges[k]![0]).toBe(ranges[k - 1]![1]);
      expect(chunks.join(gameSeparator(form))).toBe(oneTexts.join(gameSeparator(form)));
      expect(JSON.stringify(twoTally.toJSON())).toBe(JSON.stringify(oneTally.toJSON()));
      expect(twoTally.summary()).toEqual(oneTally.summary());
    }
  });
});

describe('a game that fails mid-run', () => {
  it('fails with the message of one thread when its games are played on worker threads', async () => {
    // a game of `rules new` whose choice can be left without options (coins > 4 in round 3)
    const dir = mkdtempSync(join(tmpdir(), 'rules-failing-'));
    const { newGameFiles } = await import('../../src/cli/new.ts');
    for (const [path, text] of newGameFiles(join(dir, 'rules'), 'tiny')) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text.replace('options: "[1, 2, 3]"', 'options: "if s.coins > 4 then [] else [1, 2, 3]"'));
    }
    expect(readFileSync(join(dir, 'rules', 'tiny', 'flow.yaml'), 'utf8')).toContain('s.coins > 4');
    const base = ['simulate', 'tiny', '--rules-dir', join(dir, 'rules'), '--games', '30', '--no-timing'];
    const one = await rules(base);
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/^error: game \d+ \(seed \d+\): choice 'take' \(rule 'take-coins'\) offers seat \d no option/);
    const { playOnThreads } = await import('../../src/simulate/pool.ts');
    const { chunkJob, startChunkWorkers } = await import('../../src/cli/simulate-worker.ts');
    const { runSettings } = await import('../../src/simulate/run.ts');
    const engine = games.openGame(join(dir, 'rules'), 'tiny').engine!;
    const run = runSettings(engine, { players: 4, games: 30, seed: 1 });
    const head = { game: 'tiny', players: 4, seed: 1, options: run.options };
    const where = { rulesDir: join(dir, 'rules'), gameId: 'tiny' };
    const failed = playOnThreads(chunkJob(engine, where, { run, form: 'json', head }), 0, 30, 2, () => {}, { mainPlays: false, workers: startChunkWorkers(where, 1) });
    await expect(failed).rejects.toThrow(one.stderr.split('\n')[0]!.replace(/^error: /, ''));
  });
});
