/**
 * Static proofs that a choice always offers at least one option.
 *
 * "Options never empty" is written as a propositional formula over the options expression
 * (a list literal is true, `concat` is an or, `if c then a else b` a case split, `filter` of a
 * literal list the or of its predicate on each item, anything else an atom "E is not empty").
 * The conditions of the enclosing `if`s and `while`s are facts, turned into formulas the same way
 * (`count(E) > 0` is the atom "E is not empty"). The choice is proven when facts ⇒ goal holds for
 * every truth assignment of the atoms: unknown sub-expressions stay free, so the proof is sound
 * whatever they evaluate to.
 *
 * A fact holds only while nothing it reads is written: every effect between the guard and the
 * choice kills the facts that read a name it may write (loops kill with their whole body first,
 * because a later iteration runs after it). Bodies of called procedures and triggers see none of
 * the caller's facts (their names are bound anew), but their writes still kill the caller's.
 */
import { walkAst, type Ast } from '../../expr/ast.ts';
import { parseExpr } from '../../expr/parser.ts';

type Formula =
  | { k: 'const'; v: boolean }
  /**
   * `eq`: the atom is `subject == value` for a literal value (two values cannot both hold);
   * `ge`: the atom is `count(subject) >= k` (it implies the same for every smaller k)
   */
  | { k: 'atom'; key: string; eq?: { subject: string; value: unknown }; ge?: { subject: string; k: number } }
  | { k: 'not'; a: Formula }
  | { k: 'and' | 'or'; a: Formula[] };

type Node = Record<string, unknown>;
export type { Writes } from '../../effects/kind.ts';
import type { Writes, WritesCx } from '../../effects/kind.ts';
import { blocksOf, effectKeyOf, kindOf } from '../../effects/registry.ts';
import type { Effect } from '../../loader/types.generated.ts';

const T: Formula = { k: 'const', v: true };
const F: Formula = { k: 'const', v: false };
const not = (a: Formula): Formula => (a.k === 'const' ? { k: 'const', v: !a.v } : { k: 'not', a });
const and = (...a: Formula[]): Formula => ({ k: 'and', a });
const or = (...a: Formula[]): Formula => ({ k: 'or', a });
/** more atoms than this and the truth table is not tried (2^n rows) */
const MAX_ATOMS = 12;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function parse(src: unknown): Ast | undefined {
  if (typeof src !== 'string' && typeof src !== 'number' && typeof src !== 'boolean') return undefined;
  const r = parseExpr(String(src));
  return 'errors' in r ? undefined : r.ast;
}

/** the expression's structure without source positions: equal keys, equal meaning (same state) */
function keyOf(n: Ast): string {
  switch (n.kind) {
    case 'Number': return String(n.value);
    case 'String': return JSON.stringify(n.value);
    case 'Bool': return String(n.value);
    case 'None': return 'none';
    case 'Name': return n.name;
    case 'Member': return `(${keyOf(n.object)}).${n.name}`;
    case 'Call': return `${n.name}(${n.args.map(keyOf).join(',')})`;
    case 'Lambda': return `(${n.params.map((p) => p.name).join(',')})=>${keyOf(n.body)}`;
    case 'Unary': return `${n.op}(${keyOf(n.operand)})`;
    case 'Binary': return `(${keyOf(n.left)} ${n.op} ${keyOf(n.right)})`;
    case 'Index': return `(${keyOf(n.object)})[${keyOf(n.index)}]`;
    case 'If': return `if(${keyOf(n.cond)},${keyOf(n.then)},${keyOf(n.else)})`;
    case 'List': return `[${n.items.map(keyOf).join(',')}]`;
  }
}

/** replace the free name `name` by `by` (not under a lambda that binds the same name) */
function substitute(n: Ast, name: string, by: Ast): Ast {
  const s = (x: Ast): Ast => substitute(x, name, by);
  switch (n.kind) {
    case 'Name': return n.name === name ? by : n;
    case 'Member': return { ...n, object: s(n.object) };
    case 'Call': return { ...n, args: n.args.map(s) };
    case 'Lambda': return n.params.some((p) => p.name === name) ? n : { ...n, body: s(n.body) };
    case 'Unary': return { ...n, operand: s(n.operand) };
    case 'Binary': return { ...n, left: s(n.left), right: s(n.right) };
    case 'Index': return { ...n, object: s(n.object), index: s(n.index) };
    case 'If': return { ...n, cond: s(n.cond), then: s(n.then), else: s(n.else) };
    case 'List': return { ...n, items: n.items.map(s) };
    default: return n;
  }
}

const literal = (n: Ast): boolean => n.kind === 'Number' || n.kind === 'String' || n.kind === 'Bool' || n.kind === 'None';
const literalValue = (n: Ast): unknown => (n.kind === 'None' ? null : (n as { value: unknown }).value);
const num = (n: Ast): number | undefined => (n.kind === 'Number' ? n.value : undefined);
/** `count(e) >= k`: true for k <= 0; "e is not empty" is k = 1 */
function atLeast(e: Ast, k: number): Formula {
  if (k <= 0) return T;
  const subject = keyOf(e);
  return { k: 'atom', key: `count(${subject}) >= ${k}`, ge: { subject, k } };
}
const nonEmptyAtom = (e: Ast): Formula => atLeast(e, 1);

/** `count(E)` → E */
const countOf = (n: Ast): Ast | undefined => (n.kind === 'Call' && n.name === 'count' && n.args.length === 1 ? n.args[0] : undefined);

/** a boolean expression as a formula */
function truth(n: Ast): Formula {
  switch (n.kind) {
    case 'Bool':
      return n.value ? T : F;
    case 'Unary':
      return n.op === 'not' ? not(truth(n.operand)) : atom(n);
    case 'Binary': {
      if (n.op === 'and') return and(truth(n.left), truth(n.right));
      if (n.op === 'or') return or(truth(n.left), truth(n.right));
      if ((n.op === '==' || n.op === '!=') && literal(n.left) && literal(n.right)) {
        const same = literalValue(n.left) === literalValue(n.right);
        return n.op === '==' ? (same ? T : F) : same ? F : T;
      }
      const counted = countComparison(n);
      if (counted) return counted;
      if ((n.op === '==' || n.op === '!=') && literal(n.left) !== literal(n.right)) {
        const [subject, value] = literal(n.left) ? [n.right, n.left] : [n.left, n.right];
        const eq = equals(subject, value);
        return n.op === '==' ? eq : not(eq);
      }
      if (n.op === 'in') return and(nonEmpty(n.right), atom(n));
      return atom(n);
    }
    case 'Call':
      // any(E, p) and contains(E, x) are true only for a non-empty E
      if ((n.name === 'any' || n.name === 'contains') && n.args.length === 2) return and(nonEmpty(n.args[0]!), atom(n));
      return atom(n);
    default:
      return atom(n);
  }
}

const atom = (n: Ast): Formula => ({ k: 'atom', key: keyOf(n) });
/** `subject == value` for a literal value */
const equals = (subject: Ast, value: Ast): Formula => ({
  k: 'atom',
  key: `${keyOf(subject)} == ${keyOf(value)}`,
  eq: { subject: keyOf(subject), value: literalValue(value) },
});

/**
 * What an answer is known to be: one of the items of a literal list, or of a `filter` of one
 * (then the item passed the filter). Other options say nothing usable.
 */
function answerIn(name: string, options: Ast): Formula | undefined {
  const answer: Ast = { kind: 'Name', name, offset: 0, length: 0 };
  if (options.kind === 'List' && options.items.every(literal)) return or(F, ...options.items.map((i) => equals(answer, i)));
  if (options.kind !== 'Call' || options.name !== 'filter') return undefined;
  const [l, p] = options.args;
  if (l?.kind !== 'List' || !l.items.every(literal) || p?.kind !== 'Lambda' || p.params.length !== 1) return undefined;
  const param = p.params[0]!.name;
  return or(F, ...l.items.map((i) => and(equals(answer, i), truth(substitute(p.body, param, i)))));
}

/**
 * `count(E) > k` and its relatives, with k a literal, as `count(E) >= j` (counts are whole
 * numbers): `count(x) > 1` and `not (count(x) <= 1)` are the same atom.
 */
function countComparison(n: Ast & { kind: 'Binary' }): Formula | undefined {
  // put count(...) on the left
  const flip: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };
  let op: string = n.op;
  let e = countOf(n.left);
  let k = num(n.right);
  if (e === undefined) {
    e = countOf(n.right);
    k = num(n.left);
    op = flip[op] ?? op;
  }
  if (e === undefined || k === undefined) return undefined;
  switch (op) {
    case '>': return atLeast(e, Math.floor(k) + 1);
    case '>=': return atLeast(e, Math.ceil(k));
    case '<': return not(atLeast(e, Math.ceil(k)));
    case '<=': return not(atLeast(e, Math.floor(k) + 1));
    case '==': return k === 0 ? not(atLeast(e, 1)) : undefined;
    case '!=': return k === 0 ? atLeast(e, 1) : undefined;
    default: return undefined;
  }
}

/** what the proof may know about the names of an options expression where the choice stands */
export interface NameFacts {
  /** a space set whose places are all in play (not shadowed by a local) */
  alwaysInPlay(name: string): boolean;
  /** a list without repeats: the built-in seat lists, a space set (not shadowed by a local) */
  distinct(name: string): boolean;
}

const NO_NAME_FACTS: NameFacts = { alwaysInPlay: () => false, distinct: () => false };

/** a list without repeated items: a distinct name, or a filter, sort or reversal of one */
function isDistinct(n: Ast, names: NameFacts): boolean {
  if (n.kind === 'Name') return names.distinct(n.name);
  if (n.kind === 'Call' && (n.name === 'filter' || n.name === 'sortBy' || n.name === 'reverse') && n.args[0]) return isDistinct(n.args[0], names);
  return false;
}

/** `x => x != e` (or `e != x`) with e not reading x: the item it drops, else undefined */
function dropsOne(p: Ast | undefined): Ast | undefined {
  if (p?.kind !== 'Lambda' || p.params.length !== 1) return undefined;
  const x = p.params[0]!.name;
  const b = p.body;
  if (b.kind !== 'Binary' || b.op !== '!=') return undefined;
  const isX = (a: Ast): boolean => a.kind === 'Name' && a.name === x;
  const other = isX(b.left) ? b.right : isX(b.right) ? b.left : undefined;
  return other && !readsOf(other, () => undefined).has(x) ? other : undefined;
}

/** "the list E is not empty" as a formula */
function nonEmpty(n: Ast, names: NameFacts = NO_NAME_FACTS): Formula {
  const rec = (x: Ast): Formula => nonEmpty(x, names);
  switch (n.kind) {
    case 'List':
      return n.items.length > 0 ? T : F;
    case 'If':
      return or(and(truth(n.cond), rec(n.then)), and(not(truth(n.cond)), rec(n.else)));
    case 'Name':
      return names.alwaysInPlay(n.name) ? T : nonEmptyAtom(n);
    case 'Call': {
      const [a, b] = n.args;
      if (n.name === 'concat') return or(...n.args.map(rec));
      if ((n.name === 'map' || n.name === 'sortBy' || n.name === 'reverse') && a) return rec(a);
      if (n.name === 'range' && a && b) {
        const x = num(a);
        const y = num(b);
        if (x !== undefined && y !== undefined) return x < y ? T : F;
        return atom({ kind: 'Binary', op: '<', left: a, right: b, offset: 0, length: 0, opOffset: 0, opLength: 0 });
      }
      // filter of a literal list: some item passes (the lambda applied to each item)
      if (n.name === 'filter' && a?.kind === 'List' && b?.kind === 'Lambda' && b.params.length === 1) {
        const param = b.params[0]!.name;
        return or(F, ...a.items.map((item) => truth(substitute(b.body, param, item))));
      }
      // dropping one value from a list without repeats leaves something if it held two or more
      if (n.name === 'filter' && a && dropsOne(b) && isDistinct(a, names)) return or(atLeast(a, 2), nonEmptyAtom(n));
      return nonEmptyAtom(n);
    }
    default:
      return nonEmptyAtom(n);
  }
}

type Atom = Extract<Formula, { k: 'atom' }>;

/** the atoms of a formula, by key */
function atomsIn(f: Formula, into = new Map<string, Atom>()): Map<string, Atom> {
  if (f.k === 'atom') into.set(f.key, f);
  else if (f.k === 'not') atomsIn(f.a, into);
  else if (f.k === 'and' || f.k === 'or') for (const a of f.a) atomsIn(a, into);
  return into;
}

/** what relates atoms: the same atom, or the same subject of `==` or of `count(…) >=` */
const linkOf = (a: Atom): string => (a.ge ? `count:${a.ge.subject}` : a.eq ? `eq:${a.eq.subject}` : a.key);

/** index groups of `subject == value` atoms with one subject: at most one of each group can hold */
function equalityGroups(atoms: Atom[]): number[][] {
  const bySubject = new Map<string, number[]>();
  atoms.forEach((a, i) => {
    if (a.eq) bySubject.set(a.eq.subject, [...(bySubject.get(a.eq.subject) ?? []), i]);
  });
  return [...bySubject.values()].filter((g) => g.length > 1);
}

/** pairs [i, j] of `count(x) >= a` (atom i) and `count(x) >= b` (atom j) with a > b: i implies j */
function countOrders(atoms: Atom[]): [number, number][] {
  const out: [number, number][] = [];
  atoms.forEach((x, i) =>
    atoms.forEach((y, j) => {
      if (x.ge && y.ge && x.ge.subject === y.ge.subject && x.ge.k > y.ge.k) out.push([i, j]);
    }),
  );
  return out;
}

function evaluate(f: Formula, v: Map<string, boolean>): boolean {
  switch (f.k) {
    case 'const': return f.v;
    case 'atom': return v.get(f.key)!;
    case 'not': return !evaluate(f.a, v);
    case 'and': return f.a.every((a) => evaluate(a, v));
    case 'or': return f.a.some((a) => evaluate(a, v));
  }
}

/** facts ⇒ goal for every assignment of the atoms (undefined: too many atoms to tell) */
function implies(facts: Formula[], goal: Formula): boolean | undefined {
  // only facts linked to the goal through related atoms (directly or through other facts) can help
  const goalAtoms = atomsIn(goal);
  const linked = new Set([...goalAtoms.values()].map(linkOf));
  const factAtoms = facts.map((f) => atomsIn(f));
  const useful = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    factAtoms.forEach((atoms, i) => {
      const links = [...atoms.values()].map(linkOf);
      if (useful.has(i) || !links.some((l) => linked.has(l))) return;
      useful.add(i);
      for (const l of links) linked.add(l);
      grew = true;
    });
  }
  const used = [...useful].map((i) => facts[i]!);
  const all = new Map(goalAtoms);
  for (const i of useful) for (const [k, a] of factAtoms[i]!) all.set(k, a);
  const atoms = [...all.values()];
  if (atoms.length > MAX_ATOMS) return undefined;
  const groups = equalityGroups(atoms);
  const orders = countOrders(atoms);
  const v = new Map<string, boolean>();
  for (let row = 0; row < 1 << atoms.length; row++) {
    const on = (i: number): boolean => ((row >> i) & 1) === 1;
    // a value equals at most one literal: skip rows where it would equal two
    if (groups.some((g) => g.filter(on).length > 1)) continue;
    // count(x) >= 3 holds only if count(x) >= 2 does
    if (orders.some(([more, less]) => on(more) && !on(less))) continue;
    atoms.forEach((a, i) => v.set(a.key, on(i)));
    if (used.every((f) => evaluate(f, v)) && !evaluate(goal, v)) return false;
  }
  return true;
}

/** every name an expression reads, with the names read by the user functions it calls */
function readsOf(n: Ast, functionBody: (name: string) => Ast | undefined, into = new Set<string>()): Set<string> {
  const walk = (root: Ast): void =>
    walkAst(root, (x) => {
      if (x.kind === 'Name' || x.kind === 'Member') into.add(x.name);
      else if (x.kind === 'Call' && !into.has(`${x.name}()`)) {
        // a user function reads what its body reads (each body once)
        into.add(`${x.name}()`);
        into.add(x.name);
        const body = functionBody(x.name);
        if (body) walk(body);
      }
    });
  walk(n);
  return into;
}

const namesIn = (src: unknown): Set<string> => {
  const ast = parse(src);
  return ast ? readsOf(ast, () => undefined) : new Set();
};

/** what one body writes itself, and the bodies it runs (a call, an event, a resolve) */
interface BodyWrites {
  direct: Writes;
  deps: Set<string>;
  total?: Writes;
}

/** per spec: the writes of every body met so far, each body walked once */
const bodyTables = new WeakMap<Node, Map<string, BodyWrites>>();

/** the effects' own writes; the bodies they run are recorded in `deps` (and walked once each) */
function directWrites(effects: unknown, spec: Node, table: Map<string, BodyWrites>, deps: Set<string>): Writes {
  let out: Set<string> | undefined;
  for (const e of list(effects)) {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) continue;
    const own = effectWrites(e as Effect, spec, table);
    for (const d of own.deps) deps.add(d);
    if (own.w === 'all') return 'all';
    if (own.w.size > 0) for (const x of own.w) (out ??= new Set()).add(x);
  }
  return out ?? NO_WRITES;
}

const NO_WRITES: Writes = new Set();

/** what one effect and the effects it holds write, and the bodies they run */
interface EffectWrites {
  w: Writes;
  deps: Set<string>;
}

/** per spec, per effect: its writes, worked out once (the prover asks for an effect's writes at
 *  every loop and branch around it: walking them afresh each time made proving quadratic in depth) */
const effectTables = new WeakMap<Node, WeakMap<object, EffectWrites>>();

function effectWrites(e: Effect, spec: Node, table: Map<string, BodyWrites>): EffectWrites {
  let memo = effectTables.get(spec);
  if (!memo) effectTables.set(spec, (memo = new WeakMap()));
  const known = memo.get(e);
  if (known) return known;
  const deps = new Set<string>();
  const cx: WritesCx = {
    names: namesIn,
    body: (body, id, params) => {
      deps.add(id);
      if (!table.has(id)) {
        const entry: BodyWrites = { direct: new Set(), deps: new Set() };
        table.set(id, entry); // before walking it: a body that runs itself is met once
        let w = directWrites(body, spec, table, entry.deps);
        // a write through a zone parameter may be to any zone: everything
        const zones = list(params).filter((x) => isNode(x) && x['type'] === 'zone').map((x) => String((x as Node)['name']));
        if (w !== 'all' && zones.some((z) => (w as Set<string>).has(z))) w = 'all';
        entry.direct = w;
      }
      return new Set();
    },
    spec,
  };
  const key = effectKeyOf(e);
  let w: Writes = key ? (kindOf(key).writes as (x: unknown, c: WritesCx) => Writes)(e, cx) : 'all';
  if (w !== 'all') {
    for (const b of blocksOf(e)) {
      const inner = directWrites(b.effects, spec, table, deps);
      if (inner === 'all') {
        w = 'all';
        break;
      }
      if (inner.size > 0) w = union(w, inner);
    }
  }
  const out = { w, deps };
  memo.set(e, out);
  return out;
}

/** the writes of the bodies met last (`fresh`) with what the bodies they run write, to a fixed
 *  point (cycles are fine); the bodies met before are settled already and run none of these */
function settle(table: Map<string, BodyWrites>, fresh: BodyWrites[]): void {
  for (const b of fresh) b.total = b.direct;
  for (let changed = true; changed; ) {
    changed = false;
    for (const b of fresh) {
      if (b.total === 'all') continue;
      let t: Writes = b.total!;
      for (const d of b.deps) {
        t = union(t, table.get(d)!.total!);
        if (t === 'all') break;
      }
      if (t !== b.total) {
        b.total = t;
        changed = true;
      }
    }
  }
}

/**
 * The names an effect list may write (a superset: more is only less proven): what each effect
 * writes itself, as its kind says (src/effects/), what the lists it holds write, and what every
 * body it runs writes — each body walked once per spec and the chains settled to a fixed point,
 * so long reward chains cost the sum of their bodies, not the product of their paths.
 */
export function writesOf(effects: unknown, spec: Node): Writes {
  let w: Writes = NO_WRITES;
  for (const e of list(effects)) {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) continue;
    w = union(w, totalWrites(e as Effect, spec));
    if (w === 'all') return 'all';
  }
  return w;
}

/** per spec, per effect: what it and the bodies it runs write, once those bodies are settled */
const totals = new WeakMap<Node, WeakMap<object, Writes>>();

/** one effect's writes with those of every body it runs (worked out once: the prover asks for
 *  the same effect's writes at every loop and branch around it, and once more for itself) */
function totalWrites(e: Effect, spec: Node): Writes {
  let memo = totals.get(spec);
  if (!memo) totals.set(spec, (memo = new WeakMap()));
  const known = memo.get(e);
  if (known !== undefined) return known;
  let table = bodyTables.get(spec);
  if (!table) bodyTables.set(spec, (table = new Map()));
  const before = table.size;
  const own = effectWrites(e, spec, table);
  if (table.size !== before) {
    // new bodies met: settle them (the totals found before cannot change: their bodies were all met)
    const fresh: BodyWrites[] = [];
    let i = 0;
    for (const b of table.values()) if (i++ >= before) fresh.push(b);
    settle(table, fresh);
  }
  let w = own.w;
  for (const d of own.deps) {
    if (w === 'all') break;
    w = union(w, table.get(d)!.total!);
  }
  memo.set(e, w);
  return w;
}

/** whether a name of `reads` is among `writes` */
function meets(reads: ReadonlySet<string>, writes: ReadonlySet<string>): boolean {
  for (const n of reads) if (writes.has(n)) return true;
  return false;
}

/** a ∪ b; `a` itself when b adds nothing (the common case near the fixed point: no new set) */
function union(a: Writes, b: Writes): Writes {
  if (a === 'all' || b === 'all') return 'all';
  let out: Set<string> | undefined;
  for (const x of b) if (!a.has(x)) (out ??= new Set(a)).add(x);
  return out ?? a;
}

interface Fact {
  f: Formula;
  reads: Set<string>;
  alive: boolean;
}

/** per fact, what it said while it held (undefined: it did not hold) */
type Snapshot = ({ f: Formula; reads: Set<string> } | undefined)[];

export type ProofKind = 'form' | 'guard' | 'stages';

/** The facts known at the point the effect compiler has reached, and the proofs made there. */
export class ChoiceProver {
  private facts: Fact[] = [];
  /** facts below this index belong to a caller and are not visible in an inlined body */
  private floor = 0;
  private readonly functions = new Map<string, Ast>();
  /** the end conditions: the engine checks them right before it opens any choice, so none holds there */
  private readonly ends: { f: Formula; reads: Set<string> }[] = [];

  /**
   * `spaceSet(name)`: whether the name is a space set, and whether all its places are always in
   * play (a place guarded by a `when` may be out).
   */
  constructor(
    private readonly spec: Node,
    private readonly spaceSet: (name: string) => { allInPlay: boolean } | undefined,
  ) {
    for (const fn of list(spec['functions'])) {
      if (!isNode(fn)) continue;
      const ast = parse(fn['body']);
      if (ast) this.functions.set(String(fn['id']), ast);
    }
    for (const end of list(spec['ends'])) {
      const ast = isNode(end) ? parse(end['when']) : undefined;
      if (ast) this.ends.push({ f: not(truth(ast)), reads: readsOf(ast, (n) => this.functions.get(n)) });
    }
  }

  /** what a name means where the choice stands: a local shadows the built-in lists and space sets */
  private names(isLocal: (name: string) => boolean): NameFacts {
    return {
      alwaysInPlay: (name) => !isLocal(name) && this.spaceSet(name)?.allInPlay === true,
      distinct: (name) => !isLocal(name) && (name === 'seats' || name === 'alive' || this.spaceSet(name) !== undefined),
    };
  }

  mark(): number {
    return this.facts.length;
  }

  restore(mark: number): void {
    this.facts.length = mark;
  }

  /** the condition (or its negation) holds from here until something it reads is written */
  assume(src: unknown, holds: boolean): void {
    const ast = parse(src);
    if (!ast) return;
    const f = truth(ast);
    this.facts.push({ f: holds ? f : not(f), reads: readsOf(ast, (n) => this.functions.get(n)), alive: true });
  }

  /** the effects run (or may run) here: facts reading what they write no longer hold */
  kill(effects: unknown[]): void {
    const w = writesOf(effects, this.spec);
    if (w !== 'all' && w.size === 0) return;
    for (const fact of this.facts) {
      if (!fact.alive) continue;
      if (w === 'all' || meets(fact.reads, w)) fact.alive = false;
    }
  }

  /** the facts that hold now, to see afterwards what a branch of an `if` undid or changed */
  snapshot(): Snapshot {
    return this.facts.map((f) => (f.alive ? { f: f.f, reads: f.reads } : undefined));
  }

  /**
   * The facts a branch undid (or weakened) since `before`. They are put back as they were: the
   * other branch runs instead of this one, not after it (`mergeBranches` settles them once
   * both branches are seen).
   */
  takeKilled(before: Snapshot): Set<number> {
    const killed = new Set<number>();
    before.forEach((was, i) => {
      const now = this.facts[i];
      if (was && now && (!now.alive || now.f !== was.f)) {
        killed.add(i);
        this.facts[i] = { f: was.f, reads: was.reads, alive: true };
      }
    });
    return killed;
  }

  /**
   * After `if C`: a fact F undone in the then-branch only still holds when that branch did not
   * run, so "C or F" holds after the `if` (if C reads nothing the branch writes); likewise
   * "not C or F" for the else-branch. Undone in both: gone.
   */
  mergeBranches(cond: unknown, killedThen: Set<number>, killedElse: Set<number>, thenEffects: unknown, elseEffects: unknown): void {
    const ast = parse(cond);
    const condReads = ast ? readsOf(ast, (n) => this.functions.get(n)) : new Set<string>();
    const untouched = (effects: unknown): boolean => {
      const w = writesOf(effects, this.spec);
      return w !== 'all' && ![...condReads].some((n) => w.has(n));
    };
    const settle = (i: number, side: Formula | undefined): void => {
      const fact = this.facts[i]!;
      if (!side) fact.alive = false;
      else this.facts[i] = { f: or(side, fact.f), reads: new Set([...fact.reads, ...condReads]), alive: true };
    };
    for (const i of new Set([...killedThen, ...killedElse])) {
      if (!ast || (killedThen.has(i) && killedElse.has(i))) settle(i, undefined);
      else if (killedThen.has(i)) settle(i, untouched(thenEffects) ? truth(ast) : undefined);
      else settle(i, untouched(elseEffects) ? not(truth(ast)) : undefined);
    }
  }

  /**
   * After a choice kept its answer `as` a local (and the writes were killed): the answer is one
   * of its options, a fact about the local for what follows.
   */
  chose(options: unknown, seats: unknown, single: boolean, as: unknown): void {
    let ast = parse(options);
    if (!ast || typeof as !== 'string') return;
    const reads = readsOf(ast, (n) => this.functions.get(n));
    if (reads.has(as)) return; // the options read the old value of the name
    if (reads.has('me')) {
      const seat = single ? parse(seats) : undefined;
      if (!seat) return;
      ast = substitute(ast, 'me', seat);
    }
    const f = answerIn(as, ast);
    if (f) this.facts.push({ f, reads: readsOf(ast, (n) => this.functions.get(n), new Set([as])), alive: true });
  }

  /** an inlined body: the caller's facts are out of sight until `unhide` */
  hide(): { floor: number; mark: number } {
    const prev = { floor: this.floor, mark: this.facts.length };
    this.floor = this.facts.length;
    return prev;
  }

  /** back in the caller: the body's own facts (about its own names) are dropped */
  unhide(prev: { floor: number; mark: number }): void {
    this.floor = prev.floor;
    this.facts.length = prev.mark;
  }

  /**
   * Whether the options are never empty here. `seats` is the choosing seat's expression when one
   * seat chooses (then `me` in the options is that seat, as seen by the facts); `isLocal` tells
   * the names bound by effects where the choice stands (they shadow globals).
   */
  prove(options: unknown, seats: unknown, single: boolean, isLocal: (name: string) => boolean = () => false): ProofKind | undefined {
    let ast = parse(options);
    if (!ast) return undefined;
    const names = this.names(isLocal);
    const byForm = implies([], nonEmpty(ast, names));
    if (byForm) return 'form';
    if (readsOf(ast, () => undefined).has('me')) {
      const seat = single ? parse(seats) : undefined;
      // one seat: `me` is that seat's expression, as the facts see it. Several seats: `me` is
      // each of them in turn, which no fact can name: a name no expression can write stands for it
      ast = seat ? substitute(ast, 'me', seat) : substitute(ast, 'me', { kind: 'Name', name: '$me', offset: 0, length: 0 });
    }
    const facts = this.facts.slice(this.floor).filter((x) => x.alive).map((x) => x.f);
    // no end condition holds when a choice opens; ends read globals only, so a local shadowing one spoils it
    for (const end of this.ends) if (![...end.reads].some(isLocal)) facts.push(end.f);
    if (facts.length === 0) return undefined;
    return implies(facts, nonEmpty(ast, names)) ? 'guard' : undefined;
  }
}
