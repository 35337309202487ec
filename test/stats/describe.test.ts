import { describe as group, expect, it } from 'vitest';
import { describe, roundTo, wilson } from '../../src/stats/describe.ts';

group('wilson', () => {
  // reference values: Wilson (1927) score interval, z = 1.96 (as in R's prop.test(correct = FALSE))
  it('gives the published interval for 50 of 100', () => {
    const { lo, hi } = wilson(50, 100);
    expect(roundTo(lo, 4)).toBe(0.4038);
    expect(roundTo(hi, 4)).toBe(0.5962);
  });
  it('stays inside [0, 1] and is not empty at 0 and n', () => {
    const none = wilson(0, 10);
    expect(none.lo).toBe(0);
    expect(roundTo(none.hi, 4)).toBe(0.2775);
    const all = wilson(10, 10);
    expect(roundTo(all.lo, 4)).toBe(0.7225);
    expect(all.hi).toBe(1);
  });
  it('narrows as the number of games grows', () => {
    const small = wilson(25, 100);
    const large = wilson(250, 1000);
    expect(large.hi - large.lo).toBeLessThan(small.hi - small.lo);
    expect(large.lo).toBeLessThan(0.25);
    expect(large.hi).toBeGreaterThan(0.25);
  });
  it('says nothing is known without games', () => {
    expect(wilson(0, 0)).toEqual({ lo: 0, hi: 1 });
  });
});

group('describe', () => {
  it('gives mean, sample sd and quartiles', () => {
    const d = describe([4, 1, 3, 2]);
    expect(d).toMatchObject({ n: 4, mean: 2.5, min: 1, q1: 1.5, median: 2.5, q3: 3.5, max: 4 });
    expect(roundTo(d.sd, 5)).toBe(1.29099);
  });
  it('has no spread for one value and zeros for none', () => {
    expect(describe([7])).toMatchObject({ n: 1, mean: 7, sd: 0, median: 7 });
    expect(describe([])).toMatchObject({ n: 0, mean: 0, sd: 0 });
  });
});
