/**
 * A JSON schema file compiled with Ajv (draft 2020-12) once, on first use: the setup shared by
 * the spec schema check (src/loader/schema-check.ts) and the scenario schema check
 * (src/conformance/schema.ts).
 */
import { readFileSync } from 'node:fs';
import type { Options, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** The parts of a JSON schema (a whole schema, a $defs entry, a property) the checks read. */
export interface SchemaObject {
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  enum?: unknown[];
  $ref?: string;
}

export interface CompiledSchema {
  /** validates a whole document */
  root: ValidateFunction;
  /** the $defs entry `def`, compiled */
  branch(def: string): ValidateFunction | undefined;
  /** the $defs entries as written */
  defs: Record<string, SchemaObject>;
}

/**
 * A function that compiles the schema at `path` (registered as `id`) the first time it is called
 * and returns the same result after. `options` add to or override the settings both checks use
 * (every error, with its schema and data; strict; union types allowed).
 */
export function lazySchema(path: string, id: string, options: Options = {}): () => CompiledSchema {
  let compiled: CompiledSchema | undefined;
  return () => {
    if (compiled) return compiled;
    const schema = JSON.parse(readFileSync(path, 'utf8')) as SchemaObject & { $defs: Record<string, SchemaObject> };
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true, ...options });
    // keywords for other readers of the schema: the type generator (tsType) and editors (defaultSnippets)
    ajv.addVocabulary(['tsType', 'defaultSnippets']);
    ajv.addSchema(schema, id);
    compiled = { root: ajv.getSchema(id)!, branch: (def) => ajv.getSchema(`${id}#/$defs/${def}`), defs: schema.$defs };
    return compiled;
  };
}
