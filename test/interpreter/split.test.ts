/**
 * `equalSplit` (src/interpreter/split.ts; docs/dsl-reference.md, split): the largest total T such
 * that `k` disjoint groups each worth exactly T can be formed from indivisible values; the rest
 * stays. Unit examples, then properties checked against an independent brute force.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalSplit, type SplitResult } from '../../src/interpreter/split.ts';

const sumOf = (values: readonly number[], idx: number[]) => idx.reduce((a, i) => a + values[i]!, 0);

/** the groups are well formed: k of them, disjoint, valid indices, each worth `share` */
function expectValid(values: readonly number[], k: number, r: SplitResult): void {
  expect(r.groups.length).toBe(Math.max(k, 0));
  const used = new Set<number>();
  for (const g of r.groups) {
    for (const i of g) {
      expect(Number.isInteger(i) && i >= 0 && i < values.length, `index ${i} is in range`).toBe(true);
      expect(used.has(i), `index ${i} is given once`).toBe(false);
      used.add(i);
    }
    expect(sumOf(values, g)).toBe(r.share);
  }
  if (r.share === 0) for (const g of r.groups) expect(g).toEqual([]);
}

/**
 * Independent brute force: the largest T > 0 for which k disjoint subsets each summing to T
 * exist (0 if none). Subsets as bit masks; groups are picked in increasing order of mask so each
 * set of groups is tried once.
 */
function bruteShare(values: readonly number[], k: number): number {
  const n = values.length;
  if (k <= 0 || n === 0) return 0;
  const sums = new Array<number>(1 << n).fill(0);
  for (let m = 1; m < 1 << n; m++) {
    const low = Math.clz32(1) - Math.clz32(m & -m); // index of the lowest set bit
    sums[m] = sums[m & (m - 1)]! + values[low]!;
  }
  const feasible = (t: number): boolean => {
    const masks: number[] = [];
    for (let m = 1; m < 1 << n; m++) if (sums[m] === t) masks.push(m);
    const go = (used: number, need: number, from: number): boolean => {
      if (need === 0) return true;
      for (let i = from; i < masks.length; i++) if ((masks[i]! & used) === 0 && go(used | masks[i]!, need - 1, i + 1)) return true;
      return false;
    };
    return go(0, k, 0);
  };
  const candidates = [...new Set(sums.slice(1))].filter((t) => t > 0).sort((a, b) => b - a);
  for (const t of candidates) if (feasible(t)) return t;
  return 0;
}

describe('equalSplit: examples', () => {
  const bills = [5000, 5000, 10000, 10000, 20000];

  it('5k, 5k, 10k, 10k, 20k among 2 → 25k each, nothing left', () => {
    const r = equalSplit(bills, 2);
    expectValid(bills, 2, r);
    expect(r.share).toBe(25000);
    expect(r.groups.flat().sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('the same among 3 → 10k each, 20k left', () => {
    const r = equalSplit(bills, 3);
    expectValid(bills, 3, r);
    expect(r.share).toBe(10000);
    const left = [0, 1, 2, 3, 4].filter((i) => !r.groups.flat().includes(i));
    expect(left.map((i) => bills[i])).toEqual([20000]);
  });

  it('among 1 → everything to the one seat', () => {
    const r = equalSplit(bills, 1);
    expect(r.share).toBe(50000);
    expect(r.groups.length).toBe(1);
    expect(r.groups[0]!.slice().sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('among 0 → nobody gets anything, all stays', () => {
    expect(equalSplit(bills, 0)).toEqual({ groups: [], share: 0 });
  });

  it('no values → empty groups, share 0', () => {
    expect(equalSplit([], 3)).toEqual({ groups: [[], [], []], share: 0 });
    expect(equalSplit([], 1)).toEqual({ groups: [[]], share: 0 });
  });

  it('more seats than can be served → share 0, all stays', () => {
    expect(equalSplit([20000], 2)).toEqual({ groups: [[], []], share: 0 });
    expect(equalSplit([5000, 10000], 2)).toEqual({ groups: [[], []], share: 0 });
    expect(equalSplit([5000, 5000], 3)).toEqual({ groups: [[], [], []], share: 0 });
  });

  it('a share needs exact groups, not just a large enough total', () => {
    // total 60k among 3 would be 20k each, but 20k, 20k, 10k, 10k → (20k)(20k)(10k+10k)
    const v = [20000, 20000, 10000, 10000];
    const r = equalSplit(v, 3);
    expectValid(v, 3, r);
    expect(r.share).toBe(20000);
    // 20k, 20k, 20k among 2: 30k is not possible, 20k each and 20k stays
    const w = [20000, 20000, 20000];
    expect(equalSplit(w, 2).share).toBe(20000);
    // 10k, 10k, 10k, 5k among 2: 15k would need 10k+5k twice; 10k each, 10k + 5k stay
    const x = [10000, 10000, 10000, 5000];
    const rx = equalSplit(x, 2);
    expectValid(x, 2, rx);
    expect(rx.share).toBe(10000);
  });

  it('of several divisions with the same share, the first found with the cards ordered largest first', () => {
    // 20k, 20k, 10k, 10k, 10k, 10k among 3: 20k each, either (20k)(20k)(10k+10k) or (20k)(10k+10k)(10k+10k);
    // largest first gives the two 20k notes away and leaves two 10k notes (docs/dsl-reference.md, split)
    const v = [10000, 20000, 10000, 10000, 20000, 10000];
    const r = equalSplit(v, 3);
    expectValid(v, 3, r);
    expect(r.share).toBe(20000);
    expect(r.groups.map((g) => g.map((i) => v[i]))).toEqual([[20000], [20000], [10000, 10000]]);
    const left = v.map((_, i) => i).filter((i) => !r.groups.flat().includes(i));
    expect(left.map((i) => v[i])).toEqual([10000, 10000]);
  });

  it('does not change its input', () => {
    const v = Object.freeze([5000, 20000, 10000, 5000]);
    expect(() => equalSplit(v, 2)).not.toThrow();
    expect(v).toEqual([5000, 20000, 10000, 5000]);
  });
});

describe('equalSplit: properties', () => {
  const bill = fc.constantFrom(5000, 10000, 20000);
  const small = fc.integer({ min: 1, max: 30 });

  for (const [name, value] of [
    ['banknotes', bill],
    ['any small positive values', small],
  ] as const) {
    it(`${name}: groups are disjoint, each worth the share, and no larger share exists (brute force)`, () => {
      fc.assert(
        fc.property(fc.array(value, { maxLength: 8 }), fc.integer({ min: 0, max: 4 }), (values, k) => {
          const r = equalSplit(values, k);
          expectValid(values, k, r);
          expect(r.share).toBe(bruteShare(values, k));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('bigger tables (up to 14 banknotes, up to 6 seats): well formed and bounded by the total', () => {
    fc.assert(
      fc.property(fc.array(bill, { maxLength: 14 }), fc.integer({ min: 1, max: 6 }), (values, k) => {
        const r = equalSplit(values, k);
        expectValid(values, k, r);
        // the total given away never exceeds the table, and the share is at most total / k
        expect(r.share * k).toBeLessThanOrEqual(values.reduce((a, b) => a + b, 0));
        // all equal values: the share is floor(n / k) notes
        if (values.every((v) => v === values[0]) && values.length > 0) expect(r.share).toBe(Math.floor(values.length / k) * values[0]!);
      }),
      { numRuns: 200 },
    );
  });

  it('one seat always takes the whole table', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 12 }), (values) => {
        const r = equalSplit(values, 1);
        expect(r.share).toBe(values.reduce((a, b) => a + b, 0));
        expect(r.groups[0]!.slice().sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
      }),
      { numRuns: 100 },
    );
  });

  it('the result does not depend on the order of the values (same share)', () => {
    fc.assert(
      fc.property(fc.array(small, { maxLength: 8 }), fc.integer({ min: 1, max: 4 }), fc.integer(), (values, k, seed) => {
        const perm = values.map((v, i) => ({ v, r: Math.sin(seed + i) })).sort((a, b) => a.r - b.r).map((x) => x.v);
        expect(equalSplit(perm, k).share).toBe(equalSplit(values, k).share);
      }),
      { numRuns: 100 },
    );
  });
});
