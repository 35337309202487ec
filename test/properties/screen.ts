/**
 * The terminal screen a seat is shown, through one small adapter: src/cli/render.ts is being
 * rewritten, so the tests reach its render-from-view function only here. If it is renamed or its
 * parameters change, this is the one place to follow it.
 */
import type { SeatView } from '../../src/interpreter/api.ts';
import * as render from '../../src/cli/render.ts';

type RenderFromView = (view: SeatView, lang: 'en' | 'zh', logFrom: number) => string;

const exported = render as unknown as Record<string, unknown>;
const renderFromView = (exported['renderView'] ??
  Object.entries(exported).find(([name, f]) => typeof f === 'function' && /^render/i.test(name))?.[1]) as RenderFromView | undefined;
if (typeof renderFromView !== 'function') throw new Error('src/cli/render.ts exports no render function of a view: update test/properties/screen.ts');

/** the text of the screen `view.seat` sees, with the log entries from `logFrom` on as new */
export function screenText(view: SeatView, lang: 'en' | 'zh', logFrom: number): string {
  return renderFromView!(view, lang, logFrom);
}
