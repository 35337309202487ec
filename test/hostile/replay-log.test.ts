/**
 * Replay logs that do not fit their game (issue 10 §4): a bad player count, an unknown or
 * ill-typed option, a seed outside uint32, a log of another game: a clear message and exit 1,
 * never the "unexpected error" path.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'replay-logs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// a real log of the fixture game, written by play --save
async function savedLog(): Promise<Record<string, unknown>> {
  const file = join(dir, 'good.json');
  const io = bufferIO();
  const code = await run(['play', 'proto-names', '--rules-dir', 'test/fixtures/hostile', '--seats', 'random,random', '--seed', '5', '--save', file], { ...defaultContext(), io });
  expect(code, io.stderr()).toBe(0);
  return JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')) as Record<string, unknown>;
}

async function replay(log: unknown): Promise<{ code: number; out: string }> {
  const file = join(dir, `log-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(log));
  const io = bufferIO();
  const code = await run(['replay', file, '--rules-dir', 'test/fixtures/hostile'], { ...defaultContext(), io });
  return { code, out: io.stdout() + io.stderr() };
}

describe('replay logs that do not fit', () => {
  it('the saved log replays', async () => {
    const r = await replay(await savedLog());
    expect(r.out).toMatch(/^replay ok/);
    expect(r.code).toBe(0);
  });

  const cases: [string, (log: Record<string, unknown>) => void, RegExp][] = [
    ['a player count the game does not allow', (l) => (l.players = 9), /players: 9, but proto-names is for 2 players/],
    ['zero players', (l) => (l.players = 0), /players: 0, but proto-names is for 2 players/],
    ['an unknown option', (l) => (l.options = { speed: 3 }), /unknown option 'speed'; the options of proto-names are: constructor/],
    ['an ill-typed option', (l) => (l.options = { constructor: 'fast' }), /option 'constructor' is a number, but the log has "fast"/],
    ['a negative seed', (l) => (l.seed = -5), /seed must be a whole number from 0 to 4294967295, got -5/],
    ['a huge seed', (l) => (l.seed = 1e20), /seed must be a whole number from 0 to 4294967295, got 100000000000000000000/],
    ['another game', (l) => (l.game = 'open-auction'), /unknown game 'open-auction'/],
  ];
  for (const [name, spoil, message] of cases) {
    it(name, async () => {
      const log = await savedLog();
      spoil(log);
      const r = await replay(log);
      expect(r.out).toMatch(message);
      expect(r.out).not.toMatch(/DEBUG=1|^\s+at /m);
      expect(r.code).not.toBe(0);
    });
  }
});
