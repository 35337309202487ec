/** Seeded chance, kept in the state as pure-rand's xoroshiro128plus state (plain numbers). */
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export function seedRng(seed: number): number[] {
  return [...xoroshiro128plus(seed).getState()];
}

/**
 * Fisher–Yates as a sequence of draws: position i takes one of the n−i cards left (the draws of
 * drawMany(holder, [n, n−1, …, 2]), without their lists); updates `state.rng`.
 */
export function shuffleInPlace(holder: { rng: number[] }, cards: number[]): void {
  const gen = xoroshiro128plusFromState(holder.rng);
  const n = cards.length;
  for (let i = 0; i < n - 1; i++) {
    const j = i + uniformInt(gen, 0, n - i - 1);
    const x = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = x;
  }
  holder.rng = [...gen.getState()];
}

/** Draw `count` uniform integers in [0, bound_i) in one go; updates `state.rng`. */
export function drawMany(holder: { rng: number[] }, bounds: readonly number[]): number[] {
  const gen = xoroshiro128plusFromState(holder.rng);
  const out = bounds.map((b) => uniformInt(gen, 0, b - 1));
  holder.rng = [...gen.getState()];
  return out;
}
