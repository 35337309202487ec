/** Assumptions: every datum the texts do not give, with its reason, in one list. */
import { nodeHref, type PageCtx } from '../context.ts';
import { esc } from '../escape.ts';
import { textIn, ui, type Lang } from '../i18n.ts';
import { page, pageTitle, para } from './frame.ts';

const intro: Record<Lang, (n: number, total: number) => string> = {
  en: (n, total) =>
    `${n} of the ${total} rules of this game rest on an assumption: something the source texts do not say, or do not say clearly, decided as the reason explains. Each is also shown, set apart, under its rule.`,
  zh: (n, total) => `本遊戲 ${total} 條規則中，有 ${n} 條建立在假設之上：原文沒有說明或說明不清的部分，依所附理由決定。每條假設也另外標示在其規則下方。`,
};

export function assumptionsPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const withAssumption = game.nodes.filter((n) => n.node.assumption);
  const items = withAssumption.map((n) => {
    const href = nodeHref(ctx, n.anchor)!;
    const text = n.node.text ? ` ${esc(n.node.text[lang])}` : '';
    const w = textIn(lang, n.node.assumption!.why);
    const note = w.translated ? '' : ` <small>${esc(ui('englishOnly', lang))}</small>`;
    const why = `<div class="assumption-why" lang="${w.lang}"><strong>${esc(ui('why', lang))}:</strong> ${esc(w.text)}${note}</div>`;
    return `<li class="assumption-item" id="A-${esc(n.anchor)}"><a href="${esc(href)}"><code>${esc(n.id)}</code></a>${text}${why}</li>`;
  });
  return page(lang, pageTitle(game.name[lang], ui('assumptions', lang), lang), [
    para(intro[lang](withAssumption.length, game.nodes.length)),
    `<ol class="assumption-list" v-pre>${items.join('')}</ol>`,
  ]);
}
