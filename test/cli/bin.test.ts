import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnWithin } from '../limits.ts';

const bin = fileURLToPath(new URL('../../bin/rules.js', import.meta.url));
const rules = (...args: string[]) => spawnWithin(30_000, process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('bin/rules.js', () => {
  it('prints help (exit 0)', () => {
    const r = rules('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Usage: rules/);
    for (const c of ['validate', 'simulate', 'play', 'replay', 'start']) expect(r.stdout).toContain(c);
  });

  it('bad command lines exit 2 without a stack trace', () => {
    const unknown = rules('frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
    const missing = rules('replay', '/nonexistent/log.json');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('error: no such file: /nonexistent/log.json\n');
    const noArg = rules('simulate');
    expect(noArg.status).toBe(2);
    expect(noArg.stderr).toMatch(/missing required argument 'game'/);
    expect(noArg.stderr + missing.stderr + unknown.stderr).not.toMatch(/\n\s+at /);
  });
});
