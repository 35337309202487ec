/** Static types of expressions, and the compatibility rules between them. */

export type Type =
  | { k: 'number' } | { k: 'bool' } | { k: 'string' } | { k: 'seat' } | { k: 'card' } | { k: 'none' } | { k: 'any' }
  | { k: 'list'; of: Type };

export const T = {
  number: { k: 'number' } as Type,
  bool: { k: 'bool' } as Type,
  string: { k: 'string' } as Type,
  seat: { k: 'seat' } as Type,
  card: { k: 'card' } as Type,
  none: { k: 'none' } as Type,
  any: { k: 'any' } as Type,
  list: (of: Type): Type => ({ k: 'list', of }),
} as const;

export function typeToString(t: Type): string {
  return t.k === 'list' ? `list<${typeToString(t.of)}>` : t.k;
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
  return t.k === 'seat' || t.k === 'card' || t.k === 'string' || t.k === 'number' || t.k === 'none';
}

/** Can a value of type `from` be used where `to` is expected? */
export function assignable(from: Type, to: Type): boolean {
  if (from.k === 'any' || to.k === 'any') return true;
  if (from.k === 'none') return nullable(to);
  if (from.k === 'list') return to.k === 'list' && assignable(from.of, to.of);
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
  return a.k === b.k ? a : undefined;
}

export function isNumeric(t: Type): boolean {
  return t.k === 'number' || t.k === 'any';
}
