/**
 * Validate one spec fragment against schema/spec.schema.json and turn Ajv's errors into
 * diagnostics a rule editor can act on: one message per real problem, at the offending key.
 *
 * Ajv reports a failing `oneOf` (an effect) as one error per branch — 18 effect kinds, dozens of
 * lines for one typo. Instead we pick the branch the author meant (by the effect key, or by the
 * value's type) and validate against that branch alone.
 */
import { fileURLToPath } from 'node:url';
import type { ErrorObject } from 'ajv';
import type { Diagnostic } from './diagnostics.ts';
import { lazySchema, type SchemaObject } from './schema-compile.ts';
import { badValue, describe, explainLimit, isPlainObject, keyLabel, missingKey, notAllowed, schemaDiagnostics, sharedPhrases, typeWords, unknownKey, wrongType, type Issue, type SchemaExplainer } from './schema-messages.ts';
import type { YamlFile } from './yaml-file.ts';

export const schemaPath = fileURLToPath(new URL('../../schema/spec.schema.json', import.meta.url));

// strictRequired off: "source or assumption" is written as if/then with `required` of a sibling
const getValidator = lazySchema(schemaPath, 'spec', { strictRequired: false });
// the same schema, stopping at the first error and keeping nothing for messages: a fragment that
// passes it passes the one above, and checking all of them this way first took a third of the
// time the every-error validator did (each effect is tried against every branch of the union)
const getQuickValidator = lazySchema(schemaPath, 'spec', { strictRequired: false, allErrors: false, verbose: false });

/** Validate a parsed fragment (file.data) against the spec schema. */
export function checkFragmentSchema(file: YamlFile): Diagnostic[] {
  const data = file.data === null || file.data === undefined ? {} : file.data; // an empty file is an empty fragment
  if (getQuickValidator().root(data)) return [];
  return schemaDiagnostics(file, getValidator().root, data, specWords);
}

const specWords: SchemaExplainer = {
  branch: (def) => getValidator().branch(def),
  chooseBranch,
  explainOne,
  phrase,
  keyLabel,
};

/** A failing union: an effect (chosen by its effect key) or a value (chosen by its type). */
function chooseBranch(e: ErrorObject, value: unknown, pointer: string): string | undefined | Issue[] {
  const v = getValidator();
  const schema = e.parentSchema as SchemaObject;
  const branches = (schema.oneOf ?? schema.anyOf ?? []).map((b) => defName(b)).filter((n): n is string => !!n);

  if (schema.title === 'Effect') {
    // the branches that start with an effect key (UnknownEffect, there for editors, has none)
    const byKey = new Map(branches.flatMap((b) => { const k = v.defs[b]?.required?.[0]; return k ? [[k, b] as const] : []; }));
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
    return byKey.get(present[0]!);
  }
  const inline = (schema.oneOf ?? schema.anyOf ?? []) as SchemaObject[];
  if (branches.length === 0 && inline.length > 0) return inlineUnion(inline, value, pointer);
  const kind = jsonType(value);
  const fits = branches.filter((b) => typesOf(v.defs[b]).includes(kind));
  if (fits.length === 1) return fits[0];
  const what = branches.map((b) => phrase(b)).join(' or ');
  return [{ pointer, message: `${keyLabel(pointer)} must be ${what}, not ${describe(value)}` }];
}

function explainOne(e: ErrorObject, value: unknown, pointer: string): Issue | undefined {
  const schema = (e.parentSchema ?? {}) as SchemaObject;
  const context = phrase(schema.title);
  const key = keyLabel(pointer);
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
      return unknownKey(pointer, extra, context, allowed, guess);
    }
    case 'required': {
      if (e.schemaPath.endsWith('/then/required')) return undefined; // said once by the `if` error
      const missing = String(params.missingProperty);
      return missingKey(pointer, context, missing, propertyHelp(schema, missing));
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
      return wrongType(
        pointer,
        key,
        value,
        params.type,
        schema.title === 'Expr' ? 'an expression (a formula, a number or true/false)' : undefined,
        schema.title === 'SeedId' ? 'write the id in quotes, e.g. "003"' : undefined,
      );
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
      return badValue(pointer, key, value, shape?.hint ?? schema.description, shape?.what);
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      return notAllowed(pointer, key, value, allowed, closest(String(value), allowed));
    }
    default:
      return explainLimit(e, pointer, key);
  }
}

// ---- wording helpers

const phrases: Record<string, string> = {
  ...sharedPhrases,
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

/**
 * A union whose branches have no $defs name, each a type or a list of a type (a card's printed
 * prop): the branch the value's kind fits, and in a list the first item of no item type; with no
 * branch that fits, every branch in words. undefined: a branch fits and no item is wrong.
 */
function inlineUnion(branches: SchemaObject[], value: unknown, pointer: string): Issue[] | undefined {
  const fit = branches.find((b) => fitsTypes(typesOf(b), value));
  if (fit?.items !== undefined && Array.isArray(value)) {
    const want = typesOf(fit.items);
    const at = value.findIndex((x) => !fitsTypes(want, x));
    if (at < 0) return undefined;
    const itemPointer = `${pointer}/${at}`;
    return [{ pointer: itemPointer, message: `${keyLabel(itemPointer)} must be ${typeWords(want.join(','))}, not ${describe(value[at])}` }];
  }
  if (fit) return undefined;
  const seen: string[] = [];
  const words = branches.map((b) => {
    const types = typesOf(b).join(',');
    const itemTypes = typesOf(b.items).join(',');
    seen.push(types);
    if (types === 'array' && itemTypes) return seen.includes(itemTypes) ? 'a list of them' : `a list of ${typeWords(itemTypes)}`;
    return types ? typeWords(types) : phrase(b.title);
  });
  return [{ pointer, message: `${keyLabel(pointer)} must be ${words.join(', or ')}, not ${describe(value)}` }];
}

/** whether `v` is of one of the JSON schema `types` (none: any) */
function fitsTypes(types: string[], v: unknown): boolean {
  if (types.length === 0) return true;
  const kind = jsonType(v);
  return types.includes(kind) || (kind === 'number' && types.includes('integer') && Number.isInteger(v));
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
