/**
 * Running games is a library below the command line and the site: nothing under src/simulate/ or
 * src/docgen/ imports from src/cli/ (the site generator once imported `simulate` from the CLI), and
 * the library imports nothing of the site either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.(ts|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** the project folders a file imports from (static and dynamic imports of relative paths) */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\(\s*)['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => relative(root, resolve(dirname(file), s)));
}

describe('layers', () => {
  for (const [folder, forbidden] of [['src/simulate', ['src/cli/', 'src/docgen/']], ['src/docgen', ['src/cli/']]] as const) {
    it(`${folder} imports nothing from ${forbidden.join(' or ')}`, () => {
      const files = sources(join(root, folder));
      expect(files.length).toBeGreaterThan(0);
      const bad = files.flatMap((f) => importedFolders(f).filter((to) => forbidden.some((x) => to.startsWith(x))).map((to) => `${relative(root, f)} -> ${to}`));
      expect(bad).toEqual([]);
    });
  }
});
