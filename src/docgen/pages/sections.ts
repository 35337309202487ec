/** A page section: a heading, then every rule of one spec section (nested rules after their parent). */
import type { PageCtx } from '../context.ts';
import type { WordKey } from '../i18n.ts';
import type { DocNode } from '../model.ts';
import { ruleBlock } from '../rule-block.ts';
import { section, ui } from './frame.ts';

/**
 * `figure`, when given, may add a block to a rule (the flow page's chart of the rule): it goes
 * right under the rule's heading, so a link to the rule lands on it.
 */
export function sectionOf(ctx: PageCtx, specSection: string, title: WordKey, anchor: string, figure?: (n: DocNode) => string | undefined): string[] {
  const nodes = ctx.game.nodes.filter((n) => n.section === specSection);
  if (nodes.length === 0) return [];
  return [section(ui(title, ctx.lang), anchor), ...nodes.map((n) => withFigure(ruleBlock(ctx, n, 3 + n.depth), figure?.(n)))];
}

// a rule block starts with its heading line, then a blank line
function withFigure(block: string, figure: string | undefined): string {
  if (figure === undefined) return block;
  const cut = block.indexOf('\n\n');
  return cut < 0 ? `${block}\n\n${figure}` : `${block.slice(0, cut)}\n\n${figure}${block.slice(cut)}`;
}
