/**
 * "Nothing under src/ may name a game": the interpreter, the CLI and the tools are generic.
 * The check is the project's own: `grep -rniE "cash|guns|downtown|speakeasy|boss" src/` prints nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('no game names under src/', () => {
  it('grep -rniE "cash|guns|downtown|speakeasy|boss" src/ prints nothing', () => {
    const r = spawnSync('grep', ['-rniE', 'cash|guns|downtown|speakeasy|boss', 'src/'], { cwd: ROOT, encoding: 'utf8' });
    // grep exits 1 when nothing matches, 0 when something does, 2 on trouble
    expect(r.error).toBeUndefined();
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
  });

  it('the check would catch a game name (grep really runs over src/)', () => {
    const r = spawnSync('grep', ['-rliE', 'interpreter', 'src/'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/src\/interpreter\//);
  });
});
