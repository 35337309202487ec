/** English reading templates: one per effect kind, expression node kind, operator and built-in function. */
import { lam, type Arg, type Templates } from './templates.ts';
import { en as phrases } from './phrases.ts';

const { q, listOf } = phrases;
const theLess = (s: string) => s.replace(/^the /, '');
const args = (a: Arg[]) => a.map((x) => x.text);
const ofX = (f: string, x: string) => `${f} of ${x}`;
/** an argument that holds its own "and" or commas is bracketed inside a list */
const group = (s: string) => (/ and |, /.test(s) ? `(${s})` : s);

/** min/max: of a list, of a list by a lambda, or of several numbers */
const extreme = (word: 'least' | 'greatest') => (a: Arg[]) => {
  if (a.length === 1) return `the ${word} of ${a[0]!.text}`;
  if (a.length === 2 && a[1]!.lambda) {
    const { x, body } = lam(a[1], ofX);
    return `the ${word} ${body} over every ${x} in ${a[0]!.text}`;
  }
  return `the ${word} of ${listOf(args(a).map(group))}`;
};

export const en: Templates = {
  lang: 'en',
  expr: {
    Number: (n) => String(n),
    String: (s, card) => q(card ?? s),
    Bool: (b) => (b ? 'true' : 'false'),
    None: () => 'none',
    Name: (name, kind) =>
      ({ alive: 'the living seats', seats: 'all seats', players: 'the number of players', me: 'the chooser', local: name, global: name })[kind],
    Member: (obj, name) => `${obj}'s ${name}`,
    Lambda: (params, body) => `(${params.join(', ')} ↦ ${body})`,
    If: (c, a, b) => `if ${c} then ${a}, otherwise ${b}`,
    List: (items) => (items.length === 0 ? 'the empty list' : `[${items.join(', ')}]`),
    Index: (obj, i) => `${obj}[${i}]`,
  },
  unary: {
    not: (x) => `not ${x}`,
    '-': (x) => `−${x}`,
  },
  binary: {
    or: (a, b) => `${a} or ${b}`,
    and: (a, b) => `${a} and ${b}`,
    '==': (a, b) => `${a} is ${b}`,
    '!=': (a, b) => `${a} is not ${b}`,
    '<': (a, b) => `${a} is less than ${b}`,
    '<=': (a, b) => `${a} is at most ${b}`,
    '>': (a, b) => `${a} is more than ${b}`,
    '>=': (a, b) => `${a} is at least ${b}`,
    in: (a, b) => `${a} is one of ${b}`,
    '+': (a, b) => `${a} + ${b}`,
    '-': (a, b) => `${a} − ${b}`,
    '*': (a, b) => `${a} × ${b}`,
    '/': (a, b) => `${a} ÷ ${b}`,
    '%': (a, b) => `${a} mod ${b}`,
  },
  functions: {
    count: (a) => {
      if (a.length === 1) return `the number of ${theLess(a[0]!.text)}`;
      const { x, body } = lam(a[1], ofX);
      return `the number of ${x} in ${a[0]!.text} for which ${body}`;
    },
    sum: (a) => {
      if (a.length === 1) return `the sum of ${a[0]!.text}`;
      const { x, body } = lam(a[1], ofX);
      return `the sum of ${body} over every ${x} in ${a[0]!.text}`;
    },
    min: extreme('least'),
    max: extreme('greatest'),
    minBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `the ${x} in ${a[0]!.text} with the least ${body} (the first of any tied)`;
    },
    maxBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `the ${x} in ${a[0]!.text} with the greatest ${body} (the first of any tied)`;
    },
    allMinBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `every ${x} in ${a[0]!.text} tied for the least ${body}`;
    },
    allMaxBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `every ${x} in ${a[0]!.text} tied for the greatest ${body}`;
    },
    filter: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `those ${x} in ${a[0]!.text} for which ${body}`;
    },
    map: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${body} for every ${x} in ${a[0]!.text}`;
    },
    any: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `for some ${x} in ${a[0]!.text}, ${body}`;
    },
    all: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `for every ${x} in ${a[0]!.text}, ${body}`;
    },
    sortBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} ordered by ${body} for each ${x}, smallest first`;
    },
    reverse: (a) => `${a[0]!.text} in reverse order`,
    first: (a) => `the first of ${a[0]!.text}`,
    last: (a) => `the last of ${a[0]!.text}`,
    take: (a) => `the first ${a[1]!.text} of ${a[0]!.text}`,
    drop: (a) => `${a[0]!.text} without its first ${a[1]!.text}`,
    concat: (a) => args(a).map(group).join(' followed by '),
    indexOf: (a) => `the position of ${a[1]!.text} in ${a[0]!.text}`,
    contains: (a) => `${a[0]!.text} contains ${a[1]!.text}`,
    floor: (a) => `${a[0]!.text} rounded down`,
    ceil: (a) => `${a[0]!.text} rounded up`,
    abs: (a) => `the absolute value of ${a[0]!.text}`,
    round: (a) => `${a[0]!.text} rounded to the nearest whole number`,
    range: (a) => `the whole numbers from ${a[0]!.text} up to ${a[1]!.text} − 1`,
    // people count seats from 1; the spec's seat(n) counts from 0
    seat: (a) => (a[0]!.node.kind === 'Number' ? `seat ${a[0]!.node.value + 1}` : `seat number ${a[0]!.text} (counting from 0)`),
    left: (a) => `the seat to the left of ${a[0]!.text}`,
    right: (a) => `the seat to the right of ${a[0]!.text}`,
    leftOf: (a) => `the first seat of ${a[1]!.text} going clockwise from ${a[0]!.text}`,
    clockwiseFrom: (a) => `${a[1]!.text} in clockwise order starting at ${a[0]!.text}`,
    neighbours: (a) => `the neighbours of ${a[0]!.text}`,
    adjacent: (a) => `${a[0]!.text} and ${a[1]!.text} are next to each other`,
    distance: (a) => `the number of steps from ${a[0]!.text} to ${a[1]!.text}`,
    nextOf: (a) => `the next of ${a[1]!.text} after ${a[0]!.text}, going round in order`,
    kindOf: (a) => `the kind of ${a[0]!.text}`,
    score: (a) => `${a[0]!.text}'s score`,
  },
  userFunction: (name, a) => `${name}(${args(a).join(', ')})`,
  words: {
    otherwise: 'otherwise:',
    optionName: (label) => `the option “${label}”`,
    option: (label, isBool) => (isBool ? `${label} is on` : label),
    out: (s) => `${s} is out of the game`,
    kind: (c) => `the kind of ${c}`,
    paren: (s) => `(${s})`,
    number: (n) => String(n),
    formula: (name, params, body) => `${name}(${params.join(', ')}) is ${body}`,
    score: (params, body) => `the score of a seat ${params.join(', ')} is ${body}`,
    winners: (list) => `the winners are ${list}`,
    ranking: (among, keys) =>
      `the winners are those of ${among} ranked first by ${keys
        .map((k) => `${k.key} (${k.desc ? 'greatest' : 'least'} first)`)
        .join(', then by ')}; all tied at the top win`,
  },
};
