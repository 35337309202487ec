/** Spec type names <-> expression types. */
import type { Type } from '../../expr/index.ts';
import type { VarType } from '../program.ts';

export const T = {
  number: { k: 'number' } as Type,
  bool: { k: 'bool' } as Type,
  string: { k: 'string' } as Type,
  seat: { k: 'seat' } as Type,
  card: { k: 'card' } as Type,
  none: { k: 'none' } as Type,
  any: { k: 'any' } as Type,
  list: (of: Type): Type => ({ k: 'list', of }),
};

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
