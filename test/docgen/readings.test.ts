import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../src/docgen/errors.ts';
import { en } from '../../src/docgen/readings/en.ts';
import { Reader, readingText } from '../../src/docgen/readings/reader.ts';
import {
  BINARY_OPS, EXPR_KINDS, EXPR_TEMPLATE_KINDS, UNARY_OPS, functionNames, type Templates,
} from '../../src/docgen/readings/templates.ts';
import { zh } from '../../src/docgen/readings/zh.ts';
import type { Effect, Spec } from '../../src/loader/types.generated.ts';

/** a spec with one of everything the readings name */
const spec: Spec = {
  game: { id: 't', name: { en: 'T', zh: 'T' }, seeds: ['003'], players: { min: 2, max: 4 } },
  options: [
    { id: 'powers', type: 'bool', default: false, text: { en: 'Special powers variant: powers.', zh: '特殊能力變體：能力。' }, assumption: { why: 'x' } },
    { id: 'edition', type: 'string', values: ['a', 'b'], default: 'a', text: { en: 'Which text.', zh: '哪一版。' }, assumption: { why: 'x' } },
  ],
  cards: [{ id: 'bill-5000', count: 15, name: { en: '$5,000 bill', zh: '$5,000 鈔票' }, text: { en: 'x', zh: 'x' }, assumption: { why: 'x' } }],
  functions: [{ id: 'isCop', params: [{ name: 's', type: 'seat' }], body: 'true', returns: 'bool', text: { en: 'Is the cop.', zh: '是臥底。' }, assumption: { why: 'x' } }],
  triggers: [{ id: 'on-shot', event: 'shot', params: [{ name: 'v', type: 'seat' }], text: { en: 'x', zh: 'x' }, assumption: { why: 'x' }, do: [] }],
};

/** one effect of every kind */
const everyEffect: Record<string, Effect> = {
  set: { set: 's.inRound', to: 'true' },
  add: { add: 's.shame', value: 1 },
  let: { let: 'n', be: 'count(alive)' },
  if: { if: 'count(alive) <= 1', then: [{ endGame: 'one-left' }], else: [{ log: { en: 'go on', zh: '繼續' } }] },
  forEach: { forEach: 'alive', as: 's', do: [{ add: 's.shame', value: -1 }] },
  repeat: { repeat: 8, as: 'r', do: [{ set: 'round', to: 'r' }] },
  while: { while: 'count(deck) > 0', do: [{ move: 'deck', to: 'discard', count: 1 }] },
  move: { move: 's.hand', to: 'discard', where: 'c => c.value > 5000', at: 'bottom' },
  shuffle: { shuffle: 'deck' },
  deal: { deal: 'deck', to: 'hand', count: 5 },
  choose: {
    choose: 'leave', seats: 'alive', options: '["stay", "leave"]', into: 'decision',
    prompt: { en: 'Stay or leave?', zh: '是否退出？' }, labels: { stay: { en: 'Stay', zh: '留下' } },
  },
  call: { call: 'apply-hits', with: { who: 'seat(0)' } },
  emit: { emit: 'shot', with: { v: 'seat(1)' } },
  eliminate: { eliminate: 'v' },
  split: { split: 'table', among: 'filter(alive, s => s.inRound)', into: 'loot', value: 'c => c.value' },
  endGame: { endGame: 'one-left' },
  log: { log: { en: 'Hello', zh: '你好' } },
  reveal: { reveal: 's.hand' } as unknown as Effect,
  peek: { peek: 'take(deck, 2)', by: 'me' } as unknown as Effect,
  resolve: { resolve: 'first(deck)', list: 'on-reveal', with: { ctrl: 'me' } },
  rule: { rule: { id: 'nested', text: { en: 'x', zh: 'x' }, assumption: { why: 'x' }, when: 'options.powers', do: [] } },
};

/** one expression of every node kind, operator and built-in function */
const everyExpr = [
  '42', '"stay"', '"bill-5000"', 'true', 'false', 'none', 'alive', 'seats', 'players', 'me', 'round',
  's.shame', 'options.powers', 'options.edition == "a"', 's.out', 'c.kind', 'x => x.shame', 'if a then 1 else 2',
  '[1, 2]', '[]', 'l[0]', 'not a', '-x',
  ...['or', 'and', '==', '!=', '<', '<=', '>', '>=', 'in', '+', '-', '*', '/', '%'].map((op) => `a ${op} b`),
  'count(alive)', 'count(seats, x => x.out)', 'sum(l)', 'sum(s.loot, c => c.value)', 'min(l)', 'min(l, x => x.v)', 'min(1, 2)',
  'max(l)', 'max(l, x => x.v)', 'max(0, min(a, 1 - b))', 'minBy(alive, s => s.shame)', 'maxBy(alive, s => s.shame)',
  'allMinBy(alive, s => s.shame)', 'allMaxBy(alive, s => score(s))', 'filter(alive, s => s.inRound)', 'map(alive, s => s.shame)',
  'any(alive, s => isCop(s))', 'all(alive, s => s.inRound)', 'sortBy(alive, s => s.shame)', 'reverse(l)', 'first(l)', 'last(l)',
  'take(l, 2)', 'drop(l, 2)', 'concat(a, b)', 'indexOf(l, x)', 'contains(l, x)', 'floor(x / 2)', 'ceil(x)', 'abs(x)', 'round(x)',
  'range(0, 3)', 'seat(1)', 'left(me)', 'right(me)', 'leftOf(me, alive)', 'clockwiseFrom(me, alive)', 'kindOf(c)', 'score(s)', 'neighbours(d)', 'adjacent(d, e)', 'distance(d, e)', 'nextOf(d, l)',
  'isCop(s)',
];

const langs: [string, Templates][] = [['en', en], ['zh', zh]];
const bad = /undefined|\[object|NaN|Node\b|Effect\b/;

describe('template tables', () => {
  for (const [lang, t] of langs) {
    it(`${lang}: a template for every node kind, operator and built-in function (effect kinds: test/effects/registry.test.ts)`, () => {
      for (const k of EXPR_TEMPLATE_KINDS) expect(t.expr[k], `node ${k}`).toBeTypeOf('function');
      for (const op of UNARY_OPS) expect(t.unary[op], `unary ${op}`).toBeTypeOf('function');
      for (const op of BINARY_OPS) expect(t.binary[op], `binary ${op}`).toBeTypeOf('function');
      for (const f of functionNames()) expect(t.functions[f], `function ${f}`).toBeTypeOf('function');
    });
  }

  it('every node kind of the expression AST is covered', () => {
    expect([...EXPR_KINDS].sort()).toEqual(
      ['Binary', 'Bool', 'Call', 'If', 'Index', 'Lambda', 'List', 'Member', 'Name', 'None', 'Number', 'String', 'Unary'].sort(),
    );
  });
});

describe('readings of every effect kind', () => {
  for (const [lang, t] of langs) {
    it(`${lang}`, () => {
      const r = new Reader(spec, t);
      for (const [kind, e] of Object.entries(everyEffect)) {
        const text = readingText(r.effects([e]));
        expect(text.trim(), kind).not.toBe('');
        expect(text, kind).not.toMatch(bad);
      }
    });
  }

  it('English wording', () => {
    const r = new Reader(spec, en);
    const read = (e: Effect) => readingText(r.effects([e])).trim();
    expect(read(everyEffect.add!)).toBe("add 1 to s's shame");
    expect(read({ add: 'reports', value: -1 })).toBe('subtract 1 from reports');
    expect(read(everyEffect.set!)).toBe("set s's inRound to true");
    expect(read(everyEffect.repeat!)).toBe('repeat 8 times (r = 1, 2, …):\n  set round to r');
    expect(read(everyEffect.if!)).toBe('if the number of living seats is at most 1:\n  the game ends now, as one-left\notherwise:\n  write in the log: “go on”');
    expect(read({ move: 'billDeck', to: 'table', count: 5, at: 'bottom' })).toBe('move 5 card(s) from the top of billDeck to the bottom of table');
    expect(read(everyEffect.emit!)).toBe('announce the event “shot” with v = seat 2: the triggers on-shot run');
    expect(read(everyEffect.rule!)).toBe('apply the rule nested (only when Special powers variant is on)');
    expect(read(everyEffect.choose!)).toContain('“Stay or leave?”');
    expect(read(everyEffect.choose!)).toContain('“stay” = Stay');
  });

  it('Chinese wording', () => {
    const r = new Reader(spec, zh);
    const read = (e: Effect) => readingText(r.effects([e])).trim();
    expect(read(everyEffect.add!)).toBe('s 的 shame 加 1');
    expect(read({ add: 'reports', value: -1 })).toBe('reports 減 1');
    expect(read(everyEffect.shuffle!)).toBe('洗勻 deck');
    expect(read(everyEffect.eliminate!)).toBe('v 出局');
    expect(read(everyEffect.rule!)).toBe('套用規則 nested（僅當 特殊能力變體開啟）');
    expect(read(everyEffect.choose!)).toContain('「是否退出？」');
  });

  it('references to other rules go through the ref callback', () => {
    const r = new Reader(spec, en, { ref: (id) => `<${id}>` });
    expect(readingText(r.effects([everyEffect.call!, everyEffect.endGame!]))).toBe(
      'carry out <apply-hits> with who = seat 1\nthe game ends now, as <one-left>\n',
    );
  });
});

describe('readings of every expression node kind and function', () => {
  for (const [lang, t] of langs) {
    it(`${lang}`, () => {
      const r = new Reader(spec, t);
      for (const src of everyExpr) {
        const text = r.expr(src);
        expect(text, src).not.toBe('');
        expect(text, src).not.toMatch(bad);
      }
    });
  }

  it('English wording', () => {
    const r = new Reader(spec, en);
    expect(r.expr('count(alive) <= 1')).toBe('the number of living seats is at most 1');
    expect(r.expr('s.aim.hits')).toBe("s's aim's hits");
    expect(r.expr('"bill-5000"')).toBe('“$5,000 bill”');
    expect(r.expr('options.powers and not s.out')).toBe('Special powers variant is on and not s is out of the game');
    expect(r.expr('options.edition == "a"')).toBe('the option “Which text” is “a”');
    expect(r.expr('(a + b) * c')).toBe('(a + b) × c');
    expect(r.expr('a - (b - c)')).toBe('a − (b − c)');
    expect(r.expr('a and (b or c)')).toBe('a and (b or c)');
    expect(r.expr('count(seats, x => x.out)')).toBe('the number of x in all seats for which x is out of the game');
    expect(r.expr('filter(alive, t => t != me)')).toBe('those t in the living seats for which t is not the chooser');
    // a function by its name for readers (the start of its text), never its id
    expect(r.expr('isCop(s)')).toBe('Is the cop(s)');
  });

  it('Chinese wording', () => {
    const r = new Reader(spec, zh);
    expect(r.expr('count(alive) <= 1')).toBe('存活座位數 ≤ 1');
    expect(r.expr('s.shame >= 3')).toBe('s 的 shame ≥ 3');
    expect(r.expr('"bill-5000"')).toBe('「$5,000 鈔票」');
    expect(r.expr('options.powers')).toBe('特殊能力變體開啟');
    expect(r.expr('if a then 1 else 2')).toBe('若 a 則 1，否則 2');
  });

  it('a lambda parameter shadows a built-in name', () => {
    expect(new Reader(spec, en).expr('map(l, alive => alive)')).toBe('alive for every alive in l');
  });
});

describe('a missing template fails generation with a clear error', () => {
  const without = (t: Templates, part: 'expr' | 'unary' | 'binary' | 'functions', key: string): Templates => {
    const copy = { ...t, [part]: { ...(t[part] as object) } } as Templates;
    delete (copy[part] as Record<string, unknown>)[key];
    return copy;
  };

  for (const [lang, t] of langs) {
    it(`${lang}: expression node kind`, () => {
      expect(() => new Reader(spec, without(t, 'expr', 'List')).expr('[1, 2]')).toThrow(`no ${lang} reading template for the expression node kind 'List'`);
      expect(() => new Reader(spec, without(t, 'expr', 'Index')).expr('l[0]')).toThrow(`no ${lang} reading template for the expression node kind 'Index'`);
    });
    it(`${lang}: operator and function`, () => {
      expect(() => new Reader(spec, without(t, 'binary', '%')).expr('a % b')).toThrow(`no ${lang} reading template for the operator '%'`);
      expect(() => new Reader(spec, without(t, 'unary', 'not')).expr('not a')).toThrow(DocgenError);
      expect(() => new Reader(spec, without(t, 'functions', 'leftOf')).expr('leftOf(me, alive)')).toThrow(
        `no ${lang} reading template for the function 'leftOf'`,
      );
    });
  }

  it('an unknown function or effect kind is never printed as a name', () => {
    const r = new Reader(spec, en);
    expect(() => r.expr('frobnicate(1)')).toThrow("no en reading template for the function 'frobnicate'");
    expect(() => r.effects([{ teleport: 'x' } as unknown as Effect])).toThrow(DocgenError);
  });
});
