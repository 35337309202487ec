import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesFile } from '../../scripts/schema-types.ts';

describe('src/loader/types.generated.ts', () => {
  it('is up to date with schema/spec.schema.json (else run: npm run schema:types)', async () => {
    const fresh = await generateTypes();
    const committed = readFileSync(typesFile, 'utf8');
    expect(committed === fresh, 'src/loader/types.generated.ts is stale: run `npm run schema:types`').toBe(true);
  });

  it('names the main spec parts', () => {
    const committed = readFileSync(typesFile, 'utf8');
    for (const name of ['Spec', 'Game', 'RuleNode', 'Option', 'Card', 'Var', 'SeatVar', 'Zone', 'Outcome', 'ResultRule', 'NonRule']) {
      expect(committed).toContain(`export interface ${name} {`);
    }
    expect(committed).toContain('export type Effect =');
    expect(committed).toContain('export interface ChooseEffect {');
    expect(committed).not.toMatch(/\b[A-Z][A-Za-z]+1\b/); // no Expr1-style duplicates
    expect(committed).not.toContain('[k: string]: unknown'); // every shape is closed
  });
});
