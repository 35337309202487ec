/**
 * A game folder from elsewhere whose `.yaml` is no file: a link to /dev/zero made `rules validate`
 * read until memory ran out (5.7 GB after 20 s), a named pipe made it wait for a writer for ever.
 * Each is one error at the file, and the rest of the folder is still checked.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';
import { limit } from '../limits.ts';

const dir = mkdtempSync(join(tmpdir(), 'not-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it.runIf(process.platform !== 'win32' && existsSync('/dev/zero'))('a .yaml linked to a device or made a named pipe is refused, not read', async () => {
  const game = join(dir, 'cash-n-guns');
  cpSync(fileURLToPath(new URL('../../rules/cash-n-guns', import.meta.url)), game, { recursive: true });
  symlinkSync('/dev/zero', join(game, 'zero.yaml'));
  execFileSync('mkfifo', [join(game, 'pipe.yaml')]);
  const io = bufferIO();
  const code = await run(['validate', '--no-cache', game], { ...defaultContext(), io });
  const out = io.stdout() + io.stderr();
  expect(code).toBe(1);
  expect(out).toMatch(/pipe\.yaml:1:1: error: cannot read this file: it is not a regular file but a named pipe; rules files must be ordinary files/);
  expect(out).toMatch(/zero\.yaml:1:1: error: cannot read this file: it is not a regular file but a device; rules files must be ordinary files/);
  expect(out).toMatch(/^2 errors, \d+ warnings in 1 game$/m);
}, limit(60_000));

it.runIf(existsSync('/dev/zero'))('rules merge of a device is refused, not read until the string overflows', async () => {
  const io = bufferIO();
  const code = await run(['merge', '/dev/zero', '/dev/zero'], { ...defaultContext(), io });
  expect(code).toBe(2);
  expect(io.stderr()).toMatch(/cannot read \/dev\/zero: it is not a regular file but a device/);
});

it('rules merge of a file with one endless line says so, without a stack trace', async () => {
  const file = join(dir, 'one-line.jsonl');
  writeFileSync(file, 'x'.repeat(17_000_000));
  const io = bufferIO();
  const code = await run(['merge', file, file], { ...defaultContext(), io });
  expect(code).toBe(2);
  expect(io.stderr()).toMatch(/one-line\.jsonl:1: a line of more than 16,000,000 characters: this file was not written by `rules simulate --shard`/);
  expect(io.stderr()).not.toMatch(/^\s+at /m);
}, limit(60_000));

it.runIf(existsSync('/dev/zero'))('a device named on the command line is neither a file nor a folder, said plainly', async () => {
  for (const command of ['validate', 'test']) {
    const io = bufferIO();
    const code = await run([command, '/dev/zero'], { ...defaultContext(), io });
    const out = io.stdout() + io.stderr();
    expect(code, command).not.toBe(0);
    expect(out, command).toMatch(/\/dev\/zero.*is neither a file nor a folder/);
    expect(out, command).not.toMatch(/ENOTDIR|DEBUG=1/);
  }
});
