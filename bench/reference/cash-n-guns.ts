/**
 * Hand-written Cash'n Guns that plays the *same games* as rules/cash-n-guns/ under its default
 * options (no powers, no undercover cop, 14 shame and 14 wound tokens) — the speed baseline of
 * `npm run bench`; test/bench/ checks the games are the same, move by move. Not a rules source.
 *
 * What makes them the same (see src/interpreter/, src/agents/):
 *  - the game's chance: one xoroshiro128plus stream seeded with the config seed; the bill deck
 *    (card ids 0–39: 15 × $5,000, 15 × $10,000, 10 × $20,000, in that order) is shuffled once,
 *    Fisher–Yates as the engine does it (position i swaps with i + uniformInt(0, 39 − i)).
 *  - the seats' choices: seat s has its own RandomAgent (xoroshiro128plus seeded with
 *    seatAgentSeed(agentSeed, s)); a choice of n options draws uniformInt(0, n − 1), none when n = 1.
 *  - the options in the engine's order: a bullet is one card of each kind in hand, in hand order
 *    (BANG! BANG! BANG!, BANG!, CLiC: seat s holds ids 40 + 8s …, the first of a kind is offered);
 *    the aim, the living others by seat; stay, leave.
 *  - the money split of src/interpreter/split.ts: the largest share every receiver can get, the
 *    notes packed largest first (the notes left on the table follow from that search).
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { seatAgentSeed } from '../../src/agents/random-agent.ts';
import type { ReferenceDecision, ReferenceResult } from './contract.ts';

const ROUNDS = 8;
const DEATH = 3;
const TOKENS = 14;
const BILLS = 40;
/** bullet kinds in hand order, and their ids in a seat's hand (ids 40 + 8·seat + offset) */
const BBB = 0;
const BANG = 1;
const CLIC = 2;
const KIND_NAMES = ['bullet-bbb', 'bullet-bang', 'bullet-clic'];
const KIND_FIRST = [0, 1, 3];
const KIND_COUNT = [1, 2, 5];

/** the value of bill id (in units of $5,000): ids 0–14 one, 15–29 two, 30–39 four */
const unitsOf = (id: number): number => (id < 15 ? 1 : id < 30 ? 2 : 4);

type Rng = ReturnType<typeof xoroshiro128plus>;
const pick = (rng: Rng, n: number): number => (n === 1 ? 0 : uniformInt(rng, 0, n - 1));

// --- the money split (src/interpreter/split.ts's search, over the table's bills) ---
const order: number[] = [];
const used: boolean[] = [];
const fill: number[] = [];
let groupOf: number[] = [];

/** fill group g to exactly target, items largest first from position `from` (split.ts pack) */
function pack(vals: number[], k: number, target: number, g: number, from: number): boolean {
  if (g === k) return true;
  if (fill[g] === target) return pack(vals, k, target, g + 1, 0);
  let lastTried = -1;
  for (let p = from; p < order.length; p++) {
    const i = order[p]!;
    const v = vals[i]!;
    if (used[i] || fill[g]! + v > target || v === lastTried) continue;
    lastTried = v;
    used[i] = true;
    fill[g]! += v;
    groupOf[i] = g;
    if (pack(vals, k, target, g, p + 1)) return true;
    fill[g]! -= v;
    used[i] = false;
    groupOf[i] = -1;
  }
  return false;
}

/**
 * Split the table among k receivers: returns the share (units) and leaves in `groupOf[i]` the
 * receiver of table position i (−1: stays). The candidate shares are the subset sums ≤ total / k,
 * largest first, as in split.ts.
 */
function split(table: number[], k: number): number {
  const n = table.length;
  groupOf = new Array<number>(n).fill(-1);
  if (k <= 0 || n < k) return 0;
  const vals = table.map(unitsOf);
  if (k === 1) {
    groupOf.fill(0);
    return vals.reduce((a, b) => a + b, 0);
  }
  let ones = 0;
  let twos = 0;
  let fours = 0;
  for (const v of vals) v === 1 ? ones++ : v === 2 ? twos++ : fours++;
  order.length = 0;
  for (const want of [4, 2, 1]) for (let i = 0; i < n; i++) if (vals[i] === want) order.push(i);
  const total = ones + 2 * twos + 4 * fours;
  for (let t = Math.floor(total / k); t > 0; t--) {
    if (!reachable(t, ones, twos, fours)) continue;
    used.length = 0;
    for (let i = 0; i < n; i++) used.push(false);
    fill.length = 0;
    for (let g = 0; g < k; g++) fill.push(0);
    groupOf.fill(-1);
    if (pack(vals, k, t, 0, 0)) return t;
  }
  groupOf.fill(-1);
  return 0;
}

/** is t a sum of some of the bills (a ones, b twos, c fours)? */
function reachable(t: number, a: number, b: number, c: number): boolean {
  for (let z = Math.min(c, t >> 2); z >= 0; z--) {
    const r = t - 4 * z;
    const y = Math.min(b, r >> 1);
    if (r - 2 * y <= a) return true;
  }
  return false;
}

export function playout(players: number, seed: number, agentSeed: number, log?: ReferenceDecision[]): ReferenceResult {
  const P = players;
  const chance = xoroshiro128plus(seed);
  const agents: Rng[] = [];
  for (let s = 0; s < P; s++) agents.push(xoroshiro128plus(seatAgentSeed(agentSeed, s) | 0));

  // setup-bills: the deck shuffled, top = index 0
  const deck: number[] = [];
  for (let i = 0; i < BILLS; i++) deck.push(i);
  for (let i = 0; i < BILLS - 1; i++) {
    const d = uniformInt(chance, 0, BILLS - 1 - i);
    const x = deck[i]!;
    deck[i] = deck[i + d]!;
    deck[i + d] = x;
  }
  let top = 0;
  let table: number[] = [];

  const held = new Int8Array(P * 3); // bullet cards of each kind in hand
  const loot = new Int32Array(P); // units of $5,000
  const shame = new Int32Array(P);
  const wounds = new Int32Array(P);
  const out = new Uint8Array(P);
  const inRound = new Uint8Array(P);
  const bullet = new Int8Array(P);
  const aim = new Int8Array(P);
  const hits = new Int32Array(P);
  const shows = new Int8Array(P); // −1: not shown this round
  const living: number[] = [];
  const kinds = [0, 0, 0];
  for (let s = 0; s < P; s++) for (let k = 0; k < 3; k++) held[s * 3 + k] = KIND_COUNT[k]!;
  let shameSupply = TOKENS;
  let woundSupply = TOKENS;
  let steps = 0;
  let round = 0;
  let end = 'after-8-rounds';

  /** apply-hits: wounds from the supply in seat order, out of the round, dead at 3 */
  const applyHits = (): void => {
    for (let s = 0; s < P; s++) {
      if (out[s] || hits[s] === 0) continue;
      const n = Math.min(hits[s]!, woundSupply);
      wounds[s]! += n;
      woundSupply -= n;
      hits[s] = 0;
      inRound[s] = 0;
      if (wounds[s]! >= DEATH) out[s] = 1;
    }
  };

  for (round = 1; round <= ROUNDS; round++) {
    // phase 1: five bills to the bottom of the table
    for (let k = 0; k < 5 && top < BILLS; k++) table.push(deck[top++]!);
    living.length = 0;
    for (let s = 0; s < P; s++) if (!out[s]) living.push(s);
    const n = living.length;
    for (const s of living) {
      inRound[s] = 1;
      hits[s] = 0;
      shows[s] = -1;
    }
    // phase 2: a bullet card, one of each kind in hand
    for (const s of living) {
      let nk = 0;
      for (let k = 0; k < 3; k++) if (held[s * 3 + k]! > 0) kinds[nk++] = k;
      const kind = kinds[pick(agents[s]!, nk)]!;
      steps++;
      if (log) log.push({ seat: s, choice: 'bullet', value: BILLS + 8 * s + KIND_FIRST[kind]! + KIND_COUNT[kind]! - held[s * 3 + kind]! });
      held[s * 3 + kind]!--;
      bullet[s] = kind;
    }
    // phase 3: aim at another living player
    for (let q = 0; q < n; q++) {
      const s = living[q]!;
      let r = pick(agents[s]!, n - 1);
      if (r >= q) r++; // the others in seat order: skip his own place
      aim[s] = living[r]!;
      steps++;
      if (log) log.push({ seat: s, choice: 'aim', value: aim[s]! });
    }
    // phase 4: stay or leave
    for (const s of living) {
      const leave = pick(agents[s]!, 2) === 1;
      steps++;
      if (log) log.push({ seat: s, choice: 'leave', value: leave ? 'leave' : 'stay' });
      if (leave) {
        inRound[s] = 0;
        if (shameSupply > 0) {
          shame[s]!++;
          shameSupply--;
        }
      }
    }
    // phase 5: BANG! BANG! BANG! first, all at once
    for (const s of living) {
      if (inRound[s] && bullet[s] === BBB) {
        shows[s] = BBB;
        if (inRound[aim[s]!]) hits[aim[s]!]!++;
      }
    }
    applyHits();
    // phase 6: the others still in fire at once
    for (const s of living) {
      if (out[s] || !inRound[s] || shows[s] !== -1) continue;
      shows[s] = bullet[s]!;
      if (bullet[s] === BANG && inRound[aim[s]!]) hits[aim[s]!]!++;
    }
    applyHits();
    // phase 7: those still in share the table
    let k = 0;
    for (let s = 0; s < P; s++) if (!out[s] && inRound[s]) k++;
    const share = split(table, k);
    if (share > 0) {
      for (let s = 0; s < P; s++) if (!out[s] && inRound[s]) loot[s]! += share;
      table = table.filter((_, i) => groupOf[i] === -1);
    }
    let alive = 0;
    for (let s = 0; s < P; s++) if (!out[s]) alive++;
    if (alive <= 1) {
      end = 'one-left';
      break;
    }
  }
  if (round > ROUNDS) round = ROUNDS;

  const scores: number[] = [];
  for (let s = 0; s < P; s++) scores.push(5000 * loot[s]! - 5000 * shame[s]!);
  // richest-robber: most money, then fewer shame, then more wounds; ties share the win
  let winners: number[] = [];
  for (let s = 0; s < P; s++) if (!out[s]) winners.push(s);
  const narrow = (key: (s: number) => number): void => {
    if (winners.length <= 1) return;
    const best = Math.max(...winners.map(key));
    winners = winners.filter((s) => key(s) === best);
  };
  narrow((s) => scores[s]!);
  narrow((s) => -shame[s]!);
  narrow((s) => wounds[s]!);
  const outSeats: number[] = [];
  for (let s = 0; s < P; s++) if (out[s]) outSeats.push(s);
  return { winners, scores, out: outSeats, rounds: round, end, result: 'richest-robber', steps };
}

/** the kind names of the bullet card ids, for messages */
export const bulletKind = (id: number): string => KIND_NAMES[id < BILLS ? -1 : (id - BILLS) % 8 === 0 ? BBB : (id - BILLS) % 8 < 3 ? BANG : CLIC] ?? '?';
