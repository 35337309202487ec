import { describe, expect, it } from 'vitest';
import { describe as describeValue, keyLabel, typeWords, valueAt } from '../../src/loader/schema-messages.ts';

describe('schema messages', () => {
  it('names the value at a pointer, list items by their list, with per-schema item names', () => {
    expect(keyLabel('')).toBe('the file');
    expect(keyLabel('/flow/when')).toBe("'when'");
    expect(keyLabel('/a~1b')).toBe("'a/b'");
    expect(keyLabel('/3')).toBe('item 4');
    expect(keyLabel('/rules/0/do/2')).toBe("item 3 of 'do'");
    const steps = (parent: string, index: string) => (parent === 'do' ? `step ${Number(index) + 1}` : undefined);
    expect(keyLabel('/do/2', steps)).toBe('step 3');
    expect(keyLabel('/seats/2', steps)).toBe("item 3 of 'seats'");
  });

  it('says types and values in words', () => {
    expect(typeWords('string')).toBe('text');
    expect(typeWords('string,number,boolean')).toBe('text, a number or true/false');
    expect(typeWords('boolean')).toBe('true or false');
    expect(describeValue(undefined)).toBe('nothing');
    expect(describeValue([1])).toBe('a list');
    expect(describeValue('x'.repeat(31))).toBe(`the text "${'x'.repeat(30)}…"`);
    expect(describeValue(3)).toBe('the number 3');
  });

  it('finds the value at a JSON pointer', () => {
    expect(valueAt({ a: [{ 'b/c': 1 }] }, '/a/0/b~1c')).toBe(1);
    expect(valueAt({ a: 1 }, '/a/b')).toBeUndefined();
  });
});
