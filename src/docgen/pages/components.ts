/** Components: card kinds with counts, places, zones, and what the game keeps track of. */
import { nodeHref, type PageCtx } from '../context.ts';
import { esc } from '../escape.ts';
import { cardCounts, nodeTitle } from '../rule-block.ts';
import { page, pageTitle, ui } from './frame.ts';
import { sectionOf } from './sections.ts';

export function componentsPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const cards = game.nodes.filter((n) => n.section === 'cards' && !n.parent);
  const rows = cards.map((n) => {
    const card = game.spec.cards!.find((c) => c.id === n.id)!;
    const props = Object.entries(card.props ?? {})
      .map(([k, v]) => `<code>${esc(`${k} = ${String(v)}`)}</code>`)
      .join(', ');
    const href = nodeHref(ctx, n.anchor)!;
    return `<tr><td><a href="${esc(href)}">${esc(nodeTitle(n, lang))}</a></td><td>${cardCounts(ctx, card).join('; ') || '0'}</td><td>${props}</td></tr>`;
  });
  const table =
    rows.length > 0
      ? `<table class="component-table" v-pre><thead><tr><th>${esc(ui('cards', lang))}</th><th>${esc(ui('count', lang))}</th><th>${esc(
          ui('props', lang),
        )}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : undefined;
  return page(lang, pageTitle(game.name[lang], ui('components', lang), lang), [
    table,
    ...sectionOf(ctx, 'cards', 'cards', 'Cards'),
    ...sectionOf(ctx, 'spaces', 'spaces', 'Spaces'),
    ...sectionOf(ctx, 'zones', 'zones', 'Zones'),
    ...sectionOf(ctx, 'vars', 'vars', 'Vars'),
    ...sectionOf(ctx, 'seatVars', 'seatVars', 'SeatVars'),
    ...sectionOf(ctx, 'functions', 'functions', 'Functions'),
    ...sectionOf(ctx, 'effectLists', 'effectLists', 'EffectLists'),
  ]);
}
