/**
 * The statistics a simulation report shows: a 95 % interval for a rate (Wilson score interval)
 * and the spread of a sample (mean, standard deviation, quartiles). Quantiles and deviations come
 * from simple-statistics; only the Wilson interval, a closed formula, is written here.
 */
import { mean, quantileSorted, sampleStandardDeviation } from 'simple-statistics';

/** z for a two-sided 95 % interval */
export const Z95 = 1.959963984540054;

export interface Interval {
  lo: number;
  hi: number;
}

/**
 * Wilson score interval for `k` successes in `n` trials. Unlike the normal approximation it stays
 * inside [0, 1] and is not empty at k = 0 or k = n, which is common for rare seats or small runs.
 */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n <= 0) return { lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // at k = 0 (k = n) the bound is exactly 0 (1); say so instead of a rounding error's 1e-17
  return { lo: k === 0 ? 0 : Math.max(0, centre - half), hi: k === n ? 1 : Math.min(1, centre + half) };
}

export interface Spread {
  n: number;
  mean: number;
  /** sample standard deviation (n - 1); 0 for fewer than two values */
  sd: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/** mean, sd and quartiles of a sample (all 0 for an empty one) */
export function describe(values: readonly number[]): Spread {
  const n = values.length;
  if (n === 0) return { n: 0, mean: 0, sd: 0, min: 0, q1: 0, median: 0, q3: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n,
    mean: mean(sorted),
    sd: n > 1 ? sampleStandardDeviation(sorted) : 0,
    min: sorted[0]!,
    q1: quantileSorted(sorted, 0.25),
    median: quantileSorted(sorted, 0.5),
    q3: quantileSorted(sorted, 0.75),
    max: sorted[n - 1]!,
  };
}

/** x rounded to `digits` significant decimals, for reports (not for further arithmetic) */
export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
