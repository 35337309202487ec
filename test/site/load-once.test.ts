/**
 * `npm run docs:build`'s first step (validateAndGenerate: validation with the random games, the
 * Simulations pages' games, the generator with the worked examples) loads and compiles each game
 * once: every step asks compileGameDir, which keeps the checked game for the same files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cleanTemps, copyRules } from '../docgen/helpers.ts';

const counts = vi.hoisted(() => ({ loads: [] as string[], compiles: 0 }));

vi.mock('../../src/loader/load-folder.ts', async (original) => {
  const m = await original<typeof import('../../src/loader/load-folder.ts')>();
  return {
    ...m,
    loadSpecFolder: (dir: string, ...rest: unknown[]) => {
      counts.loads.push(resolve(dir));
      return (m.loadSpecFolder as (...a: unknown[]) => ReturnType<typeof m.loadSpecFolder>)(dir, ...rest);
    },
  };
});
vi.mock('../../src/interpreter/compile/index.ts', async (original) => {
  const m = await original<typeof import('../../src/interpreter/compile/index.ts')>();
  return {
    ...m,
    compileProgram: (...a: Parameters<typeof m.compileProgram>) => {
      counts.compiles++;
      return m.compileProgram(...a);
    },
  };
});

const { validateAndGenerate } = await import('../../src/site/generate.ts');

const site = mkdtempSync(join(tmpdir(), 'load-once-site-'));
afterAll(() => {
  rmSync(site, { recursive: true, force: true });
  cleanTemps();
});

describe('the site build', () => {
  it('loads and compiles each game once for validation, simulations and pages', async () => {
    const before = process.env['RULES_SITE_SIM_GAMES'];
    process.env['RULES_SITE_SIM_GAMES'] = '2'; // two games a setting: the Simulations pages still run games
    try {
      const rules = copyRules('rules/cash-n-guns');
      const r = await validateAndGenerate({ rulesDir: rules, siteDir: site });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(r.ok).toBe(true);
      expect(counts.loads).toEqual([resolve(rules, 'cash-n-guns')]);
      expect(counts.compiles).toBe(1);
    } finally {
      if (before === undefined) delete process.env['RULES_SITE_SIM_GAMES'];
      else process.env['RULES_SITE_SIM_GAMES'] = before;
    }
  });
});
