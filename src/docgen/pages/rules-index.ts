/** All rules: every rule id with its page and anchor, for links from tests, logs and other pages. */
import { nodeHref, type PageCtx } from '../context.ts';
import { esc } from '../escape.ts';
import { ui, type Lang } from '../i18n.ts';
import type { PageId } from '../model.ts';
import { page, pageTitle, para } from './frame.ts';

const PAGE_WORD: Record<PageId, Parameters<typeof ui>[0]> = {
  index: 'overview', components: 'components', setup: 'setup', flow: 'flow', scoring: 'scoring',
  assumptions: 'assumptions', glossary: 'glossary', editions: 'editions', examples: 'examples', rules: 'rules',
  simulations: 'simulations', checks: 'checks',
  files: 'files',
  play: 'play',
};

const intro: Record<Lang, string> = {
  en: 'Every rule of the game by id. A rule lives at /games/<game>/<page>#<rule-id>; the ids are stable, so tests, logs and other pages link to them.',
  zh: '依 id 列出本遊戲的每條規則。規則的網址為 /zh/games/<遊戲>/<頁面>#<規則id>；id 固定不變，測試、記錄與其他頁面都以它連結。',
};

/**
 * Two columns: the rule (its id, linked, with the page and section it is on) and its text, which
 * gets the width; no outline beside it (the page has no headings to list). On a narrow screen
 * each row is a block, the text under its rule (theme style.css).
 */
export function rulesIndexPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const rows = game.nodes.map((n) => {
    const href = nodeHref(ctx, n.anchor)!;
    const text = n.node.text ? esc(n.node.text[lang]) : '';
    const flags = n.node.assumption ? ` <span class="VPBadge warning">${esc(ui('assumption', lang))}</span>` : '';
    const where = `<div class="rules-index-where">${esc(ui(PAGE_WORD[n.page], lang))} · <code>${esc(n.section)}</code></div>`;
    return `<tr><td class="rules-index-rule"><a href="${esc(href)}"><code>${esc(n.id)}</code></a>${flags}${where}</td><td class="rules-index-text" lang="${lang === 'zh' ? 'zh-Hant' : 'en'}">${text}</td></tr>`;
  });
  const head = [ui('rule', lang), ui('text', lang)].map((h) => `<th>${esc(h)}</th>`).join('');
  return page(
    lang,
    pageTitle(game.name[lang], ui('rules', lang), lang),
    [para(intro[lang]), `<table class="rules-index" v-pre><colgroup><col class="rules-index-rule"><col class="rules-index-text"></colgroup><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`],
    { aside: false },
  );
}
