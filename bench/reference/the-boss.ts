/**
 * Hand-written The Boss that plays the *same games* as rules/the-boss/ under its default options
 * (overbidBasis placed, reorderLastTurn final-round), 2–6 players (6: three teams of two) — the
 * speed baseline of `npm run bench`; test/bench/ checks the games are the same, move by move.
 * Not a rules source: the spec under rules/ and its data/ are.
 *
 * What makes them the same (see src/interpreter/, src/agents/):
 *  - card ids in the order the spec makes them: the 32 city cards of the box (data/city-cards.yaml
 *    order, a kind's copies together), then the 5 police cards; characters are their index in
 *    data/characters.yaml (Chicago last, 8).
 *  - the game's chance: one xoroshiro128plus stream (config seed) for the shuffles, Fisher–Yates
 *    as the engine does it; moves put cards on top (index 0) unless dealt (to the end of a hand).
 *  - the seats' choices: seat s has its own RandomAgent (seatAgentSeed(agentSeed, s)); n options
 *    draw uniformInt(0, n − 1), none when n = 1. A choice in steps offers only values that can be
 *    completed; the cube counts (ask: several) are taken without asking when only one is left.
 *    A hand card is offered once per kind, in hand order.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { seatAgentSeed } from '../../src/agents/random-agent.ts';
import type { ReferenceDecision, ReferenceResult } from './contract.ts';

const CHICAGO = 8;
const CHARACTERS = 9;
const MONEY = 0;
const THEFT = 1;
const JAIL = 2;
const HOSPITAL = 3;
const PISTOL = 4;
const BANISHMENT = 5;
const SHOOT_OUT = 6;

/** the box's city cards: [character of its colour, event, money, copies] in data order */
const CITY_KINDS: [number, number, number, number][] = [
  [0, MONEY, 2, 2], [0, MONEY, 3, 2], [0, THEFT, 0, 1],
  [1, MONEY, 3, 2], [1, JAIL, 0, 1], [1, HOSPITAL, 0, 1],
  [2, MONEY, 4, 2], [2, PISTOL, 0, 1], [2, BANISHMENT, 0, 1],
  [3, MONEY, 5, 1], [3, SHOOT_OUT, 0, 1], [3, THEFT, 0, 1],
  [4, MONEY, 4, 1], [4, MONEY, 5, 1], [4, HOSPITAL, 0, 1], [4, PISTOL, 0, 1],
  [5, MONEY, 5, 1], [5, MONEY, 6, 1], [5, JAIL, 0, 1], [5, SHOOT_OUT, 0, 1],
  [6, MONEY, 6, 1], [6, MONEY, 7, 1], [6, BANISHMENT, 0, 1],
  [7, MONEY, 7, 1], [7, MONEY, 8, 1], [7, SHOOT_OUT, 0, 1], [7, JAIL, 0, 1], [7, HOSPITAL, 0, 1],
];
const cardChar: number[] = [];
const cardEvent: number[] = [];
const cardMoney: number[] = [];
const cardKind: number[] = [];
CITY_KINDS.forEach(([ch, ev, money, copies], kind) => {
  for (let i = 0; i < copies; i++) {
    cardChar.push(ch);
    cardEvent.push(ev);
    cardMoney.push(money);
    cardKind.push(kind);
  }
});
const CITY_CARDS = cardChar.length; // 32
/** the police cards (ids 32–36): blue, green, yellow badges */
const POLICE: [number, number, number][] = [[1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 0, 0], [0, 1, 0]];

/** numbered characters in play by player count (data/characters.yaml `when`) */
const numberedFor = (players: number): number => (players >= 6 ? 8 : players >= 4 ? 7 : players >= 3 ? 5 : 3);

type Rng = ReturnType<typeof xoroshiro128plus>;

export function playout(players: number, seed: number, agentSeed: number, log?: ReferenceDecision[]): ReferenceResult {
  const P = players;
  const teamGame = P === 6;
  const chance = xoroshiro128plus(seed);
  const agents: Rng[] = [];
  for (let s = 0; s < P; s++) agents.push(xoroshiro128plus(seatAgentSeed(agentSeed, s) | 0));
  let steps = 0;
  /** a choice among lo, lo + 1, …, hi (a count of cubes) */
  const askRange = (seat: number, choice: string, lo: number, hi: number): number => {
    const n = hi - lo + 1;
    const v = lo + (n === 1 ? 0 : uniformInt(agents[seat]!, 0, n - 1));
    steps++;
    if (log) log.push({ seat, choice, value: v });
    return v;
  };
  const ask = (seat: number, choice: string, options: readonly (number | boolean)[]): number | boolean => {
    const n = options.length;
    const v = options[n === 1 ? 0 : uniformInt(agents[seat]!, 0, n - 1)]!;
    steps++;
    if (log) log.push({ seat, choice, value: v });
    return v;
  };
  const shuffle = (zone: number[]): void => {
    for (let i = 0; i < zone.length - 1; i++) {
      const d = uniformInt(chance, 0, zone.length - 1 - i);
      const x = zone[i]!;
      zone[i] = zone[i + d]!;
      zone[i + d] = x;
    }
  };

  // --- setup
  const team: number[] = [];
  const bigLeft: number[] = [];
  const smallLeft: number[] = [];
  for (let s = 0; s < P; s++) {
    team.push(teamGame ? s % 3 : s);
    bigLeft.push(teamGame ? 5 : 6);
    smallLeft.push(teamGame ? 2 : 3);
  }
  // the seats of each team, and the clockwise order from each start seat: worked out once
  const seatsOfTeam: number[][] = [];
  for (let t = 0; t < P; t++) seatsOfTeam.push([]);
  for (let s = 0; s < P; s++) seatsOfTeam[team[s]!]!.push(s);
  const teamSeats = (t: number): number[] => seatsOfTeam[t]!;
  const sides: number[] = [];
  for (let s = 0; s < P; s++) if (team[s] === s) sides.push(s);
  const N = numberedFor(P);
  const inPlay: number[] = [];
  for (let c = 0; c < N; c++) inPlay.push(c);
  inPlay.push(CHICAGO);
  let row = [0, CHICAGO, ...inPlay.slice(1, N)];
  const turns = P >= 5 ? 4 : 5;
  const handSize = turns;

  const big: number[][] = [];
  const small: number[][] = [];
  const hand: number[][] = [];
  const hospital: number[][] = [];
  const jail: number[][] = [];
  const banishedAt = new Array<number>(P).fill(-1);
  const money = new Array<number>(P).fill(0);
  const roundGain = new Array<number>(P).fill(0);
  for (let s = 0; s < P; s++) {
    big.push(new Array<number>(CHARACTERS).fill(0));
    small.push(new Array<number>(CHARACTERS).fill(0));
    hand.push([]);
    hospital.push([]);
    jail.push([]);
  }
  const under: number[][] = [];
  const revealed: number[][] = [];
  const shown: number[][] = [];
  for (let c = 0; c < CHARACTERS; c++) {
    under.push([]);
    revealed.push([]);
    shown.push([]);
  }
  let cityDeck: number[] = [];
  for (let id = 0; id < CITY_CARDS; id++) if (cardChar[id]! < N) cityDeck.push(id);

  const dealCityCards = (): void => {
    shuffle(cityDeck);
    for (const c of row) {
      if (c === CHICAGO) continue;
      const i = cityDeck.findIndex((id) => cardChar[id] === c);
      if (i >= 0) under[c]!.unshift(...cityDeck.splice(i, 1));
    }
    shuffle(cityDeck);
    for (let r = 0; r < handSize; r++) {
      for (let s = 0; s < P; s++) {
        const card = cityDeck.shift();
        if (card === undefined) return;
        hand[s]!.push(card);
      }
    }
  };
  dealCityCards();
  const police = [32, 33, 34, 35, 36];
  shuffle(police);
  const badges = [0, 0, 0];

  // --- the functions of functions.yaml
  const cubes = (s: number, c: number): number => big[s]![c]! + small[s]![c]!;
  const colourCubes = (t: number, c: number): number => {
    let n = 0;
    for (let s = 0; s < P; s++) if (team[s] === team[t]) n += cubes(s, c);
    return n;
  };
  const otherMax = (s: number, c: number): number => {
    let m = 0;
    let first = true;
    for (const t of sides) {
      if (team[t] === team[s]) continue;
      const x = colourCubes(t, c);
      if (first || x > m) m = x;
      first = false;
    }
    return m;
  };
  const needed = (s: number, c: number): number => {
    const om = otherMax(s, c);
    if (om === 0) return 1;
    if (!teamGame) return om + 1;
    return Math.max(1, om + 1 - colourCubes(s, c));
  };
  const mostPlaceable = (s: number, c: number): number => (big[s]![c]! > 0 || bigLeft[s]! > 0 ? bigLeft[s]! + smallLeft[s]! : 0);
  const chicagoOpen = (s: number): boolean => {
    for (const x of inPlay) if (x !== CHICAGO && cubes(s, x) > 0) return true;
    return false;
  };
  const canPlace = (s: number, c: number): boolean =>
    banishedAt[s] !== c && (c !== CHICAGO || chicagoOpen(s)) && mostPlaceable(s, c) >= needed(s, c);
  const clockwiseFrom: number[][] = [];
  for (let from = 0; from < P; from++) {
    const order: number[] = [];
    for (let d = 0; d < P; d++) order.push((from + d) % P);
    clockwiseFrom.push(order);
  }
  const clockwise = (from: number): number[] => clockwiseFrom[from]!;
  const leaders = (c: number): number[] => {
    const out: number[] = [];
    let best = 0;
    for (const t of sides) {
      const x = colourCubes(t, c);
      if (x <= 0) continue;
      if (out.length === 0 || x > best) {
        out.length = 0;
        out.push(t);
        best = x;
      } else if (x === best) out.push(t);
    }
    return out;
  };
  let start = 0;
  let round = 0;
  const controllerOf = (t: number, c: number): number => {
    let best = -1;
    for (const x of clockwise(start)) if (team[x] === t && cubes(x, c) > 0 && (best < 0 || cubes(x, c) > cubes(best, c))) best = x;
    return best;
  };
  const gain = (who: number, n: number): void => {
    for (const s of teamSeats(team[who]!)) {
      money[s]! += n;
      roundGain[s]! += n;
    }
  };
  const loseBigCube = (t: number, c: number, to: number): void => {
    const cands = clockwise(start).filter((s) => team[s] === t && big[s]![c]! > 0);
    if (cands.length === 0) return;
    let v = cands[0]!;
    if (P === 6 && cands.length > 1) v = ask(cands[0]!, 'whose-cube', cands) as number;
    big[v]![c]!--;
    if (to === HOSPITAL) hospital[v]!.push(round + 1);
    if (to === JAIL) jail[v]!.push(round + 2);
  };
  const reveal = (card: number, ctrl: number, at: number): void => {
    switch (cardEvent[card]) {
      case MONEY: return gain(ctrl, cardMoney[card]!);
      case THEFT: return gain(ctrl, -Math.min(2, money[ctrl]!));
      case PISTOL: return loseBigCube(team[ctrl]!, at, -1);
      case HOSPITAL: return loseBigCube(team[ctrl]!, at, HOSPITAL);
      case JAIL: return loseBigCube(team[ctrl]!, at, JAIL);
      case BANISHMENT:
        for (const s of teamSeats(team[ctrl]!)) banishedAt[s] = at;
        return;
      case SHOOT_OUT: {
        gain(ctrl, 4);
        const hit = sides.filter((t) => teamSeats(t).some((s) => big[s]![at]! > 0));
        for (const t of hit) loseBigCube(t, at, -1);
        return;
      }
    }
  };

  const takeTurn = (me: number): void => {
    const placeable = row.filter((c) => canPlace(me, c));
    if (placeable.length > 0 && ask(me, 'place-or-pass', [true, false]) === true) {
      // every placeable character can be completed (mostPlaceable ≥ needed): all are offered
      const c = ask(me, 'where', placeable) as number;
      const need = needed(me, c);
      // the counts that can still complete form a range: big cubes from the fewest that leave
      // enough small ones (none only if the small ones alone do, on a big cube already there)
      const smallsWith = (nb: number): number => (big[me]![c]! + nb > 0 ? smallLeft[me]! : 0);
      const bigLo = smallsWith(0) >= need ? 0 : Math.max(1, need - smallLeft[me]!);
      const bigHi = bigLeft[me]!;
      const nb = bigLo === bigHi ? bigLo : askRange(me, 'big-cubes', bigLo, bigHi);
      const smallLo = Math.max(0, need - nb);
      const smallHi = smallsWith(nb);
      const ns = smallLo === smallHi ? smallLo : askRange(me, 'small-cubes', smallLo, smallHi);
      big[me]![c]! += nb;
      bigLeft[me]! -= nb;
      small[me]![c]! += ns;
      smallLeft[me]! -= ns;
    }
    // one hand card of each kind, in hand order
    const h = hand[me]!;
    const offered = h.filter((id, i) => h.findIndex((x) => cardKind[x] === cardKind[id]) === i);
    const card = ask(me, 'reveal', offered) as number;
    h.splice(h.indexOf(card), 1);
    shown[cardChar[card]!]!.unshift(card);
  };

  let lastRound = false;
  while (!lastRound) {
    round++;
    roundGain.fill(0);
    for (let t = 1; t <= turns; t++) {
      if (t === turns - 1) {
        const p = police.shift();
        if (p !== undefined) POLICE[p - CITY_CARDS]!.forEach((b, i) => (badges[i]! += b));
        if (Math.max(...badges) >= 3) lastRound = true;
        if (police.length === 0 && !lastRound) lastRound = true;
      }
      let order = clockwise(start);
      if (t === turns && lastRound) {
        const left = order.map((s) => bigLeft[s]! + smallLeft[s]!);
        order = order.map((_, i) => i).sort((i, j) => left[j]! - left[i]! || i - j).map((i) => order[i]!);
      }
      for (const s of order) takeTurn(s);
    }
    // scoring, left to right along the row
    for (const c of row) {
      const lead = leaders(c);
      if (lead.length !== 1) continue;
      const ctrl = controllerOf(lead[0]!, c);
      if (c === CHICAGO) {
        let sum = 0;
        for (const x of row) {
          if (x === CHICAGO) break;
          if (shown[x]!.length > 0) sum += cardMoney[shown[x]![0]!]!;
        }
        gain(ctrl, Math.floor(sum / 2));
      } else {
        revealed[c]!.unshift(...under[c]!.splice(0));
        const card = revealed[c]![0];
        if (card !== undefined) reveal(card, ctrl, c);
      }
    }
    // end of round: cubes back, hospital and prison, Chicago moves, start passes, cards renewed
    for (let s = 0; s < P; s++) {
      for (const x of inPlay) bigLeft[s]! += big[s]![x]!;
      big[s]!.fill(0);
      small[s]!.fill(0);
    }
    for (let s = 0; s < P; s++) {
      bigLeft[s]! += hospital[s]!.filter((r) => r <= round).length + jail[s]!.filter((r) => r <= round).length;
      hospital[s] = hospital[s]!.filter((r) => r > round);
      jail[s] = jail[s]!.filter((r) => r > round);
    }
    const i = row.indexOf(CHICAGO);
    if (i < row.length - 1) row = [...row.slice(0, i), row[i + 1]!, row[i]!, ...row.slice(i + 2)];
    start = (start + 1) % P;
    if (!lastRound) {
      for (const x of inPlay) {
        cityDeck.unshift(...under[x]!.splice(0));
        cityDeck.unshift(...revealed[x]!.splice(0));
        cityDeck.unshift(...shown[x]!.splice(0));
      }
      dealCityCards();
    }
  }

  // highest score; ties: more money this round, then more cubes left (the team's)
  const cubesLeftOf = (s: number): number => teamSeats(team[s]!).reduce((n, x) => n + bigLeft[x]! + smallLeft[x]!, 0);
  let winners = Array.from({ length: P }, (_, s) => s);
  for (const key of [(s: number) => money[s]!, (s: number) => roundGain[s]!, cubesLeftOf]) {
    if (winners.length <= 1) break;
    const best = Math.max(...winners.map(key));
    winners = winners.filter((s) => key(s) === best);
  }
  cityDeck = [];
  return { winners, scores: [...money], out: [], rounds: round, end: 'police-end', result: 'highest-score', steps };
}
