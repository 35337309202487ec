/**
 * Effects → instructions. Control flow (if, loops, choose, shuffle, end) becomes jumps and
 * suspension points; everything else becomes one `exec` closure. Procedures and triggers are
 * bodies compiled once and entered with `call` (the return stack is part of the state), so they
 * may call each other and themselves.
 */
import { compileExpr, parseExpr, typeToString, type Type } from '../../expr/index.ts';
import { didYouMean } from '../../expr/suggest.ts';
import type { Json, Text } from '../api.ts';
import type { Body, ChooseInstr, Run, RunCtx, ZoneRef } from '../program.ts';
import { equalSplit } from '../split.ts';
import { log, zoneOf, zoneVis, mergeVis, zoneName } from '../runtime.ts';
import { Env, isNode, type Compiler, type Node } from './compiler.ts';
import { list } from './declarations.ts';
import { T } from './types.ts';
import { ChoiceProver } from './choice-proofs.ts';

const EFFECT_KEYS = [
  'rule', 'set', 'add', 'let', 'if', 'forEach', 'repeat', 'while', 'move', 'shuffle', 'deal',
  'choose', 'call', 'emit', 'eliminate', 'split', 'endGame', 'log', 'reveal', 'peek', 'resolve',
] as const;
/** effects that hold effect lists (their writes are the writes of what they hold) */
const BLOCK_KEYS: ReadonlySet<string> = new Set(['rule', 'if', 'forEach', 'repeat', 'while']);

interface BodyInfo {
  body: Body;
  params: Param[];
  /** the rule node the body belongs to: a procedure, a trigger, a card kind, a place, an effect list */
  node: Node;
  /** an effect list's effects (the node then carries them under `effects:`); absent: the node's `do` */
  effects?: unknown[];
  queued: boolean;
}

/** One declared effect list, compiled: a body per card kind (or place) that carries it. */
interface ListTable {
  decl: Node;
  byKind: boolean;
  subject: Type;
  params: Param[];
  bodies: (Body | null)[];
  fallback: Body | null;
}

/** A trigger's event (`event:`; not `on:`, which YAML 1.1 tools read as `true`). */
export function triggerEvent(t: Node): string | undefined {
  const ev = t['event'];
  return typeof ev === 'string' ? ev : undefined;
}

/** `params: [{name, type}]` of a procedure or trigger; undefined (reported) when one is untyped */
type Param = { name: string; type: Type; values?: string[] };

function parseParams(cc: Compiler, target: Node, what: string): Param[] | undefined {
  const raw = target['params'];
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    cc.error(target, 'params', `the params of ${what} must be a list of {name, type}`);
    return undefined;
  }
  const out: Param[] = [];
  let ok = true;
  raw.forEach((x, i) => {
    if (!isNode(x) || typeof x['name'] !== 'string' || typeof x['type'] !== 'string') {
      cc.error(raw, i, `parameter ${i + 1} of ${what} needs a name and a type, e.g. {name: ${typeof x === 'string' ? x : 'who'}, type: seat}`, 'a body is compiled once for all its calls, so its parameters are typed like a function\'s');
      ok = false;
      return;
    }
    const type = cc.declaredType(x, 'type');
    if (!type) ok = false;
    else out.push({ name: x['name'], type, ...(Array.isArray(x['values']) ? { values: x['values'].map(String) } : {}) });
  });
  return ok ? out : undefined;
}


export class EffectCompiler {
  private readonly chooseNodes = new Map<string, Node>();
  /** bodies compiled once (procedures, triggers), by rule id, and those still to compile */
  private readonly bodies = new Map<string, BodyInfo>();
  private readonly queue: BodyInfo[] = [];
  private readonly lists = new Map<string, ListTable | null>();

  /** what the enclosing guards say, for proving that choices always offer an option */
  private readonly prover: ChoiceProver;

  constructor(
    private readonly cc: Compiler,
    private readonly spec: Node,
  ) {
    this.prover = new ChoiceProver(spec, (name) => {
      const set = cc.program.spaces.find((x) => x.id === name);
      return set && { allInPlay: set.items.length > 0 && set.items.every((i) => !i.when) };
    });
  }

  /** A rule node with `do:` (a flow or setup step, a nested rule, a procedure or trigger body). */
  ruleNode(node: Node, env: Env): void {
    const id = String(node['id']);
    this.cc.ruleNodes.set(id, node);
    const outer = this.cc.site;
    this.cc.site = node;
    let skip: number | undefined;
    if (node['when'] !== undefined) {
      const guard = this.cc.expr(node, 'when', env, T.bool, 'static');
      if (guard) skip = this.cc.emit({ op: 'jumpIfNot', cond: guard.fn, to: -1 }, id);
    }
    const body = node['do'];
    if (Array.isArray(body)) this.block(body, env.child(), id);
    else this.cc.error(node, undefined, `rule '${id}' has no 'do:' list of effects`);
    if (skip !== undefined) this.patch(skip);
    this.cc.site = outer;
  }

  block(effects: unknown[], env: Env, rule: string): void {
    effects.forEach((e, i) => {
      if (!isNode(e)) {
        this.cc.error(effects, i, 'an effect must be a map such as {set: …, to: …}');
        return;
      }
      this.effect(e, env, rule);
    });
  }

  /** point a forward jump (or a loop head's exit) at the next instruction */
  private patch(at: number): void {
    const ins = this.cc.code[at]!;
    const here = this.cc.code.length;
    if (ins.op === 'forNext') ins.end = here;
    else if (ins.op === 'jumpIfNot' || ins.op === 'jump') ins.to = here;
  }

  private effect(e: Node, env: Env, rule: string): void {
    const key = EFFECT_KEYS.find((k) => k in e);
    if (!key) {
      this.cc.error(e, undefined, `unknown effect`, `an effect starts with one of: ${EFFECT_KEYS.join(', ')}`);
      return;
    }
    const outer = this.cc.site;
    this.cc.site = e;
    this.compileEffect(key, e, env, rule);
    this.cc.site = outer;
    // blocks kill through their own effects (and loops before their body), a choice itself; anything else here
    if (!BLOCK_KEYS.has(key) && key !== 'choose') this.prover.kill([e]);
  }

  private compileEffect(key: (typeof EFFECT_KEYS)[number], e: Node, env: Env, rule: string): void {
    switch (key) {
      case 'rule':
        return isNode(e['rule']) ? this.ruleNode(e['rule'], env) : this.cc.error(e, 'rule', 'a nested rule must be a rule node with id, text, source and do');
      case 'set':
      case 'add':
        return this.assign(e, env, rule, key);
      case 'let':
        return this.let(e, env, rule);
      case 'if':
        return this.if(e, env, rule);
      case 'forEach':
        return this.forEach(e, env, rule);
      case 'repeat':
        return this.repeat(e, env, rule);
      case 'while':
        return this.while(e, env, rule);
      case 'move':
        return this.move(e, env, rule);
      case 'shuffle': {
        const zone = this.cc.zoneRef(e, 'shuffle', env);
        if (zone) this.cc.emit({ op: 'shuffle', zone, rule }, rule);
        return;
      }
      case 'deal':
        return this.deal(e, env, rule);
      case 'choose':
        return this.choose(e, env, rule);
      case 'call':
        return this.call(e, env, rule);
      case 'emit':
        return this.emitEvent(e, env, rule);
      case 'eliminate':
        return this.eliminate(e, env, rule);
      case 'split':
        return this.split(e, env, rule);
      case 'endGame':
        return this.endGame(e, rule);
      case 'reveal':
        return this.reveal(e, env, rule);
      case 'peek':
        return this.peek(e, env, rule);
      case 'resolve':
        return this.resolve(e, env, rule);
      case 'log': {
        const text = e['log'] as Text;
        this.cc.emit({ op: 'exec', fn: (c) => log(c, rule, 'log', { en: text.en, zh: text.zh }) }, rule);
        return;
      }
    }
  }

  private assign(e: Node, env: Env, rule: string, key: 'set' | 'add'): void {
    const target = this.cc.path(e, key, env);
    if (!target) return;
    const valueKey = key === 'set' ? 'to' : 'value';
    if (key === 'add' && target.type.k !== 'number') {
      this.cc.error(e, key, `'add' needs a number target; '${target.name}' is ${typeToString(target.type)}`);
      return;
    }
    const value = target.values ? this.cc.word(e, valueKey, env, target.values) : this.cc.expr(e, valueKey, env, target.type);
    if (!value) return;
    const { read, write, name, seat, visibility } = target;
    const keyOf = target.key;
    const v = value.fn as Run<Json>;
    const isList = target.type.k === 'list';
    const logSet = (c: RunCtx, newValue: Json) => {
      if (!c.s.logging || (!keyOf && env.lookup(name))) return; // locals are bookkeeping, not game events
      const who = seat ? seat(c) : undefined;
      const data: { [k: string]: Json } = who === undefined ? { var: name } : { var: name, seat: who };
      if (keyOf) data['key'] = keyOf(c);
      data['value'] = newValue;
      if (visibility === 'public') log(c, rule, 'set', data);
      // the others see no entry at all: whether a secret var is written may itself depend on a
      // secret (a write under `if isCop(s)`), so even a bare "seat 2's phone was set" could tell
      else log(c, rule, 'set', data, visibility === 'owner' && who !== undefined ? [who] : []);
    };
    // A public write is logged when it changes something: re-setting a value to what it was is
    // bookkeeping, not an event. A secret write is logged every time, for those who may see the
    // var only: what the others see of it (nothing) cannot depend on its value or on a change.
    const always = isList || visibility !== 'public';
    if (key === 'set') {
      this.cc.emit({ op: 'exec', fn: (c) => { const nv = v(c); const stored = isList && Array.isArray(nv) ? nv.slice() : nv; const before = c.s.logging && !always ? read(c) : undefined; write(c, stored); if (always || before !== stored) logSet(c, stored); } }, rule);
    } else {
      this.cc.emit({ op: 'exec', fn: (c) => { const add = v(c) as number; const nv = (read(c) as number) + add; write(c, nv); if (always || add !== 0) logSet(c, nv); } }, rule);
    }
  }

  private let(e: Node, env: Env, rule: string): void {
    const name = e['let'];
    if (typeof name !== 'string' || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) {
      this.cc.error(e, 'let', 'let needs a name (letters, digits, _)');
      return;
    }
    const value = this.cc.expr(e, 'be', env);
    const slot = this.cc.newSlot();
    // bound even when its expression is wrong (as `any`), so one mistake is reported once
    env.bind(name, { slot, type: value?.type ?? T.any });
    if (!value) return;
    const fn = value.fn as Run<Json>;
    this.cc.emit({ op: 'exec', fn: (c) => { const x = fn(c); c.locals[slot] = Array.isArray(x) ? x.slice() : x; } }, rule);
  }

  private if(e: Node, env: Env, rule: string): void {
    const cond = this.cc.expr(e, 'if', env, T.bool);
    const jf = this.cc.emit({ op: 'jumpIfNot', cond: cond?.fn ?? (() => false), to: -1 }, rule);
    const facts = this.prover.mark();
    const before = this.prover.snapshot();
    this.prover.assume(e['if'], true);
    this.block(arrayOr(e['then']), env.child(), rule);
    this.prover.restore(facts);
    const killedThen = this.prover.takeKilled(before);
    let killedElse = new Set<number>();
    if (Array.isArray(e['else'])) {
      const jEnd = this.cc.emit({ op: 'jump', to: -1 }, rule);
      this.patch(jf);
      this.prover.assume(e['if'], false);
      this.block(e['else'], env.child(), rule);
      this.prover.restore(facts);
      killedElse = this.prover.takeKilled(before);
      this.patch(jEnd);
    } else {
      this.patch(jf);
    }
    this.prover.mergeBranches(e['if'], killedThen, killedElse, e['then'], e['else']);
    if (!Array.isArray(e['then'])) this.cc.error(e, 'if', "an 'if' needs a 'then:' list");
  }

  private forEach(e: Node, env: Env, rule: string): void {
    const items = this.cc.expr(e, 'forEach', env);
    if (!items) return;
    if (items.type.k !== 'list') {
      this.cc.error(e, 'forEach', `forEach needs a list, got ${typeToString(items.type)}`);
      return;
    }
    const name = typeof e['as'] === 'string' ? e['as'] : undefined;
    if (!name) {
      this.cc.error(e, 'forEach', "forEach needs 'as: <name>' for the current item");
      return;
    }
    const listSlot = this.cc.newSlot();
    const idxSlot = this.cc.newSlot();
    const asSlot = this.cc.newSlot();
    const inner = env.child();
    inner.bind(name, { slot: asSlot, type: items.type.of });
    const src = items.fn;
    // the list is copied once: the body may move the very cards it iterates over
    this.cc.emit({ op: 'forInit', list: (c) => (src(c) as Json[]).slice(), listSlot, idxSlot }, rule);
    const head = this.cc.emit({ op: 'forNext', listSlot, idxSlot, asSlot, end: -1 }, rule);
    // a later pass runs after the whole body: what it writes no longer holds at its start
    this.prover.kill([e]);
    this.block(arrayOr(e['do']), inner, rule);
    this.cc.emit({ op: 'jump', to: head }, rule);
    this.patch(head);
  }

  private repeat(e: Node, env: Env, rule: string): void {
    const times = this.cc.expr(e, 'repeat', env, T.number);
    if (!times) return;
    const counter = this.cc.newSlot();
    const limit = this.cc.newSlot();
    const inner = env.child();
    if (typeof e['as'] === 'string') inner.bind(e['as'], { slot: counter, type: T.number });
    const n = times.fn as Run<number>;
    this.cc.emit({ op: 'exec', fn: (c) => { c.locals[counter] = 0; c.locals[limit] = n(c); } }, rule);
    const head = this.cc.emit({ op: 'jumpIfNot', cond: (c) => (c.locals[counter] as number) < (c.locals[limit] as number), to: -1 }, rule);
    this.cc.emit({ op: 'exec', fn: (c) => { c.locals[counter] = (c.locals[counter] as number) + 1; } }, rule);
    this.prover.kill([e]);
    this.block(arrayOr(e['do']), inner, rule);
    this.cc.emit({ op: 'jump', to: head }, rule);
    this.patch(head);
  }

  private while(e: Node, env: Env, rule: string): void {
    const cond = this.cc.expr(e, 'while', env, T.bool);
    if (!cond) return;
    const head = this.cc.emit({ op: 'jumpIfNot', cond: cond.fn, to: -1 }, rule);
    this.prover.kill([e]);
    const facts = this.prover.mark();
    this.prover.assume(e['while'], true); // holds at the start of every pass
    this.block(arrayOr(e['do']), env.child(), rule);
    this.prover.restore(facts);
    this.cc.emit({ op: 'jump', to: head }, rule);
    this.patch(head);
  }

  private move(e: Node, env: Env, rule: string): void {
    const from = this.cc.zoneRef(e, 'move', env);
    const to = this.cc.zoneRef(e, 'to', env);
    if (!from || !to) return;
    const count = e['count'] !== undefined ? (this.cc.expr(e, 'count', env, T.number)?.fn as Run<number> | undefined) : undefined;
    const cards = e['cards'] !== undefined ? (this.cc.expr(e, 'cards', env, T.list(T.card))?.fn as Run<number[]> | undefined) : undefined;
    const where = e['where'] !== undefined ? this.cc.lambda(e, 'where', env, [T.card], T.bool) : undefined;
    const atBottom = e['at'] === 'bottom';
    const selectors = ['count', 'cards', 'where'].filter((k) => e[k] !== undefined);
    if (selectors.length > 1) this.cc.error(e, selectors[1], `use only one of count, cards, where (got ${selectors.join(', ')})`);
    const p = this.cc.program;
    this.cc.emit({
      op: 'exec',
      fn: (c) => {
        const src = zoneOf(c, from);
        let taken: number[];
        if (cards) taken = removeCards(src, cards(c), rule);
        else if (where) taken = removeWhere(src, (card) => where(c, card) === true);
        else if (count) taken = src.splice(0, Math.max(0, Math.min(count(c), src.length)));
        else taken = src.splice(0, src.length);
        if (taken.length === 0) return;
        const dst = zoneOf(c, to);
        if (atBottom) dst.push(...taken);
        else prepend(dst, taken);
        if (c.s.logging) logMove(c, rule, p, from, to, taken);
      },
    }, rule);
  }

  private reveal(e: Node, env: Env, rule: string): void {
    const cards = this.cc.expr(e, 'reveal', env, T.list(T.card));
    if (!cards) return;
    const fn = cards.fn as Run<number[]>;
    this.cc.emit({
      op: 'exec',
      fn: (c) => {
        const shown = fn(c).filter((card) => !c.s.revealed.includes(card));
        if (shown.length === 0) return;
        c.s.revealed = [...c.s.revealed, ...shown].sort((a, b) => a - b);
        log(c, rule, 'reveal', { cards: shown, kinds: shown.map((card) => this.cc.program.cards[c.t.kindOf[card]!]!.id) });
      },
    }, rule);
  }

  private peek(e: Node, env: Env, rule: string): void {
    const cards = this.cc.expr(e, 'peek', env, T.list(T.card));
    const by = this.cc.expr(e, 'by', env, T.seat);
    if (!cards || !by) return;
    const fn = cards.fn as Run<number[]>;
    const who = by.fn as Run<number>;
    this.cc.emit({
      op: 'exec',
      fn: (c) => {
        const seat = who(c);
        const seen = fn(c);
        for (const card of seen) if (!c.s.peeked.some(([x, s]) => x === card && s === seat)) c.s.peeked.push([card, seat]);
        // only the peeking seat learns what the cards are; the others see that it looked, and at how many
        log(c, rule, 'peek', { seat, cards: seen, kinds: seen.map((card) => this.cc.program.cards[c.t.kindOf[card]!]!.id) }, [seat], { seat, count: seen.length });
      },
    }, rule);
  }

  private deal(e: Node, env: Env, rule: string): void {
    const from = this.cc.zoneRef(e, 'deal', env);
    const z = this.seatZone(e, 'to');
    const count = this.cc.expr(e, 'count', env, T.number);
    const seats = e['seats'] !== undefined ? this.cc.expr(e, 'seats', env, T.list(T.seat)) : undefined;
    if (!from || z < 0 || !count) return;
    const p = this.cc.program;
    const n = count.fn as Run<number>;
    const who = (seats?.fn as Run<number[]> | undefined) ?? ((c: RunCtx) => c.s.seats.flatMap((s, i) => (s.out ? [] : [i])));
    this.cc.emit({
      op: 'exec',
      fn: (c) => {
        const src = zoneOf(c, from);
        const targets = who(c);
        const k = n(c);
        for (let round = 0; round < k; round++) {
          for (const seat of targets) {
            const card = src.shift();
            if (card === undefined) return;
            c.s.seats[seat]!.z[p.zones[z]!.slot]!.push(card);
            if (c.s.logging) logMove(c, rule, p, from, { zone: z, seat: () => seat }, [card]);
          }
        }
      },
    }, rule);
  }

  private choose(e: Node, env: Env, rule: string): void {
    if (e['steps'] !== undefined) return this.stagedChoose(e, env, rule);
    if (e['menu'] !== undefined || e['pick'] !== undefined) return this.repeatedChoose(e, env, rule);
    if (e['options'] === undefined) {
      this.cc.error(e, 'choose', "a choice needs 'options:' (or 'steps:' for a choice in several steps)");
      return;
    }
    const id = String(e['choose']);
    const p = this.cc.program;
    // the same choose may be inlined at several call sites of its procedure; two different ones may not share an id
    const first = this.chooseNodes.get(id);
    if (first && first !== e) this.cc.error(e, 'choose', `choice id '${id}' is used twice`);
    this.chooseNodes.set(id, e);
    const seatsC = this.cc.expr(e, 'seats', env);
    if (!seatsC) return;
    const single = seatsC.type.k === 'seat';
    if (!single && !(seatsC.type.k === 'list' && (seatsC.type.of.k === 'seat' || seatsC.type.of.k === 'any'))) {
      this.cc.error(e, 'seats', `'seats' must be a seat or a list of seats, got ${typeToString(seatsC.type)}`);
      return;
    }
    const meSlot = this.cc.newSlot();
    const inner = env.child();
    inner.bind('me', { slot: meSlot, type: T.seat });
    const options = this.cc.expr(e, 'options', inner);
    // a wrong choice still binds its answer (as anything), so one mistake is reported once
    const bindAnyway = (): void => { if (typeof e['as'] === 'string') env.bind(e['as'], { slot: this.cc.newSlot(), type: T.any }); };
    if (!options) return bindAnyway();
    if (options.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(options.type.of.k)) {
      this.cc.error(e, 'options', `'options' must be a list of numbers, booleans, strings, seats, cards or places; got ${typeToString(options.type)}`);
      return bindAnyway();
    }
    const of = options.type.of;
    const optionType = of.k as ChooseInstr['optionType'];
    const optionsZone = optionType === 'card' ? this.plainZone(e, 'options', inner) : undefined;
    this.checkLabels(e);
    const simultaneous = e['simultaneous'] === undefined ? !single : e['simultaneous'] === true;
    const instr: ChooseInstr = {
      id,
      rule,
      prompt: (e['prompt'] ?? { en: id, zh: id }) as Text,
      seats: single ? (c) => { const s = seatsC.fn(c); return s === null ? [] : [s as number]; } : (seatsC.fn as Run<number[]>),
      options: options.fn as Run<Json[]>,
      meSlot,
      simultaneous,
      secret: e['secret'] === true,
      optionType,
      labels: (isNode(e['labels']) ? e['labels'] : {}) as Record<string, Text>,
      ...(of.k === 'space' ? { optionSet: p.spaces.findIndex((s) => s.id === of.set) } : {}),
      ...(optionsZone ? { optionsZone } : {}),
    };
    const into = e['into'];
    const as = e['as'];
    if (into !== undefined) {
      const v = p.seatVars.findIndex((d) => d.id === into);
      if (v < 0) this.cc.error(e, 'into', `'${String(into)}' is not a seat var`, `seat vars: ${p.seatVars.map((d) => d.id).join(', ')}`);
      else if (p.seatVars[v]!.type !== (optionType === 'space' ? p.spaces[instr.optionSet!]!.id : optionType)) this.cc.error(e, 'into', `seat var '${String(into)}' is ${p.seatVars[v]!.type} but the options are ${optionType}s`);
      else instr.into = v;
    } else if (typeof as === 'string') {
      if (!single) this.cc.error(e, 'as', "a choice by several seats stores each answer in a seat var: use 'into: <seatVar>' (or loop with forEach and choose one seat at a time)");
      const slot = this.cc.newSlot();
      env.bind(as, { slot, type: options.type.of });
      instr.asSlot = slot;
    } else {
      this.cc.error(e, 'choose', "a choice needs 'into: <seatVar>' or 'as: <name>' to keep the answer");
    }
    if (!single && !simultaneous) this.cc.error(e, 'simultaneous', 'several seats answering one after another: loop with forEach over the seats and choose one seat at a time, so each sees the earlier answers');
    p.chooses.set(id, instr);
    // inlined at several sites, a choice is proven only if it is proven at each
    const by = this.prover.prove(e['options'], e['seats'], single, (name) => env.lookup(name) !== undefined);
    const proof = p.choiceProofs.find((c) => c.id === id);
    if (!proof) p.choiceProofs.push(by ? { id, rule, proven: true, by } : { id, rule, proven: false });
    else if (proof.proven && (!by || (by === 'guard' && proof.by === 'form'))) {
      if (by) proof.by = by;
      else {
        proof.proven = false;
        delete proof.by;
      }
    }
    // what follows may rely on the answer being one of the options
    this.prover.kill([e]);
    this.prover.chose(e['options'], e['seats'], single, e['as']);
    this.cc.emit({ op: 'choose', c: instr }, rule);
  }

  /** labels only for values the choice can offer, when its options are a literal list (a typo such as `stya`) */
  private checkLabels(e: Node): void {
    const labels = e['labels'];
    if (!isNode(labels) || typeof e['options'] !== 'string') return;
    const parsed = parseExpr(e['options']);
    if ('errors' in parsed || parsed.ast.kind !== 'List') return;
    const offered: string[] = [];
    for (const item of parsed.ast.items) {
      if (item.kind !== 'String' && item.kind !== 'Number' && item.kind !== 'Bool') return; // not provable
      offered.push(String(item.value));
    }
    for (const key of Object.keys(labels)) {
      if (offered.includes(key)) continue;
      this.cc.error(labels, key, `label '${key}' is for a value this choice never offers (it offers ${offered.map((o) => JSON.stringify(o)).join(', ')})${didYouMean(key, offered)}`);
    }
  }

  /**
   * One seat's decision in several steps. Each step is an ordinary choice (its own id, prompt and
   * labels) whose options keep only the values that can still be completed: the later steps'
   * options (evaluated with this value bound) must offer one that completes in turn, and the last
   * must satisfy `where`. Step options are expressions, without effects, so looking ahead changes
   * nothing but the step slots, which the answers then set.
   */
  private stagedChoose(e: Node, env: Env, rule: string): void {
    const id = String(e['choose']);
    const p = this.cc.program;
    for (const key of ['options', 'as', 'into', 'simultaneous'])
      if (e[key] !== undefined) this.cc.error(e, key, `a choice in steps takes no '${key}': each step has its own options and 'as'`);
    const first = this.chooseNodes.get(id);
    if (first && first !== e) this.cc.error(e, 'choose', `choice id '${id}' is used twice`);
    this.chooseNodes.set(id, e);
    const seatsC = this.cc.expr(e, 'seats', env, T.seat);
    const steps = Array.isArray(e['steps']) ? e['steps'].filter(isNode) : [];
    if (!seatsC || steps.length === 0) return;
    const meSlot = this.cc.newSlot();
    const inner = env.child();
    inner.bind('me', { slot: meSlot, type: T.seat });
    type Step = { node: Node; id: string; slot: number; options: Run<Json[]>; type: Type };
    const compiled: Step[] = [];
    let ok = true;
    for (const st of steps) {
      const sid = String(st['choose']);
      const other = this.chooseNodes.get(sid);
      if (other && other !== st) this.cc.error(st, 'choose', `choice id '${sid}' is used twice`);
      this.chooseNodes.set(sid, st);
      const opts = this.cc.expr(st, 'options', inner);
      const slot = this.cc.newSlot();
      const as = String(st['as']);
      if (!opts || opts.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(opts.type.of.k)) {
        if (opts) this.cc.error(st, 'options', `'options' must be a list of numbers, booleans, strings, seats, cards or places; got ${typeToString(opts.type)}`);
        inner.bind(as, { slot, type: T.any });
        env.bind(as, { slot, type: T.any });
        ok = false;
        continue;
      }
      inner.bind(as, { slot, type: opts.type.of });
      env.bind(as, { slot, type: opts.type.of }); // the answers are named for the effects after the choice
      compiled.push({ node: st, id: sid, slot, options: opts.fn as Run<Json[]>, type: opts.type.of });
    }
    const where = e['where'] !== undefined ? (this.cc.expr(e, 'where', inner, T.bool)?.fn as Run<unknown> | undefined) : undefined;
    if (!ok || (e['where'] !== undefined && !where)) return;
    const n = compiled.length;
    // completes(i): with the steps before i answered (their slots set), some value of step i completes
    const completes = (i: number, c: RunCtx): boolean => {
      if (i === n) return where ? where(c) === true : true;
      const st = compiled[i]!;
      for (const v of st.options(c)) {
        c.locals[st.slot] = v;
        if (completes(i + 1, c)) return true;
      }
      return false;
    };
    const seat = seatsC.fn as Run<number | null>;
    compiled.forEach((st, i) => {
      const options: Run<Json[]> = (c) => st.options(c).filter((v) => { c.locals[st.slot] = v; return completes(i + 1, c); });
      const of = st.type;
      const instr: ChooseInstr = {
        id: st.id,
        rule,
        prompt: (st.node['prompt'] ?? e['prompt'] ?? { en: st.id, zh: st.id }) as Text,
        seats: (c) => { const x = seat(c); return x === null ? [] : [x]; },
        options,
        meSlot,
        simultaneous: false,
        secret: e['secret'] === true,
        optionType: of.k as ChooseInstr['optionType'],
        labels: (isNode(st.node['labels']) ? st.node['labels'] : {}) as Record<string, Text>,
        asSlot: st.slot,
        ...(st.node['ask'] === 'several' ? { auto: true } : {}),
        ...(i === 0 ? { emptyWhy: `no value of the first step of the choice '${id}' in steps can be completed (each fails a later step${where ? " or 'where'" : ''})` } : {}),
        ...(of.k === 'space' ? { optionSet: p.spaces.findIndex((x) => x.id === of.set) } : {}),
      };
      p.chooses.set(st.id, instr);
      // a later step is never empty: the step before it offered only values that complete
      p.choiceProofs.push(i === 0 ? { id: st.id, rule, proven: false } : { id: st.id, rule, proven: true, by: 'stages' });
      this.prover.kill([{ choose: st.id, as: st.node['as'], options: st.node['options'] }]);
      this.cc.emit({ op: 'choose', c: instr }, rule);
    });
  }

  /**
   * A menu (`menu:`, with `do:` after each pick) or a subset pick (`pick: {from, min, max}` with a
   * budget `where`): one seat picks values one decision at a time, each at most once, until it
   * says Done (`none`, offered once `min` are picked) or `max` are picked. The loop is ordinary
   * instructions around one choice, so every pick is a decision in views, logs and replays.
   */
  private repeatedChoose(e: Node, env: Env, rule: string): void {
    const id = String(e['choose']);
    const p = this.cc.program;
    const isMenu = e['menu'] !== undefined;
    const spec = isMenu ? e : isNode(e['pick']) ? e['pick'] : {};
    for (const key of ['options', 'into', 'simultaneous', 'steps', ...(isMenu ? ['pick'] : ['menu', 'do', 'min', 'max'])])
      if (e[key] !== undefined) this.cc.error(e, key, `a ${isMenu ? 'menu' : 'pick'} takes no '${key}'`);
    const first = this.chooseNodes.get(id);
    if (first && first !== e) this.cc.error(e, 'choose', `choice id '${id}' is used twice`);
    this.chooseNodes.set(id, e);
    const as = typeof e['as'] === 'string' ? e['as'] : undefined;
    if (!as) this.cc.error(e, 'choose', `a ${isMenu ? 'menu' : 'pick'} needs 'as: <name>' for ${isMenu ? 'each pick' : 'the picked list'}`);
    const seatsC = this.cc.expr(e, 'seats', env, T.seat);
    const meSlot = this.cc.newSlot();
    const inner = env.child();
    inner.bind('me', { slot: meSlot, type: T.seat });
    const items = this.cc.expr(spec, isMenu ? 'menu' : 'from', inner);
    const min = spec['min'] !== undefined ? (this.cc.expr(spec, 'min', inner, T.number)?.fn as Run<number> | undefined) : () => 0;
    const max = spec['max'] !== undefined ? (this.cc.expr(spec, 'max', inner, T.number)?.fn as Run<number> | undefined) : () => Infinity;
    const pickedSlot = this.cc.newSlot();
    const answerSlot = this.cc.newSlot();
    const bad = !seatsC || !items || !min || !max || !as || items.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(items.type.of.k);
    if (items && (items.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(items.type.of.k)))
      this.cc.error(spec, isMenu ? 'menu' : 'from', `expected a list of numbers, booleans, strings, seats, cards or places; got ${typeToString(items.type)}`);
    const of = items && items.type.k === 'list' ? items.type.of : T.any;
    const where = !isMenu && e['where'] !== undefined ? this.cc.lambda(e, 'where', inner, [T.list(of)], T.bool) : undefined;
    if (bad || (!isMenu && e['where'] !== undefined && !where)) {
      if (as) env.bind(as, { slot: answerSlot, type: isMenu ? T.any : T.list(T.any) });
      return;
    }
    const seat = seatsC.fn as Run<number | null>;
    const all = items.fn as Run<Json[]>;
    const left = (c: RunCtx): Json[] => {
      const picked = c.locals[pickedSlot] as Json[];
      return all(c).filter((v) => !picked.includes(v) && (!where || where(c, [...picked, v]) === true));
    };
    const instr: ChooseInstr = {
      id,
      rule,
      prompt: (e['prompt'] ?? { en: id, zh: id }) as Text,
      seats: (c) => { const x = seat(c); return x === null ? [] : [x]; },
      options: (c) => { const picked = c.locals[pickedSlot] as Json[]; return (picked.length >= min(c) ? [...left(c), null] : left(c)); },
      meSlot,
      simultaneous: false,
      secret: e['secret'] === true,
      optionType: of.k as ChooseInstr['optionType'],
      labels: { none: { en: 'Done', zh: '完成' }, ...((isNode(e['labels']) ? e['labels'] : {}) as Record<string, Text>) },
      asSlot: answerSlot,
      emptyWhy: `it must pick ${isMenu ? 'from the menu' : 'more'} (min) but nothing is left that it may pick`,
      ...(of.k === 'space' ? { optionSet: p.spaces.findIndex((x) => x.id === of.set) } : {}),
    };
    p.chooses.set(id, instr);
    // Done is offered when min is 0 and nothing needs picking: then the options are never empty
    const proven = spec['min'] === undefined || spec['min'] === 0;
    p.choiceProofs.push(proven ? { id, rule, proven: true, by: 'form' } : { id, rule, proven: false });
    this.cc.emit({ op: 'exec', fn: (c) => { c.locals[pickedSlot] = []; } }, rule);
    // `me` is the deciding seat in the limits too: bind it before they are read
    const head = this.cc.emit({ op: 'jumpIfNot', cond: (c) => { const x = seat(c); if (x === null) return false; c.locals[meSlot] = x; const n = (c.locals[pickedSlot] as Json[]).length; return n < max(c) && (left(c).length > 0 || n < min(c)); }, to: -1 }, rule);
    this.prover.kill([e]);
    this.cc.emit({ op: 'choose', c: instr }, rule);
    const done = this.cc.emit({ op: 'jumpIfNot', cond: (c) => c.locals[answerSlot] !== null, to: -1 }, rule);
    this.cc.emit({ op: 'exec', fn: (c) => { (c.locals[pickedSlot] as Json[]).push(c.locals[answerSlot]!); } }, rule);
    if (isMenu) {
      const body = env.child();
      body.bind(as, { slot: answerSlot, type: of });
      this.block(Array.isArray(e['do']) ? e['do'] : [], body, rule);
    }
    this.cc.emit({ op: 'jump', to: head }, rule);
    this.patch(head);
    this.patch(done);
    // after a pick, `as` is the picked list; after a menu, nothing is bound
    if (!isMenu) {
      const listSlot = this.cc.newSlot();
      this.cc.emit({ op: 'exec', fn: (c) => { c.locals[listSlot] = (c.locals[pickedSlot] as Json[]).slice(); } }, rule);
      env.bind(as, { slot: listSlot, type: T.list(of) });
    }
  }

  private call(e: Node, env: Env, rule: string): void {
    const id = String(e['call']);
    const proc = list(this.spec, 'procedures').find((x) => x['id'] === id);
    if (!proc) {
      this.cc.error(e, 'call', `unknown procedure '${id}'`, `procedures: ${list(this.spec, 'procedures').map((x) => String(x['id'])).join(', ') || 'none'}`);
      return;
    }
    this.callBody(proc, e, 'call', env, rule, `procedure '${id}'`);
  }

  private emitEvent(e: Node, env: Env, rule: string): void {
    const event = String(e['emit']);
    const handlers = list(this.spec, 'triggers').filter((t) => triggerEvent(t) === event);
    if (handlers.length === 0) this.cc.warn(e, 'emit', `no trigger listens to '${event}'`);
    for (const h of handlers) this.callBody(h, e, 'emit', env, rule, `trigger '${String(h['id'])}'`);
  }

  /** The body a procedure or trigger node compiles to (once), with its typed parameters. */
  private bodyOf(target: Node, what: string): BodyInfo | undefined {
    const id = String(target['id']);
    const known = this.bodies.get(id);
    if (known) return known;
    const params = parseParams(this.cc, target, what);
    if (!params) return undefined;
    const info: BodyInfo = { body: { id, entry: -1, params: [], lo: 0, hi: 0 }, params, node: target, queued: false };
    this.bodies.set(id, info);
    return info;
  }

  /** A call of a body compiled once: the arguments are checked against its parameter types here. */
  private callBody(target: Node, site: Node, key: string, env: Env, rule: string, what: string): void {
    const info = this.bodyOf(target, what);
    if (!info) return;
    const args = isNode(site['with']) ? site['with'] : {};
    const names = info.params.map((x) => x.name);
    for (const name of Object.keys(args)) if (!names.includes(name)) this.cc.error(args, name, `${what} has no parameter '${name}'`, `parameters: ${names.join(', ') || 'none'}`);
    const fns: Run<Json>[] = [];
    for (const param of info.params) {
      if (!Object.hasOwn(args, param.name)) {
        this.cc.error(site, key, `${what} needs parameter '${param.name}' (${typeToString(param.type)})`);
        return;
      }
      const value = param.values ? this.cc.word(args, param.name, env, param.values) : this.cc.expr(args, param.name, env, param.type);
      if (!value) return;
      fns.push(value.fn as Run<Json>);
    }
    this.cc.emit({ op: 'call', body: info.body, args: fns, rule }, rule);
    if (!info.queued) this.queue.push(info); // compiled once it is really called
    info.queued = true;
  }

  /**
   * Compile every body that was called, each once, after the code that calls it: its parameters
   * and locals get slots of their own [lo, hi), which a call saves and its return restores.
   */
  compileBodies(): void {
    for (const decl of list(this.spec, 'effectLists')) this.listTable(String(decl['id']));
    this.checkCarriedLists();
    for (let i = 0; i < this.queue.length; i++) {
      const info = this.queue[i]!;
      const body = info.body;
      body.lo = this.cc.slots;
      const env = new Env(); // a body sees only its parameters, not any caller's locals
      for (const param of info.params) {
        const slot = this.cc.newSlot();
        body.params.push(slot);
        env.bind(param.name, { slot, type: param.type });
      }
      body.entry = this.cc.code.length;
      const callerFacts = this.prover.hide(); // a body is proven as its own root
      if (info.effects) {
        this.cc.ruleNodes.set(body.id, info.node);
        this.cc.listEntries.push(body.entry);
        this.block(info.effects, env.child(), body.id);
      } else this.ruleNode(info.node, env);
      this.prover.unhide(callerFacts);
      this.cc.emit({ op: 'ret' }, body.id);
      body.hi = this.cc.slots;
    }
  }

  /** `resolve: <card or place>, list: <id>, with: {…}`: run the list the subject carries */
  private resolve(e: Node, env: Env, rule: string): void {
    const id = String(e['list']);
    const table = this.listTable(id, e);
    const subject = this.cc.expr(e, 'resolve', env);
    if (!table || !subject) return;
    if (subject.type.k !== 'none' && subject.type.k !== 'any' && typeToString(subject.type) !== typeToString(table.subject)) {
      this.cc.error(e, 'resolve', `effect list '${id}' is carried by ${table.byKind ? 'card kinds' : `the places of '${String(table.decl['for'])}'`}: resolve ${table.byKind ? 'a card' : `a ${String(table.decl['for'])}`}, not ${typeToString(subject.type)}`);
      return;
    }
    const args = isNode(e['with']) ? e['with'] : {};
    const names = table.params.map((x) => x.name);
    for (const name of Object.keys(args)) if (!names.includes(name)) this.cc.error(args, name, `effect list '${id}' has no parameter '${name}'`, `parameters: ${names.join(', ') || 'none'}`);
    const fns: Run<Json>[] = [];
    for (const param of table.params) {
      if (!Object.hasOwn(args, param.name)) {
        this.cc.error(e, 'list', `effect list '${id}' needs parameter '${param.name}' (${typeToString(param.type)})`);
        return;
      }
      const value = param.values ? this.cc.word(args, param.name, env, param.values) : this.cc.expr(args, param.name, env, param.type);
      if (!value) return;
      fns.push(value.fn as Run<Json>);
    }
    this.cc.emit({ op: 'dispatch', subject: subject.fn as Run<Json>, byKind: table.byKind, bodies: table.bodies, fallback: table.fallback, args: fns, rule }, rule);
  }

  /**
   * The bodies of one declared effect list, one per card kind (or place) that carries it, made
   * once and compiled after the flow with the subject (`as`) and the list's typed parameters.
   */
  private listTable(id: string, site?: Node): ListTable | undefined {
    if (this.lists.has(id)) return this.lists.get(id) ?? undefined;
    const decls = list(this.spec, 'effectLists');
    const decl = decls.find((x) => x['id'] === id);
    if (!decl) {
      if (site) this.cc.error(site, 'list', `unknown effect list '${id}'`, decls.length > 0 ? `effect lists: ${decls.map((x) => String(x['id'])).join(', ')}` : 'declare it under effectLists: (id, for, as, params, text)');
      return undefined;
    }
    this.lists.set(id, null); // a list whose declaration is wrong is reported once
    const carrier = String(decl['for']);
    const byKind = carrier === 'card';
    const set = byKind ? undefined : this.cc.program.spaces.find((x) => x.id === carrier);
    if (!byKind && !set) {
      this.cc.error(decl, 'for', `'${carrier}' is neither 'card' nor a space set`, `space sets: ${this.cc.program.spaces.map((x) => x.id).join(', ') || 'none'}`);
      return undefined;
    }
    const params = parseParams(this.cc, decl, `effect list '${id}'`);
    if (!params) return undefined;
    const as = String(decl['as']);
    const subject = byKind ? T.card : T.space(set!.id);
    const all = [{ name: as, type: subject }, ...params];
    const carriers = byKind ? list(this.spec, 'cards') : list(list(this.spec, 'spaces').find((x) => x['id'] === carrier)!, 'items');
    const bodyFor = (node: Node, effects: unknown[], bodyId: string): Body => {
      const info: BodyInfo = { body: { id: bodyId, entry: -1, params: [], lo: 0, hi: 0 }, params: all, node, effects, queued: true };
      this.queue.push(info);
      return info.body;
    };
    const bodies = carriers.map((node) => {
      const own = isNode(node['effects']) ? node['effects'][id] : undefined;
      return Array.isArray(own) ? bodyFor(node, own, String(node['id'])) : null;
    });
    const fallback = Array.isArray(decl['do']) ? bodyFor(decl, decl['do'], id) : null;
    const table: ListTable = { decl, byKind, subject, params, bodies, fallback };
    this.lists.set(id, table);
    return table;
  }

  /** every `effects:` key of a card kind or place names a list declared for that carrier */
  private checkCarriedLists(): void {
    const decls = list(this.spec, 'effectLists');
    const check = (node: Node, carrier: string): void => {
      const effects = node['effects'];
      if (!isNode(effects)) return;
      for (const key of Object.keys(effects)) {
        const decl = decls.find((x) => x['id'] === key);
        if (!decl) this.cc.error(effects, key, `unknown effect list '${key}'`, decls.length > 0 ? `effect lists: ${decls.map((x) => String(x['id'])).join(', ')}` : 'declare it under effectLists: (id, for, as, params, text)');
        else if (String(decl['for']) !== carrier) this.cc.error(effects, key, `effect list '${key}' is carried by ${String(decl['for']) === 'card' ? 'card kinds' : `the places of '${String(decl['for'])}'`}, not here`);
      }
    };
    for (const k of list(this.spec, 'cards')) check(k, 'card');
    for (const set of list(this.spec, 'spaces')) for (const item of list(set, 'items')) check(item, String(set['id']));
  }

  private eliminate(e: Node, env: Env, rule: string): void {
    const seat = this.cc.expr(e, 'eliminate', env, T.seat);
    if (!seat) return;
    const fn = seat.fn as Run<number>;
    this.cc.emit({ op: 'exec', fn: (c) => { const s = fn(c); if (s === null || c.s.seats[s]!.out) return; c.s.seats[s]!.out = true; log(c, rule, 'eliminate', { seat: s }); } }, rule);
  }

  private split(e: Node, env: Env, rule: string): void {
    const from = this.cc.zoneRef(e, 'split', env);
    const among = this.cc.expr(e, 'among', env, T.list(T.seat));
    const into = this.seatZone(e, 'into');
    const value = this.cc.lambda(e, 'value', env, [T.card], T.number);
    if (!from || !among || into < 0 || !value) return;
    const p = this.cc.program;
    const who = among.fn as Run<number[]>;
    this.cc.emit({
      op: 'exec',
      fn: (c) => {
        const src = zoneOf(c, from);
        const seats = who(c);
        const values = new Array<number>(src.length);
        for (let i = 0; i < src.length; i++) values[i] = value(c, src[i]!) as number;
        const { groups, share } = equalSplit(values, seats.length);
        const picked = groups.map((g) => g.map((i) => src[i]!));
        // the notes not given out stay, in order (by index: a card lies in one zone once)
        const given = new Uint8Array(src.length);
        for (const g of groups) for (const i of g) given[i] = 1;
        let left = 0;
        for (let i = 0; i < src.length; i++) if (given[i] === 0) src[left++] = src[i]!;
        src.length = left;
        const slot = p.zones[into]!.slot;
        for (let k = 0; k < picked.length; k++) {
          const cards = picked[k]!;
          const seat = seats[k]!;
          c.s.seats[seat]!.z[slot]!.push(...cards);
          if (c.s.logging && cards.length > 0) logMove(c, rule, p, from, { zone: into, seat: () => seat }, cards);
        }
        // the share tells what the notes were worth: public only if the notes were in sight
        const owner = from.seat?.(c); // evaluated even when not logging: a lambda in it writes its slot, as before
        if (!c.s.logging) return;
        const vis = zoneVis(p, from.zone, owner);
        if (vis === 'all') log(c, rule, 'split', { among: seats, share, left });
        else log(c, rule, 'split', { among: seats, share, left }, [...new Set([...vis, ...seats])], { among: seats, left });
      },
    }, rule);
  }

  /** e[key] as a zone reference when it is written as just a zone (`deck`, `me.hand`), else undefined */
  private plainZone(e: Node, key: string, env: Env): ZoneRef | undefined {
    const src = e[key];
    if (typeof src !== 'string') return undefined;
    const parsed = parseExpr(src);
    if ('errors' in parsed) return undefined;
    const ast = parsed.ast;
    const p = this.cc.program;
    if (ast.kind === 'Name' && !env.lookup(ast.name)) {
      const zone = p.zones.findIndex((d) => d.id === ast.name && d.per === 'game' && d.by === undefined);
      return zone >= 0 ? { zone } : undefined;
    }
    if (ast.kind === 'Member') {
      const zone = p.zones.findIndex((d) => d.id === ast.name && d.per === 'seat' && d.by === undefined);
      if (zone < 0) return undefined;
      const seat = compileExpr(ast.object, this.cc.scope(env), T.seat);
      return 'errors' in seat || seat.type.k !== 'seat' ? undefined : { zone, seat: seat.fn as Run<number> };
    }
    return undefined;
  }

  /** an unkeyed seat zone named by e[key]; -1 (reported) if it is not one */
  private seatZone(e: Node, key: string): number {
    const name = e[key];
    const z = this.cc.program.zones.findIndex((d) => d.id === name && d.per === 'seat');
    if (z < 0) this.cc.error(e, key, `'${String(name)}' is not a seat zone`);
    else if (this.cc.program.zones[z]!.by !== undefined) this.cc.error(e, key, `'${String(name)}' is keyed; ${key === 'to' ? 'deal' : 'split'} needs a zone without [ ]`);
    return z;
  }

  private endGame(e: Node, rule: string): void {
    const end = String(e['endGame']);
    if (!list(this.spec, 'ends').some((x) => x['id'] === end)) this.cc.error(e, 'endGame', `unknown end rule '${end}'`, `ends: ${list(this.spec, 'ends').map((x) => String(x['id'])).join(', ')}`);
    this.cc.emit({ op: 'end', end, rule }, rule);
  }
}

function arrayOr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}


function removeCards(src: number[], cards: number[], rule: string): number[] {
  const taken: number[] = [];
  for (const card of cards) {
    const i = src.indexOf(card);
    if (i < 0) throw new Error(`rule '${rule}': card ${card} is not in the zone it is moved from`);
    src.splice(i, 1);
    taken.push(card);
  }
  return taken;
}

/** dst.unshift(...items), by hand: twice as fast as unshift on zones of a few dozen cards, and
 *  moves to a zone's top are the most common */
function prepend(dst: number[], items: number[]): void {
  const n = items.length;
  const m = dst.length;
  for (let i = 0; i < n; i++) dst.push(0);
  for (let i = m - 1; i >= 0; i--) dst[i + n] = dst[i]!;
  for (let i = 0; i < n; i++) dst[i] = items[i]!;
}

function removeWhere(src: number[], pred: (card: number) => boolean): number[] {
  const taken: number[] = [];
  let w = 0;
  for (let r = 0; r < src.length; r++) {
    const card = src[r]!;
    if (pred(card)) taken.push(card);
    else src[w++] = card;
  }
  src.length = w;
  return taken;
}

function logMove(c: RunCtx, rule: string, p: import('../program.ts').Program, from: ZoneRef, to: ZoneRef, cards: number[]): void {
  const fromSeat = from.seat?.(c);
  const toSeat = to.seat?.(c);
  const where = {
    from: zoneName(p, from.zone, from.key?.(c)),
    ...(fromSeat !== undefined ? { fromSeat } : {}),
    to: zoneName(p, to.zone, to.key?.(c)),
    ...(toSeat !== undefined ? { toSeat } : {}),
    count: cards.length,
  };
  const vis = mergeVis(zoneVis(p, from.zone, fromSeat), zoneVis(p, to.zone, toSeat));
  // what the cards show: the kind, or only the front for kinds that hide behind one
  const shows = cards.map((card) => { const k = p.cards[c.t.kindOf[card]!]!; return k.front ? k.front.id : k.id; });
  if (vis === 'all') log(c, rule, 'move', { ...where, cards, shows });
  else log(c, rule, 'move', { ...where, cards, shows }, vis, where);
}

export type { Type };
