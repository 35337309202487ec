/**
 * Validate a scenario file against schema/scenario.schema.json and turn Ajv's errors into
 * diagnostics at the offending key (the approach of src/loader/schema-check.ts, for a second schema;
 * the wording both share is in src/loader/schema-messages.ts).
 *
 * A step is a `oneOf` of five shapes; Ajv would report one error per shape. We pick the shape the
 * author meant from its keys (`answers`, `seat`, `given`, `expect`, `play`) and explain only that one.
 */
import { fileURLToPath } from 'node:url';
import type { ErrorObject } from 'ajv';
import { suggest } from '../expr/index.ts';
import type { Diagnostic } from '../loader/diagnostics.ts';
import { lazySchema, type SchemaObject } from '../loader/schema-compile.ts';
import { badValue, describe, explainLimit, isPlainObject, keyLabel, missingKey, notAllowed, schemaDiagnostics, sharedPhrases, unknownKey, wrongType, type Issue, type SchemaExplainer } from '../loader/schema-messages.ts';
import type { YamlFile } from '../loader/yaml-file.ts';

export const scenarioSchemaPath = fileURLToPath(new URL('../../schema/scenario.schema.json', import.meta.url));

const getValidator = lazySchema(scenarioSchemaPath, 'scenario');

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
  return schemaDiagnostics(file, getValidator().root, file.data ?? null, scenarioWords);
}

const scenarioWords: SchemaExplainer = {
  branch: (def) => getValidator().branch(def),
  chooseBranch,
  explainOne,
  phrase,
  keyLabel: label,
};

/** A failing union: a step (chosen by its keys), an assumption's `why` (by its type) or a `prefer` entry. */
function chooseBranch(e: ErrorObject, value: unknown, pointer: string): string | Issue[] {
  const schema = e.parentSchema as SchemaObject;
  if ((schema.anyOf ?? []).some((b) => b.$ref === '#/$defs/Text')) {
    // assumption.why: English text, or {en, zh}
    if (isPlainObject(value)) return 'Text';
    if (typeof value === 'string') return [{ pointer, message: `${label(pointer)} must not be empty` }];
    return [{ pointer, message: `${label(pointer)} must be a map {en, zh} (or English text), not ${describe(value)}`, hint: 'write it as  why: {en: <the reason in English>, zh: <the same in Chinese>}' }];
  }
  if (schema.title !== 'Step') {
    // a `prefer` entry: one value or a list of values
    return [{ pointer, message: `${label(pointer)} must be a value (text, number, true/false) or a list of values, not ${describe(value)}` }];
  }
  if (!isPlainObject(value)) {
    return [{ pointer, message: `a step must be a map, not ${describe(value)}`, hint: `a step is one of ${stepForms}` }];
  }
  const keys = Object.keys(value);
  const present = stepShapes.filter(([k]) => k in value);
  if (present.length === 0) {
    if ('choice' in value || 'value' in value) return 'ChoiceStep';
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
  if (present.length > 1) {
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
    return 'AnswersStep';
  }
  return present[0]![1];
}

function explainOne(e: ErrorObject, value: unknown, pointer: string): Issue | undefined {
  const schema = (e.parentSchema ?? {}) as SchemaObject;
  const context = phrase(schema.title, pointer);
  const key = label(pointer);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const allowed = Object.keys(schema.properties ?? {});
      return unknownKey(pointer, extra, context, allowed, suggest(extra, allowed));
    }
    case 'required': {
      const missing = String(params.missingProperty);
      return missingKey(pointer, context, missing, schema.properties?.[missing]?.description);
    }
    case 'type': {
      if (pointer === '') return { pointer, message: `a scenario file must be a map (id:, text:, game:, …), not ${describe(value)}` };
      return wrongType(pointer, key, value, params.type);
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
      return badValue(pointer, key, value, schema.description);
    }
    case 'enum':
      return notAllowed(pointer, key, value, (params.allowedValues as unknown[]).map(String));
    default:
      return explainLimit(e, pointer, key);
  }
}

const phrases: Record<string, string> = {
  ...sharedPhrases,
  Scenario: 'the scenario',
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
  return label(pointer);
}

/** list items of a scenario: steps of `do`, the answers of seats, given seats */
function scenarioItem(parent: string, index: string): string | undefined {
  if (parent === 'do') return `step ${Number(index) + 1}`;
  if (parent === 'answers') return `the answer of seat ${index}`;
  if (parent === 'seats') return `seat '${index}'`;
  return undefined;
}

function label(pointer: string): string {
  return keyLabel(pointer, scenarioItem);
}
