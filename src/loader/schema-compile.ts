/**
 * A JSON schema file compiled with Ajv (draft 2020-12) once, on first use: the setup shared by
 * the spec schema check (src/loader/schema-check.ts) and the scenario schema check
 * (src/conformance/schema.ts).
 *
 * Compiling the spec schema cost a third of a second in every command that reads a rules file.
 * So the validators Ajv generates are also written out as a module (Ajv's standalone code) under
 * node_modules/.cache, named by a hash of the schema's text, the options and Ajv's version; a later
 * process loads that module instead of compiling. A changed schema has another name, so it is
 * compiled anew; where the cache cannot be written, every process compiles, as before.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';

const require = createRequire(import.meta.url);
// the module names Ajv's files by path: another Ajv, or the same one moved, is another module
const ajvVersion = `${(require('ajv/package.json') as { version: string }).version} ${require.resolve('ajv')}`;
const defaultCache = fileURLToPath(new URL('../../node_modules/.cache/rules-schemas/', import.meta.url));

/** The parts of a JSON schema (a whole schema, a $defs entry, a property) the checks read. */
export interface SchemaObject {
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  /** an array's items */
  items?: SchemaObject;
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
export function lazySchema(path: string, id: string, options: Options = {}, cacheDir: string | null = defaultCache): () => CompiledSchema {
  let compiled: CompiledSchema | undefined;
  return () => {
    if (compiled) return compiled;
    const text = readFileSync(path, 'utf8');
    const schema = JSON.parse(text) as SchemaObject & { $defs: Record<string, SchemaObject> };
    const settings: Options = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true, ...options };
    const cached = cacheDir === null ? undefined : join(cacheDir, `${id}-${createHash('sha1').update(`${ajvVersion}\0${JSON.stringify(settings)}\0${text}`).digest('hex')}.cjs`);
    const defs = Object.keys(schema.$defs ?? {});
    // export names of the module: `root`, and `d<i>` for the i-th $defs entry
    const fromModule = (m: Record<string, ValidateFunction>): CompiledSchema => ({ root: m.root!, branch: (def) => m[`d${defs.indexOf(def)}`], defs: schema.$defs });
    if (cached !== undefined) {
      try {
        return (compiled = fromModule(require(cached) as Record<string, ValidateFunction>));
      } catch {
        // not cached yet (or unreadable): compile
      }
    }
    let ajv: InstanceType<typeof Ajv2020>;
    let root: ValidateFunction;
    try {
      // Ajv's error log prints the code it failed to compile: the error thrown says enough
      ajv = new Ajv2020({ ...settings, code: { source: true }, logger: { log: console.log, warn: console.warn, error: () => {} } });
      // keywords for other readers of the schema: the type generator (tsType) and editors (defaultSnippets)
      ajv.addVocabulary(['tsType', 'defaultSnippets']);
      ajv.addSchema(schema, id);
      root = ajv.getSchema(id)!;
    } catch (e) {
      // Ajv makes its validators with new Function: a process that forbids it can only load them
      if (!(e instanceof EvalError)) throw e;
      throw new Error(
        `the ${id} schema's validators are not compiled yet, and this process may not compile code (--disallow-code-generation-from-strings): ` +
          `run any rules command once without that flag; the validators are then kept${cacheDir === null ? '' : ` in ${cacheDir}`} and loaded from there`,
      );
    }
    compiled = { root, branch: (def) => ajv.getSchema(`${id}#/$defs/${def}`), defs: schema.$defs };
    if (cached !== undefined) writeModule(ajv, id, defs, cached);
    return compiled;
  };
}

/** Ajv's code for the schema and each $defs entry, written whole or not at all (processes race) */
function writeModule(ajv: InstanceType<typeof Ajv2020>, id: string, defs: string[], file: string): void {
  try {
    const names: Record<string, string> = { root: id };
    defs.forEach((d, i) => (names[`d${i}`] = `${id}#/$defs/${d}`));
    // Ajv's runtime helpers by their resolved paths: the module may lie outside node_modules
    const code = standaloneModule.default(ajv, names).replace(/require\("(ajv\/dist\/runtime\/[\w./-]+)"\)/g, (_, m: string) => `require(${JSON.stringify(require.resolve(m))})`);
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  } catch {
    // a read-only or full disk: the next process compiles again
  }
}
