/**
 * One engine that is two: the lockstep engine of the compilers run (`npm run test:compilers`,
 * test/codegen/both-setup.ts). Every call runs on the generated code and on the closures, and
 * what either returns, throws or leaves in the state must be the same. Imports nothing of the
 * engine (the set-up hands it the engines it mocks).
 */
import { isDeepStrictEqual, types } from 'node:util';
import type { EngineTools, OptionsRead, Pick } from '../../src/interpreter/api.ts';
import type { State } from '../../src/interpreter/state.ts';
import { firstDifference } from '../first-difference.ts';

const internal = (s: unknown): State => s as State;

/** the divergences found by lockstep engines (the setup fails the test that met one, even when the
 *  test expected an error and caught the one a lockstep call threw) */
export const divergences: string[] = [];

type Tools = EngineTools<object>;
/** what a call was, for a message: made only when a message is written */
type What = string | (() => string);
const said = (w: What): string => (typeof w === 'string' ? w : w());

/**
 * `generated` and `closures`, two engines of one spec, as one: states are `generated`'s, each with
 * its closures' twin kept beside it. A state the engine did not make (restored from JSON, copied
 * by a test) gets a copy of itself as its twin; a state changed by hand between calls gets a fresh
 * copy too. After every call that changes a state the two states must be equal, the log compared
 * by its new entries (entries never change once written).
 */
export function lockstep(generated: Tools, closures: Tools, names: [string, string] = ['generated code', 'closures']): Tools {
  const twins = new WeakMap<object, { twin: object; logged: number }>();
  const diverged = (what: What, detail: string): never => {
    const message = `${names[0]} and ${names[1]} disagree, ${generated.id}, ${said(what)}: ${detail}`;
    divergences.push(message);
    throw new Error(message);
  };
  /** `thing` of the call `what` (the answers, the states, …) must be the same */
  const same = (what: What, thing: string, a: unknown, b: unknown): void => {
    if (!isDeepStrictEqual(a, b)) diverged(what, `${thing} differ at ${firstDifference(a, b, names)}`);
  };
  const loggedLength = (s: object): number => internal(s).log.length;
  const pair = (s: object, twin: object, logged: number): object => {
    twins.set(s, { twin, logged });
    return s;
  };
  /** a state without its log, which is compared as it grows (entries never change once written),
   *  and without options that note what is read of them (createWatched: reading them to compare
   *  would be a read of every option; they are the config both were made with) */
  const unlogged = (s: object): object => {
    const x = internal(s);
    return { ...x, log: x.log.length, options: types.isProxy(x.options) ? 'watched' : x.options };
  };
  /** the closures' state beside `s`; `check`: first make sure nothing changed `s` by hand since */
  const twinOf = (s: object, check: boolean): object => {
    const t = twins.get(s);
    if (t && (!check || isDeepStrictEqual(unlogged(s), unlogged(t.twin)))) return t.twin;
    const copy = structuredClone(s);
    pair(s, copy, loggedLength(s));
    return copy;
  };
  /** after a call that changed or made `s` (its twin `t`): the two states, and the new log entries */
  const sameState = (what: What, s: object, t: object, loggedBefore: number): void => {
    same(what, 'the states', unlogged(s), unlogged(t));
    const a = internal(s).log;
    const b = internal(t).log;
    if (a.length > loggedBefore) same(what, 'the new log entries', a.slice(loggedBefore), b.slice(loggedBefore));
    pair(s, t, a.length);
  };
  /** run `f` on both engines; the same value (as `shown`: false, not compared) or the same error */
  function both<R>(what: What, g: () => R, c: () => R, shown: ((r: R) => unknown) | false = (r) => r): [R, R] {
    let rg: R, rc: R;
    let eg: unknown, ec: unknown;
    let threwG = false, threwC = false;
    try { rg = g(); } catch (e) { eg = e; threwG = true; }
    try { rc = c(); } catch (e) { ec = e; threwC = true; }
    if (threwG !== threwC) diverged(what, threwG ? `${names[0]} threw "${String((eg as Error)?.message ?? eg)}", ${names[1]} did not` : `${names[1]} threw "${String((ec as Error)?.message ?? ec)}", ${names[0]} did not`);
    if (threwG) {
      same(what, 'the error', String((eg as Error)?.message ?? eg), String((ec as Error)?.message ?? ec));
      throw eg;
    }
    if (shown) same(what, 'the answers', shown(rg!), shown(rc!));
    return [rg!, rc!];
  }
  /** a call as a message says it (written only when one does) */
  const at = (name: string, ...args: unknown[]): What => () => `${name}(${args.map((a) => JSON.stringify(a)?.slice(0, 120)).join(', ')})`;
  /** a call that changes `s` in place */
  const inPlace = <R>(what: What, s: object, g: (s: object) => R, c: (t: object) => R): R => {
    const t = twinOf(s, true);
    const before = twins.get(s)!.logged;
    const [r] = both(what, () => g(s), () => c(t));
    sameState(what, s, t, before);
    return r;
  };
  /** a call that makes a new state from `s` (or from nothing) */
  const fresh = (what: What, s: object | undefined, g: (s: object | undefined) => object, c: (t: object | undefined) => object): object => {
    const t = s === undefined ? undefined : twinOf(s, true);
    const before = s === undefined ? 0 : twins.get(s)!.logged;
    const [ns, nt] = both(what, () => g(s), () => c(t), false);
    sameState(what, ns, nt, before);
    return ns;
  };
  /** a call that only reads `s` */
  const query = <R>(what: What, s: object, g: (s: object) => R, c: (t: object) => R, shown?: (r: R) => unknown): R => both(what, () => g(s), () => c(twinOf(s, false)), shown)[0];
  /** picks of the generated engine, recorded, and the same answers replayed to the closures */
  const recorder = () => {
    const calls: { seat: number; count: number; index: number }[] = [];
    let next = 0;
    return {
      record: (seat: number, pick: Pick): Pick => (count) => {
        const index = pick(count);
        calls.push({ seat, count, index });
        return index;
      },
      replay: (seat: number): Pick => (count) => {
        const c = calls[next++];
        if (!c || c.seat !== seat || c.count !== count) diverged('a pick', `${names[1]} asked seat ${seat} to pick from ${count}, ${names[0]} ${c ? `asked seat ${c.seat} to pick from ${c.count}` : 'asked no more'}`);
        return c!.index;
      },
      done: (what: What) => {
        if (next !== calls.length) diverged(what, `${names[0]} picked ${calls.length} times, ${names[1]} ${next}`);
      },
    };
  };
  same('making the engine', 'the declarations', { id: generated.id, name: generated.name, minPlayers: generated.minPlayers, maxPlayers: generated.maxPlayers, options: generated.options }, { id: closures.id, name: closures.name, minPlayers: closures.minPlayers, maxPlayers: closures.maxPlayers, options: closures.options });

  const engine: Tools = {
    id: generated.id,
    name: generated.name,
    minPlayers: generated.minPlayers,
    maxPlayers: generated.maxPlayers,
    options: generated.options,
    create: (config) => fresh(at('create', config), undefined, () => generated.create(config), () => closures.create(config)),
    createWatched(config) {
      let reads: [OptionsRead, OptionsRead] | undefined;
      const state = fresh(
        at('createWatched', config),
        undefined,
        () => { const r = generated.createWatched(config); reads = [r.reads, reads?.[1] ?? r.reads]; return r.state; },
        () => { const r = closures.createWatched(config); reads = [reads?.[0] ?? r.reads, r.reads]; return r.state; },
      );
      const shown = (r: OptionsRead) => ({ names: [...r.names].sort(), all: r.all });
      same(at('createWatched', config), 'the options read', shown(reads![0]), shown(reads![1]));
      return { state, reads: reads![0] };
    },
    pending: (s) => query('pending', s, (x) => generated.pending(x), (x) => closures.pending(x)),
    legalActions: (s, seat) => query(at('legalActions', seat), s, (x) => generated.legalActions(x, seat), (x) => closures.legalActions(x, seat)),
    apply: (s, seat, action) => fresh(at('apply', seat, action), s, (x) => generated.apply(x!, seat, action), (x) => closures.apply(x!, seat, action)),
    applyInPlace: (s, seat, action) => inPlace(at('applyInPlace', seat, action), s, (x) => generated.applyInPlace(x, seat, action), (x) => closures.applyInPlace(x, seat, action)),
    applyChance: (s, index) => fresh(at('applyChance', index), s, (x) => generated.applyChance(x!, index), (x) => closures.applyChance(x!, index)),
    // a view's log is the state's log entries (compared as they are written) as the seat sees them
    view: (s, seat) => query(at('view', seat), s, (x) => generated.view(x, seat), (x) => closures.view(x, seat), (v) => ({ ...v, log: v.log.length })),
    result: (s) => query('result', s, (x) => generated.result(x), (x) => closures.result(x)),
    log: (s) => query('log', s, (x) => generated.log(x), (x) => closures.log(x)),
    describe: (action, lang, s, seat) =>
      s === undefined ? both(at('describe', action, lang), () => generated.describe(action, lang), () => closures.describe(action, lang))[0] : query(at('describe', action, lang, seat), s, (x) => generated.describe(action, lang, x, seat), (x) => closures.describe(action, lang, x, seat)),
    answerType: (choice) => both(at('answerType', choice), () => generated.answerType(choice), () => closures.answerType(choice))[0],
    evaluate: (s, expr) => query(at('evaluate', expr), s, (x) => generated.evaluate(x, expr), (x) => closures.evaluate(x, expr)),
    arrange: (s, given) => fresh(at('arrange', given), s, (x) => generated.arrange(x!, given), (x) => closures.arrange(x!, given)),
    answerId: (s, action) => query(at('answerId', action), s, (x) => generated.answerId(x, action), (x) => closures.answerId(x, action)),
    choiceProofs: () => both('choiceProofs', () => generated.choiceProofs(), () => closures.choiceProofs())[0],
    kindsInPlay: (s) => query('kindsInPlay', s, (x) => generated.kindsInPlay(x), (x) => closures.kindsInPlay(x)),
    applyUntil(s, seat, action, rule) {
      const what = at('applyUntil', seat, action, rule);
      let stopped: [boolean, boolean] = [false, false];
      const state = fresh(what, s, (x) => { const r = generated.applyUntil(x!, seat, action, rule); stopped[0] = r.stopped; return r.state; }, (x) => { const r = closures.applyUntil(x!, seat, action, rule); stopped[1] = r.stopped; return r.state; });
      same(what, 'stopped', stopped[0], stopped[1]);
      return { state, stopped: stopped[0] };
    },
    resume(s, rule, here) {
      const what = at('resume', rule, here);
      let stopped: [boolean, boolean] = [false, false];
      const state = fresh(what, s, (x) => { const r = generated.resume(x!, rule, here); stopped[0] = r.stopped; return r.state; }, (x) => { const r = closures.resume(x!, rule, here); stopped[1] = r.stopped; return r.state; });
      same(what, 'stopped', stopped[0], stopped[1]);
      return { state, stopped: stopped[0] };
    },
    enterableRules: () => both('enterableRules', () => generated.enterableRules(), () => closures.enterableRules())[0],
    pendingComputedReads: (s) => query('pendingComputedReads', s, (x) => generated.pendingComputedReads(x), (x) => closures.pendingComputedReads(x)),
  };
  if (generated.nextSeat && closures.nextSeat) {
    const g = generated.nextSeat.bind(generated);
    const c = closures.nextSeat.bind(closures);
    engine.nextSeat = (s) => query('nextSeat', s, g, c);
  }
  if (generated.pickAction && closures.pickAction) {
    const g = generated.pickAction.bind(generated);
    const c = closures.pickAction.bind(closures);
    engine.pickAction = (s, seat, pick) => {
      const r = recorder();
      const out = query(at('pickAction', seat), s, (x) => g(x, seat, r.record(seat, pick)), (x) => c(x, seat, r.replay(seat)));
      r.done(at('pickAction', seat));
      return out;
    };
  }
  if (generated.autoplay && closures.autoplay) {
    const g = generated.autoplay.bind(generated);
    const c = closures.autoplay.bind(closures);
    engine.autoplay = (s, picks, maxSteps, onAnswer) => {
      const what = at('autoplay', maxSteps);
      const r = recorder();
      const answers: [unknown[], unknown[]] = [[], []];
      const out = inPlace(
        what,
        s,
        (x) => g(x, picks.map((p, seat) => r.record(seat, p)), maxSteps, onAnswer ? (seat, a) => (answers[0].push([seat, a]), onAnswer(seat, a)) : undefined),
        (x) => c(x, picks.map((_, seat) => r.replay(seat)), maxSteps, onAnswer ? (seat, a) => void answers[1].push([seat, a]) : undefined),
      );
      r.done(what);
      same(what, 'the answers given', answers[0], answers[1]);
      return out;
    };
  }
  if (generated.sampleWorld && closures.sampleWorld) {
    const g = generated.sampleWorld.bind(generated);
    const c = closures.sampleWorld.bind(closures);
    engine.sampleWorld = (s, seat, seed) => fresh(at('sampleWorld', seat, seed), s, (x) => g(x!, seat, seed), (x) => c(x!, seat, seed));
  }
  if (generated.scores && closures.scores) {
    const g = generated.scores.bind(generated);
    const c = closures.scores.bind(closures);
    engine.scores = (s) => query('scores', s, g, c);
  }
  if (generated.expectGames && closures.expectGames) {
    const g = generated.expectGames.bind(generated);
    const c = closures.expectGames.bind(closures);
    engine.expectGames = (games) => void both(at('expectGames', games), () => g(games), () => c(games));
  }
  return engine;
}
