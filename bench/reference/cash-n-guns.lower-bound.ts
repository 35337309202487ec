/**
 * Hand-written Cash'n Guns (base game): the "lower bound" column of `npm run bench` — less work
 * than the spec's games, not the same games (bench/reference/cash-n-guns.ts plays those). It uses
 * a cheaper RNG (mulberry32), counts bills and bullets instead of cards, and builds no option
 * lists. Not a rules source: the spec under rules/ is.
 *
 * 4-6 players, 8 rounds. Loot deck: 15×5000, 15×10000, 10×20000, shuffled (kept in units of
 * 5000: 1, 2, 4). Each player has 8 bullet cards: 1 BANG!BANG!BANG! (BBB), 2 BANG!, 5 CLIC.
 * A round: 5 bills go onto the table (leftovers stay); every living player secretly picks a
 * bullet card, aims at another living player, then stays or leaves (leave: +1 shame, out of the
 * round, card discarded). BBB shooters who stayed fire first, all at once: each target still in
 * the round takes 1 wound and is out of the round (its card is discarded). Then the remaining
 * players' cards fire at once: each BANG! on a player still in the round = 1 wound; wounded
 * players are out of the round. 3 wounds = dead. The players still in share the table: the
 * largest T such that k disjoint groups of bills each worth T exist (exact search); the rest stays.
 * The game ends after 8 rounds or when at most one player is alive.
 * Score = bills − 5000 × shame; the best living score wins (tie: fewer shame, then more wounds).
 *
 * Random agents: uniform among the distinct bullet kinds in hand, uniform target among the
 * other living players, stay/leave with probability 1/2.
 */

const CLIC = 0;
const BANG = 1;
const BBB = 2;
const ROUNDS = 8;
const DEATH = 3;

/** mulberry32 */
function makeRng(seed: number): (n: number) => number {
  let s = seed | 0;
  return (n: number): number => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) * n) / 4294967296);
  };
}

// scratch for the share search: bills used per group, per denomination
let useOnes = 0;
let useTwos = 0;
let useFours = 0;

/** can `k` disjoint groups each worth `t` be taken from (a ones, b twos, c fours)? records the bills used */
function groups(k: number, t: number, a: number, b: number, c: number): boolean {
  if (k === 0) return true;
  if (k * t > a + 2 * b + 4 * c) return false;
  for (let z = Math.min(c, (t / 4) | 0); z >= 0; z--) {
    const r4 = t - 4 * z;
    for (let y = Math.min(b, (r4 / 2) | 0); y >= 0; y--) {
      const x = r4 - 2 * y;
      if (x > a) break; // fewer twos only needs more ones
      if (groups(k - 1, t, a - x, b - y, c - z)) {
        useOnes += x;
        useTwos += y;
        useFours += z;
        return true;
      }
    }
  }
  return false;
}

export function playout(players: number, seed: number): { winners: number[]; scores: number[]; actions: number } {
  const rand = makeRng(seed);
  const P = players;

  // loot deck
  const deck = new Int8Array(40);
  let i = 0;
  for (; i < 15; i++) deck[i] = 1;
  for (; i < 30; i++) deck[i] = 2;
  for (; i < 40; i++) deck[i] = 4;
  for (let j = 39; j > 0; j--) {
    const r = rand(j + 1);
    const tmp = deck[j]!;
    deck[j] = deck[r]!;
    deck[r] = tmp;
  }
  let top = 0;
  let ones = 0;
  let twos = 0;
  let fours = 0;

  const hand = new Int8Array(P * 3); // per player: CLIC, BANG, BBB counts
  const money = new Int32Array(P); // in units of 5000
  const shame = new Int32Array(P);
  const wounds = new Int32Array(P);
  const alive = new Uint8Array(P);
  const inRound = new Uint8Array(P);
  const card = new Int8Array(P);
  const target = new Int8Array(P);
  const hit = new Int8Array(P);
  const livingList = new Int8Array(P);
  const kinds = new Int8Array(3);
  for (let p = 0; p < P; p++) {
    hand[p * 3 + CLIC] = 5;
    hand[p * 3 + BANG] = 2;
    hand[p * 3 + BBB] = 1;
    alive[p] = 1;
  }
  let living = P;
  let actions = 0;
  let round = 0;

  while (round < ROUNDS && living > 1) {
    round++;
    // 1. bills
    for (let k = 0; k < 5 && top < 40; k++) {
      const v = deck[top++]!;
      if (v === 1) ones++;
      else if (v === 2) twos++;
      else fours++;
    }
    // list of living players
    let n = 0;
    for (let p = 0; p < P; p++) if (alive[p]) livingList[n++] = p;
    // 2-4. secret choices: bullet, aim, stay/leave
    for (let q = 0; q < n; q++) {
      const p = livingList[q]!;
      let nk = 0;
      for (let kind = 0; kind < 3; kind++) if (hand[p * 3 + kind]! > 0) kinds[nk++] = kind;
      const c = kinds[rand(nk)]!;
      hand[p * 3 + c]!--;
      card[p] = c;
      let r = rand(n - 1); // uniform over the n - 1 others: skip his own index q
      if (r >= q) r++;
      target[p] = livingList[r]!;
      const leave = rand(2) === 1;
      actions += 3;
      if (leave) {
        shame[p]!++;
        inRound[p] = 0;
      } else inRound[p] = 1;
      hit[p] = 0;
    }
    // 5. BBB fires first, all at once
    for (let q = 0; q < n; q++) {
      const p = livingList[q]!;
      if (inRound[p] && card[p] === BBB && inRound[target[p]!]) hit[target[p]!]!++;
    }
    for (let q = 0; q < n; q++) {
      const p = livingList[q]!;
      if (hit[p]! > 0) {
        wounds[p]! += hit[p]!;
        inRound[p] = 0;
        hit[p] = 0;
      }
    }
    // 6. the others fire at once
    for (let q = 0; q < n; q++) {
      const p = livingList[q]!;
      if (inRound[p] && card[p] === BANG && inRound[target[p]!]) hit[target[p]!]!++;
    }
    for (let q = 0; q < n; q++) {
      const p = livingList[q]!;
      if (hit[p]! > 0) {
        wounds[p]! += hit[p]!;
        inRound[p] = 0;
      }
      if (wounds[p]! >= DEATH) {
        alive[p] = 0;
        inRound[p] = 0;
        living--;
      }
    }
    // 7. share
    let k = 0;
    for (let q = 0; q < n; q++) if (inRound[livingList[q]!]) k++;
    if (k > 0) {
      const total = ones + 2 * twos + 4 * fours;
      for (let t = (total / k) | 0; t > 0; t--) {
        useOnes = useTwos = useFours = 0;
        if (groups(k, t, ones, twos, fours)) {
          ones -= useOnes;
          twos -= useTwos;
          fours -= useFours;
          for (let q = 0; q < n; q++) if (inRound[livingList[q]!]) money[livingList[q]!]! += t;
          break;
        }
      }
    }
  }

  const scores: number[] = [];
  for (let p = 0; p < P; p++) scores.push(5000 * (money[p]! - shame[p]!));
  let winners: number[] = [];
  for (let p = 0; p < P; p++) {
    if (!alive[p]) continue;
    const w = winners[0];
    if (w === undefined) {
      winners = [p];
      continue;
    }
    const cmp = scores[p]! - scores[w]! || shame[w]! - shame[p]! || wounds[p]! - wounds[w]!;
    if (cmp > 0) winners = [p];
    else if (cmp === 0) winners.push(p);
  }
  return { winners, scores, actions };
}
