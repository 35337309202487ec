/**
 * The spec schema's validators are kept as Ajv's standalone code in a cache folder (schema-compile.ts):
 * a second process loads them instead of compiling. What they report must be what the compiled
 * validators report, error for error, and a changed schema must not load the old module.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lazySchema } from '../../src/loader/schema-compile.ts';
import { schemaPath } from '../../src/loader/schema-check.ts';
import { brokenFragments } from '../fixtures/schema-fragments.ts';

const dir = mkdtempSync(join(tmpdir(), 'schema-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const options = { strictRequired: false };

// broken fragments of every section (and the real rules of one game, which pass)
const broken: unknown[] = [
  ...brokenFragments,
  parse(readFileSync(new URL('../../rules/cash-n-guns/game.yaml', import.meta.url), 'utf8')),
];
const defsTried = ['Effect', 'Game', 'Var', 'Zone', 'Flow'];

describe('the schema compile cache', () => {
  const compiled = lazySchema(schemaPath, 'spec', options, null)();
  const writer = lazySchema(schemaPath, 'spec', options, dir)();
  const reader = lazySchema(schemaPath, 'spec', options, dir)();

  it('writes one module, which the next load reads instead of compiling', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.cjs'))).toHaveLength(1);
    // Ajv's compiled validators carry their source; the module's are plain functions
    expect((writer.root as { source?: unknown }).source).toBeDefined();
    expect((reader.root as { source?: unknown }).source).toBeUndefined();
  });

  it('reports what the compiled validators report, for the whole schema and its $defs', () => {
    const errors = (v: ReturnType<typeof compiled.branch>, d: unknown) => (v!(d) ? [] : JSON.parse(JSON.stringify(v!.errors)));
    let failures = 0;
    for (const d of broken) {
      const want = errors(compiled.root, d);
      failures += want.length;
      expect(errors(reader.root, d)).toEqual(want);
      for (const def of defsTried.filter((x) => compiled.branch(x))) {
        const item = (d as { flow?: { steps?: unknown[] }[] }).flow?.[0]?.steps ?? [d];
        for (const x of item) expect(errors(reader.branch(def), x)).toEqual(errors(compiled.branch(def), x));
      }
    }
    expect(failures).toBeGreaterThan(20);
  });

  it('a changed schema is compiled anew, not read from the old module', () => {
    const changed = join(dir, 'changed.schema.json');
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as { description?: string };
    schema.description = `${schema.description ?? ''} (changed)`;
    writeFileSync(changed, JSON.stringify(schema));
    const again = lazySchema(changed, 'spec', options, dir)();
    expect((again.root as { source?: unknown }).source).toBeDefined();
    expect(readdirSync(dir).filter((f) => f.endsWith('.cjs'))).toHaveLength(2);
    copyFileSync(schemaPath, changed);
  });
});
