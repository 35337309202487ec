/**
 * `choose: <id>, seats: …`: a decision. Plain (`options`, answered into `as` or a seat var,
 * simultaneous for several seats), in steps (`steps:`, each offering only what can still be
 * completed), a menu (`menu:` with `do:` after each pick) or a subset pick (`pick: {from, min, max}`).
 */
import { idHint, parseExpr, typeToString, type Compiled, type Type } from '../expr/index.ts';
import { beginEvaluation, sameEvaluation } from '../expr/compile.ts';
import { walkAst } from '../expr/ast.ts';
import { didYouMean } from '../expr/suggest.ts';
import type { Json, Text } from '../interpreter/api.ts';
import type { ChooseInstr, Run, RunCtx } from '../interpreter/program.ts';
import { isNode, type Env, type Node } from '../interpreter/compile/compiler.ts';
import type { EffectCompiler } from '../interpreter/compile/effects.ts';
import { T } from '../interpreter/compile/types.ts';
import type { ChooseEffect, Expr } from '../loader/types.generated.ts';
import type { Read } from '../docgen/readings/templates.ts';
import { en, zh } from '../docgen/readings/phrases.ts';
import { effectKind } from './kind.ts';
import { chargeSteps } from '../expr/budget.ts';

/** a choice one seat makes: that seat (`seat`, for the machine's fast path) and the list of it (`seats`) */
function oneSeat(seat: Run<number | null>): Pick<ChooseInstr, 'seat' | 'seats'> {
  return { seat, seats: (c) => { const x = seat(c); return x === null ? [] : [x]; } };
}

function compileChoose(cx: EffectCompiler, e: Node, env: Env, rule: string): void {
  if (e['steps'] !== undefined) return stagedChoose(cx, e, env, rule);
  if (e['menu'] !== undefined || e['pick'] !== undefined) return repeatedChoose(cx, e, env, rule);
  if (e['options'] === undefined) {
    cx.cc.error(e, 'choose', "a choice needs 'options:' (or 'steps:' for a choice in several steps)");
    return;
  }
  const id = String(e['choose']);
  const p = cx.cc.program;
    cx.claimChoiceId(id, e);
  const seatsC = cx.cc.expr(e, 'seats', env);
  if (!seatsC) return;
  const single = seatsC.type.k === 'seat';
  if (!single && !(seatsC.type.k === 'list' && (seatsC.type.of.k === 'seat' || seatsC.type.of.k === 'any'))) {
    cx.cc.error(e, 'seats', `'seats' must be a seat or a list of seats, got ${typeToString(seatsC.type)}`);
    return;
  }
  const meSlot = cx.cc.newSlot();
  const inner = env.child();
  inner.bind('me', { slot: meSlot, type: T.seat });
  const options = cx.cc.expr(e, 'options', inner);
  // a wrong choice still binds its answer (as anything), so one mistake is reported once
  const bindAnyway = (): void => { if (typeof e['as'] === 'string') env.bind(e['as'], { slot: cx.cc.newSlot(), type: T.any }); };
  if (!options) return bindAnyway();
  if (options.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(options.type.of.k)) {
    cx.cc.error(e, 'options', `'options' must be a list of numbers, booleans, strings, seats, cards or places; got ${typeToString(options.type)}`);
    return bindAnyway();
  }
  const of = options.type.of;
  const optionType = of.k as ChooseInstr['optionType'];
  const optionsZone = optionType === 'card' ? cx.plainZone(e, 'options', inner) : undefined;
  checkLabels(cx, e);
  const simultaneous = e['simultaneous'] === undefined ? !single : e['simultaneous'] === true;
  const instr: ChooseInstr = {
    id,
    rule,
    prompt: (e['prompt'] ?? { en: id, zh: id }) as Text,
    ...(single ? oneSeat(seatsC.fn as Run<number | null>) : { seats: seatsC.fn as Run<number[]> }),
    options: options.fn as Run<Json[]>,
    meSlot,
    simultaneous,
    secret: e['secret'] === true,
    optionType,
    labels: (isNode(e['labels']) ? e['labels'] : {}) as Record<string, Text>,
    ...(of.k === 'space' ? { optionSet: p.spaces.findIndex((s) => s.id === of.set) } : {}),
    ...(optionsZone ? { optionsZone } : {}),
  };
  const computed = computedReads(cx, e, 'options', inner);
  if (computed.length > 0) instr.readsComputed = computed;
  const into = e['into'];
  const as = e['as'];
  if (into !== undefined) {
    const v = p.seatVars.findIndex((d) => d.id === into);
    if (v < 0) cx.cc.error(e, 'into', `'${String(into)}' is not a seat var`, idHint(String(into), p.seatVars.map((d) => d.id), 'seat vars'));
    else if (p.seatVars[v]!.type !== (optionType === 'space' ? p.spaces[instr.optionSet!]!.id : optionType)) cx.cc.error(e, 'into', `seat var '${String(into)}' is ${p.seatVars[v]!.type} but the options are ${optionType}s`);
    else instr.into = v;
  } else if (typeof as === 'string') {
    if (!single) cx.cc.error(e, 'as', "a choice by several seats stores each answer in a seat var: use 'into: <seatVar>' (or loop with forEach and choose one seat at a time)");
    const slot = cx.cc.newSlot();
    env.bind(as, { slot, type: options.type.of });
    instr.asSlot = slot;
  } else {
    cx.cc.error(e, 'choose', "a choice needs 'into: <seatVar>' or 'as: <name>' to keep the answer");
  }
  if (!single && !simultaneous) cx.cc.error(e, 'simultaneous', 'several seats answering one after another: loop with forEach over the seats and choose one seat at a time, so each sees the earlier answers');
  p.chooses.set(id, instr);
  // inlined at several sites, a choice is proven only if it is proven at each
  const by = cx.prover.prove(e['options'], e['seats'], single, (name) => env.lookup(name) !== undefined);
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
  cx.prover.kill([e]);
  cx.prover.chose(e['options'], e['seats'], single, e['as']);
  cx.cc.emit({ op: 'choose', c: instr }, rule);
}

/** the `let` locals an expression reads (its own lambda parameters aside) */
export function computedReads(cx: EffectCompiler, e: Node, key: string, env: Env): string[] {
  const site = cx.cc.model.expr(e, key);
  if (!site || !('ast' in site.parsed)) return [];
  const names = new Set<string>();
  const params = new Set<string>();
  walkAst(site.parsed.ast, (n) => {
    if (n.kind === 'Name') names.add(n.name);
    else if (n.kind === 'Lambda') for (const q of n.params) params.add(q.name);
  });
  return [...names].filter((n) => !params.has(n) && env.lookup(n)?.computed === true);
}

/** labels only for values the choice can offer, when its options are a literal list (a typo such as `stya`) */
function checkLabels(cx: EffectCompiler, e: Node): void {
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
    cx.cc.error(labels, key, `label '${key}' is for a value this choice never offers (it offers ${offered.map((o) => JSON.stringify(o)).join(', ')})${didYouMean(key, offered)}`);
  }
}

/**
 * One seat's decision in several steps. Each step is an ordinary choice (its own id, prompt and
 * labels) whose options keep only the values that can still be completed: the later steps'
 * options (evaluated with this value bound) must offer one that completes in turn, and the last
 * must satisfy `where`. Step options are expressions, without effects, so looking ahead changes
 * nothing but the step slots, which the answers then set.
 */
function stagedChoose(cx: EffectCompiler, e: Node, env: Env, rule: string): void {
  const id = String(e['choose']);
  const p = cx.cc.program;
  for (const key of ['options', 'as', 'into', 'simultaneous'])
    if (e[key] !== undefined) cx.cc.error(e, key, `a choice in steps takes no '${key}': each step has its own options and 'as'`);
  cx.claimChoiceId(id, e);
  const seatsC = cx.cc.expr(e, 'seats', env, T.seat);
  const steps = Array.isArray(e['steps']) ? e['steps'].filter(isNode) : [];
  if (!seatsC || steps.length === 0) return;
  const meSlot = cx.cc.newSlot();
  const inner = env.child();
  inner.bind('me', { slot: meSlot, type: T.seat });
  type Step = { node: Node; id: string; slot: number; options: Run<Json[]>; type: Type };
  const compiled: Step[] = [];
  let ok = true;
  for (const st of steps) {
    const sid = String(st['choose']);
    cx.claimChoiceId(sid, st);
    // a later step's options, and `where`, run once for every way the steps before could go
    const opts = cx.cc.expr(st, 'options', inner, undefined, 'full', { repeated: st !== steps[0] });
    const slot = cx.cc.newSlot();
    const as = String(st['as']);
    if (!opts || opts.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(opts.type.of.k)) {
      if (opts) cx.cc.error(st, 'options', `'options' must be a list of numbers, booleans, strings, seats, cards or places; got ${typeToString(opts.type)}`);
      inner.bind(as, { slot, type: T.any });
      env.bind(as, { slot, type: T.any });
      ok = false;
      continue;
    }
    inner.bind(as, { slot, type: opts.type.of });
    env.bind(as, { slot, type: opts.type.of }); // the answers are named for the effects after the choice
    compiled.push({ node: st, id: sid, slot, options: opts.fn as Run<Json[]>, type: opts.type.of });
  }
  const where = e['where'] !== undefined ? (cx.cc.expr(e, 'where', inner, T.bool, 'full', { repeated: true })?.fn as Run<unknown> | undefined) : undefined;
  if (!ok || (e['where'] !== undefined && !where)) return;
  const n = compiled.length;
  // the look-ahead runs the later steps' options and `where` many times over one state: one
  // evaluation, so the spec functions they share are computed once (src/expr/memo.ts)
  const laterOptions = compiled.map((st) => sameEvaluation(st.options as Compiled) as Run<Json[]>);
  const whereHeld = where ? (sameEvaluation(where as Compiled) as Run<unknown>) : undefined;
  // completes(i): with the steps before i answered (their slots set), some value of step i completes
  const lookAhead = `the look-ahead of the choice '${id}' (each value of a step tried with the steps after it)`;
  const completes = (i: number, c: RunCtx): boolean => {
    if (i === n) return whereHeld ? whereHeld(c) === true : true;
    const st = compiled[i]!;
    const values = laterOptions[i]!(c);
    // the values tried take steps of the work budget (src/expr/budget.ts): steps multiply
    chargeSteps(values.length, lookAhead);
    for (const v of values) {
      c.locals[st.slot] = v;
      if (completes(i + 1, c)) return true;
    }
    return false;
  };
  const seat = seatsC.fn as Run<number | null>;
  // a step's options may read the `let`s before the choice and, through the look-ahead, the later steps' too
  const computed = [...new Set(steps.flatMap((st) => computedReads(cx, st, 'options', env)))];
  compiled.forEach((st, i) => {
    const options: Run<Json[]> = (c) => {
      beginEvaluation();
      return laterOptions[i]!(c).filter((v) => { c.locals[st.slot] = v; return completes(i + 1, c); });
    };
    const of = st.type;
    const instr: ChooseInstr = {
      id: st.id,
      rule,
      prompt: (st.node['prompt'] ?? e['prompt'] ?? { en: st.id, zh: st.id }) as Text,
      ...oneSeat(seat),
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
      ...(computed.length > 0 ? { readsComputed: computed } : {}),
    };
    p.chooses.set(st.id, instr);
    // a later step is never empty: the step before it offered only values that complete
    p.choiceProofs.push(i === 0 ? { id: st.id, rule, proven: false } : { id: st.id, rule, proven: true, by: 'stages' });
    cx.prover.kill([{ choose: st.id, as: st.node['as'], options: st.node['options'] }]);
    cx.cc.emit({ op: 'choose', c: instr }, rule);
  });
}

/**
 * A menu (`menu:`, with `do:` after each pick) or a subset pick (`pick: {from, min, max}` with a
 * budget `where`): one seat picks values one decision at a time, each at most once, until it
 * says Done (`none`, offered once `min` are picked) or `max` are picked. The loop is ordinary
 * instructions around one choice, so every pick is a decision in views, logs and replays.
 */
function repeatedChoose(cx: EffectCompiler, e: Node, env: Env, rule: string): void {
  const id = String(e['choose']);
  const p = cx.cc.program;
  const isMenu = e['menu'] !== undefined;
  const spec = isMenu ? e : isNode(e['pick']) ? e['pick'] : {};
  for (const key of ['options', 'into', 'simultaneous', 'steps', ...(isMenu ? ['pick'] : ['menu', 'do', 'min', 'max'])])
    if (e[key] !== undefined) cx.cc.error(e, key, `a ${isMenu ? 'menu' : 'pick'} takes no '${key}'`);
  cx.claimChoiceId(id, e);
  const as = typeof e['as'] === 'string' ? e['as'] : undefined;
  if (!as) cx.cc.error(e, 'choose', `a ${isMenu ? 'menu' : 'pick'} needs 'as: <name>' for ${isMenu ? 'each pick' : 'the picked list'}`);
  const seatsC = cx.cc.expr(e, 'seats', env, T.seat);
  const meSlot = cx.cc.newSlot();
  const inner = env.child();
  inner.bind('me', { slot: meSlot, type: T.seat });
  const items = cx.cc.expr(spec, isMenu ? 'menu' : 'from', inner);
  const min = spec['min'] !== undefined ? (cx.cc.expr(spec, 'min', inner, T.number)?.fn as Run<number> | undefined) : () => 0;
  const max = spec['max'] !== undefined ? (cx.cc.expr(spec, 'max', inner, T.number)?.fn as Run<number> | undefined) : () => Infinity;
  const pickedSlot = cx.cc.newSlot();
  const answerSlot = cx.cc.newSlot();
  const bad = !seatsC || !items || !min || !max || !as || items.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(items.type.of.k);
  if (items && (items.type.k !== 'list' || !['number', 'bool', 'string', 'seat', 'card', 'space'].includes(items.type.of.k)))
    cx.cc.error(spec, isMenu ? 'menu' : 'from', `expected a list of numbers, booleans, strings, seats, cards or places; got ${typeToString(items.type)}`);
  const of = items && items.type.k === 'list' ? items.type.of : T.any;
  const where = !isMenu && e['where'] !== undefined ? cx.cc.lambda(e, 'where', inner, [T.list(of)], T.bool) : undefined;
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
    ...oneSeat(seat),
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
  const computed = computedReads(cx, spec, isMenu ? 'menu' : 'from', inner);
  if (computed.length > 0) instr.readsComputed = computed;
  p.chooses.set(id, instr);
  // Done is offered when min is 0 and nothing needs picking: then the options are never empty
  const proven = spec['min'] === undefined || spec['min'] === 0;
  p.choiceProofs.push(proven ? { id, rule, proven: true, by: 'form' } : { id, rule, proven: false });
  cx.cc.emit({ op: 'exec', fn: (c) => { c.locals[pickedSlot] = []; } }, rule);
  // `me` is the deciding seat in the limits too: bind it before they are read
  const head = cx.cc.emit({ op: 'jumpIfNot', cond: (c) => { const x = seat(c); if (x === null) return false; c.locals[meSlot] = x; const n = (c.locals[pickedSlot] as Json[]).length; return n < max(c) && (left(c).length > 0 || n < min(c)); }, to: -1 }, rule);
  cx.prover.kill([e]);
  cx.cc.emit({ op: 'choose', c: instr }, rule);
  const done = cx.cc.emit({ op: 'jumpIfNot', cond: (c) => c.locals[answerSlot] !== null, to: -1 }, rule);
  cx.cc.emit({ op: 'exec', fn: (c) => { (c.locals[pickedSlot] as Json[]).push(c.locals[answerSlot]!); } }, rule);
  if (isMenu) {
    const body = env.child();
    body.bind(as, { slot: answerSlot, type: of });
    cx.block(Array.isArray(e['do']) ? e['do'] : [], body, rule);
  }
  cx.cc.emit({ op: 'jump', to: head }, rule);
  cx.patch(head);
  cx.patch(done);
  // after a pick, `as` is the picked list; after a menu, nothing is bound
  if (!isMenu) {
    const listSlot = cx.cc.newSlot();
    cx.cc.emit({ op: 'exec', fn: (c) => { c.locals[listSlot] = (c.locals[pickedSlot] as Json[]).slice(); } }, rule);
    env.bind(as, { slot: listSlot, type: T.list(of) });
  }
}

/** the words of a menu or a pick, for a reading: what is picked, how many, and what runs after each */
function repeatedWords(e: ChooseEffect, r: Read): { from: string; min?: string; max?: string } {
  const spec: { min?: unknown; max?: unknown } = e.menu !== undefined ? e : (e.pick ?? {});
  const src = e.menu !== undefined ? e.menu : e.pick?.from;
  return {
    from: r.expr(src ?? '[]'),
    ...(spec.min !== undefined ? { min: r.expr(spec.min as Expr) } : {}),
    ...(spec.max !== undefined ? { max: r.expr(spec.max as Expr) } : {}),
  };
}

export default effectKind({
  key: 'choose',
  // a menu runs its `do:` after each pick, with the pick bound by `as`
  blocks: (e) => (e.menu !== undefined ? [{ effects: e.do ?? [], bound: e.as ? [e.as] : [] }] : []),
  compile: compileChoose,
  writes: (e) => new Set([e.into, e.as, ...(e.steps ?? []).map((st) => st.as)].filter((x): x is string => typeof x === 'string')),
  provesItself: true,
  read: {
    en: (e, r) => {
      const q = en.q;
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
        return `decision: ${who} choose in steps — ${q(e.prompt.en)} — ${steps.join(', then ')}${where}; each step offers only what can still be completed`;
      }
      if (e.menu !== undefined || e.pick !== undefined) {
        const w = repeatedWords(e, r);
        const count = w.max !== undefined ? `up to ${w.max}` : 'any number';
        const least = w.min !== undefined ? ` (at least ${w.min})` : '';
        if (e.as) r.bind(e.as);
        if (e.menu !== undefined) return `decision: ${who} pick ${count}${least} different entries of ${w.from}, one at a time, in any order, or stop — ${q(e.prompt.en)}; after each pick, called ${e.as}:`;
        const where = e.where !== undefined ? `, so that ${r.lambda(e.where).body}` : '';
        return `decision: ${who} pick ${count}${least} different values of ${w.from}${where}, one at a time — ${q(e.prompt.en)}; the picked list is called ${e.as}`;
      }
      const options = r.expr(e.options ?? '[]');
      const labels = Object.entries(e.labels ?? {}).map(([k, t]) => `${q(k)} = ${t.en}`);
      const answer = e.into !== undefined ? `each answer goes into their ${e.into}` : e.as !== undefined ? `the answer is called ${e.as}` : 'the answer is recorded';
      if (e.as !== undefined) r.bind(e.as);
      return (
        `decision: ${who} choose${together ? ' at the same time, in secret until all have answered' : ''}` +
        ` — ${q(e.prompt.en)} — from ${options}; ${answer}` +
        (e.secret ? '; the answers stay secret' : '') +
        (labels.length > 0 ? ` (${labels.join('; ')})` : '')
      );
    },
    zh: (e, r) => {
      const q = zh.q;
      const together = e.simultaneous ?? e.into !== undefined;
      const who = r.expr(e.seats);
      if (e.steps) {
        const steps = e.steps.map((st) => {
          const text = `${q(st.choose)}：從 ${r.expr(st.options)} 選出 ${st.as}`;
          r.bind(st.as);
          return text;
        });
        const where = e.where !== undefined ? `，並須使 ${r.expr(e.where)}` : '';
        return `決策：${who} 分步選擇——${q(e.prompt.zh)}——${steps.join('，接著')}${where}；每一步只提供仍能完成的選項`;
      }
      if (e.menu !== undefined || e.pick !== undefined) {
        const w = repeatedWords(e, r);
        const count = w.max !== undefined ? `至多 ${w.max} 個` : '任意數量';
        const least = w.min !== undefined ? `（至少 ${w.min} 個）` : '';
        if (e.as) r.bind(e.as);
        if (e.menu !== undefined) return `決策：${who} 從 ${w.from} 中逐一選出${count}${least}不同的項目，順序不限，也可停止——${q(e.prompt.zh)}；每選一項（稱為 ${e.as}）之後：`;
        const where = e.where !== undefined ? `，並須使 ${r.lambda(e.where).body}` : '';
        return `決策：${who} 從 ${w.from} 中逐一選出${count}${least}不同的值${where}——${q(e.prompt.zh)}；選出的列表稱為 ${e.as}`;
      }
      const options = r.expr(e.options ?? '[]');
      const labels = Object.entries(e.labels ?? {}).map(([k, t]) => `${q(k)}＝${t.zh}`);
      const answer = e.into !== undefined ? `答案記入各自的 ${e.into}` : e.as !== undefined ? `答案稱為 ${e.as}` : '記錄答案';
      if (e.as !== undefined) r.bind(e.as);
      return (
        `決策：${who} ${together ? '同時秘密選擇（全部回答後才公開）' : '選擇'}` +
        `——${q(e.prompt.zh)}——選項為 ${options}；${answer}` +
        (e.secret ? '；答案保持秘密' : '') +
        (labels.length > 0 ? `（${labels.join('；')}）` : '')
      );
    },
  },
  // the prompt players see says what is decided, in the chart's language
  chart: (e, d, from) => d.choice(e.prompt, e.as, e.labels, from),
});
