/**
 * The shape of a reading-template table (one per language: en.ts, zh.ts) and the closed lists
 * of what must have a template: every expression node kind, operator and built-in function (an
 * effect kind's readings are in its own module, src/effects/). The reader fails with a DocgenError when a template is missing; it never falls back
 * to printing a kind or class name.
 */
import { builtinNames, type Ast } from '../../expr/index.ts';
import type { Text, Expr } from '../../loader/types.generated.ts';
import type { Lang } from '../i18n.ts';

/** node kinds read by a template of `expr`; Unary, Binary and Call are read by operator / function name */
export const EXPR_TEMPLATE_KINDS = ['Number', 'String', 'Bool', 'None', 'Name', 'Member', 'Lambda', 'If', 'List', 'Index'] as const;
export type ExprTemplateKind = (typeof EXPR_TEMPLATE_KINDS)[number];
/** every node kind of the expression AST */
export const EXPR_KINDS: readonly string[] = [...EXPR_TEMPLATE_KINDS, 'Unary', 'Binary', 'Call'];
export const UNARY_OPS: readonly string[] = ['not', '-'];
export const BINARY_OPS: readonly string[] = ['or', 'and', '==', '!=', '<', '<=', '>', '>=', 'in', '+', '-', '*', '/', '%'];
/** functions the interpreter's scope adds to the expression built-ins */
export const SCOPE_FUNCTIONS: readonly string[] = ['seat', 'left', 'right', 'leftOf', 'clockwiseFrom', 'kindOf', 'score', 'neighbours', 'adjacent', 'distance', 'nextOf'];
/** every built-in function name that needs a template */
export function functionNames(): string[] {
  return [...builtinNames, ...SCOPE_FUNCTIONS];
}

/** one argument of a function call, read: its text, or for a lambda its parameters and body */
export interface Arg {
  node: Ast;
  text: string;
  lambda?: { params: string[]; body: string };
}

/** what a name stands for, so a template can word it */
export type NameKind = 'alive' | 'seats' | 'players' | 'me' | 'local' | 'global';

/** what templates may ask the reader for */
export interface Read {
  lang: Lang;
  /** the reading of an expression (source or AST); `prec` is the binding strength around it */
  expr(e: Expr | Ast, prec?: number): string;
  /** a lambda's parameter names and body reading */
  lambda(e: Expr | Ast): { params: string[]; body: string };
  /** a zone reference (`deck`, `s.hand`) */
  zone(ref: string): string;
  /** a var path (`round`, `s.shame`) */
  path(p: string): string;
  /** a link to another rule, by id */
  ref(id: string): string;
  /** the ids of the triggers listening to an event */
  triggersOn(event: string): string[];
  /** the positive reading of a negative number literal (`-1` → `1`), else undefined */
  negative(e: Expr): string | undefined;
  /** the text in this language */
  text(t: Text): string;
  /** a local's name (a parameter, a loop's variable), set apart as the page writes locals */
  local(name: string): string;
  /** bind names (effect locals: `as`, `let`) for the rest of the reading */
  bind(...names: string[]): void;
}

export interface ExprTemplates {
  Number?: (value: number) => string;
  String?: (value: string, cardName: string | undefined) => string;
  Bool?: (value: boolean) => string;
  None?: () => string;
  Name?: (name: string, kind: NameKind) => string;
  /** `obj.name`; `options.x`, `s.out` and `c.kind` have their own words */
  Member?: (object: string, name: string) => string;
  Lambda?: (params: string[], body: string) => string;
  If?: (cond: string, then: string, otherwise: string) => string;
  List?: (items: string[]) => string;
  Index?: (object: string, index: string) => string;
}

export interface Words {
  /** the head of an if's else branch */
  otherwise: string;
  /** an option named by the start of its text (declLabel), when its text gives no label before a colon (`Special powers variant: …` gives one) */
  optionName(label: string): string;
  /** an option read in an expression; `label` is its name from the option text, or optionName */
  option(label: string, isBool: boolean): string;
  /** `s.out` */
  out(seat: string): string;
  /** `c.kind` */
  kind(card: string): string;
  /** parentheses around a sub-reading */
  paren(s: string): string;
  /** a value that is fixed (a literal count): `8` */
  number(n: number): string;
  /** a declared function: `deathAt(s): …` */
  formula(name: string, params: string[], body: string): string;
  /** the outcome's score of a seat */
  score(params: string[], body: string): string;
  /** a result rule's winners given as a list of seats */
  winners(list: string): string;
  /** a result rule's winners given as a ranking: the seats of `among`, by keys in order */
  ranking(among: string, keys: { key: string; desc: boolean }[]): string;
}

export interface Templates {
  lang: Lang;
  expr: ExprTemplates;
  unary: Partial<Record<string, (operand: string) => string>>;
  binary: Partial<Record<string, (left: string, right: string) => string>>;
  functions: Partial<Record<string, (args: Arg[], r: Read) => string>>;
  /** a function declared in the spec's `functions` */
  userFunction(name: string, args: Arg[]): string;
  words: Words;
}

/** a lambda argument's parameter and body; a non-lambda argument f reads as "f of x" */
export function lam(a: Arg | undefined, fallback: (f: string, x: string) => string): { x: string; body: string } {
  if (a?.lambda) return { x: a.lambda.params.join(', '), body: a.lambda.body };
  return { x: 'x', body: fallback(a?.text ?? '', 'x') };
}
