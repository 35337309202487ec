/** Parser: tokens → AST, with an EmbeddedActionsParser (the grammar is in docs/dsl-reference.md). */
import { EmbeddedActionsParser, EOF, tokenMatcher, type IParserErrorMessageProvider, type IToken, type ParserMethod, type TokenType } from 'chevrotain';
import type { Ast, BinaryOp, LambdaParam } from './ast.ts';
import { children, end } from './ast.ts';
import { literalProblem } from '../rule-numbers.ts';
import { MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH } from '../limits.ts';
import { where, type ExprError } from './errors.ts';
import {
  AddOp, AndOp, Arrow, Comma, CompareOp, Dot, Else, False, Identifier, If, Keyword, LBracket, LParen, MulOp, None,
  NotOp, NumberLit, OrOp, RBracket, RParen, StringLit, Then, True, allTokens, tokenize, unquote, Minus,
} from './lexer.ts';

const ruleWants: Record<string, string> = {
  lambda: 'a lambda',
  primary: 'an expression',
  postfix: 'an expression',
  memberName: 'a member name after \'.\'',
};

function label(t: TokenType): string {
  return t.LABEL ?? t.name;
}

/** how a token is named in messages */
export function describeToken(t: IToken): string {
  if (t.tokenType === EOF) return 'the end of the expression';
  const img = t.image.length > 24 ? `${t.image.slice(0, 21)}...` : t.image;
  return `'${img}'`;
}

const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => `expected ${label(expected)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) =>
    `unexpected ${describeToken(firstRedundant)}: expected an operator or the end of the expression`,
  buildNoViableAltMessage: ({ ruleName }) => `expected ${ruleWants[ruleName] ?? 'an expression'}`,
  buildEarlyExitMessage: ({ ruleName }) => `expected ${ruleWants[ruleName] ?? 'an expression'}`,
};

const binop = (t: IToken): BinaryOp =>
  (t.image === '&&' ? 'and' : t.image === '||' ? 'or' : t.image) as BinaryOp;

class ExprParser extends EmbeddedActionsParser {
  /** the source being parsed, for "at column N" in messages */
  src = '';
  /** errors found by the actions (the parse goes on after them) */
  extra: ExprError[] = [];

  constructor() {
    // LL(1) everywhere: errors are then reported at the token that is wrong, not earlier
    super(allTokens, { maxLookahead: 1, errorMessageProvider: messages });
    this.performSelfAnalysis();
  }

  private at(t: IToken): string {
    return where(this.src, t.startOffset);
  }

  /** `x =>`, `() =>`, `(x, y) =>` ahead? Decides lambda vs. parenthesised expression. */
  private lambdaAhead(): boolean {
    if (tokenMatcher(this.LA(1), Identifier)) return tokenMatcher(this.LA(2), Arrow);
    if (!tokenMatcher(this.LA(1), LParen)) return false;
    let i = 2;
    if (!tokenMatcher(this.LA(i), RParen)) {
      for (;;) {
        if (!tokenMatcher(this.LA(i), Identifier)) return false;
        i++;
        if (tokenMatcher(this.LA(i), RParen)) break;
        if (!tokenMatcher(this.LA(i), Comma)) return false;
        i++;
      }
    }
    return tokenMatcher(this.LA(i + 1), Arrow);
  }

  expression = this.RULE('expression', (): Ast =>
    this.OR({
      // the gate, not LL(k), tells a lambda from a parenthesised expression
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.lambdaAhead(), ALT: () => this.SUBRULE(this.lambda) },
        { ALT: () => this.SUBRULE(this.orExpr) },
      ],
    }),
  );

  lambda = this.RULE('lambda', (): Ast => {
    const params: LambdaParam[] = [];
    const param = (t: IToken) => this.ACTION(() => params.push({ name: t.image, offset: t.startOffset, length: t.image.length }));
    let first!: IToken;
    this.OR([
      { ALT: () => { first = this.CONSUME(Identifier); param(first); } },
      {
        ALT: () => {
          first = this.CONSUME(LParen);
          this.MANY_SEP({ SEP: Comma, DEF: () => param(this.CONSUME2(Identifier)) });
          this.CONSUME(RParen);
        },
      },
    ]);
    this.CONSUME(Arrow);
    const body = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'Lambda', params, body, offset: first.startOffset, length: end(body) - first.startOffset }));
  });

  /** a left-associative level: operand (op operand)* */
  private leftAssoc(name: string, opTok: TokenType, operand: () => ParserMethod<[], Ast>): ParserMethod<[], Ast> {
    return this.RULE(name, (): Ast => {
      let left = this.SUBRULE(operand());
      this.MANY(() => {
        const o = this.CONSUME(opTok);
        const right = this.SUBRULE2(operand());
        this.ACTION(() => {
          left = {
            kind: 'Binary', op: binop(o), left, right, opOffset: o.startOffset, opLength: o.image.length,
            offset: left.offset, length: end(right) - left.offset,
          };
        });
      });
      return left;
    });
  }

  orExpr = this.leftAssoc('orExpr', OrOp, () => this.andExpr);
  andExpr = this.leftAssoc('andExpr', AndOp, () => this.notExpr);

  notExpr = this.RULE('notExpr', (): Ast =>
    this.OR([
      {
        ALT: () => {
          const o = this.CONSUME(NotOp);
          const operand = this.SUBRULE(this.notExpr);
          return this.ACTION(() => ({ kind: 'Unary', op: 'not', operand, offset: o.startOffset, length: end(operand) - o.startOffset }) as Ast);
        },
      },
      { ALT: () => this.SUBRULE(this.compare) },
    ]),
  );

  /** non-associative: a chain is parsed (for a clear message) but reported */
  compare = this.RULE('compare', (): Ast => {
    let left = this.SUBRULE(this.addExpr);
    let n = 0;
    this.MANY(() => {
      const o = this.CONSUME(CompareOp);
      const right = this.SUBRULE2(this.addExpr);
      this.ACTION(() => {
        if (++n === 2) {
          this.extra.push({
            message: `comparisons cannot be chained: write 'a < b and b < c' instead of 'a < b < c'`,
            offset: o.startOffset, length: o.image.length,
          });
        }
        left = {
          kind: 'Binary', op: binop(o), left, right, opOffset: o.startOffset, opLength: o.image.length,
          offset: left.offset, length: end(right) - left.offset,
        };
      });
    });
    return left;
  });

  addExpr = this.leftAssoc('addExpr', AddOp, () => this.mulExpr);
  mulExpr = this.leftAssoc('mulExpr', MulOp, () => this.unary);

  unary = this.RULE('unary', (): Ast =>
    this.OR([
      {
        ALT: () => {
          const o = this.CONSUME(Minus);
          const operand = this.SUBRULE(this.unary);
          return this.ACTION(() => ({ kind: 'Unary', op: '-', operand, offset: o.startOffset, length: end(operand) - o.startOffset }) as Ast);
        },
      },
      { ALT: () => this.SUBRULE(this.postfix) },
    ]),
  );

  postfix = this.RULE('postfix', (): Ast => {
    let e = this.SUBRULE(this.primary);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(Dot);
            const t = this.SUBRULE(this.memberName);
            this.ACTION(() => {
              e = { kind: 'Member', object: e, name: t.image, nameOffset: t.startOffset, offset: e.offset, length: end({ offset: t.startOffset, length: t.image.length }) - e.offset };
            });
          },
        },
        {
          ALT: () => {
            const lb = this.CONSUME(LBracket);
            const index = this.SUBRULE3(this.expression);
            const rb = this.CONSUME(RBracket, { ERR_MSG: `expected ']' to close the '[' at ${this.at(lb)}` });
            this.ACTION(() => {
              e = { kind: 'Index', object: e, index, offset: e.offset, length: rb.startOffset + 1 - e.offset };
            });
          },
        },
        {
          ALT: () => {
            const lp = this.CONSUME(LParen);
            const args: Ast[] = [];
            this.MANY_SEP({ SEP: Comma, DEF: () => { const a = this.SUBRULE(this.expression); this.ACTION(() => args.push(a)); } });
            const rp = this.CONSUME(RParen, { ERR_MSG: `expected ${args.length ? "',' or " : ''}')' to close the '(' at ${this.at(lp)}` });
            this.ACTION(() => {
              const span = { offset: e.offset, length: rp.startOffset + 1 - e.offset };
              if (e.kind !== 'Name') {
                this.extra.push({ message: 'only a named function can be called: write f(x, …), not x.f(…)', ...span });
              }
              e = { kind: 'Call', name: e.kind === 'Name' ? e.name : '?', args, ...span };
            });
          },
        },
      ]),
    );
    return e;
  });

  /** after '.', a keyword is a fine member name (options.in) */
  memberName = this.RULE('memberName', (): IToken =>
    this.OR([{ ALT: () => this.CONSUME(Identifier) }, { ALT: () => this.CONSUME(Keyword) }]),
  );

  primary = this.RULE('primary', (): Ast =>
    this.OR([
      {
        ALT: () => {
          const t = this.CONSUME(NumberLit);
          return this.ACTION(() => ({ kind: 'Number', value: Number(t.image.replaceAll('_', '')), offset: t.startOffset, length: t.image.length }) as Ast);
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(StringLit);
          return this.ACTION(() => ({ kind: 'String', value: unquote(t.image), offset: t.startOffset, length: t.image.length }) as Ast);
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(True);
          return this.ACTION(() => ({ kind: 'Bool', value: true, offset: t.startOffset, length: 4 }) as Ast);
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(False);
          return this.ACTION(() => ({ kind: 'Bool', value: false, offset: t.startOffset, length: 5 }) as Ast);
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(None);
          return this.ACTION(() => ({ kind: 'None', offset: t.startOffset, length: 4 }) as Ast);
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(Identifier);
          return this.ACTION(() => ({ kind: 'Name', name: t.image, offset: t.startOffset, length: t.image.length }) as Ast);
        },
      },
      {
        ALT: () => {
          const lp = this.CONSUME(LParen);
          const e = this.SUBRULE(this.expression);
          const rp = this.CONSUME(RParen, { ERR_MSG: `expected ')' to close the '(' at ${this.at(lp)}` });
          // parentheses are not a node, but they widen its span so errors underline what was written
          return this.ACTION(() => ({ ...e, offset: lp.startOffset, length: rp.startOffset + 1 - lp.startOffset }));
        },
      },
      {
        ALT: () => {
          const lb = this.CONSUME(LBracket);
          const items: Ast[] = [];
          this.MANY_SEP({ SEP: Comma, DEF: () => { const a = this.SUBRULE2(this.expression); this.ACTION(() => items.push(a)); } });
          const rb = this.CONSUME(RBracket, { ERR_MSG: `expected ${items.length ? "',' or " : ''}']' to close the '[' at ${this.at(lb)}` });
          return this.ACTION(() => ({ kind: 'List', items, offset: lb.startOffset, length: rb.startOffset + 1 - lb.startOffset }) as Ast);
        },
      },
      {
        ALT: () => {
          const i = this.CONSUME(If);
          const cond = this.SUBRULE3(this.expression);
          this.CONSUME(Then, { ERR_MSG: `expected 'then' after the condition of the 'if' at ${this.at(i)}` });
          const a = this.SUBRULE4(this.expression);
          this.CONSUME(Else, { ERR_MSG: `expected 'else' after 'then …' of the 'if' at ${this.at(i)}` });
          // greedy: the else branch runs as far right as it can, as if 'if' had the lowest precedence
          const b = this.SUBRULE5(this.expression);
          return this.ACTION(() => ({ kind: 'If', cond, then: a, else: b, offset: i.startOffset, length: end(b) - i.startOffset }) as Ast);
        },
      },
    ]),
  );
}

// Chevrotain parsers are built once (grammar analysis is costly) and fed new input.
let parser: ExprParser | undefined;

/**
 * Each distinct expression string is parsed once per process: a spec repeats its strings (the
 * same filter in many rules), and every stage — checker, compiler, prover, docgen — asks for them.
 * The cached results are frozen, so no stage can change what another reads.
 */
const parsed = new Map<string, { ast: Ast } | { errors: ExprError[] }>();
const MAX_CACHED = 50_000;

export function parseExpr(src: string): { ast: Ast } | { errors: ExprError[] } {
  const known = parsed.get(src);
  if (known) return known;
  const result = deepFreeze(parseUncached(src));
  if (parsed.size >= MAX_CACHED) parsed.clear(); // a bound no spec meets, so a long-running server cannot grow without end
  parsed.set(src, result);
  return result;
}

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

function parseUncached(src: string): { ast: Ast } | { errors: ExprError[] } {
  if (src.length > MAX_EXPRESSION_LENGTH) {
    return { errors: [{ message: `this expression is ${src.length.toLocaleString('en')} characters long; at most ${MAX_EXPRESSION_LENGTH.toLocaleString('en')} are allowed: split it with let or a function`, offset: MAX_EXPRESSION_LENGTH, length: 0 }] };
  }
  try {
    const lexed = tokenize(src);
    if ('errors' in lexed) return lexed;
    const deepBracket = tooDeepBracket(lexed.tokens);
    if (deepBracket) return { errors: [deepBracket] };
    const big = numberOutOfRange(lexed.tokens);
    if (big) return { errors: [big] };
    parser ??= new ExprParser();
    parser.src = src;
    parser.extra = [];
    parser.input = lexed.tokens;
    const ast = parser.expression();
    const errors: ExprError[] = [...parser.extra];
    for (const e of parser.errors) {
      const t = e.token;
      const eof = t.tokenType === EOF || Number.isNaN(t.startOffset);
      const found = e.name === 'NotAllInputParsedException' ? '' : `, found ${describeToken(t)}`;
      errors.push({
        message: e.message + found,
        offset: eof ? src.length : t.startOffset,
        length: eof ? 0 : t.image.length,
      });
    }
    if (errors.length > 0 || ast === undefined) {
      if (errors.length === 0) errors.push({ message: 'could not parse the expression', offset: 0, length: src.length });
      return { errors: errors.sort((a, b) => a.offset - b.offset) };
    }
    const deep = tooDeepNode(ast);
    if (deep) return { errors: [deep] };
    return { ast };
  } catch (err) {
    // chains of `if`/`not`/`-` deep enough to exhaust the parser's stack: the same limit
    if (err instanceof RangeError) return { errors: [nestingError(0)] };
    // never throw on bad input; a crash here is a bug, still reported as an error
    return { errors: [{ message: `internal parser error: ${(err as Error).message}`, offset: 0, length: src.length }] };
  }
}

const nestingError = (offset: number): ExprError => ({
  message: `this expression nests more than ${MAX_EXPRESSION_DEPTH} levels deep: split it with let or a function`,
  offset,
  length: 1,
});

/** the first bracket that opens level MAX_EXPRESSION_DEPTH + 1 (checked before parsing, which recurses per level) */
function tooDeepBracket(tokens: IToken[]): ExprError | undefined {
  let depth = 0;
  for (const t of tokens) {
    if (t.image === '(' || t.image === '[') {
      if (++depth > MAX_EXPRESSION_DEPTH) return nestingError(t.startOffset);
    } else if (t.image === ')' || t.image === ']') depth--;
  }
  return undefined;
}

/** the first number literal that is no number a rule may hold (a 400-digit one is Infinity to JavaScript: numbers.ts) */
function numberOutOfRange(tokens: IToken[]): ExprError | undefined {
  for (const t of tokens) {
    if (t.tokenType !== NumberLit) continue;
    const problem = literalProblem(Number(t.image.replaceAll('_', '')), t.image);
    if (problem) return { message: problem, offset: t.startOffset, length: t.image.length };
  }
  return undefined;
}

/** the first node deeper than MAX_EXPRESSION_DEPTH (long operator chains nest without brackets) */
function tooDeepNode(root: Ast): ExprError | undefined {
  const stack: [Ast, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    if (d > MAX_EXPRESSION_DEPTH) return nestingError(n.offset);
    for (const c of children(n)) stack.push([c, d + 1]);
  }
  return undefined;
}
