/**
 * The reader: walks effect lists and expression ASTs and words them with a template table
 * (en.ts or zh.ts). Everything it says comes from the structure of the spec, so a reading can
 * never drift from the data; a kind, operator or function with no template is a DocgenError.
 */
import { parseExpr, type Ast } from '../../expr/index.ts';
import type { Effect, Expr, Spec, Text } from '../../loader/types.generated.ts';
import { DocgenError } from '../errors.ts';
import { EXPR_TEMPLATE_KINDS, type Arg, type NameKind, type Read, type Templates } from './templates.ts';
import { blocksOf, effectKeyOf, kindOf } from '../../effects/registry.ts';
import type { EffectKey } from '../../effects/kind.ts';
import { declLabel, type Declared } from './events.ts';

/** one line of a reading, with the lines nested under it (a loop's body, a branch) */
export interface ReadingLine {
  text: string;
  children: ReadingLine[];
}

export interface ReaderOptions {
  /** how a reference to another rule is written (default: its id) */
  ref?: (id: string) => string;
  /** words for a node the caller knows better (a chart knows its locals' answers), else undefined */
  phrase?: (n: Ast) => string | undefined;
  /** how a name of the spec (a variable's, a zone's: the name readers know it by) is written (default: as it is) */
  name?: (name: string) => string;
  /** how a local (a parameter, a loop's variable, a `let`) is written (default: as it is) */
  local?: (name: string) => string;
}

const BINARY_PREC: Readonly<Record<string, number>> = {
  or: 1, and: 2, '==': 4, '!=': 4, '<': 4, '<=': 4, '>': 4, '>=': 4, in: 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6,
};
const NON_ASSOC = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);
const ATOM = 9;
const SPECIAL_NAMES: ReadonlySet<string> = new Set(['alive', 'seats', 'players', 'me']);

/** the effect kind of an effect map: its one effect key */
export function effectKind(e: Effect): EffectKey {
  const kind = effectKeyOf(e);
  if (!kind) throw new DocgenError(`an effect with the keys ${Object.keys(e).join(', ')} is of no known kind, so it has no reading`);
  return kind;
}

/** parse an expression of the spec (already validated); a parse error here is a bug in the input */
export function parse(e: Expr): Ast {
  const src = typeof e === 'string' ? e : String(e);
  const r = parseExpr(src);
  if ('errors' in r) throw new DocgenError(`cannot read the expression "${src}": ${r.errors[0]?.message ?? 'parse error'}`);
  return r.ast;
}

export class Reader implements Read {
  readonly lang;
  private readonly frames: Set<string>[] = [];
  private readonly refFn: (id: string) => string;
  private readonly phraseFn: ((n: Ast) => string | undefined) | undefined;
  private readonly nameFn: (name: string) => string;
  private readonly localFn: (name: string) => string;

  constructor(
    private readonly spec: Spec,
    private readonly t: Templates,
    opts: ReaderOptions = {},
  ) {
    this.lang = t.lang;
    this.refFn = opts.ref ?? ((id) => id);
    this.phraseFn = opts.phrase;
    this.nameFn = opts.name ?? ((name) => name);
    this.localFn = opts.local ?? ((name) => name);
  }

  /** a local's name (a parameter, a loop's variable), set apart as the page writes locals */
  local(name: string): string {
    return this.localFn(name);
  }

  // ---- effects --------------------------------------------------------------------------

  /** read a list of effects; `bound` names (procedure parameters, loop variables) are locals */
  effects(list: readonly Effect[] | undefined, bound: readonly string[] = []): ReadingLine[] {
    this.frames.push(new Set(bound));
    try {
      return (list ?? []).flatMap((e) => this.effect(e));
    } finally {
      this.frames.pop();
    }
  }

  /** an effect's line (its kind's reading in this language), with the lists it holds read under it */
  private effect(e: Effect): ReadingLine[] {
    const read = kindOf(effectKind(e)).read[this.lang] as (x: Effect, r: Read) => string;
    const line: ReadingLine = { text: read(e, this), children: [] };
    const out = [line];
    for (const b of blocksOf(e)) {
      if (b.rule) continue; // a nested rule is read in its own section, which the line links to
      if (b.otherwise) out.push({ text: this.t.words.otherwise, children: this.effects(b.effects, b.bound) });
      else line.children.push(...this.effects(b.effects, b.bound));
    }
    return out;
  }

  // ---- expressions ----------------------------------------------------------------------

  expr(e: Expr | Ast, prec = 0): string {
    return this.read(typeof e === 'object' ? e : parse(e), prec);
  }

  /** read with some names bound (function parameters) */
  exprWith(e: Expr, bound: readonly string[]): string {
    this.frames.push(new Set(bound));
    try {
      return this.expr(e);
    } finally {
      this.frames.pop();
    }
  }

  lambda(e: Expr | Ast): { params: string[]; body: string } {
    const node = typeof e === 'object' ? e : parse(e);
    if (node.kind !== 'Lambda') return { params: ['x'], body: this.read(node, ATOM) };
    const params = node.params.map((p) => p.name);
    this.frames.push(new Set(params));
    try {
      return { params, body: this.read(node.body, 0) };
    } finally {
      this.frames.pop();
    }
  }

  zone(ref: string): string {
    return this.expr(ref);
  }

  path(p: string): string {
    return this.expr(p);
  }

  ref(id: string): string {
    return this.refFn(id);
  }

  triggersOn(event: string): string[] {
    return (this.spec.triggers ?? []).filter((t) => t.event === event).map((t) => this.ref(t.id));
  }

  negative(e: Expr): string | undefined {
    if (typeof e === 'number') return e < 0 ? this.t.words.number(-e) : undefined;
    const n = parse(e);
    if (n.kind === 'Unary' && n.op === '-' && n.operand.kind === 'Number') return this.t.words.number(n.operand.value);
    if (n.kind === 'Number' && n.value < 0) return this.t.words.number(-n.value);
    return undefined;
  }

  text(t: Text): string {
    return t[this.lang];
  }

  bind(...names: string[]): void {
    const top = this.frames[this.frames.length - 1];
    if (top) for (const n of names) top.add(n);
  }

  private isLocal(name: string): boolean {
    return this.frames.some((f) => f.has(name));
  }

  private template<K extends keyof Templates['expr']>(kind: K): NonNullable<Templates['expr'][K]> {
    const t = this.t.expr[kind];
    if (!t) throw new DocgenError(`no ${this.lang} reading template for the expression node kind '${kind}'`);
    return t as NonNullable<Templates['expr'][K]>;
  }

  private read(n: Ast, ctx: number): string {
    const { text, prec } = this.readNode(n);
    return prec < ctx ? this.t.words.paren(text) : text;
  }

  private readNode(n: Ast): { text: string; prec: number } {
    const phrase = this.phraseFn?.(n);
    if (phrase !== undefined) return { text: phrase, prec: n.kind === 'Binary' ? 4 : ATOM };
    switch (n.kind) {
      case 'Number':
        return { text: this.template('Number')(n.value), prec: ATOM };
      case 'String': {
        // a word of the spec: a card's or place's name, an answer's label, the name of what it names (`"hand"`), else the word
        const card = this.cardName(n.value);
        return { text: this.template('String')(card === undefined ? this.nameFn(this.wordLabel(n.value)) : n.value, card), prec: ATOM };
      }
      case 'Bool':
        return { text: this.template('Bool')(n.value), prec: ATOM };
      case 'None':
        return { text: this.template('None')(), prec: ATOM };
      case 'Name': {
        const kind: NameKind = this.isLocal(n.name) ? 'local' : SPECIAL_NAMES.has(n.name) ? (n.name as NameKind) : 'global';
        // a declared name (a var, a zone, a set of places) as the reader knows it, never its id
        // (a name the spec declares nothing for is a plain word: `to: rob`, an answer's value)
        const label = kind === 'global' ? this.labelOf(n.name, 'name') : n.name;
        const shown = kind === 'global' && label === n.name ? this.wordLabel(n.name) : label;
        const text = this.template('Name')(shown, kind);
        return { text: text !== shown ? text : kind === 'local' ? this.localFn(text) : this.nameFn(text), prec: ATOM };
      }
      case 'Member': {
        if (n.object.kind === 'Name' && n.object.name === 'options' && !this.isLocal('options')) {
          const o = (this.spec.options ?? []).find((d) => d.id === n.name);
          return { text: this.t.words.option(this.optionLabel(n.name), o?.type === 'bool'), prec: o?.type === 'bool' ? 4 : ATOM };
        }
        const obj = this.read(n.object, ATOM);
        if (n.name === 'out') return { text: this.t.words.out(obj), prec: 4 };
        if (n.name === 'kind') return { text: this.t.words.kind(obj), prec: ATOM };
        return { text: this.template('Member')(obj, this.nameFn(this.labelOf(n.name, 'member'))), prec: ATOM };
      }
      case 'Lambda': {
        const { params, body } = this.lambda(n);
        return { text: this.template('Lambda')(params, body), prec: 0 };
      }
      case 'If':
        return { text: this.template('If')(this.read(n.cond, 1), this.read(n.then, 1), this.read(n.else, 1)), prec: 0 };
      case 'List':
        return { text: this.template('List')(n.items.map((i) => this.read(i, 0))), prec: ATOM };
      case 'Unary': {
        const t = this.t.unary[n.op];
        if (!t) throw new DocgenError(`no ${this.lang} reading template for the operator '${n.op}' (unary)`);
        const p = n.op === 'not' ? 3 : 7;
        return { text: t(this.read(n.operand, p)), prec: p };
      }
      case 'Binary': {
        const t = this.t.binary[n.op];
        if (!t) throw new DocgenError(`no ${this.lang} reading template for the operator '${n.op}'`);
        const p = BINARY_PREC[n.op] ?? 0;
        return { text: t(this.read(n.left, NON_ASSOC.has(n.op) ? p + 1 : p), this.read(n.right, p + 1)), prec: p };
      }
      case 'Call':
        return { text: this.call(n.name, n.args), prec: ATOM };
      default: {
        const kind = (n as { kind: string }).kind;
        if ((EXPR_TEMPLATE_KINDS as readonly string[]).includes(kind)) return this.readIndex(n as unknown as { kind: 'Index'; object: Ast; index: Ast });
        throw new DocgenError(`no ${this.lang} reading template for the expression node kind '${kind}'`);
      }
    }
  }

  private readIndex(n: { object: Ast; index: Ast }): { text: string; prec: number } {
    return { text: this.template('Index')(this.read(n.object, ATOM), this.read(n.index, 0)), prec: ATOM };
  }

  private call(name: string, argNodes: Ast[]): string {
    const args: Arg[] = argNodes.map((node) => {
      if (node.kind !== 'Lambda') return { node, text: this.read(node, 0) };
      const lambda = this.lambda(node);
      return { node, text: this.template('Lambda')(lambda.params, lambda.body), lambda };
    });
    const builtin = this.t.functions[name];
    if (builtin) return builtin(args, this);
    if ((this.spec.functions ?? []).some((f) => f.id === name)) return this.t.userFunction(this.nameFn(this.labelOf(name, 'function')), args);
    throw new DocgenError(`no ${this.lang} reading template for the function '${name}'`);
  }

  /** a card kind's (or place's) name in this language, for a string that is its id */
  private cardName(s: string): string | undefined {
    const card = (this.spec.cards ?? []).find((c) => c.id === s);
    if (card?.name) return card.name[this.lang];
    for (const set of spaceSets(this.spec)) {
      const item = set.items.find((i) => i.id === s);
      if (item?.name) return item.name[this.lang];
    }
    return undefined;
  }

  /**
   * An on/off option's name: the words before the colon of its text (`Special powers variant: …`);
   * any other option (an edition, a reading of the text) is named by its id.
   */
  optionLabel(id: string): string {
    const o = (this.spec.options ?? []).find((d) => d.id === id);
    const label = o?.type === 'bool' ? textLabel(o.text, this.lang) : undefined;
    return label ?? this.t.words.optionName(this.nameFn(this.labelOf(id, 'option')));
  }

  /**
   * The name a reader sees for a declared name (declLabel: its `name`, else the start of its
   * text); a name the spec does not declare (a property of a card or place) as it is. `where`:
   * what kind of name it can be there — a name in an expression (a var, a game zone, a set of
   * places), a member (a seat var, a seat zone), a function or an option.
   */
  labelOf(name: string, where: 'name' | 'member' | 'function' | 'option'): string {
    const s = this.spec;
    const found: Declared | undefined =
      where === 'name'
        ? ((s.vars ?? []).find((d) => d.id === name) ?? (s.zones ?? []).find((d) => d.id === name && d.per !== 'seat') ?? spaceSets(s).find((d) => d.id === name))
        : where === 'member'
          ? ((s.seatVars ?? []).find((d) => d.id === name) ?? (s.zones ?? []).find((d) => d.id === name && d.per === 'seat'))
          : where === 'function'
            ? (s.functions ?? []).find((d) => d.id === name)
            : (s.options ?? []).find((d) => d.id === name);
    if (found) return declLabel(found, this.lang);
    // a word that names something else of the spec (a property named after a set of places, a word standing for a seat var)
    return where === 'name' || where === 'member' ? this.anyLabel(name) ?? name : name;
  }

  /** the reader's name of whatever of the spec has this id, if anything has */
  private anyLabel(id: string): string | undefined {
    const s = this.spec;
    const declared = [...(s.vars ?? []), ...(s.seatVars ?? []), ...(s.zones ?? []), ...spaceSets(s), ...(s.functions ?? []), ...(s.options ?? [])].find((d) => d.id === id);
    if (declared) return declLabel(declared, this.lang);
    return this.cardName(id);
  }

  /** a word of the spec as readers see it: an answer's label where a choice gives one, the name of what it names, else the word */
  private wordLabel(word: string): string {
    this.choiceLabels ??= choiceLabels(this.spec);
    return this.choiceLabels.get(word)?.[this.lang] ?? this.anyLabel(word) ?? word;
  }

  private choiceLabels: Map<string, Text> | undefined;
}

/** every answer label the spec's choices give (`labels: {rob: {en, zh}}`), by the word; the first one for a word */
function choiceLabels(spec: Spec): Map<string, Text> {
  const out = new Map<string, Text>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if ('choose' in o && o['labels'] !== null && typeof o['labels'] === 'object') {
        for (const [word, t] of Object.entries(o['labels'] as Record<string, Text>)) if (!out.has(word) && t && typeof t.en === 'string') out.set(word, t);
      }
      Object.values(o).forEach(visit);
    }
  };
  visit(spec);
  return out;
}

/** "Label: rest" → "Label" when both languages have such a short label */
export function textLabel(t: Text | undefined, lang: 'en' | 'zh'): string | undefined {
  if (!t) return undefined;
  const en = /^([^:：()（）]{2,48})[:：]\s*\S/.exec(t.en)?.[1]?.trim();
  const zh = /^([^:：()（）]{1,24})[:：]\s*\S/.exec(t.zh)?.[1]?.trim();
  if (!en || !zh || en.split(/\s+/).length > 6) return undefined;
  return lang === 'en' ? en : zh;
}

/** the `spaces` section (sets of places), read loosely: it is newer than some specs */
export interface SpaceSetLike {
  id: string;
  text: Text;
  items: { id: string; name?: Text; props?: Record<string, unknown>; when?: Expr }[];
}
export function spaceSets(spec: Spec): SpaceSetLike[] {
  const s = (spec as { spaces?: SpaceSetLike[] }).spaces;
  return Array.isArray(s) ? s : [];
}

/** a reading as plain text, nested lines indented (for tests and logs) */
export function readingText(lines: readonly ReadingLine[], indent = ''): string {
  return lines.map((l) => `${indent}${l.text}\n${readingText(l.children, indent + '  ')}`).join('');
}
