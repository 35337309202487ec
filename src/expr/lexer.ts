/** Tokens of the expression language (Chevrotain). */
import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';
import type { ExprError } from './errors.ts';
import { intern } from '../intern.ts';

// Chevrotain's regexp analyser drops the `u` flag, so \p{L} needs a custom matcher.
const identRe = /[\p{L}_][\p{L}\p{Nd}\p{Mn}\p{Mc}_]*/uy;
export const Identifier = createToken({
  name: 'Identifier',
  label: 'a name',
  pattern: {
    exec: (text: string, offset: number) => {
      identRe.lastIndex = offset;
      return identRe.exec(text);
    },
  },
  line_breaks: false,
});

/** every keyword; also accepted as a member name after '.' */
export const Keyword = createToken({ name: 'Keyword', pattern: Lexer.NA });
const kw = (word: string, extra: TokenType[] = []): TokenType =>
  createToken({
    name: word[0]!.toUpperCase() + word.slice(1),
    label: `'${word}'`,
    pattern: new RegExp(word),
    longer_alt: Identifier,
    categories: [Keyword, ...extra],
  });

/** categories let one CONSUME take any operator of a precedence level */
export const OrOp = createToken({ name: 'OrOp', pattern: Lexer.NA });
export const AndOp = createToken({ name: 'AndOp', pattern: Lexer.NA });
export const NotOp = createToken({ name: 'NotOp', pattern: Lexer.NA });
export const CompareOp = createToken({ name: 'CompareOp', pattern: Lexer.NA, label: 'a comparison' });
export const AddOp = createToken({ name: 'AddOp', pattern: Lexer.NA });
export const MulOp = createToken({ name: 'MulOp', pattern: Lexer.NA });

export const If = kw('if');
export const Then = kw('then');
export const Else = kw('else');
export const And = kw('and', [AndOp]);
export const Or = kw('or', [OrOp]);
export const Not = kw('not', [NotOp]);
export const In = kw('in', [CompareOp]);
export const True = kw('true');
export const False = kw('false');
export const None = kw('none');

const op = (name: string, image: string, categories: TokenType[] = []): TokenType =>
  createToken({ name, label: `'${image}'`, pattern: image, categories });

export const Arrow = op('Arrow', '=>');
export const Eq = op('Eq', '==', [CompareOp]);
export const Neq = op('Neq', '!=', [CompareOp]);
export const Le = op('Le', '<=', [CompareOp]);
export const Ge = op('Ge', '>=', [CompareOp]);
export const Lt = op('Lt', '<', [CompareOp]);
export const Gt = op('Gt', '>', [CompareOp]);
export const AmpAmp = op('AmpAmp', '&&', [AndOp]);
export const BarBar = op('BarBar', '||', [OrOp]);
export const Bang = op('Bang', '!', [NotOp]);
export const Plus = op('Plus', '+', [AddOp]);
export const Minus = op('Minus', '-', [AddOp]);
export const Star = op('Star', '*', [MulOp]);
export const Slash = op('Slash', '/', [MulOp]);
export const Percent = op('Percent', '%', [MulOp]);
export const LParen = op('LParen', '(');
export const RParen = op('RParen', ')');
export const LBracket = op('LBracket', '[');
export const RBracket = op('RBracket', ']');
export const Comma = op('Comma', ',');
export const Dot = op('Dot', '.');

export const NumberLit = createToken({
  name: 'NumberLit',
  label: 'a number',
  pattern: /[0-9]+(?:_[0-9]+)*(?:\.[0-9]+(?:_[0-9]+)*)?/,
});
export const StringLit = createToken({
  name: 'StringLit',
  label: 'a string',
  pattern: /"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\]|\\[\s\S])*'/,
  line_breaks: true,
});
// Tried only when StringLit failed, i.e. the quote is never closed: gives a precise error.
const Unterminated = createToken({ name: 'Unterminated', pattern: /["'][\s\S]*/, line_breaks: true });
const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true });

export const allTokens: TokenType[] = [
  WhiteSpace,
  NumberLit, StringLit, Unterminated,
  Arrow, Eq, Neq, Le, Ge, Lt, Gt, AmpAmp, BarBar, Bang,
  Plus, Minus, Star, Slash, Percent, LParen, RParen, LBracket, RBracket, Comma, Dot,
  If, Then, Else, And, Or, Not, In, True, False, None,
  Identifier,
  Keyword, OrOp, AndOp, NotOp, CompareOp, AddOp, MulOp,
];

export const lexerOptions = { positionTracking: 'onlyOffset', ensureOptimizations: false } as const;
// the token definitions are checked by a test (test/expr/lexer-definitions.test.ts), not in every
// process: Chevrotain's checks of them took ≈ 90 ms of each `rules` command's start
const lexer = new Lexer(allTokens, { ...lexerOptions, skipValidations: true });

const hints: Record<string, string> = {
  '=': "; did you mean '==' (or '=>' for a lambda)?",
  '&': "; did you mean '&&' (or 'and')?",
  '|': "; did you mean '||' (or 'or')?",
};

export function tokenize(src: string): { tokens: IToken[] } | { errors: ExprError[] } {
  const r = lexer.tokenize(src);
  const errors: ExprError[] = r.errors.map((e) => {
    const ch = src.slice(e.offset, e.offset + e.length);
    const first = src[e.offset] ?? '';
    return {
      message: `unexpected character${e.length > 1 ? 's' : ''} '${ch}'${e.length === 1 ? hints[first] ?? '' : ''}`,
      offset: e.offset,
      length: e.length,
    };
  });
  for (const t of r.tokens) {
    if (t.tokenType === Unterminated) {
      errors.push({ message: `unterminated string: no closing ${t.image[0]}`, offset: t.startOffset, length: 1 });
    }
  }
  if (errors.length > 0) return { errors: errors.sort((a, b) => a.offset - b.offset) };
  return { tokens: r.tokens };
}

/** decode the body of a string literal token; only the escapes a spec needs */
export function unquote(image: string): string {
  const body = image.slice(1, -1);
  return intern(body.replace(/\\([\s\S])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c)));
}
