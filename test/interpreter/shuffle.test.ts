/**
 * The machine's shuffle (`shuffleInPlace`) makes the draws of the Fisher–Yates it replaced —
 * drawMany over the bounds n, n−1, …, 2, position i swapped with i + draw — so every game
 * shuffles its cards as before: the same order of cards and the same RNG state after.
 */
import { describe, expect, it } from 'vitest';
import { drawMany, seedRng, shuffleInPlace } from '../../src/interpreter/rng.ts';

function throughDrawMany(holder: { rng: number[] }, cards: number[]): void {
  const bounds = cards.map((_, i) => cards.length - i).slice(0, -1);
  drawMany(holder, bounds).forEach((d, i) => {
    const x = cards[i]!;
    cards[i] = cards[i + d]!;
    cards[i + d] = x;
  });
}

describe('shuffleInPlace', () => {
  it('draws as drawMany over n, n−1, …, 2 does, for zones of 0 to 60 cards', () => {
    for (let seed = 0; seed < 40; seed++) {
      for (const n of [0, 1, 2, 3, 7, 16, 33, 60]) {
        const a = { rng: seedRng(seed) };
        const b = { rng: seedRng(seed) };
        const x = Array.from({ length: n }, (_, i) => i * 3);
        const y = x.slice();
        shuffleInPlace(a, x);
        throughDrawMany(b, y);
        expect({ seed, n, cards: x, rng: a.rng }).toEqual({ seed, n, cards: y, rng: b.rng });
      }
    }
  });

  it('moves the cards (a seed that leaves 33 cards in order would be a broken shuffle)', () => {
    const cards = Array.from({ length: 33 }, (_, i) => i);
    shuffleInPlace({ rng: seedRng(1) }, cards);
    expect(cards).not.toEqual(Array.from({ length: 33 }, (_, i) => i));
    expect(cards.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: 33 }, (_, i) => i));
  });
});
