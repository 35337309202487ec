/**
 * Validate a scenario file against schema/scenario.schema.json and turn Ajv's errors into
 * diagnostics at the offending key (the approach of src/spec/schema-check.ts, for a second schema).
 *
 * A step is a `oneOf` of five shapes; Ajv would report one error per shape. We pick the shape the
 * author meant from its keys (`answers`, `seat`, `given`, `expect`, `play`) and explain only that one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { suggest } from '../expr/index.ts';
import { sortDiagnostics, type Diagnostic } from '../spec/diagnostics.ts';
import type { YamlFile } from '../spec/yaml-file.ts';

export const scenarioSchemaPath = fileURLToPath(new URL('../../schema/scenario.schema.json', import.meta.url));

interface SchemaObject {
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  oneOf?: SchemaObject[];
  $ref?: string;
}

interface Validator {
  ajv: Ajv2020;
  root: ValidateFunction;
  defs: Record<string, SchemaObject>;
}

let validator: Validator | undefined;

function getValidator(): Validator {
  if (validator) return validator;
  const schema = JSON.parse(readFileSync(scenarioSchemaPath, 'utf8')) as SchemaObject & { $defs: Record<string, SchemaObject> };
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
  ajv.addSchema(schema, 'scenario');
  validator = { ajv, root: ajv.getSchema('scenario')!, defs: schema.$defs };
  return validator;
}

interface Issue {
  pointer: string;
  key?: string;
  message: string;
  hint?: string;
}

/** The step shapes, by the key that says which one is meant (checked in this order). */
const stepShapes: [key: string, def: string][] = [
  ['answers', 'AnswersStep'],
  ['seat', 'ChoiceStep'],
  ['given', 'GivenStep'],
  ['expect', 'ExpectStep'],
  ['play', 'PlayStep'],
];
const stepKeys = stepShapes.map(([k]) => k);
const stepForms = '{seat, choice, value}, {answers, choice}, {given}, {expect} or {play}';

/** Schema diagnostics for a parsed scenario file (file.data). */
export function checkScenarioSchema(file: YamlFile): Diagnostic[] {
  const v = getValidator();
  const data = file.data ?? null;
  if (v.root(data)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const issue of explain(v.root.errors ?? [], data, '')) {
    const pos = file.locatePointer(issue.pointer, issue.key);
    const id = `${pos.line}:${pos.col}:${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ ...pos, severity: 'error', message: issue.message, ...(issue.hint ? { hint: issue.hint } : {}) });
  }
  return sortDiagnostics(out);
}

function explain(errors: ErrorObject[], data: unknown, prefix: string): Issue[] {
  const under = (path: string, root: string) => path === root || path.startsWith(root + '/');
  const unions = errors
    .filter((e) => e.keyword === 'oneOf')
    .sort((a, b) => a.instancePath.length - b.instancePath.length)
    .filter((e, i, all) => !all.slice(0, i).some((o) => under(e.instancePath, o.instancePath)));
  const issues: Issue[] = [];
  for (const u of unions) issues.push(...explainUnion(u, data, prefix));
  const rest = errors.filter((e) => !unions.some((u) => under(e.instancePath, u.instancePath)));
  const renames = misnamedKeys(rest, prefix);
  issues.push(...renames.values());
  for (const e of rest) {
    if (renames.has(e.instancePath) && (e.keyword === 'additionalProperties' || e.keyword === 'required')) continue;
    const issue = explainOne(e, data, prefix);
    if (issue) issues.push(issue);
  }
  return issues;
}

// One unknown key and one missing key in the same map: a misspelt key. Say that once.
function misnamedKeys(errors: ErrorObject[], prefix: string): Map<string, Issue> {
  const byPath = new Map<string, { extra: string[]; missing: string[]; schema?: SchemaObject }>();
  for (const e of errors) {
    if (e.keyword !== 'additionalProperties' && e.keyword !== 'required') continue;
    const entry = byPath.get(e.instancePath) ?? { extra: [], missing: [] };
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') entry.extra.push(String(params.additionalProperty));
    else entry.missing.push(String(params.missingProperty));
    entry.schema ??= e.parentSchema as SchemaObject;
    byPath.set(e.instancePath, entry);
  }
  const out = new Map<string, Issue>();
  for (const [path, { extra, missing, schema }] of byPath) {
    if (extra.length !== 1 || missing.length !== 1) continue;
    out.set(path, {
      pointer: prefix + path,
      key: extra[0],
      message: `unknown key '${extra[0]}' in ${phrase(schema?.title, prefix + path)}, and '${missing[0]}' is missing`,
      hint: `rename '${extra[0]}' to '${missing[0]}'?`,
    });
  }
  return out;
}

function explainUnion(e: ErrorObject, data: unknown, prefix: string): Issue[] {
  const v = getValidator();
  const value = valueAt(data, e.instancePath);
  const pointer = prefix + e.instancePath;
  const schema = e.parentSchema as SchemaObject;
  if (schema.title !== 'Step') {
    // a `prefer` entry: one value or a list of values
    return [{ pointer, message: `${keyLabel(pointer)} must be a value (text, number, true/false) or a list of values, not ${describe(value)}` }];
  }
  if (!isPlainObject(value)) {
    return [{ pointer, message: `a step must be a map, not ${describe(value)}`, hint: `a step is one of ${stepForms}` }];
  }
  const keys = Object.keys(value);
  const present = stepShapes.filter(([k]) => k in value);
  let def: string | undefined;
  if (present.length === 0) {
    if ('choice' in value || 'value' in value) def = 'ChoiceStep';
    else {
      const first = keys[0];
      if (first === undefined) return [{ pointer, message: 'this step is empty', hint: `a step is one of ${stepForms}` }];
      const guess = suggest(first, stepKeys);
      return [
        {
          pointer,
          key: first,
          message: `'${first}' does not start a step; a step is one of ${stepForms}`,
          ...(guess ? { hint: `did you mean '${guess}'?` } : {}),
        },
      ];
    }
  } else if (present.length > 1) {
    const [a, b] = [present[0]![0], present[1]![0]];
    if (!(a === 'answers' && b === 'seat')) {
      return [
        {
          pointer,
          key: b,
          message: `one step does one thing, but this one has '${a}' and '${b}'`,
          hint: 'put each in its own list item, starting with "- "',
        },
      ];
    }
    def = 'AnswersStep';
  } else def = present[0]![1];
  const branch = v.ajv.getSchema(`scenario#/$defs/${def}`);
  if (!branch) return [{ pointer, message: `${keyLabel(pointer)} ${e.message ?? 'is not valid'}` }];
  if (branch(value)) return [];
  return explain(branch.errors ?? [], value, pointer);
}

function explainOne(e: ErrorObject, data: unknown, prefix: string): Issue | undefined {
  const pointer = prefix + e.instancePath;
  const schema = (e.parentSchema ?? {}) as SchemaObject;
  const context = phrase(schema.title, pointer);
  const key = keyLabel(pointer);
  const value = valueAt(data, e.instancePath);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const allowed = Object.keys(schema.properties ?? {});
      const guess = suggest(extra, allowed);
      return {
        pointer,
        key: extra,
        message: `unknown key '${extra}' in ${context}; allowed: ${allowed.join(', ')}`,
        ...(guess ? { hint: `did you mean '${guess}'?` } : {}),
      };
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const about = schema.properties?.[missing]?.description;
      return { pointer, message: `${context} needs '${missing}'`, ...(about ? { hint: `${missing}: ${about}` } : {}) };
    }
    case 'type': {
      if (pointer === '') return { pointer, message: `a scenario file must be a map (id:, text:, game:, …), not ${describe(value)}` };
      const quoteIt = params.type === 'string' && (typeof value === 'number' || typeof value === 'boolean');
      return {
        pointer,
        message: `${key} must be ${typeWords(String(params.type))}, not ${describe(value)}`,
        ...(quoteIt ? { hint: `write it in quotes: "${String(value)}"` } : {}),
      };
    }
    case 'pattern': {
      if (e.propertyName !== undefined) {
        return {
          pointer,
          key: e.propertyName,
          message: `'${e.propertyName}' is not allowed as a key here`,
          ...(schema.description ? { hint: schema.description } : {}),
        };
      }
      return {
        pointer,
        message: `'${String(value)}' is not a valid value for ${key}`,
        ...(schema.description ? { hint: schema.description } : {}),
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      return { pointer, message: `'${String(value)}' is not allowed for ${key}; use one of: ${allowed.join(', ')}` };
    }
    case 'minLength':
      return { pointer, message: `${key} must not be empty` };
    case 'minItems':
    case 'minProperties': {
      const n = Number(params.limit);
      return { pointer, message: `${key} needs at least ${n} ${n === 1 ? 'entry' : 'entries'}` };
    }
    case 'minimum':
      return { pointer, message: `${key} must be at least ${String(params.limit)}` };
    case 'propertyNames':
      return undefined; // the inner pattern error names the key
    default:
      return { pointer, message: `${key} ${e.message ?? 'is not valid'}` };
  }
}

const phrases: Record<string, string> = {
  Scenario: 'the scenario',
  Text: 'a text',
  Citation: 'a source quote',
  Assumption: 'an assumption',
  Given: "'given'",
  GivenSeat: 'a seat of given',
  ChoiceStep: 'a choice step {seat, choice, value}',
  AnswersStep: 'an answers step {answers, choice}',
  GivenStep: 'a given step',
  ExpectStep: 'an expect step',
  PlayStep: 'a play step',
  ExpectResult: "'expectResult'",
};

function phrase(title: string | undefined, pointer: string): string {
  if (title && phrases[title]) return phrases[title]!;
  return keyLabel(pointer);
}

function typeWords(types: string): string {
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    object: 'a map (key: value lines)',
    array: 'a list (lines starting with "- ")',
    null: 'empty',
  };
  const list = types.split(',').map((t) => words[t] ?? t);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : (list[0] ?? types);
}

function describe(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  if (typeof v === 'string') return `the text "${v.length > 30 ? v.slice(0, 30) + '…' : v}"`;
  if (typeof v === 'boolean') return String(v);
  return `the number ${String(v)}`;
}

function keyLabel(pointer: string): string {
  const segs = pointer.split('/').slice(1).map(unescapePointer);
  const last = segs[segs.length - 1];
  if (last === undefined) return 'the file';
  if (/^[0-9]+$/.test(last)) {
    const parent = segs[segs.length - 2];
    if (parent === 'do') return `step ${Number(last) + 1}`;
    if (parent === 'answers') return `the answer of seat ${last}`;
    if (parent === 'seats') return `seat '${last}'`;
    return parent === undefined ? `item ${Number(last) + 1}` : `item ${Number(last) + 1} of '${parent}'`;
  }
  return `'${last}'`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function unescapePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const seg of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[unescapePointer(seg)];
  }
  return v;
}
