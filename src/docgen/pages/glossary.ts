/** Glossary: Chinese terms of the texts ↔ the English names used, and the names the readings use. */
import { nodeHref, type PageCtx } from '../context.ts';
import { buildGlossary, type TermKind } from '../glossary.ts';
import { ui, type Lang } from '../i18n.ts';
import { attr, esc } from '../escape.ts';
import { lineHref } from '../paths.ts';
import { verbatim } from '../locales.ts';
import { seedLanguage } from '../rule-block.ts';
import { page, pageTitle, para, section } from './frame.ts';

const KIND: Record<TermKind, Record<Lang, string>> = {
  game: { en: 'game', zh: '遊戲' },
  card: { en: 'card', zh: '卡牌' },
  place: { en: 'place', zh: '地點' },
  term: { en: 'term of a rule', zh: '規則用語' },
  choice: { en: 'answer of a decision', zh: '決策選項' },
  data: { en: 'glossary entry', zh: '詞彙資料' },
};

const intro: Record<Lang, string> = {
  en: 'The Chinese terms of the source texts and the English names this site uses for them, taken from the rule data (card and place names, the names that open rule texts, the answers of decisions). "In the text" links to the lines where a term stands, with the text\'s own spelling where it differs.',
  zh: '原文中的中文用語與本網站使用的英文名稱對照，取自規則資料（卡牌與地點名稱、規則說明開頭的名稱、決策的選項）。「原文出處」連到用語出現的行；原文寫法不同時一併列出。',
};
const namesIntro: Record<Lang, string> = {
  en: 'The names the generated readings use (options, places, values, zones and formulas), with what each stands for.',
  zh: '自動解讀中使用的名稱（選項、地點、數值、區域與公式）及其意義。',
};

export function glossaryPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const g = buildGlossary(game);
  const th = (ks: string[]) => `<thead><tr>${ks.map((k) => `<th>${esc(k)}</th>`).join('')}</tr></thead>`;
  const rules = (ids: string[]) =>
    ids
      .map((id) => {
        const href = nodeHref(ctx, id);
        const label = id === 'Game' ? game.id : id;
        return href ? `<a href="${esc(href)}"><code>${esc(label)}</code></a>` : `<code>${esc(label)}</code>`;
      })
      .join(' ');
  const rows = g.terms.map((t) => {
    const found = t.found
      .map((f) => {
        // the word as the seed spells it, in the seed's script, on every locale's page
        const spelled = t.zh[0] === f.spelling ? '' : ` ${verbatim(`<span class="verbatim" lang="${attr(seedLanguage(f.seed))}">${esc(f.spelling)}</span>`)}`;
        return `<a href="${esc(lineHref(ctx.page, lang, f.seed, f.line))}">${esc(`${f.seed}:${f.line}`)}</a>${spelled}`;
      })
      .join('<br>');
    const zh = `<span lang="zh-Hant">${esc(t.zh[0]!)}</span>${t.zh.length > 1 ? `<br><small>${esc(ui('variants', lang))}: ${t.zh.slice(1).map(esc).join('、')}</small>` : ''}`;
    return `<tr><td>${zh}</td><td lang="en" translate="no">${t.en.map(esc).join('<br>')}</td><td>${esc(KIND[t.kind][lang])}</td><td>${found}</td><td>${rules(t.ids)}</td></tr>`;
  });
  const nameRows = g.names.map((n) => {
    const href = nodeHref(ctx, n.id);
    const id = href ? `<a href="${esc(href)}"><code>${esc(n.id)}</code></a>` : `<code>${esc(n.id)}</code>`;
    return `<tr><td>${id}</td><td><code>${esc(n.section)}</code></td><td>${esc(n.text[lang])}</td></tr>`;
  });
  return page(lang, pageTitle(game.name[lang], ui('glossary', lang), lang), [
    para(intro[lang]),
    `<table class="glossary" v-pre>${th([ui('chinese', lang), ui('english', lang), ui('kind', lang), ui('inTheText', lang), ui('rulesLink', lang)])}<tbody>${rows.join('')}</tbody></table>`,
    section(ui('namesInRules', lang), 'Names'),
    para(namesIntro[lang]),
    `<table class="glossary-names" v-pre>${th([ui('nameInRules', lang), ui('section', lang), ui('meaning', lang)])}<tbody>${nameRows.join('')}</tbody></table>`,
  ]);
}
