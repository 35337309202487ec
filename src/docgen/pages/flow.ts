/** Flow of play: the diagram generated from the flow, then every flow rule, procedure and trigger. */
import type { PageCtx } from '../context.ts';
import { flowDiagram } from '../mermaid.ts';
import { page, pageTitle, section, ui } from './frame.ts';
import { sectionOf } from './sections.ts';

export function flowPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  return page(lang, pageTitle(game.name[lang], ui('flow', lang), lang), [
    section(ui('diagram', lang), 'Diagram'),
    '```mermaid\n' + flowDiagram(game.spec, ctx.templates) + '\n```',
    ...sectionOf(ctx, 'flow', 'flowRules', 'Flow'),
    ...sectionOf(ctx, 'procedures', 'procedures', 'Procedures'),
    ...sectionOf(ctx, 'triggers', 'triggers', 'Triggers'),
  ]);
}
