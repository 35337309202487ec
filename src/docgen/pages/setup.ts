/** Setup: the rules run once before play, in order. */
import type { PageCtx } from '../context.ts';
import { page, pageTitle, ui } from './frame.ts';
import { sectionOf } from './sections.ts';

export function setupPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  return page(lang, pageTitle(game.name[lang], ui('setup', lang), lang), sectionOf(ctx, 'setup', 'setup', 'Setup'));
}
