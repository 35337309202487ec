/**
 * Effects → instructions: the machinery every effect kind shares. Each kind's own check and
 * compilation is its module in src/effects/ (registry.ts), called from `effect()`. Here: rule
 * nodes and effect lists, jumps, choice ids, and the bodies compiled once — procedures,
 * triggers and effect lists, entered with `call`/`dispatch` (the return stack is part of the
 * state), so they may call each other and themselves.
 */
import { compileExpr, idHint, parseExpr, typeToString, type Type } from '../../expr/index.ts';
import { EFFECT_KEYS, effectKeyOf, kindOf } from '../../effects/registry.ts';
import type { EffectKey } from '../../effects/kind.ts';
import type { Json } from '../api.ts';
import type { Body, Run, ZoneRef } from '../program.ts';
import { handleOf } from '../runtime.ts';
import { Env, isNode, type Compiler, type Node } from './compiler.ts';
import { list } from './declarations.ts';
import { T } from './types.ts';
import { ChoiceProver } from './choice-proofs.ts';

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
export interface ListTable {
  decl: Node;
  byKind: boolean;
  subject: Type;
  params: Param[];
  bodies: (Body | null)[];
  fallback: Body | null;
}


/** `params: [{name, type}]` of a procedure or trigger; undefined (reported) when one is untyped */
export type Param = { name: string; type: Type; values?: string[]; zone?: true };

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
    // `zone`: the caller passes a zone (a game zone, a keyed zone's entry, a seat's zone)
    if (x['type'] === 'zone') {
      out.push({ name: x['name'], type: T.list(T.card), zone: true });
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
  readonly prover: ChoiceProver;

  constructor(
    readonly cc: Compiler,
    readonly spec: Node,
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
    const entry = this.cc.code.length;
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
    // a rule that emitted nothing cannot be entered (its `entry` is the next rule's)
    if (this.cc.code.length > entry) this.cc.ruleEntry.set(id, [...(this.cc.ruleEntry.get(id) ?? []), entry]);
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
  patch(at: number): void {
    const ins = this.cc.code[at]!;
    const here = this.cc.code.length;
    if (ins.op === 'forNext') ins.end = here;
    else if (ins.op === 'jumpIfNot' || ins.op === 'jump') ins.to = here;
  }

  private effect(e: Node, env: Env, rule: string): void {
    const key = effectKeyOf(e);
    if (!key) {
      this.cc.error(e, undefined, `unknown effect`, `an effect starts with one of: ${EFFECT_KEYS.join(', ')}`);
      return;
    }
    const kind = kindOf(key as EffectKey);
    const outer = this.cc.site;
    this.cc.site = e;
    kind.compile(this, e, env, rule);
    this.cc.site = outer;
    // a kind with blocks kills through its own effects (a loop also before its body), a choice
    // itself; any other effect here
    if (!kind.provesItself && kind.blocks(e as never).length === 0) this.prover.kill([e]);
  }

  /** a choice id names one choice: two different choose effects may not share it */
  claimChoiceId(id: string, node: Node): void {
    const first = this.chooseNodes.get(id);
    if (first && first !== node) this.cc.error(node, 'choose', `choice id '${id}' is used twice`);
    this.chooseNodes.set(id, node);
  }

  /**
   * The arguments of a call, an event or a resolve (`with: {name: value}`), checked against the
   * body's typed parameters; undefined (reported) when one is missing or wrong.
   */
  args(params: readonly Param[], site: Node, key: string, env: Env, what: string): Run<Json>[] | undefined {
    const given = isNode(site['with']) ? site['with'] : {};
    const names = params.map((x) => x.name);
    for (const name of Object.keys(given)) if (!names.includes(name)) this.cc.error(given, name, `${what} has no parameter '${name}'`, idHint(name, names, 'parameters'));
    const fns: Run<Json>[] = [];
    for (const param of params) {
      if (!Object.hasOwn(given, param.name)) {
        this.cc.error(site, key, `${what} needs parameter '${param.name}' (${typeToString(param.type)})`);
        return undefined;
      }
      if (param.zone) {
        if (typeof given[param.name] !== 'string') {
          this.cc.error(given, param.name, `parameter '${param.name}' of ${what} is a zone: pass a zone, like deck or stack[x]`);
          return undefined;
        }
        const ref = this.cc.zoneRef(given, param.name, env);
        if (!ref) return undefined;
        fns.push((c) => handleOf(c, ref));
        continue;
      }
      const value = param.values ? this.cc.word(given, param.name, env, param.values) : this.cc.expr(given, param.name, env, param.type);
      if (!value) return undefined;
      fns.push(value.fn as Run<Json>);
    }
    return fns;
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
  callBody(target: Node, site: Node, key: string, env: Env, rule: string, what: string): void {
    const info = this.bodyOf(target, what);
    if (!info) return;
    const fns = this.args(info.params, site, key, env, what);
    if (!fns) return;
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
        env.bind(param.name, { slot, type: param.type, ...(param.zone ? { zone: true as const } : {}) });
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

  /**
   * The bodies of one declared effect list, one per card kind (or place) that carries it, made
   * once and compiled after the flow with the subject (`as`) and the list's typed parameters.
   */
  listTable(id: string, site?: Node): ListTable | undefined {
    if (this.lists.has(id)) return this.lists.get(id) ?? undefined;
    const decls = list(this.spec, 'effectLists');
    const decl = decls.find((x) => x['id'] === id);
    if (!decl) {
      if (site) this.cc.error(site, 'list', `unknown effect list '${id}'`, decls.length > 0 ? idHint(id, decls.map((x) => String(x['id'])), 'effect lists') : 'declare it under effectLists: (id, for, as, params, text)');
      return undefined;
    }
    this.lists.set(id, null); // a list whose declaration is wrong is reported once
    const carrier = String(decl['for']);
    const byKind = carrier === 'card';
    const set = byKind ? undefined : this.cc.program.spaces.find((x) => x.id === carrier);
    if (!byKind && !set) {
      this.cc.error(decl, 'for', `'${carrier}' is neither 'card' nor a space set`, idHint(carrier, this.cc.program.spaces.map((x) => x.id), 'space sets'));
      return undefined;
    }
    const params = parseParams(this.cc, decl, `effect list '${id}'`);
    if (!params) return undefined;
    const as = String(decl['as']);
    const subject = byKind ? T.card : T.space(set!.id);
    const all = [{ name: as, type: subject }, ...params];
    const carried = byKind ? list(this.spec, 'cards') : list(list(this.spec, 'spaces').find((x) => x['id'] === carrier)!, 'items');
    const bodyFor = (node: Node, effects: unknown[], bodyId: string): Body => {
      const info: BodyInfo = { body: { id: bodyId, entry: -1, params: [], lo: 0, hi: 0 }, params: all, node, effects, queued: true };
      this.queue.push(info);
      return info.body;
    };
    const bodies = carried.map((node) => {
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
        if (!decl) this.cc.error(effects, key, `unknown effect list '${key}'`, decls.length > 0 ? idHint(key, decls.map((x) => String(x['id'])), 'effect lists') : 'declare it under effectLists: (id, for, as, params, text)');
        else if (String(decl['for']) !== carrier) this.cc.error(effects, key, `effect list '${key}' is carried by ${String(decl['for']) === 'card' ? 'card kinds' : `the places of '${String(decl['for'])}'`}, not here`);
      }
    };
    for (const k of list(this.spec, 'cards')) check(k, 'card');
    for (const set of list(this.spec, 'spaces')) for (const item of list(set, 'items')) check(item, String(set['id']));
  }

  /** e[key] as a zone reference when it is written as just a zone (`deck`, `me.hand`), else undefined */
  plainZone(e: Node, key: string, env: Env): ZoneRef | undefined {
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
      const seat = compileExpr(ast.object, this.cc.scope(env), T.seat, this.cc.unit);
      return 'errors' in seat || seat.type.k !== 'seat' ? undefined : { zone, seat: seat.fn as Run<number> };
    }
    return undefined;
  }

  /** an unkeyed seat zone named by e[key]; -1 (reported) if it is not one */
  seatZone(e: Node, key: string): number {
    const name = e[key];
    const z = this.cc.program.zones.findIndex((d) => d.id === name && d.per === 'seat');
    if (z < 0) this.cc.error(e, key, `'${String(name)}' is not a seat zone`, idHint(String(name), this.cc.program.zones.filter((d) => d.per === 'seat').map((d) => d.id), 'seat zones'));
    else if (this.cc.program.zones[z]!.by !== undefined) this.cc.error(e, key, `'${String(name)}' is keyed; ${key === 'to' ? 'deal' : 'split'} needs a zone without [ ]`);
    return z;
  }
}

export type { Type };
