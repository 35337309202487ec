/** The expression language: parse, type-check and compile rule expressions to closures. */
export type {
  Ast, Span, NumberNode, StringNode, BoolNode, NoneNode, NameNode, MemberNode, CallNode, LambdaNode, LambdaParam,
  UnaryNode, UnaryOp, BinaryNode, BinaryOp, IfNode, ListNode, IndexNode,
} from './ast.ts';
export { children, walkAst } from './ast.ts';
export type { Type } from './types.ts';
export { T, typeToString, typeFromName, assignable, join } from './types.ts';
export type { Ctx, Compiled, NameBinding, MemberBinding, FunctionBinding, Scope } from './scope.ts';
export type { ExprError } from './errors.ts';
export { ExprRuntimeError, formatExprError } from './errors.ts';
export { parseExpr } from './parser.ts';
export { compileExpr, compileLambda, type CompiledLambda, type ExprOpts } from './compile.ts';
export { builtinNames } from './builtins.ts';
export { suggest, idHint } from './suggest.ts';
