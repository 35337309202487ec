/**
 * What a scenario says the next shuffle of a zone puts on top (`given: {shuffles: …}`): after the
 * shuffle has drawn as usual (the same draws, so the rest of the game's chance is unchanged), cards
 * of the given kinds are swapped up to the top, in order. Each holds for one shuffle of its zone.
 */
import type { Program, Tables, ZoneHandle } from './program.ts';
import type { State } from './state.ts';
import { EngineError } from './vm.ts';

export interface StackedShuffle {
  zone: ZoneHandle;
  /** kind indices, top first */
  kinds: number[];
  /** the zone's name as the scenario wrote it, for messages */
  name: string;
}

const same = (a: ZoneHandle, b: ZoneHandle): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** remember (or replace) what the next shuffle of `zone` puts on top */
export function stackNextShuffle(s: State, entry: StackedShuffle): void {
  s.stacked = [...(s.stacked ?? []).filter((x) => !same(x.zone, entry.zone)), entry];
}

/** after `zone` (the cards of handle `h`) was shuffled: put the kinds given for it on top */
export function applyStacked(p: Program, s: State, t: Tables, h: ZoneHandle, zone: number[]): void {
  const at = s.stacked!.findIndex((x) => same(x.zone, h));
  if (at < 0) return;
  const { kinds, name } = s.stacked![at]!;
  s.stacked = s.stacked!.filter((_, i) => i !== at);
  if (s.stacked.length === 0) delete s.stacked;
  kinds.forEach((kind, i) => {
    let j = i;
    while (j < zone.length && t.kindOf[zone[j]!] !== kind) j++;
    if (j >= zone.length) {
      const want = kinds.filter((k) => k === kind).length;
      const held = zone.filter((card) => t.kindOf[card] === kind).length;
      throw new EngineError(`the shuffle of '${name}' was to put ${want} card${want === 1 ? '' : 's'} of kind '${p.cards[kind]!.id}' on top (given: shuffles), but the zone holds ${held}`);
    }
    const x = zone[i]!;
    zone[i] = zone[j]!;
    zone[j] = x;
  });
}
