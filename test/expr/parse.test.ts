import { describe, expect, it } from 'vitest';
import { parseExpr, type Ast } from '../../src/expr/index.ts';

/** the AST as a fully parenthesised string, to read precedence at a glance */
function show(n: Ast): string {
  switch (n.kind) {
    case 'Number': return String(n.value);
    case 'String': return JSON.stringify(n.value);
    case 'Bool': return String(n.value);
    case 'None': return 'none';
    case 'Name': return n.name;
    case 'Member': return `${show(n.object)}.${n.name}`;
    case 'Call': return `${n.name}(${n.args.map(show).join(', ')})`;
    case 'Lambda': return `(${n.params.map((p) => p.name).join(', ')}) => ${show(n.body)}`;
    case 'Unary': return `(${n.op} ${show(n.operand)})`;
    case 'Binary': return `(${show(n.left)} ${n.op} ${show(n.right)})`;
    case 'If': return `(if ${show(n.cond)} then ${show(n.then)} else ${show(n.else)})`;
    case 'List': return `[${n.items.map(show).join(', ')}]`;
    case 'Index': return `${show(n.object)}[${show(n.index)}]`;
  }
}

function p(src: string): string {
  const r = parseExpr(src);
  if ('errors' in r) throw new Error(r.errors.map((e) => e.message).join('; '));
  return show(r.ast);
}

function ast(src: string): Ast {
  const r = parseExpr(src);
  if ('errors' in r) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.ast;
}

function err(src: string) {
  const r = parseExpr(src);
  if (!('errors' in r)) throw new Error(`${src} parsed`);
  const e = r.errors[0]!;
  return { message: e.message, offset: e.offset, length: e.length, count: r.errors.length };
}

describe('precedence', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 * 2 + 3', '((1 * 2) + 3)'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['8 / 4 / 2', '((8 / 4) / 2)'],
    ['7 % 3 * 2', '((7 % 3) * 2)'],
    ['-a * b', '((- a) * b)'],
    ['- -a', '(- (- a))'],
    ['-a.b', '(- a.b)'],
    ['a + b < c * d', '((a + b) < (c * d))'],
    ['a == b and c != d', '((a == b) and (c != d))'],
    ['a or b and c', '(a or (b and c))'],
    ['a || b && c', '(a or (b and c))'],
    ['not a and b', '((not a) and b)'],
    ['not a == b', '(not (a == b))'],
    ['!a || !b', '((not a) or (not b))'],
    ['not not a', '(not (not a))'],
    ['x in l and y', '((x in l) and y)'],
    ['a + 1 in l', '((a + 1) in l)'],
    ['if a then b else c or d', '(if a then b else (c or d))'],
    ['if a then 1 else if b then 2 else 3', '(if a then 1 else (if b then 2 else 3))'],
    ['1 + if a then 2 else 3', '(1 + (if a then 2 else 3))'],
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ['s.hand.x', 's.hand.x'],
    ['count(s.hand, c => c.kind == "spy") >= 1', '(count(s.hand, (c) => (c.kind == "spy")) >= 1)'],
    ['f()', 'f()'],
    ['[1, a + 2, []]', '[1, (a + 2), []]'],
    ['(x, y) => x + y', '(x, y) => (x + y)'],
    ['() => 1', '() => 1'],
    ['x => y => x', '(x) => (y) => x'],
    ['map(l, (x) => -x)', 'map(l, (x) => (- x))'],
    ['f((a), (b, c) => b)', 'f(a, (b, c) => b)'],
  ])('%s', (src, want) => {
    expect(p(src)).toBe(want);
  });
});

describe('literals and names', () => {
  it('reads numbers, with _ separators and decimals', () => {
    expect(ast('5_000')).toMatchObject({ kind: 'Number', value: 5000 });
    expect(ast('1_000_000.5')).toMatchObject({ kind: 'Number', value: 1000000.5 });
    expect(ast('0.25')).toMatchObject({ kind: 'Number', value: 0.25 });
  });
  it('reads strings in both quotes, with escapes', () => {
    expect(ast('"spy"')).toMatchObject({ kind: 'String', value: 'spy', offset: 0, length: 5 });
    expect(ast("'cop'")).toMatchObject({ kind: 'String', value: 'cop' });
    expect(ast(String.raw`"a \"b\" \\ c"`)).toMatchObject({ value: 'a "b" \\ c' });
    expect(ast(`'it\\'s'`)).toMatchObject({ value: "it's" });
    expect(ast('"他說「好」"')).toMatchObject({ value: '他說「好」' });
  });
  it('reads true, false, none', () => {
    expect(ast('true')).toMatchObject({ kind: 'Bool', value: true });
    expect(ast('false')).toMatchObject({ kind: 'Bool', value: false });
    expect(ast('none')).toMatchObject({ kind: 'None', offset: 0, length: 4 });
  });
  it('does not take a name that starts with a keyword for the keyword', () => {
    expect(p('index + notes + iffy + nonesuch + orders + android + truely + thenx + elsewhere')).toBe(
      '((((((((index + notes) + iffy) + nonesuch) + orders) + android) + truely) + thenx) + elsewhere)',
    );
    expect(p('inside in list')).toBe('(inside in list)');
  });
  it('reads CJK and other Unicode identifiers', () => {
    expect(ast('搶劫')).toEqual({ kind: 'Name', name: '搶劫', offset: 0, length: 2 });
    expect(p('搶劫 + 警察.傷口')).toBe('(搶劫 + 警察.傷口)');
    expect(p('café_2 * _x')).toBe('(café_2 * _x)');
  });
  it('accepts a keyword as a member name', () => {
    expect(ast('options.in')).toMatchObject({ kind: 'Member', name: 'in' });
  });
  it('ignores whitespace, including newlines', () => {
    expect(p(' a\n +\tb ')).toBe('(a + b)');
  });
});

describe('node shapes and spans', () => {
  it('gives Name and Member nodes plain shapes', () => {
    expect(ast('s.wounds')).toEqual({
      kind: 'Member', name: 'wounds', nameOffset: 2, offset: 0, length: 8,
      object: { kind: 'Name', name: 's', offset: 0, length: 1 },
    });
  });
  it('spans a whole binary expression and records the operator', () => {
    expect(ast('a  &&  b')).toMatchObject({ kind: 'Binary', op: 'and', offset: 0, length: 8, opOffset: 3, opLength: 2 });
  });
  it('spans calls to the closing parenthesis', () => {
    expect(ast('count( l )')).toMatchObject({ kind: 'Call', name: 'count', offset: 0, length: 10 });
  });
  it('widens a node to its parentheses', () => {
    expect(ast('(a + b) * c')).toMatchObject({ offset: 0, length: 11, left: { offset: 0, length: 7 } });
  });
  it('spans lambdas and ifs', () => {
    expect(ast('f(x => x + 1)')).toMatchObject({ args: [{ kind: 'Lambda', offset: 2, length: 10, params: [{ name: 'x', offset: 2, length: 1 }] }] });
    expect(ast('if a then b else c')).toMatchObject({ kind: 'If', offset: 0, length: 18 });
  });
});

describe('syntax errors', () => {
  it('names the unclosed parenthesis, at the end of input', () => {
    expect(err('(1 + 2')).toEqual({
      message: "expected ')' to close the '(' at column 1, found the end of the expression", offset: 6, length: 0, count: 1,
    });
  });
  it('asks for a comma or a closing parenthesis in a call', () => {
    expect(err('count(l x)')).toMatchObject({ message: "expected ',' or ')' to close the '(' at column 6, found 'x'", offset: 8, length: 1 });
  });
  it('asks for a closing bracket in a list', () => {
    expect(err('[1, 2')).toMatchObject({ message: "expected ',' or ']' to close the '[' at column 1, found the end of the expression", offset: 5 });
  });
  it('uses line and column in a multi-line source', () => {
    expect(err('f(\n  a,\n  (b\n')).toMatchObject({ message: "expected ')' to close the '(' at line 3, column 3, found the end of the expression" });
    expect(err('f(\n  a,\n  (b\n)')).toMatchObject({ message: "expected ',' or ')' to close the '(' at line 1, column 2, found the end of the expression" });
  });
  it('points at a missing operand', () => {
    expect(err('1 +')).toMatchObject({ message: 'expected an expression, found the end of the expression', offset: 3, length: 0 });
    expect(err('1 + * 2')).toMatchObject({ message: "expected an expression, found '*'", offset: 4, length: 1 });
  });
  it('points at a token after a complete expression', () => {
    expect(err('a b')).toMatchObject({ message: "unexpected 'b': expected an operator or the end of the expression", offset: 2, length: 1 });
  });
  it('refuses chained comparisons', () => {
    expect(err('a < b < c')).toMatchObject({ message: expect.stringContaining('cannot be chained'), offset: 6, length: 1 });
    expect(err('a == b == c')).toMatchObject({ offset: 7, length: 2 });
  });
  it('explains a single =, & or |', () => {
    expect(err('x = 1')).toMatchObject({ message: "unexpected character '='; did you mean '==' (or '=>' for a lambda)?", offset: 2, length: 1 });
    expect(err('a & b')).toMatchObject({ message: expect.stringContaining("'&&'"), offset: 2 });
  });
  it('reports every stray character', () => {
    const r = parseExpr('a @ b # c');
    expect('errors' in r && r.errors.map((e) => e.offset)).toEqual([2, 6]);
  });
  it('reports an unterminated string at its quote', () => {
    expect(err('x == "abc')).toMatchObject({ message: 'unterminated string: no closing "', offset: 5, length: 1 });
    expect(err("'abc")).toMatchObject({ offset: 0 });
  });
  it('requires then and else', () => {
    expect(err('if a b')).toMatchObject({ message: "expected 'then' after the condition of the 'if' at column 1, found 'b'", offset: 5 });
    expect(err('if a then b')).toMatchObject({ message: expect.stringContaining("expected 'else'"), offset: 11, length: 0 });
  });
  it('only calls names', () => {
    expect(err('s.score(1)')).toMatchObject({ message: expect.stringContaining('only a named function can be called'), offset: 0, length: 10 });
  });
  it('rejects a keyword as a lambda parameter or a name', () => {
    expect(err('if => 1')).toMatchObject({ offset: 3 });
    expect(err('then')).toMatchObject({ message: "expected an expression, found 'then'", offset: 0, length: 4 });
  });
  it('rejects an empty source', () => {
    expect(err('')).toMatchObject({ message: 'expected an expression, found the end of the expression', offset: 0, length: 0 });
    expect(err('   ')).toMatchObject({ offset: 3 });
  });
  it('does not take a number with a trailing underscore or dot', () => {
    expect(err('5_')).toMatchObject({ offset: 1 });
    expect(err('5.')).toMatchObject({ offset: 2 });
  });
});

describe('index syntax', () => {
  it('binds like member access and calls, left to right', () => {
    expect(p('s.big[c] + 1')).toBe('(s.big[c] + 1)');
    expect(p('under[first(l)].x')).toBe('under[first(l)].x');
    expect(p('m[a][b]')).toBe('m[a][b]');
    expect(p('-xs[0]')).toBe('(- xs[0])');
  });

  it('reports an unclosed bracket at its position', () => {
    const r = parseExpr('xs[1');
    expect('errors' in r && r.errors[0]!.message).toMatch(/to close the '\['/);
  });
});
