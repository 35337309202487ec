/** A page section: a heading, then every rule of one spec section (nested rules after their parent). */
import type { PageCtx } from '../context.ts';
import type { WordKey } from '../i18n.ts';
import { ruleBlock } from '../rule-block.ts';
import { section, ui } from './frame.ts';

export function sectionOf(ctx: PageCtx, specSection: string, title: WordKey, anchor: string): string[] {
  const nodes = ctx.game.nodes.filter((n) => n.section === specSection);
  if (nodes.length === 0) return [];
  return [section(ui(title, ctx.lang), anchor), ...nodes.map((n) => ruleBlock(ctx, n, 3 + n.depth))];
}
