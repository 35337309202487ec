/**
 * A game folder from elsewhere whose `.yaml` is no file: a link to /dev/zero made `rules validate`
 * read until memory ran out (5.7 GB after 20 s), a named pipe made it wait for a writer for ever.
 * Each is one error at the file, and the rest of the folder is still checked.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';

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
}, 60_000);
