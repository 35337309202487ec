/**
 * Which fields of a spec hold expressions, read from the JSON Schema itself (a field whose
 * schema is `Expr`, `Lambda`, `ZoneRef` or `Path`), so the typed form and the schema cannot
 * disagree about it. An effect is typed by its kind's branch (`<Kind>Effect`), found by its key.
 */
import schema from '../../schema/spec.schema.json' with { type: 'json' };
import { effectKeyOf } from '../effects/registry.ts';

type SchemaNode = {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  type?: string | string[];
};

const defs = (schema as unknown as { $defs: Record<string, SchemaNode> }).$defs;

/** what kind of expression a field holds */
export type ExprField = 'expr' | 'lambda' | 'zone' | 'path';
const EXPR_DEFS: Record<string, ExprField> = { Expr: 'expr', Lambda: 'lambda', ZoneRef: 'zone', Path: 'path' };
/** the schema definitions whose strings are expressions (one list: the typed form and the editor read it) */
export const EXPR_DEF_NAMES: readonly string[] = Object.keys(EXPR_DEFS);

export interface FieldVisitor {
  /** an expression field: obj[key] holds an expression of this kind */
  expr(obj: object, key: string | number, kind: ExprField): void;
  /** an effect list (walked by the effect walker, not here) */
  effects?(list: unknown[]): void;
}

const refName = (ref: string) => ref.replace('#/$defs/', '');

/** walk `value` as the schema node `s` says, reporting its expression fields */
function visit(s: SchemaNode | boolean | undefined, parent: object, key: string | number, v: FieldVisitor, depth: number): void {
  if (typeof s !== 'object' || depth > 100) return;
  const value = (parent as Record<string | number, unknown>)[key];
  if (value === undefined || value === null) return;
  if (s.$ref) {
    const name = refName(s.$ref);
    const kind = EXPR_DEFS[name];
    if (kind) {
      if (typeof value === 'string') v.expr(parent, key, kind);
      return;
    }
    if (name === 'Effects') {
      if (Array.isArray(value)) v.effects?.(value);
      return;
    }
    if (name === 'Effect') return; // a single effect: the effect walker reaches it
    return visit(defs[name], parent, key, v, depth + 1);
  }
  if (s.oneOf || s.anyOf) {
    // a union of object shapes: the fields of every branch that this value has
    for (const b of s.oneOf ?? s.anyOf ?? []) visit(b, parent, key, v, depth + 1);
    return;
  }
  if (Array.isArray(value)) {
    if (s.items) value.forEach((_, i) => visit(s.items, value, i, v, depth + 1));
    return;
  }
  if (typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    const prop = s.properties?.[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
    if (prop) visit(prop, obj, k, v, depth + 1);
  }
}

/** the expression fields of one effect (its nested effect lists are left to the effect walker) */
export function effectFields(effect: object, v: FieldVisitor): void {
  const key = effectKeyOf(effect);
  if (!key) return;
  const def = defs[`${key.charAt(0).toUpperCase()}${key.slice(1)}Effect`];
  visit(def, { e: effect }, 'e', v, 0);
}

/** the expression fields of a whole spec, declarations included (effects: each effect's own fields) */
export function specFields(spec: object, v: FieldVisitor): void {
  visit(schema as unknown as SchemaNode, { spec }, 'spec', v, 0);
}
