/**
 * Input quoted back in messages (issue 30 §5): a replay log that starts with a UTF-8 byte-order
 * mark (as some editors save JSON) was refused as "not JSON"; a 5 MB game name was echoed in full.
 * A quote is cut to 80 characters and says how long the whole was (src/quote.ts), wherever a
 * message names something it was given: a game id, a log's game, options, format, seed and answers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'quoted-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HUGE = 'x'.repeat(5_000_000);
const SHOWN = /x{20,79}… \(5,000,\d{3} characters\)/;
let log: Record<string, unknown>;

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const io = bufferIO();
  const code = await run(args, { ...defaultContext(), io });
  return { code, out: io.stdout() + io.stderr() };
}

beforeAll(async () => {
  const file = join(dir, 'good.json');
  const r = await cli(['play', 'proto-names', '--rules-dir', 'test/fixtures/hostile', '--seats', 'random,random', '--seed', '5', '--save', file]);
  expect(r.code, r.out).toBe(0);
  log = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
});

async function replay(text: string | Buffer): Promise<{ code: number; out: string }> {
  const file = join(dir, `log-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  return cli(['replay', file, '--rules-dir', 'test/fixtures/hostile']);
}

describe('input quoted in messages', () => {
  it('a replay log that starts with a byte-order mark replays', async () => {
    const r = await replay(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(log))]));
    expect(r.out).toMatch(/^replay ok/);
    expect(r.code).toBe(0);
  });

  it('a 5 MB game name is cut, in a replay log and on the command line', async () => {
    const r = await replay(JSON.stringify({ ...log, game: HUGE }));
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(SHOWN);
    expect(r.out.length).toBeLessThan(2000);
    for (const command of [['simulate', HUGE], ['play', HUGE], ['validate', HUGE]]) {
      const c = await cli(command);
      expect(c.code, command[0]).not.toBe(0);
      expect(c.out, command[0]).toMatch(SHOWN);
      expect(c.out.length, command[0]).toBeLessThan(2000);
    }
  });

  it("a log's huge format, option, option value or answer is cut", async () => {
    for (const spoilt of [
      { ...log, format: HUGE },
      { ...log, options: { [HUGE]: 1 } },
      { ...log, options: { constructor: HUGE } },
      { ...log, actions: [{ seat: 0, action: { choice: 'pick', value: HUGE } }] },
      { ...log, actions: [{ seat: 0, action: { choice: HUGE, value: 1 } }] },
    ]) {
      const r = await replay(JSON.stringify(spoilt));
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(SHOWN);
      expect(r.out.length).toBeLessThan(2000);
    }
  });

  it('options on the command line', async () => {
    for (const option of [`${HUGE}=1`, `constructor=${HUGE}`]) {
      const r = await cli(['simulate', 'proto-names', '--rules-dir', 'test/fixtures/hostile', '--games', '1', '--option', option]);
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(SHOWN);
      expect(r.out.length).toBeLessThan(2000);
    }
  });
});
