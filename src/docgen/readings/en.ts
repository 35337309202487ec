/** English reading templates: one per effect kind, expression node kind, operator and built-in function. */
import type { Expr } from '../../loader/types.generated.ts';
import { lam, type Arg, type Read, type Templates } from './templates.ts';

const q = (s: string) => `“${s}”`;
const theLess = (s: string) => s.replace(/^the /, '');
const args = (a: Arg[]) => a.map((x) => x.text);
const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
const ofX = (f: string, x: string) => `${f} of ${x}`;
/** an argument that holds its own "and" or commas is bracketed inside a list */
const group = (s: string) => (/ and |, /.test(s) ? `(${s})` : s);
const withArgs = (w: Record<string, Expr> | undefined, r: Read) =>
  w && Object.keys(w).length > 0 ? ` with ${Object.entries(w).map(([k, v]) => `${k} = ${r.expr(v)}`).join(', ')}` : '';

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
  effects: {
    set: (e, r) => `set ${r.path(e.set)} to ${r.expr(e.to)}`,
    add: (e, r) => {
      const neg = r.negative(e.value);
      return neg !== undefined ? `subtract ${neg} from ${r.path(e.add)}` : `add ${r.expr(e.value)} to ${r.path(e.add)}`;
    },
    let: (e, r) => {
      const s = `let ${e.let} be ${r.expr(e.be)}`;
      r.bind(e.let);
      return s;
    },
    if: (e, r) => `if ${r.expr(e.if)}:`,
    forEach: (e, r) => `for each ${e.as} in ${r.expr(e.forEach)}:`,
    repeat: (e, r) => `repeat ${r.expr(e.repeat)} times${e.as ? ` (${e.as} = 1, 2, …)` : ''}:`,
    while: (e, r) => `as long as ${r.expr(e.while)}, repeat:`,
    move: (e, r) => {
      let what: string;
      if (e.cards !== undefined) what = `the cards ${r.expr(e.cards)} from ${r.zone(e.move)}`;
      else if (e.where !== undefined) {
        const { params, body } = r.lambda(e.where);
        what = `the cards ${params.join(', ')} of ${r.zone(e.move)} for which ${body}`;
      } else what = 'all the cards of ' + r.zone(e.move);
      if (e.count !== undefined) {
        const n = r.expr(e.count);
        what = e.cards === undefined && e.where === undefined ? `${n} card(s) from the top of ${r.zone(e.move)}` : `${n} of ${what}`;
      }
      return `move ${what} to ${e.at === 'bottom' ? 'the bottom of ' : ''}${r.zone(e.to)}`;
    },
    shuffle: (e, r) => `shuffle ${r.zone(e.shuffle)}`,
    deal: (e, r) =>
      `deal ${r.expr(e.count)} card(s) from ${r.zone(e.deal)} to the ${e.to} of ${
        e.seats !== undefined ? `each of ${r.expr(e.seats)}` : 'every seat still in the game'
      }, one at a time in turn`,
    choose: (e, r) => {
      const together = e.simultaneous ?? e.into !== undefined;
      const who = r.expr(e.seats);
      if (e.steps) {
        // a staged choice: its steps in order, each offering only what can still be completed
        const steps = e.steps.map((st) => {
          const text = `${q(st.choose)} ${st.as} from ${r.expr(st.options)}`;
          r.bind(st.as);
          return text;
        });
        const where = e.where !== undefined ? `, so that ${r.expr(e.where)}` : '';
        return `decision ${q(e.choose)}: ${who} choose in steps — ${q(e.prompt.en)} — ${steps.join(', then ')}${where}; each step offers only what can still be completed`;
      }
      const options = r.expr(e.options!);
      const labels = Object.entries(e.labels ?? {}).map(([k, t]) => `${q(k)} = ${t.en}`);
      const answer = e.into !== undefined ? `each answer goes into their ${e.into}` : e.as !== undefined ? `the answer is called ${e.as}` : 'the answer is recorded';
      if (e.as !== undefined) r.bind(e.as);
      return (
        `decision ${q(e.choose)}: ${who} choose${together ? ' at the same time, in secret until all have answered' : ''}` +
        ` — ${q(e.prompt.en)} — from ${options}; ${answer}` +
        (e.secret ? '; the answers stay secret' : '') +
        (labels.length > 0 ? ` (${labels.join('; ')})` : '')
      );
    },
    call: (e, r) => `carry out ${r.ref(e.call)}${withArgs(e.with, r)}`,
    resolve: (e, r) => `carry out what ${r.expr(e.resolve)} says under ${r.ref(e.list)}${withArgs(e.with, r)}`,
    emit: (e, r) => {
      const t = r.triggersOn(e.emit);
      return `announce the event ${q(e.emit)}${withArgs(e.with, r)}: ${
        t.length > 0 ? `the triggers ${listOf(t)} run` : 'no trigger listens to it'
      }`;
    },
    eliminate: (e, r) => `${r.expr(e.eliminate)} is out of the game`,
    split: (e, r) => {
      const { params, body } = r.lambda(e.value);
      return `share the cards of ${r.zone(e.split)} among ${r.expr(e.among)} so that each gets the same total value (a card ${params.join(', ')} is worth ${body}); each share goes to their ${e.into}, and what cannot be shared equally stays`;
    },
    endGame: (e, r) => `the game ends now, as ${r.ref(e.endGame)}`,
    log: (e) => `write in the log: ${q(e.log.en)}`,
    reveal: (e, r) => `turn ${r.expr(e.reveal)} face up for everyone (their backs are known until they move)`,
    peek: (e, r) => `${r.expr(e.by)} looks at ${r.expr(e.peek)}, front and back, without showing the others (until they move)`,
    rule: (e, r) => `apply the rule ${r.ref(e.rule.id)}${e.rule.when !== undefined ? ` (only when ${r.expr(e.rule.when)})` : ''}`,
  },
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
    seat: (a) => `seat number ${a[0]!.text} (counting from 0)`,
    left: (a) => `the seat to the left of ${a[0]!.text}`,
    right: (a) => `the seat to the right of ${a[0]!.text}`,
    leftOf: (a) => `the first seat of ${a[1]!.text} going clockwise from ${a[0]!.text}`,
    clockwiseFrom: (a) => `${a[1]!.text} in clockwise order starting at ${a[0]!.text}`,
    kindOf: (a) => `the kind of ${a[0]!.text}`,
    score: (a) => `${a[0]!.text}'s score`,
  },
  userFunction: (name, a) => `${name}(${args(a).join(', ')})`,
  words: {
    otherwise: 'otherwise:',
    optionName: (id) => `the ${id} option`,
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
