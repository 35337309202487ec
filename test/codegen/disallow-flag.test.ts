/**
 * The real flag: under `node --disallow-code-generation-from-strings` every game compiles to the
 * closures (new Function throws EvalError), and `rules simulate` prints the same bytes as with
 * generated code, for every game. Ajv's schema validators are made with new Function too: the
 * command loads them from the cache a run without the flag fills (src/loader/schema-compile.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnWithin } from '../limits.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NO_CODE = '--disallow-code-generation-from-strings';
const node = (args: string[]) => spawnWithin(240_000, process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, RULES_CODEGEN: '' } });
const rules = (flags: string[], ...args: string[]) => node([...flags, join(ROOT, 'bin', 'rules.js'), ...args]);

describe('node --disallow-code-generation-from-strings', () => {
  it('compiles every game to the closures, saying why, where it compiles to code without the flag', () => {
    const script = join(ROOT, 'test', 'fixtures', 'codegen', 'report-mode.ts');
    const modes = (flags: string[]) => {
      const r = node([...flags, '--import', 'tsx', script]);
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as Record<string, { mode: string; reason?: string }>;
    };
    const free = modes([]);
    const forbidden = modes([NO_CODE]);
    expect(Object.keys(free).length).toBeGreaterThanOrEqual(4);
    for (const [game, m] of Object.entries(free)) {
      expect({ game, mode: m.mode }).toEqual({ game, mode: 'generated' });
      expect({ game, mode: forbidden[game]!.mode }).toEqual({ game, mode: 'closures' });
      expect(forbidden[game]!.reason).toMatch(/EvalError/);
    }
  });

  it('rules validate and rules simulate print what they print with generated code', () => {
    // a run without the flag first: it keeps Ajv's validators, which the flag forbids making
    expect(rules([], 'validate', 'rules/').status).toBe(0);
    const validate = rules([NO_CODE], 'validate', 'rules/');
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toMatch(/0 errors, 0 warnings in \d+ games/);
    for (const [game, players] of [['cash-n-guns', '6'], ['downtown', '4'], ['speakeasy', '3'], ['the-boss', '5']] as const) {
      const args = ['simulate', game, '--players', players, '--games', '12', '--seed', '4', '--json'];
      const free = rules([], ...args);
      const forbidden = rules([NO_CODE], ...args);
      expect(free.status).toBe(0);
      expect({ game, status: forbidden.status, stderr: forbidden.stderr }).toEqual({ game, status: 0, stderr: '' });
      expect(forbidden.stdout === free.stdout, `${game}: the same bytes`).toBe(true);
    }
  });
});
