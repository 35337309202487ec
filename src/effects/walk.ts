/**
 * The one walker over effects: every effect of a list, then (unless the visitor says no) the
 * effects of the lists it holds, as its kind declares them (registry.ts). Passes that look for
 * something in effect lists (nested rules, choices, calls, drawn steps) all walk with it.
 */
import type { Effect } from '../loader/types.generated.ts';
import type { Block } from './kind.ts';
import { blocksOf, effectKeyOf } from './registry.ts';
import type { EffectKey } from './kind.ts';

export interface WalkStep {
  /** the effect's key; undefined for a map that is not an effect (the schema reports it) */
  key: EffectKey | undefined;
  /** the block it lies in (undefined at the top of the walked list) */
  block: Block | undefined;
  depth: number;
}

/**
 * Visit every effect in `effects` and below. `visit` returns false to skip what an effect holds;
 * `into` says which blocks to enter (default: all, nested rules included).
 */
export function walkEffects(
  effects: readonly unknown[] | undefined,
  visit: (e: Effect, step: WalkStep) => boolean | void,
  into: (b: Block) => boolean = () => true,
  block?: Block,
  depth = 0,
): void {
  for (const e of effects ?? []) {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) continue;
    const eff = e as Effect;
    const key = effectKeyOf(eff);
    if (visit(eff, { key, block, depth }) === false) continue;
    for (const b of blocksOf(eff)) if (into(b)) walkEffects(b.effects, visit, into, b, depth + 1);
  }
}

/** does any effect in the list (or below) satisfy `pred`? */
export function someEffect(effects: readonly unknown[] | undefined, pred: (e: Effect, key: EffectKey | undefined) => boolean, into?: (b: Block) => boolean): boolean {
  let found = false;
  walkEffects(effects, (e, s) => {
    if (found) return false;
    if (pred(e, s.key)) found = true;
    return !found;
  }, into);
  return found;
}
