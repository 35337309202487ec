/**
 * The difference a change makes, measured on the same seeds: setting B's figure minus setting A's,
 * game by game, with a 95 % interval for the mean difference. Pairing the games (the same seed,
 * the same agents' seeds) removes what the two runs share — the deal, the dice — from the spread,
 * so a small change shows with fewer games than two independent runs would need.
 *
 * The interval is the t interval of the mean of the paired differences (Student's t with n − 1
 * degrees of freedom), for a rate (a 0/1 figure per game) as for a score.
 */
import { mean, sampleStandardDeviation } from 'simple-statistics';
import type { Interval } from './describe.ts';

export interface PairedDifference {
  n: number;
  /** mean of A's figure, of B's, and of B − A */
  a: number;
  b: number;
  diff: number;
  /** 95 % interval of diff */
  interval: Interval;
}

/** two-sided 95 % quantiles of Student's t by degrees of freedom (1…30), then the normal's */
const T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/** the two-sided 95 % quantile of Student's t with `df` degrees of freedom (past 30: interpolated toward 1.96 by 1/df) */
export function t95(df: number): number {
  if (df < 1) return Infinity;
  if (df <= 30) return T95[df - 1]!;
  // t(df) ≈ z + (t(30) − z)·30/df: within 0.002 of the table's values at 40, 60 and 120
  return 1.959964 + (2.042 - 1.959964) * (30 / df);
}

/** B − A, pair by pair (`a[i]` and `b[i]` from the same seed) */
export function pairedDifference(a: readonly number[], b: readonly number[]): PairedDifference {
  if (a.length !== b.length) throw new Error(`paired figures need as many games on each side (${a.length} and ${b.length})`);
  const n = a.length;
  if (n === 0) return { n, a: 0, b: 0, diff: 0, interval: { lo: -Infinity, hi: Infinity } };
  const d = a.map((x, i) => b[i]! - x);
  const diff = mean(d);
  const half = n > 1 ? (t95(n - 1) * sampleStandardDeviation(d)) / Math.sqrt(n) : Infinity;
  return { n, a: mean(a as number[]), b: mean(b as number[]), diff, interval: { lo: diff - half, hi: diff + half } };
}
