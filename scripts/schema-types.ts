/**
 * Generate src/loader/types.generated.ts from schema/spec.schema.json, so the TypeScript types of
 * a spec can never drift from what the schema accepts. Run: npm run schema:types
 * (test/loader/schema-types.test.ts fails when the committed file is stale).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

export const schemaFile = fileURLToPath(new URL('../schema/spec.schema.json', import.meta.url));
export const typesFile = fileURLToPath(new URL('../src/loader/types.generated.ts', import.meta.url));

const banner = `/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schema/spec.schema.json.
 * Regenerate with: npm run schema:types   (tsx scripts/schema-types.ts)
 */`;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * json-schema-to-typescript turns `{$ref: X, description: D}` into a fresh copy of X named X1,
 * X2, … Property descriptions matter (they are the editor's hover help), so instead we point
 * such properties at X's TypeScript name with `tsType`, keeping the description as JSDoc.
 */
function refsToTsTypes(node: Json, defs: Record<string, { title?: string }>): Json {
  if (Array.isArray(node)) return node.map((n) => refsToTsTypes(n, defs));
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && Object.keys(node).length > 1 && ref.startsWith('#/$defs/')) {
    const name = ref.slice('#/$defs/'.length);
    const { $ref: _drop, ...rest } = node;
    return { ...rest, tsType: defs[name]?.title ?? name };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, refsToTsTypes(v, defs)]));
}

export async function generateTypes(): Promise<string> {
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { $defs: Record<string, { title?: string }> } & Json;
  const prepared = refsToTsTypes(schema, schema.$defs) as unknown as JSONSchema;
  return compile(prepared, 'Spec', {
    bannerComment: banner,
    additionalProperties: false,
    // every $def becomes a named export (some are only reachable through tsType above)
    unreachableDefinitions: true,
    // plain arrays (Citation[]) rather than tuples ([Citation, ...Citation[]]): easier to build in code
    ignoreMinAndMaxItems: true,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(typesFile, await generateTypes());
  console.log(`wrote ${typesFile}`);
}
