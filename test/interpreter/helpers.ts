/**
 * Shared helpers for the interpreter promise tests: loading games, reading the full truth of a
 * state (through the tools API), driving random games, and realising chosen shuffles with
 * external chance.
 */
import { fileURLToPath } from 'node:url';
import type { Action, EngineTools, Json, Pending } from '../../src/interpreter/api.ts';
import type { State } from '../../src/interpreter/state.ts';
import { compileGameDir } from '../../src/games.ts';
import { loadSpecFolder } from '../../src/loader/load-folder.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RULES_DIR = fileURLToPath(new URL('../../rules/', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../fixtures/interpreter/', import.meta.url));

export type Engine = EngineTools<unknown>;

const engines = new Map<string, Engine>();

/** compile a game folder once per test file; fails loudly with the diagnostics */
export function loadGame(dir: string): Engine {
  const cached = engines.get(dir);
  if (cached) return cached;
  const { engine, diagnostics } = compileGameDir(dir);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!engine || errors.length > 0) {
    throw new Error(`${dir} does not compile:\n${errors.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`).join('\n')}`);
  }
  engines.set(dir, engine);
  return engine;
}

export const cashDir = `${RULES_DIR}cash-n-guns`;
export const fixtureDir = (name: string): string => `${FIXTURES}${name}`;

/** the internal state shape (tests may look inside; agents may not) */
export const internal = (s: unknown): State => s as State;

// ---------------------------------------------------------------------------------------------
// Declarations, read from the spec itself (not from the interpreter), so the tests do not trust
// the code they check.

export type Vis = 'public' | 'owner' | 'hidden';

export interface ChoiceDecl {
  id: string;
  into?: string;
  as?: string;
  secret: boolean;
}

export interface Decls {
  gameZones: Map<string, Vis>;
  seatZones: Map<string, Vis>;
  vars: Map<string, Vis>;
  seatVars: Map<string, Vis>;
  choices: Map<string, ChoiceDecl>;
}

const declsCache = new Map<string, Decls>();

export function declsOf(dir: string): Decls {
  const cached = declsCache.get(dir);
  if (cached) return cached;
  const { spec } = loadSpecFolder(dir);
  if (!spec) throw new Error(`${dir}: spec does not load`);
  const s = spec.spec as unknown as Record<string, unknown>;
  const list = (k: string) => (Array.isArray(s[k]) ? (s[k] as Record<string, unknown>[]) : []);
  const vis = (n: Record<string, unknown>): Vis => (n['visibility'] as Vis | undefined) ?? 'public';
  const d: Decls = { gameZones: new Map(), seatZones: new Map(), vars: new Map(), seatVars: new Map(), choices: new Map() };
  for (const z of list('zones')) (z['per'] === 'seat' ? d.seatZones : d.gameZones).set(String(z['id']), vis(z));
  for (const v of list('vars')) d.vars.set(String(v['id']), vis(v));
  for (const v of list('seatVars')) d.seatVars.set(String(v['id']), vis(v));
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (typeof o['choose'] === 'string' && 'options' in o) {
      d.choices.set(o['choose'], {
        id: o['choose'],
        ...(typeof o['into'] === 'string' ? { into: o['into'] } : {}),
        ...(typeof o['as'] === 'string' ? { as: o['as'] } : {}),
        secret: o['secret'] === true,
      });
    }
    Object.values(o).forEach(walk);
  };
  walk(s);
  declsCache.set(dir, d);
  return d;
}

// ---------------------------------------------------------------------------------------------
// The full truth of a state, through the tools API (evaluate sees everything).

export interface Truth {
  gameZones: Record<string, number[]>;
  gameZoneKinds: Record<string, string[]>;
  /** zone -> seat -> cards */
  seatZones: Record<string, number[][]>;
  seatZoneKinds: Record<string, string[][]>;
  vars: Record<string, Json>;
  /** var -> seat -> value */
  seatVars: Record<string, Json[]>;
}

export function truthOf(engine: Engine, d: Decls, s: unknown): Truth {
  const t: Truth = { gameZones: {}, gameZoneKinds: {}, seatZones: {}, seatZoneKinds: {}, vars: {}, seatVars: {} };
  for (const z of d.gameZones.keys()) {
    t.gameZones[z] = engine.evaluate(s, z) as number[];
    t.gameZoneKinds[z] = engine.evaluate(s, `map(${z}, c => kindOf(c))`) as string[];
  }
  for (const z of d.seatZones.keys()) {
    t.seatZones[z] = engine.evaluate(s, `map(seats, p => p.${z})`) as number[][];
    t.seatZoneKinds[z] = engine.evaluate(s, `map(seats, p => map(p.${z}, c => kindOf(c)))`) as string[][];
  }
  for (const v of d.vars.keys()) t.vars[v] = engine.evaluate(s, v);
  for (const v of d.seatVars.keys()) t.seatVars[v] = engine.evaluate(s, `map(seats, p => p.${v})`) as Json[];
  return t;
}

// ---------------------------------------------------------------------------------------------
// Randomness for the tests themselves (independent of the game's RNG).

/** mulberry32: a tiny seeded PRNG for choosing test actions */
export function testRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pickOne = <T>(rng: () => number, xs: readonly T[]): T => {
  if (xs.length === 0) throw new Error('pickOne of an empty list');
  return xs[Math.floor(rng() * xs.length)]!;
};

export function shuffled<T>(rng: () => number, xs: readonly T[]): T[] {
  const a = xs.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** One decision of a random game: the first waiting seat answers at random. Returns what was done. */
export function randomStep(engine: Engine, s: unknown, rng: () => number): { seat: number; action: Action } | null {
  const p = engine.pending(s);
  if (p === null) return null;
  if (p.kind === 'chance') throw new Error('randomStep: external chance is pending');
  const seat = p.waitingFor[0]!;
  const action = pickOne(rng, engine.legalActions(s, seat));
  engine.applyInPlace(s, seat, action);
  return { seat, action };
}

/** the zone named by the latest shuffle log entry (the shuffle a pending chance belongs to) */
export function shufflingZone(engine: Engine, s: unknown): { zone: string; seat?: number } {
  const log = engine.log(s);
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.event === 'shuffle') return { zone: String(e.data['zone']), ...(typeof e.data['seat'] === 'number' ? { seat: e.data['seat'] } : {}) };
  }
  throw new Error('no shuffle in the log');
}

/**
 * Answer every pending external chance draw so that each shuffled zone ends in the order
 * `target(zone, initialOrder)` says (a permutation of initialOrder). Works for game zones.
 * Returns the new state and the draws made.
 */
export function realiseShuffles(
  engine: Engine,
  s: unknown,
  target: (zone: string, initial: number[]) => number[],
  seen: { zone: string; initial: number[]; target: number[]; outcomes: number[] }[] = [],
): unknown {
  let cur = s;
  let p: Pending | null = engine.pending(cur);
  let goal: number[] | undefined;
  while (p !== null && p.kind === 'chance') {
    const { zone } = shufflingZone(engine, cur);
    const now = engine.evaluate(cur, zone) as number[];
    const i = now.length - p.outcomes;
    if (i === 0) {
      goal = target(zone, now.slice());
      if (goal.length !== now.length || [...goal].sort((a, b) => a - b).join() !== [...now].sort((a, b) => a - b).join())
        throw new Error(`target for ${zone} is not a permutation of its cards`);
      seen.push({ zone, initial: now.slice(), target: goal.slice(), outcomes: [] });
    }
    seen[seen.length - 1]!.outcomes.push(p.outcomes);
    const j = now.indexOf(goal![i]!);
    if (j < i) throw new Error('realiseShuffles: lost track of the shuffle');
    cur = engine.applyChance(cur, j - i);
    p = engine.pending(cur);
  }
  return cur;
}

/** JSON of a value with object keys sorted (for order-insensitive comparisons) */
export function stable(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );
}

export { firstDifference } from '../first-difference.ts';
