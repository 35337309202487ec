/**
 * Equal split of indivisible valued items (banknotes that cannot be changed): the largest total T
 * such that `k` disjoint groups each worth exactly T can be formed. Exact search; the inputs are
 * small (a table of bills), so backtracking is cheap.
 */
export interface SplitResult {
  /** per receiver, indices into the input values */
  groups: number[][];
  share: number;
}

export function equalSplit(values: readonly number[], k: number): SplitResult {
  if (k <= 0 || values.length < k) return noSplit(k); // every share needs at least one note
  if (k === 1) return { groups: [values.map((_, i) => i)], share: values.reduce((a, b) => a + b, 0) };
  // Largest first: the search fails fast and the groups come out in a stable, readable order.
  const order = largestFirst(values);
  const total = values.reduce((a, b) => a + b, 0);
  // one search state for every candidate share: a failed search leaves it empty again
  const search: Search = {
    order,
    values,
    k,
    target: 0,
    groups: emptyGroups(k),
    fill: new Array<number>(k).fill(0),
    used: new Array<boolean>(values.length).fill(false),
  };
  for (const target of candidateShares(values, Math.floor(total / k))) {
    search.target = target;
    if (pack(search, 0, 0)) return { groups: search.groups, share: target };
  }
  return noSplit(k);
}

function noSplit(k: number): SplitResult {
  return { groups: emptyGroups(k), share: 0 };
}

function emptyGroups(k: number): number[][] {
  const groups: number[][] = [];
  for (let i = 0; i < k; i++) groups.push([]);
  return groups;
}

/** indices by value, largest first, ties by index: a total order, so this insertion sort (fast on
 *  a table's few notes) gives what any sort would */
function largestFirst(values: readonly number[]): number[] {
  const order = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let j = i;
    // shift the smaller ones up by hand: splice would return an empty array per note
    for (; j > 0 && values[order[j - 1]!]! < v; j--) order[j] = order[j - 1]!;
    order[j] = i;
  }
  return order;
}

/**
 * Every subset sum ≤ max, descending (a share must be a subset sum). Values are scaled down by
 * their greatest common divisor so a small byte array can hold the reachable sums.
 */
function candidateShares(values: readonly number[], max: number): number[] {
  if (!values.every((v) => Number.isInteger(v) && v > 0)) return candidateSharesSlow(values, max);
  const g = values.reduce(gcd);
  const top = Math.floor(max / g);
  if (top > 1_000_000) return candidateSharesSlow(values, max);
  const reach = new Uint8Array(top + 1);
  reach[0] = 1;
  for (const v of values) {
    const u = v / g;
    for (let s = top - u; s >= 0; s--) if (reach[s]) reach[s + u] = 1;
  }
  const out: number[] = [];
  for (let s = top; s > 0; s--) if (reach[s]) out.push(s * g);
  return out;
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

/** groups 0..k-1 being filled to exactly `target`, with the notes used so far */
interface Search {
  order: number[];
  values: readonly number[];
  k: number;
  target: number;
  groups: number[][];
  fill: number[];
  used: boolean[];
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
    if (used[i] || fill[g]! + v > target || v === lastTried) continue;
    lastTried = v; // equal values are interchangeable: try one of them per position
    used[i] = true;
    fill[g]! += v;
    group.push(i);
    if (pack(st, g, p + 1)) return true;
    group.pop();
    fill[g]! -= v;
    used[i] = false;
  }
  return false;
}
