/**
 * Validate one spec fragment against schema/spec.schema.json and turn Ajv's errors into
 * diagnostics a rule editor can act on: one message per real problem, at the offending key.
 *
 * Ajv reports a failing `oneOf` (an effect) as one error per branch — 18 effect kinds, dozens of
 * lines for one typo. Instead we pick the branch the author meant (by the effect key, or by the
 * value's type) and validate against that branch alone.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import type { YamlFile } from './yaml-file.ts';

export const schemaPath = fileURLToPath(new URL('../../schema/spec.schema.json', import.meta.url));

type SchemaObject = {
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  enum?: unknown[];
  $ref?: string;
};

interface Validator {
  ajv: Ajv2020;
  root: ValidateFunction;
  defs: Record<string, SchemaObject>;
}

let validator: Validator | undefined;

function getValidator(): Validator {
  if (validator) return validator;
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as SchemaObject & { $defs: Record<string, SchemaObject> };
  // strictRequired off: "source or assumption" is written as if/then with `required` of a sibling
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
  ajv.addSchema(schema, 'spec');
  validator = { ajv, root: ajv.getSchema('spec')!, defs: schema.$defs };
  return validator;
}

/** A problem found by the schema, before it gets a file position. */
interface Issue {
  pointer: string;
  /** point at this key of the object at `pointer` instead of the object */
  key?: string;
  message: string;
  hint?: string;
}

/** Validate a parsed fragment (file.data) against the spec schema. */
export function checkFragmentSchema(file: YamlFile): Diagnostic[] {
  const v = getValidator();
  const data = file.data === null || file.data === undefined ? {} : file.data; // an empty file is an empty fragment
  if (v.root(data)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const issue of explain(v.root.errors ?? [], data, '')) {
    const pos = file.locatePointer(issue.pointer, issue.key);
    const id = `${pos.line}:${pos.col}:${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const d: Diagnostic = { ...pos, severity: 'error', message: issue.message };
    if (issue.hint) d.hint = issue.hint;
    out.push(d);
  }
  return sortDiagnostics(out);
}

function explain(errors: ErrorObject[], data: unknown, prefix: string): Issue[] {
  const under = (path: string, root: string) => path === root || path.startsWith(root + '/');
  // a failing union swallows every error at or below it: we explain it from its chosen branch
  const unions = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
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

// One unknown key and one missing key in the same map: almost always a misspelt or renamed
// key (`qoute`, `reason` for `why`). Say that once instead of two unrelated complaints.
function misnamedKeys(errors: ErrorObject[], prefix: string): Map<string, Issue> {
  const byPath = new Map<string, { extra: string[]; missing: string[]; schema?: SchemaObject }>();
  for (const e of errors) {
    const isExtra = e.keyword === 'additionalProperties';
    const isMissing = e.keyword === 'required' && !e.schemaPath.endsWith('/then/required');
    if (!isExtra && !isMissing) continue;
    const entry = byPath.get(e.instancePath) ?? { extra: [], missing: [] };
    const params = e.params as Record<string, unknown>;
    if (isExtra) entry.extra.push(String(params.additionalProperty));
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
      message: `unknown key '${extra[0]}' in ${phrase(schema?.title)}, and '${missing[0]}' is missing`,
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
  const branches = (schema.oneOf ?? schema.anyOf ?? []).map((b) => defName(b)).filter((n): n is string => !!n);

  let chosen: string | undefined;
  if (schema.title === 'Effect') {
    const byKey = new Map(branches.map((b) => [v.defs[b]?.required?.[0] ?? '', b]));
    const effectKeys = [...byKey.keys()];
    if (!isPlainObject(value)) {
      return [{ pointer, message: `an effect must be a map that starts with an effect key, not ${describe(value)}`, hint: `effect keys: ${effectKeys.join(', ')}` }];
    }
    const keys = Object.keys(value);
    const present = keys.filter((k) => byKey.has(k));
    if (present.length === 0) {
      if (keys.length === 0) return [{ pointer, message: 'this effect is empty', hint: `start it with one of: ${effectKeys.join(', ')}` }];
      const guess = keys.map((k) => closest(k, effectKeys)).find((g) => g);
      return [
        {
          pointer,
          key: keys[0],
          message: `'${keys[0]}' is not an effect: an effect starts with one of ${effectKeys.join(', ')}`,
          hint: guess ? `did you mean '${guess}'?` : 'see the effects table in docs/dsl-reference.md',
        },
      ];
    }
    if (present.length > 1) {
      return [
        {
          pointer,
          key: present[1],
          message: `one effect can do only one thing, but this one has ${present.map((k) => `'${k}'`).join(' and ')}`,
          hint: 'put each effect in its own list item, starting with "- "',
        },
      ];
    }
    chosen = byKey.get(present[0]!);
  } else {
    const kind = jsonType(value);
    const fits = branches.filter((b) => typesOf(v.defs[b]).includes(kind));
    if (fits.length === 1) chosen = fits[0];
    else {
      const what = branches.map((b) => phrase(b)).join(' or ');
      return [{ pointer, message: `${keyLabel(pointer)} must be ${what}, not ${describe(value)}` }];
    }
  }
  const branch = chosen ? v.ajv.getSchema(`spec#/$defs/${chosen}`) : undefined;
  if (!branch) return [{ pointer, message: `${keyLabel(pointer)} ${e.message ?? 'is not valid'}` }];
  if (branch(value)) return [];
  return explain(branch.errors ?? [], value, pointer);
}

function explainOne(e: ErrorObject, data: unknown, prefix: string): Issue | undefined {
  const pointer = prefix + e.instancePath;
  const schema = (e.parentSchema ?? {}) as SchemaObject;
  const context = phrase(schema.title);
  const key = keyLabel(pointer);
  const value = valueAt(data, e.instancePath);
  const params = e.params as Record<string, unknown>;

  switch (e.keyword) {
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const allowed = Object.keys(schema.properties ?? {});
      const guess = closest(extra, allowed);
      if (schema.title === 'Spec') {
        return {
          pointer,
          key: extra,
          message: `unknown section '${extra}'`,
          hint: `${guess ? `did you mean '${guess}'? ` : ''}the sections are: ${allowed.join(', ')}`,
        };
      }
      return {
        pointer,
        key: extra,
        message: `unknown key '${extra}' in ${context}; allowed: ${allowed.join(', ')}`,
        ...(guess ? { hint: `did you mean '${guess}'?` } : {}),
      };
    }
    case 'required': {
      if (e.schemaPath.endsWith('/then/required')) return undefined; // said once by the `if` error
      const missing = String(params.missingProperty);
      const about = propertyHelp(schema, missing);
      return { pointer, message: `${context} needs '${missing}'`, ...(about ? { hint: `${missing}: ${about}` } : {}) };
    }
    case 'if':
      return {
        pointer,
        key: 'id',
        message: `${context} needs 'source' (quotes from the rule book) or 'assumption' (why we decided it), or both`,
        hint: 'add  source: [{ref: "003:85", quote: <exact words>}]  or  assumption: {why: <reason>}',
      };
    case 'type': {
      if (pointer === '') return { pointer, message: `a rules file must be a map of sections (game:, flow:, …), not ${describe(value)}` };
      const expected = schema.title === 'Expr' ? 'an expression (a formula, a number or true/false)' : typeWords(String(params.type));
      const quoteIt = params.type === 'string' && (typeof value === 'number' || typeof value === 'boolean');
      return {
        pointer,
        message: `${key} must be ${expected}, not ${describe(value)}`,
        ...(quoteIt ? { hint: schema.title === 'SeedId' ? 'write the id in quotes, e.g. "003"' : `write it in quotes: "${String(value)}"` } : {}),
      };
    }
    case 'pattern': {
      if (e.propertyName !== undefined) {
        return {
          pointer,
          key: e.propertyName,
          message: `'${e.propertyName}' is not a valid name here`,
          hint: 'names start with a lowercase letter, then letters and digits only (e.g. value, inRound)',
        };
      }
      const shape = patternHelp[schema.title ?? ''];
      return {
        pointer,
        message: `'${String(value)}' is not a valid ${shape?.what ?? `value for ${key}`}`,
        ...(shape?.hint || schema.description ? { hint: shape?.hint ?? schema.description } : {}),
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const guess = closest(String(value), allowed);
      return {
        pointer,
        message: `'${String(value)}' is not allowed for ${key}; use one of: ${allowed.join(', ')}`,
        ...(guess ? { hint: `did you mean '${guess}'?` } : {}),
      };
    }
    case 'minLength':
      return { pointer, message: `${key} must not be empty` };
    case 'minItems': {
      const n = Number(params.limit);
      return { pointer, message: `${key} needs at least ${n} ${n === 1 ? 'entry' : 'entries'}` };
    }
    case 'minimum':
      return { pointer, message: `${key} must be at least ${String(params.limit)}` };
    case 'propertyNames':
      return undefined; // the inner error (with the bad name) says it better
    default:
      return { pointer, message: `${key} ${e.message ?? 'is not valid'}` };
  }
}

// ---- wording helpers

const phrases: Record<string, string> = {
  Spec: 'a rules file',
  Game: 'the game section',
  PlayerCount: "'players'",
  Option: 'an option',
  Card: 'a card',
  Var: 'a variable',
  SeatVar: 'a seat variable',
  Zone: 'a zone',
  FunctionDef: 'a function',
  Procedure: 'a procedure',
  Trigger: 'a trigger',
  RuleNode: 'a rule',
  EndRule: 'an end rule',
  Outcome: 'the outcome section',
  ResultRule: 'a result rule',
  Ranking: 'a ranking (among + by)',
  TieBreak: 'a tie-break',
  NonRule: 'a nonRules entry',
  Text: 'a text',
  Citation: 'a source quote',
  Assumption: 'an assumption',
  Expr: 'an expression',
};

function phrase(title: string | undefined): string {
  if (!title) return 'this entry';
  const known = phrases[title];
  if (known) return known;
  const m = /^(.*)Effect$/.exec(title);
  if (m) {
    const name = m[1]![0]!.toLowerCase() + m[1]!.slice(1);
    return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name} effect`;
  }
  return title;
}

const patternHelp: Record<string, { what: string; hint: string }> = {
  RuleId: { what: 'id', hint: 'ids use lowercase letters, digits and "-" only, e.g. phase-7-share' },
  Name: { what: 'name', hint: 'names start with a lowercase letter, then letters and digits only (camelCase, e.g. inRound); no spaces or "-"' },
  LocalName: { what: 'name', hint: 'use letters, digits and "_" only, not starting with a digit (e.g. target)' },
  ChoiceId: { what: 'choice id', hint: 'start with a lowercase letter; then letters, digits and "-" (e.g. aim)' },
  EventName: { what: 'event name', hint: 'start with a lowercase letter; then letters, digits and "-" (e.g. shot)' },
  SeedId: { what: 'source text id', hint: 'three digits in quotes, e.g. "003" (see seeds/index.yaml)' },
  SeedRef: { what: 'line reference', hint: 'write "<seed id>:<line>" or "<seed id>:<first line>-<last line>" in quotes, e.g. "003:85" or "003:80-82"' },
  Lambda: { what: 'function', hint: 'write it with an arrow, e.g. "s => s.shame" or "c => c.value"' },
};

function propertyHelp(schema: SchemaObject, key: string): string | undefined {
  const prop = schema.properties?.[key];
  if (!prop) return undefined;
  if (prop.description) return prop.description;
  const ref = defName(prop);
  return ref ? getValidator().defs[ref]?.description : undefined;
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

// "'when'", or "item 3 of 'do'" for a list item
function keyLabel(pointer: string): string {
  const segs = pointer.split('/').slice(1).map(unescapePointer);
  const last = segs[segs.length - 1];
  if (last === undefined) return 'the file';
  if (/^[0-9]+$/.test(last)) {
    const parent = segs[segs.length - 2];
    return parent === undefined ? `item ${Number(last) + 1}` : `item ${Number(last) + 1} of '${parent}'`;
  }
  return `'${last}'`;
}

/** Suggest a known word within two edits (or differing only in case). */
function closest(word: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  for (const k of known) {
    const d = k.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, k);
    if (d < bestD && k !== word) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

// ---- data helpers

function defName(s: SchemaObject): string | undefined {
  return s.$ref?.startsWith('#/$defs/') ? s.$ref.slice('#/$defs/'.length) : undefined;
}

function typesOf(s: SchemaObject | undefined): string[] {
  if (!s?.type) return [];
  return Array.isArray(s.type) ? s.type : [s.type];
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v;
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
