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
      return T[t];
    case 'seats':
      return T.list(T.seat);
    case 'cards':
      return T.list(T.card);
    case 'numbers':
      return T.list(T.number);
    case 'strings':
      return T.list(T.string);
  }
}

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
    default:
      return [];
  }
}
