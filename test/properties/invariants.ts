/**
 * What must hold at every step of every game, whatever the spec (shared by the property tests and
 * `npm run fuzz`). Bounds are derived from the declarations, not written per game:
 *
 *  - cards: every card id made for this game lies in exactly one zone, once (nothing lost, nothing
 *    copied);
 *  - vars: every value has its declared type — numbers are finite (never NaN or ±Infinity), seats
 *    are 0..players-1, cards are ids of this game, places are items of their set, lists hold such
 *    values, keyed vars one per item; null only where nothing is chosen yet (seat, card, place);
 *  - counts: the schema declares no bounds, so they are read from how the spec writes a var. A
 *    number var that is ≥ 0 when play starts and that the spec only ever adds non-negative
 *    literals to or sets to non-negative literals (wounds, reports, rounds) never goes below 0.
 *    A var written from computed amounts (money paid, a net gain, a −1 "no limit yet") may rightly
 *    go negative, so it is only checked to be finite; `npm run fuzz` prints the range each number
 *    var took, for a reader to judge;
 *  - the end: a result rule picked as the rules say (the first whose `when` holds), its winners as
 *    its expression or ranking gives them (read from the spec and evaluated here), the scores
 *    those of `outcome.score`, the end one of the declared ends, within the decision budget.
 *
 * Written for speed (the fuzz calls it at every decision of 10^5 games): plain loops, no expect.
 */
import type { EngineTools, GameResult, Json } from '../../src/interpreter/api.ts';
import type { Program, VarDecl } from '../../src/interpreter/program.ts';
import type { State } from '../../src/interpreter/state.ts';

export class Violation extends Error {}

const fail = (msg: string): never => {
  throw new Violation(msg);
};

/** the type check of one declared var's value: what is wrong with it, or null (no allocation when right) */
function valueChecker(p: Program, d: VarDecl): (v: Json, players: number, cards: number) => string | null {
  const base = d.type.replace(/\[\]$/, '');
  const list = d.type.endsWith('[]') || ['seats', 'cards', 'numbers', 'strings'].includes(d.type);
  const of: Record<string, string> = { seats: 'seat', cards: 'card', numbers: 'number', strings: 'string' };
  const kind = list ? (of[d.type] ?? base) : d.type;
  const set = p.spaces.findIndex((sp) => sp.id === base);
  const places = set >= 0 ? p.spaces[set]!.items.length : 0;
  const item = (x: Json, players: number, cards: number): string | null => {
    switch (kind) {
      case 'number':
        return typeof x === 'number' && Number.isFinite(x) ? null : `${String(x)}, not a finite number`;
      case 'bool':
        return typeof x === 'boolean' ? null : `${JSON.stringify(x)}, not a bool`;
      case 'string':
        return typeof x === 'string' ? null : `${JSON.stringify(x)}, not a string`;
      case 'seat':
        return x === null || (Number.isInteger(x) && (x as number) >= 0 && (x as number) < players) ? null : `${JSON.stringify(x)}, not a seat of ${players}`;
      case 'card':
        return x === null || (Number.isInteger(x) && (x as number) >= 0 && (x as number) < cards) ? null : `${JSON.stringify(x)}, not one of the ${cards} cards`;
      default:
        if (set < 0) return `of unknown type ${d.type}`;
        return x === null || (Number.isInteger(x) && (x as number) >= 0 && (x as number) < places) ? null : `${JSON.stringify(x)}, not a place of ${base}`;
    }
  };
  const one = (v: Json, players: number, cards: number): string | null => {
    if (!list) return item(v, players, cards);
    if (!Array.isArray(v)) return `${JSON.stringify(v)}, not a list`;
    for (let i = 0; i < v.length; i++) {
      const bad = item(v[i]!, players, cards);
      if (bad !== null) return bad;
    }
    return null;
  };
  if (d.by === undefined) return one;
  const items = p.spaces[d.by]!.items.length;
  return (v, players, cards) => {
    if (!Array.isArray(v) || v.length !== items) return `${JSON.stringify(v)}, not one value per item of ${p.spaces[d.by!]!.id}`;
    for (let i = 0; i < v.length; i++) {
      const bad = one(v[i]!, players, cards);
      if (bad !== null) return bad;
    }
    return null;
  };
}

const whereIs = (seat: number, slot: number): string => (seat < 0 ? `game zone slot ${slot}` : `seat ${seat}'s zone slot ${slot}`);

/** does a var's value (a number, keyed, a list) hold a number below 0? */
function hasNegative(v: Json): boolean {
  if (typeof v === 'number') return v < 0;
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) if (hasNegative(v[i]!)) return true;
  return false;
}

/**
 * Names of the vars the spec writes other than by non-negative literals (`add: x, value: 1`,
 * `set: s.x, to: 0` keep x a count; `value: -1`, `to: count(s.loot)` do not). A target is named by
 * its last member (`s.cubes[c]` writes `cubes`), so a local of the same name counts too.
 */
export function signedVars(spec: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const nonNegativeLiteral = (v: unknown) => (typeof v === 'number' && v >= 0) || (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v));
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    for (const [key, valueKey] of [['add', 'value'], ['set', 'to']] as const) {
      const target = o[key];
      if (typeof target !== 'string') continue;
      const name = target.replace(/\[.*$/, '').split('.').pop()!.trim();
      if (!nonNegativeLiteral(o[valueKey])) out.add(name);
    }
    Object.values(o).forEach(walk);
  };
  walk(spec);
  return out;
}

/** numbers of a var's value (keyed or list), for the sign check */
function numbersIn(v: Json, out: number[]): number[] {
  if (typeof v === 'number') out.push(v);
  else if (Array.isArray(v)) for (const x of v) numbersIn(x, out);
  return out;
}

export interface GameChecker {
  /** every step (after create and after each decision) */
  step(s: State): void;
  /** once the game is over, with the number of decisions it took */
  end(s: State, steps: number): void;
}

export interface CheckerDeps {
  program: Program;
  engine: EngineTools<unknown>;
  /** the loaded spec, for the outcome rules */
  spec: Record<string, unknown>;
  /** the decision budget a game must end within */
  maxSteps: number;
}

/** A checker for one game: call `begin` with each new game's first state. */
export function makeChecker(deps: CheckerDeps): { begin(s: State): GameChecker } {
  const p = deps.program;
  const globalChecks = p.vars.map((d) => valueChecker(p, d));
  const seatChecks = p.seatVars.map((d) => valueChecker(p, d));
  const numberish = (d: VarDecl) => d.type === 'number' || d.type === 'numbers';
  const signed = signedVars(deps.spec);
  let stamp = new Uint32Array(0);
  let gen = 0;
  return {
    begin(first: State): GameChecker {
      const cards = first.kinds.length;
      if (stamp.length < cards) stamp = new Uint32Array(cards);
      // which number vars are counts: ≥ 0 when play starts, and only raised by literals
      const countG = p.vars.map((d, i) => numberish(d) && !signed.has(d.id) && !hasNegative(first.g[i]!));
      const countS = first.seats.map((st) => p.seatVars.map((d, i) => numberish(d) && !signed.has(d.id) && !hasNegative(st.v[i]!)));
      return {
        step(s: State): void {
          // cards: each id once
          if (++gen === 0xffffffff) {
            stamp.fill(0);
            gen = 1;
          }
          let seen = 0;
          // (loops written out: this runs at every decision of 10^5 games)
          for (let seat = -1; seat < s.seats.length; seat++) {
            const zs = seat < 0 ? s.z : s.seats[seat]!.z;
            for (let slot = 0; slot < zs.length; slot++) {
              const zone = zs[slot]!;
              for (let i = 0; i < zone.length; i++) {
                const c = zone[i]!;
                if (!(c >= 0 && c < cards && Number.isInteger(c))) fail(`${whereIs(seat, slot)} holds ${c}, not a card id (0..${cards - 1})`);
                if (stamp[c] === gen) fail(`card ${c} lies twice (again in ${whereIs(seat, slot)})`);
                stamp[c] = gen;
              }
              seen += zone.length;
            }
          }
          if (seen !== cards) fail(`${cards - seen} of the ${cards} cards lie in no zone`);
          // vars: declared types; counts not negative
          for (let i = 0; i < p.vars.length; i++) {
            const v = s.g[i]!;
            const bad = globalChecks[i]!(v, s.players, cards);
            if (bad !== null) fail(`var ${p.vars[i]!.id} is ${bad}`);
            if (countG[i] && hasNegative(v)) fail(`var ${p.vars[i]!.id}, a count, went below 0 (${JSON.stringify(v)})`);
          }
          for (let seat = 0; seat < s.seats.length; seat++) {
            const st = s.seats[seat]!;
            for (let i = 0; i < p.seatVars.length; i++) {
              const v = st.v[i]!;
              const bad = seatChecks[i]!(v, s.players, cards);
              if (bad !== null) fail(`seat ${seat}'s ${p.seatVars[i]!.id} is ${bad}`);
              if (countS[seat]![i] && hasNegative(v)) fail(`seat ${seat}'s ${p.seatVars[i]!.id}, a count, went below 0 (${JSON.stringify(v)})`);
            }
          }
        },
        end(s: State, steps: number): void {
          if (steps > deps.maxSteps) fail(`the game took ${steps} decisions, more than the budget of ${deps.maxSteps}`);
          const r = s.result;
          if (r === null) return fail('nothing is pending but the game has no result');
          checkResult(deps, s, r);
        },
      };
    },
  };
}

type Node = Record<string, unknown>;
const list = (n: unknown, key: string): Node[] => (n && typeof n === 'object' && Array.isArray((n as Node)[key]) ? ((n as Node)[key] as Node[]) : []);

/** the result as the spec's outcome gives it, evaluated here from the spec's own text */
function checkResult(deps: CheckerDeps, s: State, r: GameResult): void {
  const { engine, spec } = deps;
  const ev = (src: string): Json => engine.evaluate(s, src);
  const outcome = spec['outcome'] as Node;
  const players = s.players;
  const expected = outcome['score'] !== undefined ? (ev(`map(seats, x => score(x))`) as number[]) : new Array<number>(players).fill(0);
  if (JSON.stringify(r.scores) !== JSON.stringify(expected)) fail(`scores ${JSON.stringify(r.scores)}, but outcome.score gives ${JSON.stringify(expected)}`);
  const ends = list(spec, 'ends').map((e) => String(e['id']));
  if (!ends.includes(r.end)) fail(`the game ended by '${r.end}', not one of the declared ends (${ends.join(', ')})`);
  const rule = list(outcome, 'results').find((x) => x['when'] === undefined || ev(String(x['when'])) === true);
  if (!rule) return fail(`no result rule holds at the end, but the game says '${r.result}'`);
  if (r.result !== rule['id']) fail(`result '${r.result}', but the first result rule that holds is '${String(rule['id'])}'`);
  const w = rule['winners'];
  let winners: number[];
  if (typeof w === 'string') winners = ev(w) as number[];
  else {
    // a ranking: the seats of `among` best on the keys in order (lexicographically); ties share
    const among = ev(String((w as Node)['among'])) as number[];
    const keys = list(w, 'by').map((k) => ({ values: ev(`map(${String((w as Node)['among'])}, ${String(k['key'])})`) as number[], desc: k['order'] !== 'asc' }));
    const cmp = (i: number, j: number) => {
      for (const k of keys) if (k.values[i] !== k.values[j]) return (k.desc ? -1 : 1) * (k.values[i]! - k.values[j]!);
      return 0;
    };
    const order = among.map((_, i) => i).sort(cmp);
    winners = order.length === 0 ? [] : order.filter((i) => cmp(i, order[0]!) === 0).map((i) => among[i]!);
  }
  winners = winners.slice().sort((a, b) => a - b);
  if (JSON.stringify(r.winners) !== JSON.stringify(winners)) fail(`winners ${JSON.stringify(r.winners)}, but result rule '${String(rule['id'])}' gives ${JSON.stringify(winners)}`);
  for (const x of r.winners) if (!(Number.isInteger(x) && x >= 0 && x < players)) fail(`winner ${x} is not a seat`);
  const out = s.seats.flatMap((st, i) => (st.out ? [i] : []));
  if (JSON.stringify(r.out) !== JSON.stringify(out)) fail(`result.out ${JSON.stringify(r.out)}, but the eliminated seats are ${JSON.stringify(out)}`);
}

/**
 * One random game on the fast path (nextSeat, pickAction, applyInPlace; log off unless asked),
 * checked at every decision. Returns the number of decisions; throws a Violation naming the step.
 */
export function playChecked(
  deps: CheckerDeps,
  checker: { begin(s: State): GameChecker },
  config: { players: number; options: Record<string, Json>; seed: number; log?: boolean },
  pick: (n: number) => number,
): number {
  const { engine } = deps;
  const s = engine.create({ players: config.players, options: config.options, seed: config.seed, log: config.log ?? false }) as State;
  const c = checker.begin(s);
  let steps = 0;
  try {
    c.step(s);
    for (;;) {
      const seat = engine.nextSeat!(s);
      if (seat === null) break;
      if (steps >= deps.maxSteps) fail(`no end within the budget of ${deps.maxSteps} decisions`);
      const action = engine.pickAction!(s, seat, pick);
      if (action === null) fail(`seat ${seat} is waited for but has no legal action`);
      engine.applyInPlace(s, seat, action!);
      steps++;
      c.step(s);
    }
    c.end(s, steps);
  } catch (err) {
    const msg = `${engine.id}, ${config.players} players, options ${JSON.stringify(config.options)}, seed ${config.seed}, after ${steps} decisions: ${(err as Error).message}`;
    throw err instanceof Violation ? new Violation(msg) : new Error(msg, { cause: err });
  }
  return steps;
}
