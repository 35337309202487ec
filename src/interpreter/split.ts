/**
 * Equal split of indivisible valued items (banknotes that cannot be changed): the largest total T
 * such that `k` disjoint groups each worth exactly T can be formed. Exact search; the inputs are
 * small (a table of bills), so backtracking is cheap.
 */
import { resize } from './resize.ts';

export interface SplitResult {
  /** per receiver, indices into the input values */
  groups: number[][];
  share: number;
}

export function equalSplit(values: readonly number[], k: number): SplitResult {
  const share = splitShares(values, k);
  return { groups: found.groups.slice(0, Math.max(k, 0)).map((g) => g.slice()), share };
}

/**
 * The search state every split shares (the split effect runs every round of a playout, and an
 * expression cannot split: nothing runs one split inside another). After `splitShares`, groups
 * 0..k-1 hold the receivers' indices, in the order they were packed.
 */
interface Search {
  order: number[];
  values: readonly number[];
  k: number;
  target: number;
  groups: number[][];
  /** per group, the value packed so far; per value, whether a group has it (typed, grown as
   *  needed, cleared by hand: a split is a fraction of a microsecond, and Array.fill is a call) */
  fill: Float64Array;
  used: Uint8Array;
}
const found: Search = { order: [], values: [], k: 0, target: 0, groups: [], fill: new Float64Array(8), used: new Uint8Array(32) };
/** reachable subset sums (scaled down by the values' gcd), grown as needed and cleared per split */
let reach = new Uint8Array(64);

/**
 * equalSplit without a new list: the share, with the groups left in `found.groups` (0..k-1; read
 * them before the next split). The same search, so the same groups, as equalSplit gives.
 */
export function splitShares(values: readonly number[], k: number): number {
  const st = found;
  st.values = values;
  st.k = k;
  for (let g = st.groups.length; g < k; g++) st.groups.push([]);
  for (let g = 0; g < k; g++) resize(st.groups[g]!, 0, 0);
  if (k <= 0 || values.length < k) return 0; // every share needs at least one note
  if (k === 1) {
    let total = 0;
    for (let i = 0; i < values.length; i++) {
      st.groups[0]!.push(i);
      total += values[i]!;
    }
    return total;
  }
  // Largest first: the search fails fast and the groups come out in a stable, readable order.
  largestFirst(values, st.order);
  if (st.fill.length < k) st.fill = new Float64Array(2 * k);
  for (let g = 0; g < k; g++) st.fill[g] = 0;
  if (st.used.length < values.length) st.used = new Uint8Array(2 * values.length);
  for (let i = 0; i < values.length; i++) st.used[i] = 0;
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  const max = Math.floor(total / k);
  for (let i = 0; i < values.length; i++) if (!(Number.isInteger(values[i]) && values[i]! > 0)) return bySlowCandidates(st, max);
  // a share must be a subset sum: the reachable sums ≤ max, tried largest first (values scaled
  // down by their greatest common divisor so a small byte array holds them)
  let g = 0;
  for (let i = 0; i < values.length; i++) g = gcd(g, values[i]!);
  const top = Math.floor(max / g);
  if (top > 1_000_000) return bySlowCandidates(st, max);
  if (reach.length < top + 1) reach = new Uint8Array(Math.max(top + 1, 2 * reach.length));
  reach.fill(0, 0, top + 1);
  reach[0] = 1;
  for (let i = 0; i < values.length; i++) {
    const u = values[i]! / g;
    for (let s = top - u; s >= 0; s--) if (reach[s]) reach[s + u] = 1;
  }
  for (let s = top; s > 0; s--) {
    if (!reach[s]) continue;
    st.target = s * g;
    if (pack(st, 0, 0)) return st.target; // a failed search leaves the state empty again
  }
  return 0;
}

function bySlowCandidates(st: Search, max: number): number {
  for (const target of candidateSharesSlow(st.values, max)) {
    st.target = target;
    if (pack(st, 0, 0)) return target;
  }
  return 0;
}

/** indices by value, largest first, ties by index, into `order`: a total order, so this insertion
 *  sort (fast on a table's few notes) gives what any sort would */
function largestFirst(values: readonly number[], order: number[]): void {
  resize(order, values.length, 0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let j = i;
    // shift the smaller ones up by hand: splice would return an empty array per note
    for (; j > 0 && values[order[j - 1]!]! < v; j--) order[j] = order[j - 1]!;
    order[j] = i;
  }
}

function gcd(a: number, b: number): number {
  while (b) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/** general fallback for fractional or non-positive values */
function candidateSharesSlow(values: readonly number[], max: number): number[] {
  let sums = new Set<number>([0]);
  for (const v of values) {
    const next = new Set(sums);
    for (const s of sums) if (s + v <= max) next.add(s + v);
    sums = next;
  }
  sums.delete(0);
  return [...sums].sort((a, b) => b - a);
}

/**
 * Fill group g to exactly target, then the next; items tried largest first (from position
 * `from` of order). Undoes its own steps when it fails. A plain function over one search state,
 * not a closure per call: playouts split the table every round.
 */
function pack(st: Search, g: number, from: number): boolean {
  if (g === st.k) return true;
  const { order, values, fill, used, target } = st;
  if (fill[g] === target) return pack(st, g + 1, 0);
  const group = st.groups[g]!;
  let lastTried = -1;
  for (let p = from; p < order.length; p++) {
    const i = order[p]!;
    const v = values[i]!;
    if (used[i] === 1 || fill[g]! + v > target || v === lastTried) continue;
    lastTried = v; // equal values are interchangeable: try one of them per position
    used[i] = 1;
    fill[g]! += v;
    group.push(i);
    if (pack(st, g, p + 1)) return true;
    group.pop();
    fill[g]! -= v;
    used[i] = 0;
  }
  return false;
}

/** the groups the last splitShares left: 0..k-1, each the receiver's indices in packing order (read before the next split) */
export function splitGroups(): readonly (readonly number[])[] {
  return found.groups;
}
