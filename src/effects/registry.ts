/**
 * Every effect kind, one module each. Adding an effect kind is a new module here plus its
 * branch in schema/spec.schema.json (`$defs/<Kind>Effect`, listed in `Effect.oneOf`);
 * test/effects/registry.test.ts checks that both exist and that each kind has all its parts.
 */
import type { Effect } from '../loader/types.generated.ts';
import type { Block, EffectKey, EffectKind, EffectMap } from './kind.ts';
import add from './add.ts';
import call from './call.ts';
import choose from './choose.ts';
import deal from './deal.ts';
import eliminate from './eliminate.ts';
import emit from './emit.ts';
import endGame from './end-game.ts';
import forEach from './for-each.ts';
import ifKind from './if.ts';
import letKind from './let.ts';
import log from './log.ts';
import move from './move.ts';
import peek from './peek.ts';
import repeat from './repeat.ts';
import resolve from './resolve.ts';
import reveal from './reveal.ts';
import rule from './rule.ts';
import set from './set.ts';
import shuffle from './shuffle.ts';
import split from './split.ts';
import whileKind from './while.ts';

type Registry = { readonly [K in EffectKey]: EffectKind<K> };

/** the kinds by effect key, in the order the reference documents them */
export const EFFECTS: Registry = {
  set, add, let: letKind, if: ifKind, forEach, repeat, while: whileKind, move, shuffle, deal, choose, call, emit,
  eliminate, split, endGame, log, rule, reveal, peek, resolve,
};

export const EFFECT_KEYS: readonly EffectKey[] = Object.keys(EFFECTS) as EffectKey[];

/** the key that makes a map an effect (the first effect key it holds), or undefined */
export function effectKeyOf(e: object): EffectKey | undefined {
  return EFFECT_KEYS.find((k) => Object.hasOwn(e, k));
}

/** the kind of an effect, typed for it */
export function kindOf<K extends EffectKey>(key: K): EffectKind<K> {
  return EFFECTS[key] as EffectKind<K>;
}

/** the effect lists an effect holds (none for a map that is no known effect) */
export function blocksOf(e: Effect): Block[] {
  const key = effectKeyOf(e);
  return key ? (kindOf(key).blocks as (x: EffectMap[EffectKey]) => Block[])(e as EffectMap[EffectKey]) : [];
}
