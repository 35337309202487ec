/** Static types of expressions, and the compatibility rules between them. */

export type Type =
  | { k: 'number' } | { k: 'bool' } | { k: 'string' } | { k: 'seat' } | { k: 'card' } | { k: 'none' } | { k: 'any' }
  | { k: 'list'; of: Type }
  /** an item of a declared space set (a board location, a character…): its id names the set */
  | { k: 'space'; set: string }
  /** one value per key: a keyed var or zone (`by:` a space set), read with `m[k]` */
  | { k: 'map'; key: Type; of: Type };

export const T = {
  number: { k: 'number' } as Type,
  bool: { k: 'bool' } as Type,
  string: { k: 'string' } as Type,
  seat: { k: 'seat' } as Type,
  card: { k: 'card' } as Type,
  none: { k: 'none' } as Type,
  any: { k: 'any' } as Type,
  list: (of: Type): Type => ({ k: 'list', of }),
  space: (set: string): Type => ({ k: 'space', set }),
  map: (key: Type, of: Type): Type => ({ k: 'map', key, of }),
} as const;

export function typeToString(t: Type): string {
  if (t.k === 'list') return `list<${typeToString(t.of)}>`;
  if (t.k === 'space') return t.set;
  if (t.k === 'map') return `map<${typeToString(t.key)}, ${typeToString(t.of)}>`;
  return t.k;
}

/** The DSL's declared type names (vars, seatVars, options) as types; undefined if unknown. */
export function typeFromName(name: string): Type | undefined {
  switch (name) {
    case 'number': case 'bool': case 'string': case 'seat': case 'card':
      return { k: name };
    case 'seats': return T.list(T.seat);
    case 'cards': return T.list(T.card);
    case 'numbers': return T.list(T.number);
    case 'strings': return T.list(T.string);
    default: return undefined;
  }
}

/** `none` stands for "no seat / no card / no value": it fits these kinds. */
function nullable(t: Type): boolean {
  return t.k === 'seat' || t.k === 'card' || t.k === 'string' || t.k === 'number' || t.k === 'space' || t.k === 'none';
}

/** Can a value of type `from` be used where `to` is expected? */
export function assignable(from: Type, to: Type): boolean {
  if (from.k === 'any' || to.k === 'any') return true;
  if (from.k === 'none') return nullable(to);
  if (from.k === 'list') return to.k === 'list' && assignable(from.of, to.of);
  if (from.k === 'space') return to.k === 'space' && from.set === to.set;
  if (from.k === 'map') return to.k === 'map' && assignable(from.key, to.key) && assignable(to.key, from.key) && assignable(from.of, to.of);
  return from.k === to.k;
}

/**
 * The common type of two values that may flow into one place (the branches of an `if`,
 * the items of a list literal, the sides of `==`); undefined if they do not mix.
 * `none` yields to the other side, `any` (e.g. the items of `[]`) too.
 */
export function join(a: Type, b: Type): Type | undefined {
  if (a.k === 'any') return b;
  if (b.k === 'any') return a;
  if (a.k === 'none') return nullable(b) ? b : undefined;
  if (b.k === 'none') return nullable(a) ? a : undefined;
  if (a.k === 'list' || b.k === 'list') {
    if (a.k !== 'list' || b.k !== 'list') return undefined;
    const of = join(a.of, b.of);
    return of && T.list(of);
  }
  if (a.k === 'space' || b.k === 'space') return a.k === 'space' && b.k === 'space' && a.set === b.set ? a : undefined;
  if (a.k === 'map' || b.k === 'map') return undefined;
  return a.k === b.k ? a : undefined;
}

export function isNumeric(t: Type): boolean {
  return t.k === 'number' || t.k === 'any';
}
