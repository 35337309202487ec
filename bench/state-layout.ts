/**
 * `npm run bench:layout`: whether the state's layout leaves anything for typed arrays to gain
 * (issue 12's build item 2 asked for vars and zones "at numeric offsets in typed arrays").
 *
 *  1. What V8 makes of a running game's state: every game under rules/ is played to its
 *     150th decision by random seats, then each array of the state (game vars, seat vars, zones,
 *     the locals) is asked for its elements kind and each object whether it keeps fast
 *     properties (V8's own answer, through --allow-natives-syntax). Vars and zones are already
 *     at numeric offsets (declaration indices, compiled once): what typed arrays would change is
 *     how the elements are stored.
 *  2. The reads and writes generated code makes (a seat var summed over the seats, one seat var
 *     written), over the state's representation (JS arrays of small integers among strings and
 *     booleans, as the games keep them), a Float64Array and an Int32Array, interleaved over
 *     --rounds rounds: median and spread of each against the JS arrays.
 *
 *   npm run bench:layout -- [--rounds 7]
 *
 * Needs --allow-natives-syntax (the npm script passes it). The natives are called through
 * functions this file makes from its own fixed strings: `%` is no token tsx's parser takes.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { positiveFlag, usageExit } from './args.ts';
import { compileGameDir, gameDirsFor } from '../src/games.ts';

const at = process.argv.indexOf('--rounds');
const rounds = at < 0 ? 7 : Math.round(positiveFlag('bench:layout', '--rounds', process.argv[at + 1]));

const natives = ['HasSmiElements', 'HasDoubleElements', 'HasObjectElements', 'HasDictionaryElements', 'HasHoleyElements', 'HasFastProperties'] as const;
type Native = (typeof natives)[number];
let N: Record<Native, (x: unknown) => boolean>;
try {
  N = Object.fromEntries(natives.map((n) => [n, new Function('x', `return %${n}(x)`) as (x: unknown) => boolean])) as typeof N;
} catch {
  usageExit('bench:layout', 'run with node --allow-natives-syntax (npm run bench:layout does)');
}

/** an array's elements kind, as V8 names it */
function kind(a: unknown[]): string {
  if (N.HasDictionaryElements(a)) return 'DICTIONARY';
  const holey = N.HasHoleyElements(a) ? 'HOLEY_' : 'PACKED_';
  if (N.HasSmiElements(a)) return `${holey}SMI`;
  if (N.HasDoubleElements(a)) return `${holey}DOUBLE`;
  return `${holey}ELEMENTS`;
}

console.log('1. the elements kinds of a running game\'s state (after 150 random decisions)\n');
for (const dir of gameDirsFor(fileURLToPath(new URL('../rules', import.meta.url)))) {
  const engine = compileGameDir(dir).engine;
  if (!engine?.autoplay) continue;
  const players = engine.maxPlayers;
  const state = engine.create({ players, seed: 5, log: false }) as unknown as {
    g: unknown[];
    z: unknown[][];
    locals: unknown[];
    seats: { v: unknown[]; z: unknown[][] }[];
  };
  let x = 1;
  const pick = (n: number): number => ((x = (x * 1103515245 + 12345) % 2147483648), x % n);
  engine.autoplay(state as never, Array.from({ length: players }, () => pick), 150);
  const counts = new Map<string, number>();
  const note = (what: string, a: unknown[]): void => void counts.set(`${what} ${kind(a)}`, (counts.get(`${what} ${kind(a)}`) ?? 0) + 1);
  note('game vars', state.g);
  note('locals', state.locals);
  state.z.forEach((z) => note('zones', z));
  for (const s of state.seats) {
    note('seat vars', s.v);
    s.z.forEach((z) => note('zones', z));
  }
  const slow = [state, ...state.seats].filter((o) => !N.HasFastProperties(o)).length;
  console.log(`  ${basename(dir)} (${players} players): ${[...counts].map(([k, n]) => `${k} ×${n}`).join(', ')}; objects without fast properties: ${slow}`);
}

// the reads and writes of generated code, made anew per layout so each has its own inline caches
const SEATS = 6;
const N_ITER = 5e6;
const body = `let acc = 0;
for (let k = 0; k < n; k++) {
  const seats = s.seats;
  let t = 0;
  for (let i = 0; i < seats.length; i++) t = t + seats[i].v[2];
  const w = seats[k % ${SEATS}].v;
  w[12] = w[12] + 1;
  acc = acc + t;
}
return acc;`;
const values = [2, 0, 47, 'bullet-clic', 1, 'stay', true, 0, 0, false, 'keep', false, 5, 'pass'];
const numbers = values.map((v) => (typeof v === 'number' ? v : 0));
const layouts: Record<string, () => unknown[] | Float64Array | Int32Array> = {
  'JS array (as now)': () => values.slice(),
  Float64Array: () => Float64Array.from(numbers),
  Int32Array: () => Int32Array.from(numbers),
};
const runs = Object.entries(layouts).map(([name, make]) => ({
  name,
  state: { seats: Array.from({ length: SEATS }, () => ({ v: make(), out: false })) },
  run: new Function('s', 'n', body) as (s: unknown, n: number) => number,
  ms: [] as number[],
}));
for (let r = 0; r < rounds + 1; r++) {
  for (const x of runs) {
    const t = performance.now();
    x.run(x.state, N_ITER);
    if (r > 0) x.ms.push(performance.now() - t); // round 0 warms up
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`\n2. generated code's reads and writes of seat vars, ${N_ITER.toLocaleString('en')} rounds of ${SEATS} reads and a write, ${rounds} interleaved runs\n`);
const base = runs[0]!;
for (const x of runs) {
  const ratios = x.ms.map((m, i) => base.ms[i]! / m);
  console.log(`  ${x.name.padEnd(18)} ${median(x.ms).toFixed(0).padStart(5)} ms   speed against the JS arrays ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
}
