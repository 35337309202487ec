/**
 * The text fields of the schemas, read from the schemas themselves, so that the hostile-site test
 * fails when a field is added without being in its fixture.
 *
 * A text field is a place where a spec or scenario may write a free string: a schema node whose
 * type allows a string with no `pattern`, `enum`, `const` or `format` (ids and names have
 * patterns), outside the expression definitions (Expr, Lambda, ZoneRef, Path: src/model/
 * schema-fields.ts). Its name is `<file>:<definition>.<property path>`: `Text` (`{en, zh}`) is
 * named where it is used (`spec:Game.name.en`), every other definition by itself
 * (`spec:Assumption.why`, `scenario:Value`), `*` for any key and `[]` for any item.
 */
import { EXPR_DEF_NAMES } from '../../src/model/schema-fields.ts';

interface Node {
  $ref?: string;
  type?: string | string[];
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  required?: string[];
  items?: Node;
  oneOf?: Node[];
  anyOf?: Node[];
  allOf?: Node[];
  $defs?: Record<string, Node>;
}

/** definitions named where they are used, not by themselves */
const INLINE = new Set(['Text']);
const EXPR = new Set(EXPR_DEF_NAMES);

const refName = (ref: string): string => ref.replace('#/$defs/', '');

function types(n: Node): string[] {
  return n.type === undefined ? [] : Array.isArray(n.type) ? n.type : [n.type];
}

function isFreeString(n: Node): boolean {
  return types(n).includes('string') && n.pattern === undefined && n.enum === undefined && n.const === undefined && n.format === undefined;
}

/** every text field of a schema */
export function textFields(schema: object, file: string): Set<string> {
  const root = schema as Node;
  const defs = root.$defs ?? {};
  const out = new Set<string>();
  const entered = new Set<string>();
  const walk = (n: Node | boolean | undefined, path: string): void => {
    if (typeof n !== 'object') return;
    if (n.$ref !== undefined) {
      const name = refName(n.$ref);
      if (EXPR.has(name)) return;
      if (INLINE.has(name)) return walk(defs[name], path);
      if (!entered.has(name)) {
        entered.add(name);
        walk(defs[name], name);
      }
      return;
    }
    for (const b of [...(n.oneOf ?? []), ...(n.anyOf ?? []), ...(n.allOf ?? [])]) walk(b, path);
    if (isFreeString(n)) out.add(`${file}:${path}`);
    for (const [k, v] of Object.entries(n.properties ?? {})) walk(v, `${path}.${k}`);
    walk(n.additionalProperties, `${path}.*`);
    walk(n.items, `${path}[]`);
  };
  walk(root, '#');
  return out;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** could `value` be an instance of `n` (its type, required keys and closed properties; enough to pick a branch) */
function fits(n: Node, value: unknown, defs: Record<string, Node>): boolean {
  if (n.$ref !== undefined) {
    const name = refName(n.$ref);
    return EXPR.has(name) ? typeof value === 'string' : fits(defs[name] ?? {}, value, defs);
  }
  const ts = types(n);
  const t = typeOf(value);
  if (ts.length > 0 && !ts.includes(t) && !(t === 'integer' && ts.includes('number'))) return false;
  if (n.enum !== undefined && !n.enum.includes(value)) return false;
  if (n.const !== undefined && n.const !== value) return false;
  if (t === 'object') {
    const o = value as Record<string, unknown>;
    if (!(n.required ?? []).every((k) => k in o)) return false;
    if (n.additionalProperties === false && !Object.keys(o).every((k) => k in (n.properties ?? {}))) return false;
  }
  const branches = n.oneOf ?? n.anyOf;
  return branches === undefined || branches.some((b) => fits(b, value, defs));
}

/**
 * The text fields that `data` (a document of that schema) fills with a string that `counts`
 * accepts, named as `textFields` names them.
 */
export function filledTextFields(schema: object, file: string, data: unknown, counts: (s: string) => boolean): Set<string> {
  const root = schema as Node;
  const defs = root.$defs ?? {};
  const out = new Set<string>();
  const walk = (n: Node | boolean | undefined, value: unknown, path: string): void => {
    if (typeof n !== 'object' || value === undefined) return;
    if (n.$ref !== undefined) {
      const name = refName(n.$ref);
      if (EXPR.has(name)) return;
      return walk(defs[name], value, INLINE.has(name) ? path : name);
    }
    for (const b of [...(n.oneOf ?? []), ...(n.anyOf ?? [])]) if (fits(b, value, defs)) walk(b, value, path);
    for (const b of n.allOf ?? []) walk(b, value, path);
    if (typeof value === 'string') {
      if (isFreeString(n) && counts(value)) out.add(`${file}:${path}`);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) walk(n.items, item, `${path}[]`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      const prop = n.properties?.[k];
      if (prop !== undefined) walk(prop, v, `${path}.${k}`);
      else walk(n.additionalProperties, v, `${path}.*`);
    }
  };
  walk(root, data, '#');
  return out;
}
