/**
 * checkFragmentSchema first runs a validator that stops at the first error (schema-check.ts) and
 * only runs the every-error one, for the messages, when that fails. That is only sound if both
 * accept the same fragments: the real rules of every game, and broken ones of every section.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lazySchema } from '../../src/loader/schema-compile.ts';
import { checkFragmentSchema, schemaPath } from '../../src/loader/schema-check.ts';
import { parseYaml } from '../../src/loader/yaml-file.ts';
import { brokenFragments } from '../fixtures/schema-fragments.ts';

const rulesDir = fileURLToPath(new URL('../../rules', import.meta.url));
const yamlFiles = (d: string): string[] =>
  readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? yamlFiles(join(d, e.name)) : e.name.endsWith('.yaml') ? [join(d, e.name)] : []));

const real = yamlFiles(rulesDir).map((f) => parse(readFileSync(f, 'utf8')) as unknown);
const broken: unknown[] = [
  ...brokenFragments,
  // a real fragment with one rule's citation taken away (neither source nor assumption)
  ...real.slice(0, 3).map((f) => JSON.parse(JSON.stringify(f).replace('"source":', '"sourc":')) as unknown),
];

describe('the quick schema check', () => {
  const full = lazySchema(schemaPath, 'spec', { strictRequired: false }, null)();
  const quick = lazySchema(schemaPath, 'spec', { strictRequired: false, allErrors: false, verbose: false }, null)();

  it('accepts exactly what the every-error validator accepts', () => {
    expect(real.length).toBeGreaterThan(20);
    for (const d of [...real, ...broken]) expect(quick.root(d)).toBe(full.root(d));
    expect(real.every((d) => full.root(d))).toBe(true);
    expect(broken.filter((d) => !full.root(d)).length).toBe(broken.length);
  });

  it('a broken fragment still gets every message', () => {
    const file = parseYaml('broken.yaml', 'flow:\n  - phase: p\n    steps:\n      - sett: 1\n      - move: 3\n');
    const messages = checkFragmentSchema(file);
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages.every((d) => d.severity === 'error' && d.file === 'broken.yaml')).toBe(true);
  });
});
