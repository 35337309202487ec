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
  const empty: SplitResult = { groups: Array.from({ length: Math.max(k, 0) }, () => []), share: 0 };
  if (k <= 0 || values.length < k) return empty; // every share needs at least one note
  if (k === 1) return { groups: [values.map((_, i) => i)], share: values.reduce((a, b) => a + b, 0) };
  // Largest first: the search fails fast and the groups come out in a stable, readable order.
  const order = values.map((_, i) => i).sort((a, b) => values[b]! - values[a]! || a - b);
  const total = values.reduce((a, b) => a + b, 0);
  for (const target of candidateShares(values, Math.floor(total / k))) {
    const groups = pack(order, values, k, target);
    if (groups) return { groups, share: target };
  }
  return empty;
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
  while (b) [a, b] = [b, a % b];
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

function pack(order: number[], values: readonly number[], k: number, target: number): number[][] | null {
  const groups: number[][] = Array.from({ length: k }, () => []);
  const fill = new Array<number>(k).fill(0);
  const used = new Array<boolean>(values.length).fill(false);
  // Fill group g to exactly target, then the next; items tried largest first.
  const go = (g: number, from: number): boolean => {
    if (g === k) return true;
    if (fill[g] === target) return go(g + 1, 0);
    let lastTried = -1;
    for (let p = from; p < order.length; p++) {
      const i = order[p]!;
      const v = values[i]!;
      if (used[i] || fill[g]! + v > target || v === lastTried) continue;
      lastTried = v; // equal values are interchangeable: try one of them per position
      used[i] = true;
      fill[g]! += v;
      groups[g]!.push(i);
      if (go(g, p + 1)) return true;
      groups[g]!.pop();
      fill[g]! -= v;
      used[i] = false;
    }
    return false;
  };
  return go(0, 0) ? groups : null;
}
