import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intern, internAll } from '../../src/intern.ts';

// intern() trades a string for V8's internalized copy (one object per text, so `===` between two
// is a pointer comparison): it must give back the same text for every string, the ones an
// object key treats specially included.
describe('intern', () => {
  it('gives back the same text for any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => intern(s) === s), { numRuns: 2000 });
  });

  it('keeps the strings an object key treats specially', () => {
    for (const s of ['', '__proto__', 'constructor', 'toString', '0', '1', '-0', '01', '1.5', '4294967295', '4294967294', 'NaN', '\ud800', '家 house']) {
      expect(intern(s)).toBe(s);
    }
  });

  it('interns the short strings of a spec in place and keeps its shape', () => {
    const long = 'x'.repeat(65);
    const spec = { game: { id: 'g', values: ['a', 'b', { deep: ['c'] }], text: { en: long, zh: '中文' } }, n: 3, flag: true, none: null };
    const copy = structuredClone(spec);
    const out = internAll(spec);
    expect(out).toBe(spec);
    expect(out).toEqual(copy);
  });
});
