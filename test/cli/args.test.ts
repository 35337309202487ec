import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../src/cli/common.ts';
import { UsageError } from '../../src/cli/context.ts';
import { makePickEngine } from './fake-engine.ts';
import { runCli } from './helpers.ts';
import { limit } from '../limits.ts';

const engine = makePickEngine();

describe('--option k=v parsing', () => {
  it('parses to the declared types', () => {
    expect(parseOptions(engine, ['rounds=4', 'double=true', 'mode=low'])).toEqual({ rounds: 4, double: true, mode: 'low' });
    expect(parseOptions(engine, ['double=false'])).toEqual({ double: false });
    expect(parseOptions(engine, undefined)).toEqual({});
  });

  it.each([
    [['double=yes'], /option 'double' is a bool \(true\|false\), got 'yes'/],
    [['rounds=many'], /option 'rounds' is a number, got 'many'/],
    [['mode=middle'], /option 'mode' must be one of "high", "low", got 'middle'/],
    [['colour=red'], /unknown option 'colour'/],
    [['rounds'], /--option expects k=v/],
    [['rounds=2', 'rounds=3'], /given twice/],
  ])('rejects %j', (pairs, msg) => {
    expect(() => parseOptions(engine, pairs)).toThrow(UsageError);
    expect(() => parseOptions(engine, pairs)).toThrow(msg);
  });

  it('lists the declared options with types, values and defaults on error (exit 2)', async () => {
    const r = await runCli(['simulate', 'pick', '--option', 'double=maybe']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("error: option 'double' is a bool");
    expect(r.stderr).toContain('rounds (number; default 3)');
    expect(r.stderr).toContain('double (bool, true|false; default false)');
    expect(r.stderr).toContain('mode (string, one of "high"|"low"; default "high")');
  });
});

describe('bad command lines exit 2 with a clear message', () => {
  it('unknown game lists the known ones', async () => {
    const r = await runCli(['simulate', 'chess'], { engines: [makePickEngine(), makePickEngine({ id: 'other' })] });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error: unknown game 'chess'; known games in .*: pick, other/);
  });

  it.each([['1'], ['4'], ['two'], ['2.5']])('--players %s gives the allowed range', async (p) => {
    const r = await runCli(['simulate', 'pick', '--players', p]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--players: pick is played by 2 to 3 players/);
  });

  it('bad --games and --seed', async () => {
    expect((await runCli(['simulate', 'pick', '--games', '0'])).code).toBe(2);
    expect((await runCli(['simulate', 'pick', '--seed', '-1'])).stderr).toMatch(/--seed must be an integer from 0/);
  });

  it('unknown seat kind', async () => {
    const r = await runCli(['play', 'pick', '--seats', 'human,robot']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown seat kind 'robot' in --seats; kinds: human, random/);
  });

  it('seats and players disagree', async () => {
    const r = await runCli(['play', 'pick', '--players', '3', '--seats', 'random,random']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seats lists 2 seats but --players is 3/);
  });

  it('bad --lang, unknown command, missing argument, unknown flag', async () => {
    expect((await runCli(['play', 'pick', '--players', '2', '--lang', 'fr'])).code).toBe(2);
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli(['simulate'])).code).toBe(2);
    const r = await runCli(['simulate', 'pick', '--frob']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option '--frob'/);
  });

  it('help exits 0', async () => {
    const r = await runCli(['simulate', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--players/);
  });

  it('--version prints the package version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = await runCli([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
      expect(r.stderr).toBe('');
    }
  });

  it("docs --out that is a file, or a folder that cannot be made: said before anything is built", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-out-'));
    try {
      const file = join(dir, 'a-file');
      writeFileSync(file, 'kept\n');
      const t0 = performance.now();
      const r = await runCli(['docs', '--out', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`error: --out: ${file} is a file, not a folder; give the folder the site is written to\n`);
      expect(readFileSync(file, 'utf8')).toBe('kept\n');
      // a folder under that file cannot be made
      const under = join(file, 'site');
      const u = await runCli(['docs', '--out', under]);
      expect(u.code).toBe(2);
      expect(u.stderr).toBe(`error: --out: ${file} is a file, not a folder; give the folder the site is written to\n`);
      // (before validating the games and playing the Simulations pages' games, which take seconds)
      expect(performance.now() - t0).toBeLessThan(limit(20_000));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('unexpected errors print one line and no stack', async () => {
    const boom = makePickEngine();
    boom.create = () => {
      throw new Error('boom\nsecond line');
    };
    const r = await runCli(['simulate', 'pick', '--games', '1'], { engines: [boom] });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: game 0 (seed 579342234): boom\n(run with DEBUG=1 for the stack)\n');
  });
});
