/** End and scoring: the end rules, the score, and the result rules that pick the winners. */
import type { PageCtx } from '../context.ts';
import { OUTCOME_ANCHOR } from '../model.ts';
import { ruleBlock } from '../rule-block.ts';
import { page, pageTitle, ui } from './frame.ts';
import { sectionOf } from './sections.ts';

export function scoringPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const outcome = game.byAnchor.get(OUTCOME_ANCHOR);
  return page(lang, pageTitle(game.name[lang], ui('scoring', lang), lang), [
    ...sectionOf(ctx, 'ends', 'ends', 'Ends'),
    outcome && ruleBlock(ctx, outcome, 2),
    ...sectionOf(ctx, 'outcome.results', 'results', 'Results'),
  ]);
}
