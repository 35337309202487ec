/**
 * The expression AST. Every node carries `offset`/`length`: its span in the source string,
 * so the checker (and the interpreter, e.g. for a `set:` path) can point at it.
 */

export interface Span {
  offset: number;
  length: number;
}

export interface NumberNode extends Span { kind: 'Number'; value: number }
export interface StringNode extends Span { kind: 'String'; value: string }
export interface BoolNode extends Span { kind: 'Bool'; value: boolean }
export interface NoneNode extends Span { kind: 'None' }
/** a bare identifier: a lambda parameter, a local, a global, … */
export interface NameNode extends Span { kind: 'Name'; name: string }
/** `object.name`; `nameOffset` is where `name` starts */
export interface MemberNode extends Span { kind: 'Member'; object: Ast; name: string; nameOffset: number }
/** `name(args)`: only a bare identifier can be called, so the callee is just its name (at `offset`) */
export interface CallNode extends Span { kind: 'Call'; name: string; args: Ast[] }
export interface LambdaParam extends Span { name: string }
export interface LambdaNode extends Span { kind: 'Lambda'; params: LambdaParam[]; body: Ast }
/** `!` is normalised to `not` */
export type UnaryOp = 'not' | '-';
export interface UnaryNode extends Span { kind: 'Unary'; op: UnaryOp; operand: Ast }
/** `&&` / `||` are normalised to `and` / `or` */
export type BinaryOp =
  | 'or' | 'and'
  | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in'
  | '+' | '-' | '*' | '/' | '%';
export interface BinaryNode extends Span {
  kind: 'Binary';
  op: BinaryOp;
  left: Ast;
  right: Ast;
  /** span of the operator token itself */
  opOffset: number;
  opLength: number;
}
/** `object[index]`: an item of a list (0-based) or the value of a keyed var/zone for a key */
export interface IndexNode extends Span { kind: 'Index'; object: Ast; index: Ast }
export interface IfNode extends Span { kind: 'If'; cond: Ast; then: Ast; else: Ast }
export interface ListNode extends Span { kind: 'List'; items: Ast[] }

export type Ast =
  | NumberNode | StringNode | BoolNode | NoneNode
  | NameNode | MemberNode | CallNode | LambdaNode
  | UnaryNode | BinaryNode | IfNode | ListNode | IndexNode;

/** offset just past the node */
export function end(n: Span): number {
  return n.offset + n.length;
}

/** the span from the start of `a` to the end of `b` */
export function spanOf(a: Span, b: Span): Span {
  return { offset: a.offset, length: end(b) - a.offset };
}

/** the direct sub-expressions of a node, in source order */
export function children(n: Ast): Ast[] {
  switch (n.kind) {
    case 'Member':
      return [n.object];
    case 'Call':
      return n.args;
    case 'Lambda':
      return [n.body];
    case 'Unary':
      return [n.operand];
    case 'Binary':
      return [n.left, n.right];
    case 'Index':
      return [n.object, n.index];
    case 'If':
      return [n.cond, n.then, n.else];
    case 'List':
      return n.items;
    default:
      return [];
  }
}

/** visit every node of an expression, parents before children: the one walker over expressions */
export function walkAst(n: Ast, visit: (n: Ast) => void): void {
  visit(n);
  for (const c of children(n)) walkAst(c, visit);
}
