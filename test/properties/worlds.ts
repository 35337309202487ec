/**
 * Non-interference by coupled worlds, for any game. World A is a random game; at a random step,
 * world B is made from it by changing only what seat `me` cannot see — kinds of cards it has not
 * seen permuted (within the zone they lie in, so every zone keeps its cards), the unseen hands
 * and secret vars of two other seats swapped, hidden vars (its own too) changed, unseen cards of
 * hidden game zones reordered — and
 * from then on both worlds are played in lockstep: the same public answers, while other seats'
 * secret answers are chosen independently in each world. `me` must get identical views at every
 * step (state, log, pending, own answers), identical legal actions and `describe` labels, the same
 * presentation model (src/present: what the page and the terminal render, with the seat's options in
 * words) and the same terminal screen.
 *
 * When may the worlds differ for `me`? Only once what `me` may observe differs. That is decided
 * here by the tests' own model of the spec's declarations (`observation`, independent of
 * src/interpreter/view.ts): public vars and zones, its own owner vars and zones, zone sizes, the
 * top card of `top` stacks, backs shown by the zone, revealed or peeked by it. Once the
 * observations differ (a secret answer had a public consequence, a hidden card was turned up), the
 * comparison stops: the rest of the game may rightly differ. Log entries are not part of the
 * observation — whether a log entry exists is exactly what must not depend on a secret.
 */
import type { Action, EngineTools, Json, SeatView } from '../../src/interpreter/api.ts';
import type { Program, ZoneDecl } from '../../src/interpreter/program.ts';
import type { State } from '../../src/interpreter/state.ts';
import { declarationsOf, screenText, seatScreenOf } from './screen.ts';
import { firstDifference, testRng } from '../interpreter/helpers.ts';
export { testRng };

export type Rng = () => number;


const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

function shuffleInPlace<T>(rng: Rng, a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// What `me` may observe, by the spec's declarations (the tests' own model).

interface Place {
  d: ZoneDecl;
  /** the seat owning a seat zone */
  owner?: number;
  cards: number[];
  /** `zone`, `zone[k]`, `seat.zone`, for grouping */
  name: string;
}

function places(p: Program, s: State): Place[] {
  const out: Place[] = [];
  for (const d of p.zones) {
    for (let k = 0; k < d.size; k++) {
      if (d.per === 'game') out.push({ d, cards: s.z[d.slot + k]!, name: `${d.id}[${k}]` });
      else s.seats.forEach((st, owner) => out.push({ d, owner, cards: st.z[d.slot + k]!, name: `${owner}.${d.id}[${k}]` }));
    }
  }
  return out;
}

const seesPlace = (pl: Place, i: number, me: number): boolean =>
  pl.d.visibility === 'public' || (pl.d.visibility === 'owner' && pl.owner === me) || (pl.d.visibility === 'top' && i === 0);

const peekedBy = (s: State, card: number, me: number): boolean => s.peeked.some(([c, w]) => c === card && w === me);

function backKnown(s: State, pl: Place, card: number, me: number): boolean {
  return pl.d.backs === 'visible' || (pl.d.backs === 'owner' && pl.owner === me) || s.revealed.includes(card) || peekedBy(s, card, me);
}

/** what `me` may observe now, as one string (equal strings: `me` cannot tell the states apart) */
export function observation(p: Program, s: State, me: number): string {
  const face = (card: number, pl: Place): Json => {
    const kind = p.cards[s.kinds[card]!]!;
    return kind.front && !backKnown(s, pl, card, me) ? [card, 'front', kind.front.id] : [card, kind.id];
  };
  const zones = places(p, s).map((pl) => [pl.name, pl.cards.map((card, i) => (seesPlace(pl, i, me) ? face(card, pl) : null))]);
  const vars = p.vars.map((d, i) => (d.visibility === 'public' ? s.g[i]! : null));
  const seatVars = s.seats.map((st, o) => p.seatVars.map((d, i) => (d.visibility === 'public' || (d.visibility === 'owner' && o === me) ? st.v[i]! : null)));
  const kindOf = (card: number) => p.cards[s.kinds[card]!]!.id;
  const known = [...s.revealed.map((c) => [c, kindOf(c)]), ...s.peeked.filter(([, w]) => w === me).map(([c]) => ['peek', c, kindOf(c)])];
  let mine: Json = null;
  if (s.pending?.kind === 'choice') {
    const k = s.pending.seats.indexOf(me);
    if (k >= 0) mine = s.pending.answers[k] ?? null;
  }
  return JSON.stringify({ zones, vars, seatVars, out: s.seats.map((st) => st.out), known, mine, over: s.result !== null });
}

/**
 * The entries of the full log that `me` may see in full, by the declarations: public events
 * (shuffles, reveals, eliminations, the end, messages), writes of vars it may see, moves from or to
 * a zone it sees, answers it may see, splits it shares in, its own peeks. What a public event
 * tells is observed; the other entries are not: what `me` sees of them must not differ at all.
 */
export function observedEntries(p: Program, log: State['log'], me: number): Json[] {
  const zoneVisible = (name: Json, seat: Json): boolean => {
    const id = String(name).replace(/\[.*$/, '');
    const d = p.zones.find((z) => z.id === id && (z.per === 'seat') === (typeof seat === 'number'));
    if (!d) throw new Error(`unknown zone ${String(name)} in the log`);
    return d.visibility === 'public' || (d.visibility === 'owner' && seat === me);
  };
  const out: Json[] = [];
  for (const e of log) {
    const d = e.data;
    let seen: boolean;
    switch (e.event) {
      case 'set': {
        const seat = d['seat'];
        const decl = typeof seat === 'number' ? p.seatVars.find((v) => v.id === d['var']) : p.vars.find((v) => v.id === d['var']);
        if (!decl) throw new Error(`unknown var ${String(d['var'])} in the log`);
        seen = decl.visibility === 'public' || (decl.visibility === 'owner' && seat === me);
        break;
      }
      case 'move':
        seen = zoneVisible(d['from'] ?? null, d['fromSeat'] ?? null) || zoneVisible(d['to'] ?? null, d['toSeat'] ?? null);
        break;
      case 'choose':
        seen = answerSeenBy(p, String(d['choice']), d['seat'] as number, me);
        break;
      case 'split':
        seen = Array.isArray(d['among']) && d['among'].includes(me);
        break;
      case 'peek':
        seen = d['seat'] === me;
        break;
      default:
        seen = true;
    }
    if (seen) out.push({ rule: e.rule, event: e.event, data: d });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// World B: world A with what `me` cannot see changed.

export interface Perturbation {
  state: State;
  /** what was changed, for messages (empty: nothing hidden to change) */
  changed: string[];
}

/** card ids named in the log entries `me` may see (it remembers them wherever they go) */
function cardsInLog(entries: Json[]): Set<number> {
  const ids = new Set<number>();
  const walk = (x: Json): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x)) k === 'cards' && Array.isArray(v) ? v.forEach((c) => typeof c === 'number' && ids.add(c)) : walk(v);
  };
  walk(entries);
  return ids;
}

const isCardType = (type: string): boolean => type === 'card' || type === 'cards';

/**
 * What world B changes: everything at once, or one kind of change (a small change keeps the
 * worlds alike for longer, so later steps are compared too). `swapZones`: the seat zones the
 * swap exchanges (default: each one at random).
 */
export interface PerturbWhat {
  mode: 'all' | 'swap' | 'kinds' | 'order';
  swapZones?: string[];
}

export function randomPerturbWhat(rng: Rng): PerturbWhat {
  const r = rng();
  return { mode: r < 0.4 ? 'swap' : r < 0.6 ? 'kinds' : r < 0.75 ? 'order' : 'all' };
}

export function perturb(p: Program, a: State, me: number, rng: Rng, what: PerturbWhat = { mode: 'all' }): Perturbation {
  const b = JSON.parse(JSON.stringify(a)) as State;
  const changed: string[] = [];
  // by the tests' own reading of the log, not by the view under test
  const remembered = cardsInLog(observedEntries(p, a.log, me));
  // what `me` knows of each card where it lies now: 'all', a front id, or nothing (undefined)
  const know = new Map<number, string>();
  for (const pl of places(p, b)) {
    pl.cards.forEach((card, i) => {
      const kind = p.cards[b.kinds[card]!]!;
      if (remembered.has(card) || b.revealed.includes(card) || peekedBy(b, card, me)) know.set(card, 'all');
      else if (seesPlace(pl, i, me)) know.set(card, kind.front && !backKnown(b, pl, card, me) ? `front:${kind.front.id}` : 'all');
    });
  }
  const unseen = (card: number) => !know.has(card);
  const swapKinds = (x: number, y: number) => {
    const k = b.kinds[x]!;
    b.kinds[x] = b.kinds[y]!;
    b.kinds[y] = k;
  };

  // 1. two other seats swap their unseen hands (position by position, same zone, same size) and secret vars
  const others = b.seats.map((_, i) => i).filter((i) => i !== me);
  if (others.length >= 2 && (what.mode === 'swap' || (what.mode === 'all' && rng() < 0.7))) {
    // a pair whose unseen cards of the zones to swap differ, if there is one
    const zonesToSwap = what.swapZones;
    const differs = (y: number, z: number) =>
      p.zones.some((d) => d.per === 'seat' && (!zonesToSwap || zonesToSwap.includes(d.id)) && JSON.stringify(b.seats[y]!.z[d.slot]!.map((x) => b.kinds[x])) !== JSON.stringify(b.seats[z]!.z[d.slot]!.map((x) => b.kinds[x])));
    const pairs = shuffleInPlace(rng, others.flatMap((y) => others.filter((z) => z !== y).map((z) => [y, z] as const)));
    const [y, z] = pairs.find(([y, z]) => differs(y, z)) ?? pairs[0]!;
    for (const d of p.zones) {
      if (d.per !== 'seat' || (what.swapZones ? !what.swapZones.includes(d.id) : what.mode === 'swap' && rng() < 0.5)) continue;
      for (let k = 0; k < d.size; k++) {
        const cy = b.seats[y]!.z[d.slot + k]!;
        const cz = b.seats[z]!.z[d.slot + k]!;
        if (cy.length !== cz.length) continue;
        for (let i = 0; i < cy.length; i++) if (unseen(cy[i]!) && unseen(cz[i]!) && b.kinds[cy[i]!] !== b.kinds[cz[i]!]) {
          swapKinds(cy[i]!, cz[i]!);
          changed.push(`kind of card ${cy[i]} (seat ${y}.${d.id}) <-> card ${cz[i]} (seat ${z}.${d.id})`);
        }
      }
    }
    const swapVars = what.swapZones === undefined && (what.mode === 'all' || rng() < 0.5);
    p.seatVars.forEach((d, i) => {
      if (!swapVars) return;
      // card vars hold ids of cards in the seat's own zones: those stay, only the kinds moved
      if (d.visibility === 'public' || isCardType(d.type)) return;
      const vy = b.seats[y]!.v[i]!;
      const vz = b.seats[z]!.v[i]!;
      if (JSON.stringify(vy) === JSON.stringify(vz)) return;
      b.seats[y]!.v[i] = vz;
      b.seats[z]!.v[i] = vy;
      changed.push(`${d.visibility} var ${d.id} of seats ${y} <-> ${z}`);
    });
  }

  // 1b. hidden vars (nobody sees them, `me` neither): numbers moved by a little, bools flipped
  if (what.swapZones === undefined && (what.mode === 'swap' || what.mode === 'all')) {
    const nudge = (v: Json): Json => (typeof v === 'number' ? v + 1 + Math.floor(rng() * 3) : typeof v === 'boolean' ? !v : v);
    p.vars.forEach((d, i) => {
      if (d.visibility !== 'hidden' || d.by !== undefined || rng() < 0.5) return;
      const v = nudge(b.g[i]!);
      if (v !== b.g[i]) changed.push(`hidden var ${d.id}: ${JSON.stringify(b.g[i])} -> ${JSON.stringify(v)}`);
      b.g[i] = v;
    });
    p.seatVars.forEach((d, i) => {
      if (d.visibility !== 'hidden' || d.by !== undefined || rng() < 0.5) return;
      const st = b.seats[me]!;
      const v = nudge(st.v[i]!);
      if (v !== st.v[i]) changed.push(`hidden var ${d.id} of seat ${me} itself: ${JSON.stringify(st.v[i])} -> ${JSON.stringify(v)}`);
      st.v[i] = v;
    });
  }

  // 2. kinds of unseen cards permuted within the place they lie in (a deck's order, a hand's), and
  //    cards `me` knows only by their front among cards of that front there
  const kindPlaces = places(p, b);
  const onePlace = what.mode === 'kinds' ? pick(rng, kindPlaces.filter((pl) => pl.cards.filter(unseen).length >= 2).concat(kindPlaces.slice(0, 1))) : undefined;
  for (const pl of what.mode === 'kinds' || what.mode === 'all' ? kindPlaces : []) {
    if (onePlace ? pl !== onePlace : rng() < 0.3) continue;
    const groups = new Map<string, number[]>();
    for (const card of pl.cards) {
      const k = know.get(card);
      if (k === 'all') continue;
      const key = k ?? 'unseen';
      groups.set(key, [...(groups.get(key) ?? []), card]);
    }
    for (const [key, cards] of groups) {
      if (cards.length < 2) continue;
      const kinds = shuffleInPlace(rng, cards.map((c) => b.kinds[c]!));
      cards.forEach((c, i) => {
        if (b.kinds[c] !== kinds[i]) changed.push(`kind of ${key} card ${c} in ${pl.name}`);
        b.kinds[c] = kinds[i]!;
      });
    }
  }

  // 3. the order of unseen cards in hidden game zones (their ids too: an id must not tell where a card lies)
  const hiddenPlaces = places(p, b).filter((pl) => pl.d.per === 'game' && pl.d.visibility === 'hidden');
  const oneHidden = what.mode === 'order' && hiddenPlaces.length > 0 ? pick(rng, hiddenPlaces) : undefined;
  for (const pl of what.mode === 'order' || what.mode === 'all' ? hiddenPlaces : []) {
    if (oneHidden ? pl !== oneHidden : rng() < 0.5) continue;
    const at = pl.cards.flatMap((c, i) => (unseen(c) ? [i] : []));
    if (at.length < 2) continue;
    const ids = shuffleInPlace(rng, at.map((i) => pl.cards[i]!));
    at.forEach((i, k) => {
      if (pl.cards[i] !== ids[k]) changed.push(`card ${ids[k]} to position ${i} of ${pl.name}`);
      pl.cards[i] = ids[k]!;
    });
  }
  return { state: b, changed };
}

// ---------------------------------------------------------------------------------------------
// The lockstep run.

export interface CoupledParams {
  players: number;
  options: Record<string, Json>;
  me: number;
  seed: number;
  /** random steps played before world B is made */
  prefix: number;
  /** at most this many compared steps */
  maxCompared: number;
  /** what world B changes (default: drawn at random) */
  what?: PerturbWhat;
  /** answers both worlds give, if any (to aim a test at one situation) */
  policy?: (choice: string, legal: Action[]) => Action | undefined;
  /** the game's spec: the seat's presentation model (with its declarations) is compared too */
  spec?: Record<string, unknown>;
  /** called at every compared step with both worlds as `me` is shown them (the page's DOM test
   *  renders these screens) */
  onStep?: (x: { a: State; b: State; va: SeatView; vb: SeatView; mineA: Action[]; mineB: Action[]; logSeen: number; lang: 'en' | 'zh' }) => void;
}

export interface CoupledOutcome {
  compared: number;
  changed: string[];
  /** why the comparison stopped */
  stop: 'end' | 'observation' | 'public answer not legal in B' | 'limit' | 'nothing pending' | 'world B broke' | 'its options follow a hidden var';
  error?: string;
  /** steps at which another seat's secret answer differed between the worlds */
  secretAnswersDiffered: number;
}

export class Interference extends Error {}

/** does `me` see the answer `seat` gives to this choice (by the declarations)? */
function answerSeenBy(p: Program, choice: string, seat: number, me: number): boolean {
  const ch = p.chooses.get(choice);
  if (!ch) throw new Error(`unknown choice ${choice}`);
  if (seat === me) return true;
  if (ch.secret) return false;
  if (ch.into !== undefined) return p.seatVars[ch.into]!.visibility === 'public';
  return true;
}

const viewWithoutLog = (v: SeatView): string => JSON.stringify({ ...v, log: v.log.length });

export function coupledRun(p: Program, engine: EngineTools<unknown>, c: CoupledParams): CoupledOutcome {
  const rngAct = testRng(c.seed);
  const rngAlt = testRng(c.seed ^ 0x27d4eb2d);
  const rngPerturb = testRng(c.seed ^ 0x5bd1e995);
  let a = engine.create({ players: c.players, options: c.options, seed: c.seed }) as State;
  const seatOf = (s: State): number | null => {
    const pd = engine.pending(s);
    if (pd === null) return null;
    if (pd.kind !== 'choice') throw new Error('unexpected chance draw');
    return pick(rngAct, pd.waitingFor);
  };
  for (let i = 0; i < c.prefix && engine.pending(a) !== null; i++) {
    const seat = seatOf(a)!;
    const next = engine.apply(a, seat, pick(rngAct, engine.legalActions(a, seat))) as State;
    if (next.result !== null) break; // branch off before the end: there is something to compare
    a = next;
  }
  let { state, changed } = perturb(p, a, c.me, rngPerturb, c.what ?? randomPerturbWhat(rngPerturb));
  // a small change that found nothing to change (no hidden game zone, one other seat): change all
  if (changed.length === 0 && c.what === undefined) ({ state, changed } = perturb(p, a, c.me, rngPerturb, { mode: 'all' }));
  let b = state;
  const out: CoupledOutcome = { compared: 0, changed, stop: 'limit', secretAnswersDiffered: 0 };
  let logSeen = 0;
  const decl = c.spec ? declarationsOf(c.spec, c.options, engine) : undefined;
  // how much of each world's full log has been looked at (they may differ in length: a leak)
  let fullA = a.log.length;
  let fullB = b.log.length;
  const fail = (what: string, x: unknown, y: unknown): never => {
    throw new Interference(
      `seat ${c.me} can tell the worlds apart by ${what} after ${out.compared} compared steps ` +
        `(players ${c.players}, options ${JSON.stringify(c.options)}, seed ${c.seed}, prefix ${c.prefix}).\n` +
        `World B differs in: ${changed.slice(0, 8).join('; ')}${changed.length > 8 ? ` (+${changed.length - 8})` : ''}\n` +
        `First difference: ${firstDifference(x, y)}\n` +
        `A: ${JSON.stringify(x)?.slice(0, 1500)}\nB: ${JSON.stringify(y)?.slice(0, 1500)}`,
    );
  };
  for (;;) {
    if (engine.result(a) !== null || engine.result(b) !== null) {
      out.stop = 'end';
      break;
    }
    const seenA = JSON.stringify(observedEntries(p, a.log.slice(fullA), c.me));
    const seenB = JSON.stringify(observedEntries(p, b.log.slice(fullB), c.me));
    fullA = a.log.length;
    fullB = b.log.length;
    if (seenA !== seenB || observation(p, a, c.me) !== observation(p, b, c.me)) {
      out.stop = 'observation';
      break;
    }
    if (out.compared >= c.maxCompared) break;
    // the view: everything but the log in one piece, the log by its new entries
    const va = engine.view(a, c.me);
    const vb = engine.view(b, c.me);
    if (va.log.length !== vb.log.length) fail('the number of log entries', va.log.slice(logSeen), vb.log.slice(logSeen));
    const newA = JSON.stringify(va.log.slice(logSeen));
    const newB = JSON.stringify(vb.log.slice(logSeen));
    if (newA !== newB) fail('the log', va.log.slice(logSeen), vb.log.slice(logSeen));
    if (viewWithoutLog(va) !== viewWithoutLog(vb)) fail('the view', { ...va, log: undefined }, { ...vb, log: undefined });
    const lang = out.compared % 2 === 0 ? 'en' : 'zh';
    const sa = screenText(va, lang, logSeen);
    const sb = screenText(vb, lang, logSeen);
    if (sa !== sb) fail('the terminal screen', sa, sb);
    const mineA = engine.legalActions(a, c.me);
    const mineB = engine.legalActions(b, c.me);
    if (JSON.stringify(mineA) !== JSON.stringify(mineB)) {
      // A hidden var is seen by nobody, but the rules may consult it for the seat's own options
      // (how many more times it may leave): those options are what the seat rightly learns from.
      if (changed.some((x) => x.startsWith('hidden var '))) {
        out.stop = 'its options follow a hidden var';
        break;
      }
      fail('its legal actions', mineA, mineB);
    }
    const labels = (s: State, acts: Action[]) => acts.map((x) => engine.describe(x, lang, s, c.me));
    const la = labels(a, mineA);
    const lb = labels(b, mineB);
    if (JSON.stringify(la) !== JSON.stringify(lb)) fail('describe', la, lb);
    if (decl) {
      const ma = seatScreenOf(engine, a, va, decl, lang, logSeen, mineA);
      const mb = seatScreenOf(engine, b, vb, decl, lang, logSeen, mineB);
      if (ma.model !== mb.model) fail('the presentation model', JSON.parse(ma.model), JSON.parse(mb.model));
      if (ma.text !== mb.text) fail('the terminal screen of the model', ma.text, mb.text);
    }
    c.onStep?.({ a, b, va, vb, mineA, mineB, logSeen, lang });
    logSeen = va.log.length;
    out.compared++;

    const seat = seatOf(a);
    if (seat === null) {
      out.stop = 'nothing pending';
      break;
    }
    const pd = engine.pending(a)!;
    if (pd.kind !== 'choice') throw new Error('unexpected chance draw');
    const legalA = engine.legalActions(a, seat);
    const actA = c.policy?.(pd.choice, legalA) ?? pick(rngAct, legalA);
    let actB = actA;
    const legalB = engine.legalActions(b, seat);
    const same = (x: Action) => JSON.stringify(x) === JSON.stringify(actA);
    if (!answerSeenBy(p, pd.choice, seat, c.me)) {
      // another seat's secret answer: chosen anew in world B (by the policy if it has one; else
      // the same one half of the time, when it may)
      if (legalB.length === 0) fail(`seat ${seat} having no answer in world B to ${pd.choice}`, legalA, legalB);
      actB = c.policy?.(pd.choice, legalB) ?? (legalB.some(same) && rngAlt() < 0.5 ? actA : pick(rngAlt, legalB));
      if (!same(actB)) out.secretAnswersDiffered++;
    } else if (!legalB.some(same)) {
      // a public answer world B does not offer: the seat's options themselves may rightly differ
      // (they follow from its own hand), and the answer is seen
      out.stop = 'public answer not legal in B';
      break;
    }
    a = engine.apply(a, seat, actA) as State;
    try {
      b = engine.apply(b, seat, actB) as State;
    } catch (err) {
      // World B need not be reachable: swapped secret values may contradict what public history
      // implies (money a seat cannot have), and a spec may rightly fail on such a state. That is
      // not something `me` is shown; stop comparing.
      out.stop = 'world B broke';
      out.error = (err as Error).message;
      break;
    }
  }
  return out;
}
