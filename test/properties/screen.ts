/**
 * What a seat is shown, through one small adapter: the presentation model (src/present/screen.ts)
 * with and without the game's declarations, and the terminal's text of it (src/cli/render.ts). If
 * these are renamed or their parameters change, this is the one place to follow them.
 */
import type { Action, Engine, SeatView } from '../../src/interpreter/api.ts';
import { renderScreen, renderView } from '../../src/cli/render.ts';
import { declarations, type Declarations } from '../../src/present/declarations.ts';
import { optionLabels } from '../../src/present/options.ts';
import { seatScreen } from '../../src/present/screen.ts';
import type { Spec } from '../../src/loader/types.generated.ts';
import type { Json } from '../../src/interpreter/api.ts';

/** the text of the screen `view.seat` sees without the game's declarations (ids as they are) */
export function screenText(view: SeatView, lang: 'en' | 'zh', logFrom: number): string {
  return renderView(view, lang, logFrom);
}

/** the game's public declarations under these options */
export function declarationsOf(spec: Record<string, unknown>, options: Record<string, Json>, engine: Engine<unknown>): Declarations {
  return declarations(spec as unknown as Spec, options, (c) => engine.answerType(c));
}

/**
 * The seat's screen as the page and the terminal get it: the model (as JSON) and its terminal text,
 * with the seat's options worded as it is shown them.
 */
export function seatScreenOf(engine: Engine<unknown>, state: unknown, view: SeatView, decl: Declarations, lang: 'en' | 'zh', logFrom: number, legal: Action[]): { model: string; text: string } {
  const screen = seatScreen({ view, decl, lang, since: logFrom, options: optionLabels(engine, state, view.seat, legal, decl, lang) });
  return { model: JSON.stringify(screen), text: renderScreen(screen, { width: 100 }).text };
}
