/**
 * A seat's options in words, never by an id: a seat by name ("You", "Seat 2"), a place by its name
 * (its own, or words made from what it is: declarations.ts), anything else as the engine labels it
 * for that seat (a card it cannot see is "a card you cannot see", a front hides what is behind).
 */
import type { Action, Engine } from '../interpreter/api.ts';
import type { Declarations } from './declarations.ts';
import { Namer } from './narrate.ts';
import type { Lang } from './words.ts';

export function optionLabels<S>(engine: Engine<S>, state: S, seat: number, legal: readonly Action[], decl: Declarations | undefined, lang: Lang): string[] {
  const names = new Namer(lang, seat, decl);
  return legal.map((a) => {
    const type = engine.answerType(a.choice);
    const v = a.value;
    if (typeof v === 'number' && type === 'seat') return names.seat(v);
    if (typeof v === 'number' && type !== undefined && type !== 'card') {
      const place = decl?.spaces.get(type)?.names[v];
      if (place) return place[lang];
    }
    return engine.describe(a, lang, state, seat);
  });
}
