import { describe, expect, it } from 'vitest';
import type { Engine, Json } from '../../src/interpreter/api.ts';
import { optionCombos } from '../../src/interpreter/smoke.ts';

/** an engine that only declares options: optionCombos reads nothing else */
const withOptions = (options: Engine['options']): Engine => ({ options }) as unknown as Engine;
const bools = (n: number): Engine['options'] => Array.from({ length: n }, (_, i) => ({ id: `o${i}`, type: 'bool' as const, default: false }));

describe('the option settings of the random validation games', () => {
  it('plays the full product when it is no larger than the covering set', () => {
    expect(optionCombos(withOptions(bools(2)))).toHaveLength(4);
    expect(optionCombos(withOptions([]))).toEqual([{}]);
  });

  it('covers every pair of values of every two options with far fewer settings than the product', () => {
    const opts: Engine['options'] = [...bools(9), { id: 'edition', type: 'string', default: 'a', values: ['a', 'b', 'c'] }];
    const combos = optionCombos(withOptions(opts));
    expect(combos.length).toBe(1 + 9 + 2 + 36 + 9 * 2); // defaults, singles, pairs
    expect(combos.length).toBeLessThan(2 ** 9 * 3);
    const values = (o: (typeof opts)[number]): Json[] => (o.type === 'bool' ? [false, true] : o.values!);
    for (const a of opts)
      for (const b of opts)
        if (a.id < b.id)
          for (const va of values(a)) for (const vb of values(b)) expect(combos.some((c) => c[a.id] === va && c[b.id] === vb), `${a.id}=${String(va)} with ${b.id}=${String(vb)}`).toBe(true);
    // every setting names every option, with one of its values
    for (const c of combos) for (const o of opts) expect(values(o)).toContain(c[o.id]);
  });
});
