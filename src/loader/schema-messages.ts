/**
 * Ajv's errors and JSON values in plain words: the part shared by the spec schema check
 * (src/loader/schema-check.ts) and the scenario schema check (src/conformance/schema.ts).
 *
 * Each check says what is its own through a SchemaExplainer (how its schema's titles read, which
 * branch of a failing union the author meant, its keyword-specific wording); the walk over the
 * errors and the sentences both checks use are here.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import type { YamlFile } from './yaml-file.ts';

/** A problem found by the schema, before it gets a file position. */
export interface Issue {
  pointer: string;
  /** point at this key of the object at `pointer` instead of the object */
  key?: string;
  message: string;
  hint?: string;
}

/** What one schema check says its own way. */
export interface SchemaExplainer {
  /** the $defs entry `def` of the schema, compiled */
  branch(def: string): ValidateFunction | undefined;
  /**
   * a failing oneOf/anyOf at `pointer`: the $defs name of the branch the author meant (its errors
   * are then explained), or the issues that say why no branch fits
   */
  chooseBranch(e: ErrorObject, value: unknown, pointer: string): string | undefined | Issue[];
  /** any other error; undefined when another error says it better */
  explainOne(e: ErrorObject, value: unknown, pointer: string): Issue | undefined;
  /** the object a schema title stands for, in a sentence ("a card"); `pointer` is where it is */
  phrase(title: string | undefined, pointer: string): string;
  /** the value at `pointer`, in a sentence ("'when'") */
  keyLabel(pointer: string): string;
}

// ---- from errors to diagnostics

/** Diagnostics for `data`, the parsed content of `file`, against `validate`: one per problem, at the offending key. */
export function schemaDiagnostics(file: YamlFile, validate: ValidateFunction, data: unknown, x: SchemaExplainer): Diagnostic[] {
  if (validate(data)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const issue of explainErrors(validate.errors ?? [], data, '', x)) {
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

/** The issues behind Ajv's errors for `data`, whose pointers are relative to `prefix`. */
export function explainErrors(errors: ErrorObject[], data: unknown, prefix: string, x: SchemaExplainer): Issue[] {
  const under = (path: string, root: string) => path === root || path.startsWith(root + '/');
  // a failing union swallows every error at or below it: we explain it from its chosen branch
  const unions = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .sort((a, b) => a.instancePath.length - b.instancePath.length)
    .filter((e, i, all) => !all.slice(0, i).some((o) => under(e.instancePath, o.instancePath)));
  const issues: Issue[] = [];
  for (const u of unions) issues.push(...explainUnion(u, data, prefix, x));
  const rest = errors.filter((e) => !unions.some((u) => under(e.instancePath, u.instancePath)));
  const renames = misnamedKeys(rest, prefix, x);
  issues.push(...renames.values());
  for (const e of rest) {
    if (renames.has(e.instancePath) && (e.keyword === 'additionalProperties' || e.keyword === 'required')) continue;
    const issue = x.explainOne(e, valueAt(data, e.instancePath), prefix + e.instancePath);
    if (issue) issues.push(issue);
  }
  return issues;
}

function explainUnion(e: ErrorObject, data: unknown, prefix: string, x: SchemaExplainer): Issue[] {
  const value = valueAt(data, e.instancePath);
  const pointer = prefix + e.instancePath;
  const chosen = x.chooseBranch(e, value, pointer);
  if (Array.isArray(chosen)) return chosen;
  const branch = chosen ? x.branch(chosen) : undefined;
  if (!branch) return [notValid(e, pointer, x.keyLabel(pointer))];
  if (branch(value)) return [];
  return explainErrors(branch.errors ?? [], value, pointer, x);
}

// One unknown key and one missing key in the same map: almost always a misspelt or renamed
// key (`qoute`, `reason` for `why`). Say that once instead of two unrelated complaints.
function misnamedKeys(errors: ErrorObject[], prefix: string, x: SchemaExplainer): Map<string, Issue> {
  const byPath = new Map<string, { extra: string[]; missing: string[]; schema?: { title?: string } }>();
  for (const e of errors) {
    const isExtra = e.keyword === 'additionalProperties';
    // a key required by an if/then is not a map's own key that could have been misspelt
    const isMissing = e.keyword === 'required' && !e.schemaPath.endsWith('/then/required');
    if (!isExtra && !isMissing) continue;
    const entry = byPath.get(e.instancePath) ?? { extra: [], missing: [] };
    const params = e.params as Record<string, unknown>;
    if (isExtra) entry.extra.push(String(params.additionalProperty));
    else entry.missing.push(String(params.missingProperty));
    entry.schema ??= e.parentSchema as { title?: string };
    byPath.set(e.instancePath, entry);
  }
  const out = new Map<string, Issue>();
  for (const [path, { extra, missing, schema }] of byPath) {
    if (extra.length !== 1 || missing.length !== 1) continue;
    out.set(path, {
      pointer: prefix + path,
      key: extra[0],
      message: `unknown key '${extra[0]}' in ${x.phrase(schema?.title, prefix + path)}, and '${missing[0]}' is missing`,
      hint: `rename '${extra[0]}' to '${missing[0]}'?`,
    });
  }
  return out;
}

// ---- sentences for one error

/** additionalProperties: a key the schema does not know */
export function unknownKey(pointer: string, extra: string, context: string, allowed: string[], guess: string | undefined): Issue {
  return {
    pointer,
    key: extra,
    message: `unknown key '${extra}' in ${context}; allowed: ${allowed.join(', ')}`,
    ...(guess ? { hint: `did you mean '${guess}'?` } : {}),
  };
}

/** required: a missing key, with what it is for when the schema says */
export function missingKey(pointer: string, context: string, missing: string, about: string | undefined): Issue {
  return { pointer, message: `${context} needs '${missing}'`, ...(about ? { hint: `${missing}: ${about}` } : {}) };
}

/**
 * type: `type` is Ajv's params.type; `expected` says it in words (by default typeWords of it).
 * A number or true/false where text is wanted gets `quoteHint`.
 */
export function wrongType(
  pointer: string,
  key: string,
  value: unknown,
  type: unknown,
  expected: string = typeWords(String(type)),
  quoteHint = `write it in quotes: "${String(value)}"`,
): Issue {
  const quoteIt = type === 'string' && (typeof value === 'number' || typeof value === 'boolean');
  return { pointer, message: `${key} must be ${expected}, not ${describe(value)}`, ...(quoteIt ? { hint: quoteHint } : {}) };
}

/** pattern: a value not of the expected shape (`what`, by default "value for <key>") */
export function badValue(pointer: string, key: string, value: unknown, hint: string | undefined, what = `value for ${key}`): Issue {
  return { pointer, message: `'${String(value)}' is not a valid ${what}`, ...(hint ? { hint } : {}) };
}

/** enum: a value not among the allowed ones */
export function notAllowed(pointer: string, key: string, value: unknown, allowed: string[], guess?: string): Issue {
  return {
    pointer,
    message: `'${String(value)}' is not allowed for ${key}; use one of: ${allowed.join(', ')}`,
    ...(guess ? { hint: `did you mean '${guess}'?` } : {}),
  };
}

/** any keyword without wording of its own: Ajv's message after the key */
export function notValid(e: ErrorObject, pointer: string, key: string): Issue {
  return { pointer, message: `${key} ${e.message ?? 'is not valid'}` };
}

/** The keywords both schemas word alike (lengths and limits), and Ajv's message for the rest. */
export function explainLimit(e: ErrorObject, pointer: string, key: string): Issue | undefined {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
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
      return undefined; // the inner error (with the bad name) says it better
    default:
      return notValid(e, pointer, key);
  }
}

// ---- values in words

/** How the titles both schemas have read in a sentence (each check adds its own). */
export const sharedPhrases: Readonly<Record<string, string>> = {
  Text: 'a text',
  Citation: 'a source quote',
  Assumption: 'an assumption',
};

/** Ajv's type list ("string,number") in words: "text or a number". */
export function typeWords(types: string): string {
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    object: 'a map (key: value lines)',
    array: 'a list (lines starting with "- ")',
    null: 'empty',
  };
  const split = types.split(',');
  // "a number, text or true or false" reads as four choices: in a list, true/false
  const list = split.map((t) => (t === 'boolean' && split.length > 1 ? 'true/false' : (words[t] ?? t)));
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : (list[0] ?? types);
}

/** A value as found, for "…, not <describe(v)>". */
export function describe(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  if (typeof v === 'string') return `the text "${v.length > 30 ? v.slice(0, 30) + '…' : v}"`;
  if (typeof v === 'boolean') return String(v);
  return `the number ${String(v)}`;
}

/**
 * How a schema names the items of some lists ("step 3" for an item of `do`): parent is the key
 * of the list, index the item's pointer segment (0-based). undefined: "item <n> of '<parent>'".
 */
export type ItemLabel = (parent: string, index: string) => string | undefined;

/** "'when'", or "item 3 of 'do'" for a list item, or "the file" at the top */
export function keyLabel(pointer: string, itemLabel?: ItemLabel): string {
  const segs = pointer.split('/').slice(1).map(unescapePointer);
  const last = segs[segs.length - 1];
  if (last === undefined) return 'the file';
  if (/^[0-9]+$/.test(last)) {
    const parent = segs[segs.length - 2];
    if (parent === undefined) return `item ${Number(last) + 1}`;
    return itemLabel?.(parent, last) ?? `item ${Number(last) + 1} of '${parent}'`;
  }
  return `'${last}'`;
}

// ---- data helpers

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function unescapePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value at a JSON pointer (as in Ajv's instancePath); undefined when there is none. */
export function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const seg of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[unescapePointer(seg)];
  }
  return v;
}
