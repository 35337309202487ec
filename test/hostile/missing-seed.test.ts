/**
 * A seed file listed in seeds/index.yaml but missing from seeds/: one error that names the
 * file, not one "no source text" per quote (issue 10 §4). The file is made unreadable by
 * mocking node:fs for this test file only.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((path: unknown, ...rest: unknown[]) => {
    if (String(path).includes('003_')) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${String(path)}'`), { code: 'ENOENT' });
    return (fs.readFileSync as (...a: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

const { loadSpecFolder } = await import('../../src/loader/load-folder.ts');

describe('a missing seed file', () => {
  it('is one error, at the game seeds, naming the file', () => {
    const { diagnostics } = loadSpecFolder('test/fixtures/interpreter/open-auction');
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^source text 003 is listed in seeds\/index\.yaml, but its file seeds\/003_\w+\.txt cannot be read$/)]);
    expect(errors[0]).toMatchObject({ file: 'test/fixtures/interpreter/open-auction/game.yaml', line: 8 });
  });
});
