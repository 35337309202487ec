/**
 * Editions (for a game with an `edition` option): every rule whose `when` reads the edition,
 * side by side, one column per edition. Twin rules are paired on one row by their id without
 * the edition suffix (`opening-market-a` / `opening-market-b`).
 */
import { nodeHref, readingHtml, type PageCtx } from '../context.ts';
import { editionsOf, optionValues } from '../guards.ts';
import { ui, type Lang } from '../i18n.ts';
import { esc } from '../escape.ts';
import type { DocNode } from '../model.ts';
import { lineHref } from '../paths.ts';
import { quoteStart } from '../coverage.ts';
import { page, pageTitle, para } from './frame.ts';

const intro: Record<Lang, string> = {
  en: 'The rules that differ between the editions of the text: each row pairs the rules that take each other\'s place; a rule appears in the column of every edition its guard allows.',
  zh: '各版本原文之間不同的規則：每一列並排互相取代的規則；規則出現在其條件所允許的每個版本欄中。',
};

export interface EditionRow {
  key: string;
  cells: Map<string, DocNode[]>;
}

/** the edition-dependent rules of a game, grouped into rows */
export function editionRows(ctx: PageCtx): { values: string[]; rows: EditionRow[] } {
  const edition = ctx.game.edition;
  if (!edition) return { values: [], rows: [] };
  const values = optionValues(edition);
  const rows = new Map<string, EditionRow>();
  for (const n of ctx.game.nodes) {
    if (n.kind !== 'rule' || n.node.id === edition.id) continue;
    const eds = editionsOf(n.node.when, edition);
    if (!eds) continue;
    const parts = n.id.split('-');
    const key = parts.length > 1 && values.includes(parts[parts.length - 1]!.toLowerCase()) ? parts.slice(0, -1).join('-') : n.id;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, cells: new Map(values.map((v) => [v, []])) }));
    for (const v of eds) row.cells.get(v)!.push(n);
  }
  return { values, rows: [...rows.values()] };
}

export function editionsPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const { values, rows } = editionRows(ctx);
  const edition = game.edition!;
  const cell = (nodes: DocNode[]) =>
    nodes.length === 0
      ? `<td class="edition-none">${esc(ui('notInEdition', lang))}</td>`
      : `<td>${nodes
          .map((n) => {
            const href = nodeHref(ctx, n.anchor)!;
            const quotes = (n.node.source ?? [])
              .map((c) => `<a class="rule-ref" href="${esc(lineHref(ctx.page, lang, c.ref.slice(0, 3), quoteStart(c.ref, c.quote)))}">${esc(c.ref)}</a>`)
              .join(' ');
            const reading = n.node.do ? readingHtml(ctx, (r) => r.effects(n.node.do)) : '';
            return `<div class="edition-rule"><a href="${esc(href)}"><code>${esc(n.id)}</code></a> ${quotes}<div>${n.node.text ? esc(n.node.text[lang]) : ''}</div>${reading}</div>`;
          })
          .join('')}</td>`;
  const head = `<thead><tr>${values.map((v) => `<th>${esc(ui('edition', lang))} ${esc(v)}</th>`).join('')}</tr></thead>`;
  const body = rows.map((r) => `<tr>${values.map((v) => cell(r.cells.get(v)!)).join('')}</tr>`).join('');
  const optionHref = nodeHref(ctx, edition.id);
  return page(lang, pageTitle(game.name[lang], ui('editions', lang), lang), [
    para(intro[lang]),
    optionHref ? `<p v-pre><a href="${esc(optionHref)}"><code>${esc(edition.id)}</code></a> ${esc(edition.text[lang])}</p>` : undefined,
    `<table class="editions" v-pre>${head}<tbody>${body}</tbody></table>`,
  ]);
}
