/**
 * What the editor needs to know from the schemas, read from them (never a second list): which
 * keys hold expressions (so a string there is read as one), and what each effect key does.
 */
import { readFileSync } from 'node:fs';
import { scenarioSchemaPath } from '../conformance/schema.ts';
import { schemaPath } from '../loader/schema-check.ts';
import { EXPR_DEF_NAMES } from '../model/schema-fields.ts';

export interface EffectDoc {
  key: string;
  /** what the effect does (its definition's description) */
  description: string;
  /** what the effect key's value is */
  value?: string;
}

export interface SchemaFacts {
  /** keys whose value is an expression, a lambda, a path or a zone reference */
  exprKeys: Set<string>;
  /** effect key → what it does */
  effects: Map<string, EffectDoc>;
}

type Json = { [k: string]: unknown };

// definitions whose strings are read by the expression language
const exprDefs = EXPR_DEF_NAMES.map((d) => `#/$defs/${d}`);

let facts: SchemaFacts | undefined;

export function schemaFacts(): SchemaFacts {
  if (facts) return facts;
  const spec = JSON.parse(readFileSync(schemaPath, 'utf8')) as Json;
  const scenario = JSON.parse(readFileSync(scenarioSchemaPath, 'utf8')) as Json;
  const exprKeys = new Set<string>();
  for (const s of [spec, scenario]) collectExprKeys(s, exprKeys);
  facts = { exprKeys, effects: effectDocs(spec) };
  return facts;
}

function refersToExpr(v: unknown): boolean {
  const text = JSON.stringify(v ?? null);
  return exprDefs.some((d) => text.includes(`"${d}"`));
}

function collectExprKeys(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectExprKeys(n, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const props = (node as Json).properties;
  if (props && typeof props === 'object') {
    for (const [k, v] of Object.entries(props as Json)) if (refersToExpr(v)) out.add(k);
  }
  for (const v of Object.values(node as Json)) collectExprKeys(v, out);
}

/** Each branch of the Effect union: its one required key and its description. */
function effectDocs(spec: Json): Map<string, EffectDoc> {
  const defs = spec.$defs as Record<string, Json>;
  const out = new Map<string, EffectDoc>();
  for (const b of (defs.Effect?.oneOf as Json[] | undefined) ?? []) {
    const name = String(b.$ref ?? '').replace('#/$defs/', '');
    const def = defs[name];
    const key = (def?.required as string[] | undefined)?.[0];
    if (!def || !key) continue;
    const prop = (def.properties as Record<string, Json> | undefined)?.[key];
    const value = typeof prop?.description === 'string' ? prop.description : undefined;
    out.set(key, { key, description: String(def.description ?? ''), ...(value ? { value } : {}) });
  }
  return out;
}
