/**
 * "A state consistent with what this seat may see": the world a fair agent searches in. TAG writes
 * it by hand for every game (`_copy(playerId)`), OpenSpiel asks every game for
 * `ResampleFromInfostate`; here it follows from the visibility declarations alone.
 *
 * The sample is a copy of the state in which everything the seat cannot see is drawn anew with
 * the agent's own seed:
 *
 *   - cards: every card whose kind the seat does not know where it lies now (a card in a hidden
 *     zone, another seat's hand, below the top of a `top` stack) gets a kind drawn from the kinds
 *     still unaccounted for — all the cards of its deck (the zone its kind starts the game in, as
 *     decks' backs differ at a real table) but those the seat sees. Which card ids lie in a place
 *     is kept (a var or a local may name one: an id is a token, its kind is what is drawn), the
 *     order of the unseen ones in it is drawn too. A card seen by its front only
 *     gets one of the kinds behind that front. Every zone keeps its size;
 *   - values: a var nobody sees takes its declared starting value; another seat's secret number
 *     takes the seat's own value of it (the others are taken to be like itself); another seat's
 *     other secret values take their starting values. Card-valued vars keep their card (its kind
 *     is drawn with the rest);
 *   - answers: the other seats' answers to the choice now open are dropped (the seat's view shows
 *     only its own), and their options worked out again in the sample;
 *   - chance: the game's random generator is seeded from the agent's seed, the log emptied, what
 *     other seats have peeked at forgotten.
 *
 * So the sample depends on the seat's view (what it sees of cards, vars and zone sizes; its own
 * answers), the place the rules are at (the program counter, the call stack and the locals: where
 * the pending decision was asked from) and the seed — never on the kinds of cards it cannot see,
 * other seats' secrets, or the game's random state. test/properties/agent-fairness.test.ts checks
 * it by coupled worlds, as test/properties/noninterference.test.ts checks the views.
 *
 * Not modelled (the sample is a fair guess, not the exact belief): what the seat could infer from
 * the log (a card it saw go into a hand, a secret number moved by public payments) and from the
 * others' choices; the draw is not weighted by how many worlds agree with each assignment.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Json } from './api.ts';
import type { Layout } from './layout.ts';
import type { Program, RunCtx, Tables, VarDecl } from './program.ts';
import { seedRng } from './rng.ts';
import { cloneJson, cloneState, type State } from './state.ts';
import { knowledge } from './view.ts';
import { clearScratch, pendingChoice } from './vm.ts';

/** card id -> its deck: the declaration index of the zone its card is made in (kinds that share a
 *  front count as one deck with the first of theirs, so a front's kinds are drawn together) */
const decksOf = new WeakMap<Layout, Int32Array>();

function decks(p: Program, layout: Layout): Int32Array {
  let deck = decksOf.get(layout);
  if (deck !== undefined) return deck;
  deck = new Int32Array(layout.kindOf.length).fill(-1);
  for (let d = 0; d < p.zones.length; d++) {
    const z = p.zones[d]!;
    for (let k = 0; k < z.size; k++) {
      const mark = (cards: number[]) => {
        for (const id of cards) deck![id] = d;
      };
      if (z.per === 'game') mark(layout.z[z.slot + k]!);
      else for (const seat of layout.seats) mark(seat.z[z.slot + k]!);
    }
  }
  for (const ids of layout.frontGroups) for (const id of ids) deck[id] = deck[ids[0]!]!;
  decksOf.set(layout, deck);
  return deck;
}

/** the cards of every place, in one fixed order: game zones, then each seat's, by declaration */
function places(p: Program, s: State): number[][] {
  const out: number[][] = [];
  for (const d of p.zones) if (d.per === 'game') for (let k = 0; k < d.size; k++) out.push(s.z[d.slot + k]!);
  for (const seat of s.seats) for (const d of p.zones) if (d.per === 'seat') for (let k = 0; k < d.size; k++) out.push(seat.z[d.slot + k]!);
  return out;
}

const isCardType = (d: VarDecl): boolean => d.type === 'card' || d.type === 'cards';

/**
 * A copy of `s` with what `seat` cannot see drawn anew from `seed` (see the module comment).
 * `t` are the state's tables; `layout` its players' and options' starting layout.
 */
export function sampleWorld(p: Program, s: State, t: Tables, layout: Layout, seat: number, seed: number): State {
  const rng = xoroshiro128plus(seed | 0);
  const draw = (n: number): number => (n <= 1 ? 0 : uniformInt(rng, 0, n - 1));
  const w = cloneState(s);

  // --- cards: what the seat knows of each, by where it lies now
  const knows = knowledge(p, s, seat);
  const deck = decks(p, layout);
  const kindCount = p.cards.length;
  // per deck, the kinds not accounted for by cards the seat knows: counts by kind (the layout's
  // kinds per deck are the state's: kinds never change)
  const left = new Map<number, Int32Array>();
  const countsOf = (d: number): Int32Array => {
    let m = left.get(d);
    if (m === undefined) left.set(d, (m = new Int32Array(kindCount)));
    return m;
  };
  for (let id = 0; id < layout.kindOf.length; id++) countsOf(deck[id]!)[layout.kindOf[id]!]!++;
  const byFront: number[] = [];
  /** the cards the seat cannot see, place by place */
  const unseen: number[] = [];
  for (const cards of places(p, w)) {
    const at: number[] = [];
    const ids: number[] = [];
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i]!;
      const k = knows(card);
      if (k === 'all') countsOf(deck[card]!)[s.kinds[card]!]!--;
      else if (k === 'front') byFront.push(card);
      else {
        at.push(i);
        ids.push(card);
      }
    }
    // which unseen card lies where in a place is drawn too: which ids lie there is kept (a rule or
    // a var may name one), not their order, which is no part of the seat's view
    ids.sort((x, y) => x - y);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = draw(i + 1);
      const x = ids[i]!;
      ids[i] = ids[j]!;
      ids[j] = x;
    }
    for (let i = 0; i < at.length; i++) {
      cards[at[i]!] = ids[i]!;
      unseen.push(ids[i]!);
    }
  }
  /** a kind of deck `d` that `fits`, drawn by how many are left, and taken out */
  const take = (d: number, fits: (kind: number) => boolean): number | undefined => {
    const m = left.get(d);
    if (m === undefined) return undefined;
    let total = 0;
    for (let k = 0; k < kindCount; k++) if (m[k]! > 0 && fits(k)) total += m[k]!;
    if (total === 0) return undefined;
    let r = draw(total);
    for (let k = 0; k < kindCount; k++) {
      const n = m[k]!;
      if (n <= 0 || !fits(k)) continue;
      if (r < n) {
        m[k] = n - 1;
        return k;
      }
      r -= n;
    }
    return undefined;
  };
  const kinds = s.kinds.slice();
  // a card seen by its front: one of the kinds behind that front (its front is what the seat sees)
  for (const card of byFront) {
    const front = p.cards[s.kinds[card]!]!.front!.id;
    const kind = take(deck[card]!, (k) => p.cards[k]!.front?.id === front);
    if (kind !== undefined) kinds[card] = kind;
  }
  const any = () => true;
  for (const card of unseen) {
    const kind = take(deck[card]!, any);
    if (kind !== undefined) kinds[card] = kind;
  }
  w.kinds = kinds;

  // --- values the seat cannot see
  p.vars.forEach((d, i) => {
    if (d.visibility !== 'public') w.g[i] = cloneJson(layout.g[i]!);
  });
  w.seats.forEach((st, o) => {
    p.seatVars.forEach((d, i) => {
      if (d.visibility === 'public' || (d.visibility === 'owner' && o === seat) || isCardType(d)) return;
      // another seat's secret number: the seat's own (the others taken to be like itself); the
      // rest, and what nobody sees (the seat's own too): the starting value
      const mirror = o !== seat && d.visibility === 'owner' && d.type === 'number';
      st.v[i] = cloneJson(mirror ? s.seats[seat]!.v[i]! : layout.seats[o]!.v[i]!);
    });
  });

  // --- the choice now open: the others' answers dropped, their options worked out in the sample
  const pd = w.pending;
  const ch = pendingChoice(p, w);
  if (pd !== null && pd.kind === 'choice' && ch !== undefined) {
    const options = pd.options.slice();
    const c: RunCtx = { locals: w.locals, s: w, t: { ...t, kindOf: w.kinds }, p };
    const me = w.locals[ch.meSlot]!;
    pd.seats.forEach((who, k) => {
      if (who === seat) return;
      pd.answered[k] = false;
      pd.answers[k] = null;
      c.locals[ch.meSlot] = who;
      options[k] = ch.options(c).slice();
    });
    w.locals[ch.meSlot] = me;
    pd.options = options;
    clearScratch(p, w);
  }

  // --- chance, the log, other seats' knowledge
  w.rng = seedRng(draw(0x7fffffff));
  w.externalChance = false;
  w.logging = false;
  w.log = [];
  w.peeked = w.peeked.filter(([, who]) => who === seat);
  delete w.stacked;
  return w;
}
