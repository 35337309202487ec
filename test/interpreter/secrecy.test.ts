/**
 * A seat's view leaks nothing hidden (src/interpreter/api.ts SeatView: "everything that seat may
 * know, and nothing else"; docs/dsl-reference.md: visibility public / owner / hidden).
 *
 * Three kinds of evidence:
 *  1. direct checks on every view along random games: hidden zones show only nulls (with the
 *     true size), other seats' owner zones and vars are null, own ones are exact, hidden log
 *     details are counts, no RNG state or seed appears anywhere in the JSON;
 *  2. non-interference: two worlds that differ only in what one seat may not know (deck orders
 *     it never sees, other seats' hands and roles, other seats' secret answers, the seed/RNG)
 *     give that seat identical views at every step, log, pending and myAnswers included;
 *  3. after the end everything is revealed (documented in src/interpreter/view.ts).
 *
 * Games: the fixtures under test/fixtures/interpreter/ — hidden-hands (hidden deck, owner hands,
 * a hidden seat zone, hidden and owner vars, simultaneous choices, a secret single-seat choice)
 * and open-auction (shuffles of owner zones, a public single-seat choice, a split of a public pot
 * into owner purses, a hidden running total) — and the real Cash'n Guns spec with both options
 * on. None of them uses card fronts or `top` stacks, so a card a seat sees is `{card, kind}`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, Json, LogEntry, SeatView } from '../../src/interpreter/api.ts';
import { validatePaths } from '../../src/games.ts';
import {
  cashDir,
  declsOf,
  fixtureDir,
  internal,
  loadGame,
  pickOne,
  randomStep,
  realiseShuffles,
  shuffled,
  testRng,
  truthOf,
  type Decls,
  type Engine,
} from './helpers.ts';

const HH = fixtureDir('hidden-hands');
const OA = fixtureDir('open-auction');
const CNG_OPTIONS = { powers: true, undercover: true };

const KNOWN_EVENTS = new Set(['set', 'move', 'choose', 'shuffle', 'split', 'eliminate', 'end', 'log', 'reveal', 'peek']);

/** may `me` see the zone `zone` (of `seat`, for a seat zone)? */
function zoneVisible(d: Decls, zone: string, seat: number | undefined, me: number): boolean {
  const g = d.gameZones.get(zone);
  if (g !== undefined && seat === undefined) return g === 'public';
  const s = d.seatZones.get(zone);
  if (s === undefined) throw new Error(`unknown zone '${zone}' in the log`);
  return s === 'public' || (s === 'owner' && seat === me);
}

function seatVarVisible(d: Decls, v: string, seat: number, me: number): boolean {
  const vis = d.seatVars.get(v);
  if (vis === undefined) throw new Error(`unknown seat var '${v}'`);
  return vis === 'public' || (vis === 'owner' && seat === me);
}

/** a cheap assertion for hot loops (vitest's expect is slow when called millions of times) */
function check(cond: boolean, msg: () => string): void {
  if (!cond) throw new Error(msg());
}

const sameKeys = (o: object, keys: string[]): boolean => {
  const k = Object.keys(o).sort();
  const want = keys.slice().sort();
  return k.length === want.length && k.every((x, i) => x === want[i]);
};

/** Each log entry of a live game's view tells `me` only what `me` may know. */
function checkLogEntry(d: Decls, e: LogEntry, me: number): void {
  const show = () => `seat ${me} sees ${JSON.stringify(e)}`;
  check(sameKeys(e, ['data', 'event', 'rule']), () => `log entry with extra keys: ${show()}`);
  check(KNOWN_EVENTS.has(e.event), () => `unknown log event: ${show()}`);
  const data = e.data;
  switch (e.event) {
    case 'move': {
      const from = String(data['from']);
      const to = String(data['to']);
      const fromSeat = data['fromSeat'] as number | undefined;
      const toSeat = data['toSeat'] as number | undefined;
      const seen = zoneVisible(d, from, fromSeat, me) || zoneVisible(d, to, toSeat, me);
      check(typeof data['count'] === 'number', () => `move without a count: ${show()}`);
      if (seen) {
        // a move the seat watches (a card leaves or enters a zone it sees) names the cards
        check(Array.isArray(data['cards']) && (data['cards'] as Json[]).length === data['count'], () => `a move it may see lists no cards: ${show()}`);
      } else {
        // a hidden move carries a count, not card ids
        const keys = ['count', 'from', 'to', ...(fromSeat !== undefined ? ['fromSeat'] : []), ...(toSeat !== undefined ? ['toSeat'] : [])];
        check(sameKeys(data, keys), () => `a hidden move shows more than a count: ${show()}`);
      }
      break;
    }
    case 'choose': {
      const c = d.choices.get(String(data['choice']));
      check(c !== undefined, () => `undeclared choice: ${show()}`);
      const seat = data['seat'] as number;
      const allowed = c!.secret ? seat === me : c!.into !== undefined ? seatVarVisible(d, c!.into, seat, me) : true;
      check('value' in data === allowed, () => (allowed ? `a public answer is redacted: ${show()}` : `a secret answer leaks: ${show()}`));
      break;
    }
    case 'set': {
      const name = String(data['var']);
      if (typeof data['seat'] !== 'number') check(d.vars.has(name), () => `set of an unknown var: ${show()}`);
      const allowed = typeof data['seat'] === 'number' ? seatVarVisible(d, name, data['seat'], me) : d.vars.get(name) === 'public';
      check('value' in data === allowed, () => (allowed ? `a public value is redacted: ${show()}` : `a hidden value leaks: ${show()}`));
      break;
    }
    default:
      break;
  }
}

const VIEW_KEYS = ['log', 'myAnswers', 'pending', 'players', 'result', 'seat', 'seats', 'vars', 'zones'];

/**
 * The direct checks: `engine.view(s, me)` against the full truth (read through the tools API).
 * While the game runs, hidden things are null; after the end, everything is shown.
 */
function checkView(engine: Engine, d: Decls, s: unknown, me: number, seed?: number): SeatView {
  const v = engine.view(s, me);
  const t = truthOf(engine, d, s);
  const st = internal(s);
  const over = engine.result(s) !== null;
  expect(Object.keys(v).sort()).toEqual(VIEW_KEYS);
  expect(v.seat).toBe(me);
  expect(v.players).toBe(st.players);

  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const [z, vis] of d.gameZones) {
    const shown = v.zones[z]!;
    const cards = t.gameZones[z]!;
    check(Array.isArray(shown) && shown.length === cards.length, () => `zone ${z}: size ${shown?.length}, truth ${cards.length}`);
    if (over || vis === 'public') check(same(shown, cards.map((card, i) => ({ card, kind: t.gameZoneKinds[z]![i] }))), () => `zone ${z} shown wrong to seat ${me}`);
    else check(shown.every((x) => x === null), () => `hidden zone ${z} shows ${JSON.stringify(shown)} to seat ${me}`);
  }
  for (let seat = 0; seat < st.players; seat++) {
    const sv = v.seats[seat]!;
    check(sv.out === st.seats[seat]!.out, () => `seat ${seat} out flag`);
    for (const [z, vis] of d.seatZones) {
      const shown = sv.zones[z]!;
      const cards = t.seatZones[z]![seat]!;
      check(Array.isArray(shown) && shown.length === cards.length, () => `zone ${seat}.${z}: size ${shown?.length}, truth ${cards.length}`);
      if (over || vis === 'public' || (vis === 'owner' && seat === me)) {
        check(same(shown, cards.map((card, i) => ({ card, kind: t.seatZoneKinds[z]![seat]![i] }))), () => `zone ${seat}.${z} shown wrong to seat ${me}`);
      } else {
        check(shown.every((x) => x === null), () => `zone ${seat}.${z} (${vis}) shows ${JSON.stringify(shown)} to seat ${me}`);
      }
    }
    for (const [name, vis] of d.seatVars) {
      const visible = over || vis === 'public' || (vis === 'owner' && seat === me);
      const want = visible ? t.seatVars[name]![seat] : null;
      check(same(sv.vars[name], want), () => `seat var ${seat}.${name} (${vis}) shows ${JSON.stringify(sv.vars[name])} to seat ${me}, expected ${JSON.stringify(want)}`);
    }
  }
  for (const [name, vis] of d.vars) {
    const want = over || vis === 'public' ? t.vars[name] : null;
    check(same(v.vars[name], want), () => `var ${name} (${vis}) shows ${JSON.stringify(v.vars[name])} to seat ${me}, expected ${JSON.stringify(want)}`);
  }

  check(same(v.pending, engine.pending(s)), () => `pending in the view of seat ${me}`);
  const mine: Record<string, Json> = {};
  const p = st.pending;
  if (p?.kind === 'choice' && v.pending?.kind === 'choice') {
    const k = p.seats.indexOf(me);
    if (k >= 0 && p.answers[k] !== null) mine[v.pending.choice] = p.answers[k]!;
  }
  check(same(v.myAnswers, mine), () => `myAnswers of seat ${me}: ${JSON.stringify(v.myAnswers)}, expected ${JSON.stringify(mine)}`);
  check(same(v.result, engine.result(s)), () => 'result');

  if (over) {
    check(same(v.log, engine.log(s)), () => `after the end, seat ${me} should see the whole log`);
  } else {
    check(v.log.length <= engine.log(s).length, () => 'the view log is longer than the log');
    for (const e of v.log) checkLogEntry(d, e, me);
  }

  // the RNG state and the seed never leave the engine
  const json = JSON.stringify(v);
  for (const x of st.rng) if (Math.abs(x) >= 1_000_000) check(!json.includes(String(x)), () => `rng word ${x} in the view of seat ${me}`);
  if (seed !== undefined) check(!json.includes(String(seed)), () => `seed ${seed} in the view of seat ${me}`);
  check(!/"(rng|seed|locals|pc|vis|pub)"\s*:/.test(json), () => `engine internals in the view of seat ${me}`);
  return v;
}

/** seeds big enough that their digits cannot appear by accident (scores stay below 10^7) */
const bigSeed = fc.integer({ min: 100_000_000, max: 0x7fffffff });

describe('the fixtures', () => {
  it('are valid specs (static checks and random playouts, as `rules validate` runs them)', () => {
    const diagnostics = validatePaths([HH, OA]);
    expect(diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });
});

describe('direct checks on every view along random games', () => {
  it('hidden-hands fixture: hidden zones are nulls, owner things only for their owner, hidden moves as counts', () => {
    const engine = loadGame(HH);
    const d = declsOf(HH);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), bigSeed, fc.integer(), (players, seed, actSeed) => {
        const rng = testRng(actSeed);
        const s = engine.create({ players, seed });
        let steps = 0;
        for (;;) {
          for (let me = 0; me < players; me++) checkView(engine, d, s, me, seed);
          if (!randomStep(engine, s, rng)) break;
          steps++;
        }
        expect(engine.result(s)).not.toBeNull();
        expect(steps).toBeGreaterThan(10);
      }),
      { numRuns: 25 },
    );
  });

  it('open-auction: shuffled own purses, a public single-seat choice, a split into secret purses', () => {
    const engine = loadGame(OA);
    const d = declsOf(OA);
    let shares = 0;
    let purseShuffles = 0;
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), bigSeed, fc.integer(), (players, seed, actSeed) => {
        const rng = testRng(actSeed);
        const s = engine.create({ players, seed });
        for (;;) {
          for (let me = 0; me < players; me++) checkView(engine, d, s, me, seed);
          if (!randomStep(engine, s, rng)) break;
        }
        const log = engine.log(s);
        shares += log.filter((e) => e.event === 'split').length;
        purseShuffles += log.filter((e) => e.event === 'shuffle' && e.data['zone'] === 'purse').length;
        // the leader's public choice is shown to everybody, with its value
        for (let me = 0; me < players; me++) {
          const claims = engine.view(s, me).log.filter((e) => e.event === 'choose' && e.data['choice'] === 'claim');
          expect(claims.length).toBeGreaterThan(0);
          for (const e of claims) expect(['share', 'keep']).toContain(e.data['value']);
        }
      }),
      { numRuns: 25 },
    );
    expect(shares).toBeGreaterThan(0);
    expect(purseShuffles).toBeGreaterThan(0);
  });

  it("Cash'n Guns (powers + undercover): the same, at every decision of random games", () => {
    const engine = loadGame(cashDir);
    const d = declsOf(cashDir);
    // the spec really has what we check: hidden game zones, owner seat zones and vars, a hidden var
    expect([...d.gameZones.values()]).toContain('hidden');
    expect([...d.seatZones.values()]).toContain('owner');
    expect([...d.seatVars.values()]).toContain('owner');
    expect([...d.vars.values()]).toContain('hidden');
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 6 }), bigSeed, fc.integer(), (players, seed, actSeed) => {
        const rng = testRng(actSeed);
        const s = engine.create({ players, seed, options: CNG_OPTIONS });
        for (;;) {
          for (let me = 0; me < players; me++) checkView(engine, d, s, me, seed);
          if (!randomStep(engine, s, rng)) break;
        }
      }),
      { numRuns: 6 },
    );
  });

  it('a hidden move in the log carries a count, not card ids; the mover sees its own cards', () => {
    const engine = loadGame(HH);
    const s = engine.create({ players: 3, seed: 123_456_789 });
    const deals = (me: number) => engine.view(s, me).log.filter((e) => e.event === 'move' && e.data['to'] === 'hand');
    for (let me = 0; me < 3; me++) {
      const entries = deals(me);
      expect(entries.length).toBe(3 * 4); // 3 cards each in setup, 1 each in round 1
      for (const e of entries) {
        if (e.data['toSeat'] === me) expect((e.data['cards'] as number[]).length).toBe(1);
        else expect(e.data).toEqual({ from: 'deck', to: 'hand', toSeat: e.data['toSeat'], count: 1 });
      }
    }
    // the full log does hold the ids: the view really removed them
    expect(engine.log(s).filter((e) => e.event === 'move' && e.data['to'] === 'hand').every((e) => Array.isArray(e.data['cards']))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Non-interference: two coupled worlds that differ only in what `me` may not know.

interface Coupling {
  players: number;
  options?: Record<string, Json>;
  me: number;
  /** positions (in the shuffled order, top first) of cards `me` never sees before the comparison stops */
  hiddenPositions(zone: string, n: number): number[];
  /** seats whose secret answers may differ between the worlds */
  cowards: Set<number>;
  /** choices whose answers are secret (an owner/hidden var, or `secret: true`) */
  secretChoices: Set<string>;
  /** an answer both worlds must give (to keep the public history equal), if any */
  forced?(choice: string, seat: number): Json | undefined;
  /** stop comparing at this view of world A (e.g. a hidden card is about to be turned up) */
  stop?(v: SeatView): boolean;
}

/** permute the given positions of `arr` among themselves, never leaving them all in place */
function permuteAt(rng: () => number, arr: number[], positions: number[]): number[] {
  const out = arr.slice();
  if (positions.length < 2) return out;
  let vals = shuffled(rng, positions.map((i) => arr[i]!));
  if (vals.every((x, k) => x === arr[positions[k]!])) vals = [...vals.slice(1), vals[0]!];
  positions.forEach((pos, k) => (out[pos] = vals[k]!));
  return out;
}

/**
 * Run both worlds in lockstep and compare `me`'s views after every single answer (so partial
 * answers to simultaneous choices are compared too). Returns how many views were compared.
 */
function coupledRun(engine: Engine, c: Coupling, seed: number): number {
  const rngDeal = testRng(seed);
  const rngPerturb = testRng(seed ^ 0x5bd1e995);
  const rngAct = testRng(seed ^ 0x1b873593);
  const rngAlt = testRng(seed ^ 0x27d4eb2d);
  // different config seeds too: in external chance mode they only change the RNG state kept in
  // the state, which must not show
  const cfg = { players: c.players, options: c.options ?? {}, chance: 'external' as const };
  const arrangementsA: number[][] = [];
  let a: unknown = realiseShuffles(engine, engine.create({ ...cfg, seed: 11 }), (_zone, initial) => {
    const arr = shuffled(rngDeal, initial);
    arrangementsA.push(arr);
    return arr;
  });
  let k = 0;
  let b: unknown = realiseShuffles(engine, engine.create({ ...cfg, seed: 977_531 }), (zone, initial) => {
    const arr = arrangementsA[k++]!;
    expect(arr.slice().sort((x, y) => x - y)).toEqual(initial.slice().sort((x, y) => x - y));
    return permuteAt(rngPerturb, arr, c.hiddenPositions(zone, arr.length));
  });
  expect(k).toBe(arrangementsA.length);
  // the worlds do differ in hidden information
  expect(JSON.stringify(internal(b).z) + JSON.stringify(internal(b).seats)).not.toBe(JSON.stringify(internal(a).z) + JSON.stringify(internal(a).seats));
  expect(internal(b).rng).not.toEqual(internal(a).rng);

  let compared = 0;
  for (;;) {
    if (engine.result(a) !== null || engine.result(b) !== null) break;
    const va = engine.view(a, c.me);
    if (c.stop?.(va)) break;
    const vb = engine.view(b, c.me);
    expect(vb).toEqual(va);
    compared++;
    const p = engine.pending(a);
    if (p === null || p.kind !== 'choice') throw new Error('unexpected pending state');
    // a random one of the waiting seats answers (varies the order of simultaneous answers)
    const seat = pickOne(rngAct, p.waitingFor);
    const legalA = engine.legalActions(a, seat);
    const legalB = engine.legalActions(b, seat);
    if (seat === c.me) expect(legalB).toEqual(legalA);
    const forced = c.forced?.(p.choice, seat);
    let actA: Action;
    let actB: Action;
    if (forced !== undefined) {
      actA = actB = { choice: p.choice, value: forced };
    } else if (c.cowards.has(seat) && c.secretChoices.has(p.choice)) {
      actA = pickOne(rngAct, legalA);
      actB = pickOne(rngAlt, legalB);
    } else {
      actA = actB = pickOne(rngAct, legalA);
      expect(legalB, `seat ${seat} can give the same public answer in both worlds`).toContainEqual(actA);
    }
    a = engine.apply(a, seat, actA);
    b = engine.apply(b, seat, actB);
  }
  return compared;
}

describe('non-interference: worlds differing only in hidden information look the same to a seat', () => {
  it('hidden-hands: other hands, the undealt deck, others’ secret picks, stashes and moods never show', () => {
    const engine = loadGame(HH);
    const d = declsOf(HH);
    const secretChoices = new Set([...d.choices.values()].filter((ch) => ch.secret || (ch.into && d.seatVars.get(ch.into) !== 'public')).map((ch) => ch.id));
    expect([...secretChoices].sort()).toEqual(['feel', 'pick', 'stash']);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }).chain((players) =>
          fc.tuple(fc.constant(players), fc.integer({ min: 0, max: players - 1 }), fc.integer()),
        ),
        ([players, me, seed]) => {
          // where each position of the shuffled deck goes (flow.yaml): 3 each, 2 face up, 1 each, 1 each, the rest stays
          const owner = (pos: number): number | 'market' | 'deck' => {
            const P = players;
            if (pos < 3 * P) return pos % P;
            if (pos < 3 * P + 2) return 'market';
            if (pos < 4 * P + 2) return pos - 3 * P - 2;
            if (pos < 5 * P + 2) return pos - 4 * P - 2;
            return 'deck';
          };
          const compared = coupledRun(
            engine,
            {
              players,
              me,
              hiddenPositions: (zone, n) => {
                expect(zone).toBe('deck');
                return Array.from({ length: n }, (_, i) => i).filter((i) => owner(i) !== me && owner(i) !== 'market');
              },
              // other seats hold other cards in world B, so all their secret answers differ freely
              cowards: new Set(Array.from({ length: players }, (_, i) => i).filter((i) => i !== me)),
              secretChoices,
            },
            seed,
          );
          // every decision of the game was compared: 2 rounds × (pick + bid: 2P answers, then stash + feel: 2P)
          expect(compared).toBe(2 * 4 * players);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("Cash'n Guns (powers + undercover): unseen bills, undrawn powers, others' roles and cowards' bullets never show", () => {
    const engine = loadGame(cashDir);
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 6 }).chain((players) =>
          fc.tuple(
            fc.constant(players),
            fc.integer({ min: 0, max: players - 1 }),
            fc.array(fc.boolean(), { minLength: players, maxLength: players }),
            fc.integer({ min: 1, max: 7 }),
            fc.integer(),
          ),
        ),
        ([players, me, cowardFlags, horizon, seed]) => {
          const cowards = new Set(cowardFlags.flatMap((f, i) => (f && i !== me ? [i] : [])));
          const compared = coupledRun(
            engine,
            {
              players,
              options: CNG_OPTIONS,
              me,
              hiddenPositions: (zone, n) => {
                const all = Array.from({ length: n }, (_, i) => i);
                if (zone === 'billDeck') return all.filter((i) => i >= 5 * horizon); // 5 bills turned up per round
                if (zone === 'powerDeck') return all.filter((i) => i >= players); // one dealt face up to each seat
                if (zone === 'roleDeck') return all.filter((i) => i !== me); // one dealt to each seat, secretly
                throw new Error(`unexpected shuffle of ${zone}`);
              },
              cowards,
              // a coward's bullet is never turned up: it leaves every round, discarding it unseen
              secretChoices: new Set(['bullet', 'bullet-cunning']),
              forced: (choice, seat) => {
                if (choice === 'leave' && cowards.has(seat)) return 'leave';
                if (choice === 'phone') return 'pass'; // a report would (rightly) show that the cop exists
                return undefined;
              },
              stop: (v) => (v.vars['round'] as number) > horizon,
            },
            seed,
          );
          expect(compared).toBeGreaterThan(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('the seed and the RNG state stay inside the engine', () => {
  it('two states differing only in their RNG state give identical views', () => {
    const engine = loadGame(HH);
    fc.assert(
      fc.property(bigSeed, fc.integer({ min: 0, max: 30 }), (seed, steps) => {
        const rng = testRng(seed);
        const s = engine.create({ players: 3, seed });
        for (let i = 0; i < steps && randomStep(engine, s, rng); i++);
        const t = JSON.parse(JSON.stringify(s)) as unknown;
        internal(t).rng = internal(t).rng.map((x) => (x ^ 0x2545f491) | 0);
        for (let me = 0; me < 3; me++) expect(engine.view(t, me)).toEqual(engine.view(s, me));
      }),
      { numRuns: 20 },
    );
  });
});

describe('after the end everything is revealed', () => {
  for (const [name, dir, players, options] of [
    ['hidden-hands', HH, 3, {}],
    ['open-auction', OA, 4, {}],
    ["Cash'n Guns (powers + undercover)", cashDir, 5, CNG_OPTIONS],
  ] as const) {
    it(`${name}: every zone, var and log entry is shown to every seat`, () => {
      const engine = loadGame(dir);
      const d = declsOf(dir);
      const rng = testRng(99);
      const s = engine.create({ players, seed: 424_242_424, options });
      while (randomStep(engine, s, rng));
      expect(engine.result(s)).not.toBeNull();
      for (let me = 0; me < players; me++) {
        const v = checkView(engine, d, s, me);
        // concretely: no card is null anywhere, hidden and owner vars have their values
        for (const cards of Object.values(v.zones)) expect(cards.every((c) => c !== null)).toBe(true);
        for (const sv of v.seats) for (const cards of Object.values(sv.zones)) expect(cards.every((c) => c !== null)).toBe(true);
        expect(v.log).toEqual(engine.log(s));
      }
      if (dir === HH) {
        const v = engine.view(s, 0);
        expect(v.vars['pot']).toBeGreaterThan(0);
        expect(v.seats[1]!.vars['tally']).toBeGreaterThan(0);
        expect(v.seats[1]!.zones['stash']!.length).toBe(2);
        expect(typeof v.seats[2]!.vars['mood']).toBe('string');
      }
    });
  }
});
