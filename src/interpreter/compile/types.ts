/** Spec type names <-> expression types. */
import { T, type Type } from '../../expr/index.ts';
import type { VarType } from '../program.ts';

export { T };

export function varType(t: VarType): Type {
  switch (t) {
    case 'number':
    case 'bool':
    case 'string':
    case 'seat':
    case 'card':
      return T[t as "number" | "bool" | "string" | "seat" | "card"];
    case 'seats':
      return T.list(T.seat);
    case 'cards':
      return T.list(T.card);
    case 'numbers':
      return T.list(T.number);
    case 'strings':
      return T.list(T.string);
    default:
      // a space set: checked against the declared sets where the type is declared
      return t.endsWith('[]') ? T.list(T.space(t.slice(0, -2))) : T.space(t);
  }
}

/** the space set a declared type names, if it names one */
export function spaceSetOf(t: VarType): string | undefined {
  return BUILTIN_TYPES.includes(t) ? undefined : t.replace(/\[\]$/, '');
}

export const BUILTIN_TYPES: readonly string[] = ['number', 'bool', 'string', 'seat', 'card', 'seats', 'cards', 'numbers', 'strings'];

export function defaultValue(t: VarType): null | number | boolean | string | [] {
  switch (t) {
    case 'number':
      return 0;
    case 'bool':
      return false;
    case 'string':
      return '';
    case 'seat':
    case 'card':
      return null;
    case 'seats':
    case 'cards':
    case 'numbers':
    case 'strings':
      return [];
    default:
      return t.endsWith('[]') ? [] : null;
  }
}
