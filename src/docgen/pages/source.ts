/**
 * A source page: the whole seed text, one element per line (id `L<n>`), each cited line linked
 * to the rules that cite it, uncited rule-bearing lines and non-rule lines marked, and the
 * coverage figure with its formula at the top.
 */
import { percent, type SeedModel } from '../coverage.ts';
import { textIn, ui, type Lang } from '../i18n.ts';
import { esc } from '../escape.ts';
import { relLink } from '../markdown.ts';
import { gamePage, sourcePage } from '../paths.ts';
import { verbatim } from '../locales.ts';
import { page } from './frame.ts';

const formula: Record<Lang, (s: SeedModel) => string> = {
  en: (s) =>
    `${s.cited} of the ${s.ruleBearing} rule-bearing lines are cited by a rule. Coverage = cited rule-bearing lines ÷ (all lines − non-rule lines − blank lines) = ${s.cited} ÷ (${s.total} − ${s.nonRule} − ${s.blank}). A line is non-rule when a game lists it under nonRules with a reason (flavour, credits, headings, captions).`,
  zh: (s) =>
    `${s.ruleBearing} 行含規則的原文中，有 ${s.cited} 行被規則引用。涵蓋率＝被引用的含規則行數 ÷（總行數 − 非規則行數 − 空行數）＝ ${s.cited} ÷（${s.total} − ${s.nonRule} − ${s.blank}）。遊戲在 nonRules 中列出並說明理由的行（背景故事、版權、標題、圖說）視為非規則行。`,
};

const checkedNote: Record<Lang, (n: number) => string> = {
  en: (n) => `${n} lines are also checked by worked examples: conformance scenarios that play them out on the specs (marked "checked by example").`,
  zh: (n) => `另有 ${n} 行由規則範例檢驗：在規格上實際演示這些行的一致性情境（標示為「範例檢驗」）。`,
};

export function sourcePageMd(lang: Lang, s: SeedModel): string {
  const here = sourcePage(lang, s.info.id);
  const many = s.games.length > 1;
  const games = s.games
    .map((g) => `<a href="${esc(relLink(here, gamePage(lang, g.id, 'index')))}">${esc(g.name[lang])}</a>`)
    .join(', ');
  const info =
    `<p class="src-info" v-pre>${esc(textIn(lang, s.info.title).text)} · ${esc(ui('language', lang))} <code>${esc(s.info.language)}</code> (${esc(s.info.script)})` +
    ` · ${esc(ui('file', lang))} <code>seeds/${esc(s.info.file)}</code> · ${s.total} ${esc(ui('lines', lang))}` +
    (games ? ` · ${esc(ui('usedBy', lang))} ${games}` : '') +
    '</p>';
  const coverage =
    `<div class="src-coverage" v-pre><p><strong>${esc(ui('coverage', lang))}${lang === 'zh' ? '：' : ': '}<span class="src-coverage-figure">${esc(percent(s))}</span></strong>` +
    ` (${s.cited} / ${s.ruleBearing})</p><p>${esc(formula[lang](s))}</p>` +
    (s.checked > 0 ? `<p>${esc(checkedNote[lang](s.checked))}</p>` : '') +
    '</div>';
  const legend =
    `<div class="src-legend" v-pre><span class="src-key src-cited">${esc(ui('cited', lang))}</span> ` +
    `<span class="src-key src-uncited">${esc(ui('uncited', lang))}</span> ` +
    `<span class="src-key src-nonrule">${esc(ui('nonRule', lang))}</span></div>`;

  const lines = s.lines.map((l) => {
    const status = l.blank ? 'src-blank' : l.nonRule.length > 0 ? 'src-nonrule' : l.citedBy.length > 0 ? 'src-cited' : 'src-uncited';
    const cls = `src-line ${status}${l.citedBy.length > 0 && status !== 'src-cited' ? ' src-cited' : ''}`;
    const refs = l.citedBy.map(({ game, node }) => {
      const href = relLink(here, gamePage(lang, game.id, node.page), node.anchor);
      return `<a href="${esc(href)}"><code>${esc(many ? `${game.id}:${node.id}` : node.id)}</code></a>`;
    });
    const notes: string[] = [];
    if (refs.length > 0) notes.push(`<span class="src-refs">${esc(ui('citedBy', lang))} ${refs.join(' ')}</span>`);
    const examples = l.checkedBy.map(({ game, example }) => {
      const href = relLink(here, gamePage(lang, game.id, 'examples'), example);
      return `<a href="${esc(href)}"><code>${esc(many ? `${game.id}:${example}` : example)}</code></a>`;
    });
    if (examples.length > 0) notes.push(`<span class="src-examples">${esc(ui('checkedByExample', lang))} ${examples.join(' ')}</span>`);
    if (l.nonRule.length > 0) {
      // each reason in the page's language where the data gives it, else in English (marked so)
      const whys = l.nonRule.map((n) => textIn(lang, n.why)).filter((w, i, all) => all.findIndex((x) => x.text === w.text) === i);
      const said = whys.map((w) => `<span lang="${w.lang}">${esc(w.text)}</span>${w.translated ? '' : ` <small>${esc(ui('englishOnly', lang))}</small>`}`);
      notes.push(`<span class="src-note">${esc(ui('nonRule', lang))}${lang === 'zh' ? '：' : ': '}${said.join(' ')}</span>`);
    } else if (!l.blank && l.citedBy.length === 0) notes.push(`<span class="src-note">${esc(ui('uncited', lang))}</span>`);
    const text = l.blank ? '&nbsp;' : esc(l.text);
    // the seed's line exactly as printed, in its own script, on every locale's page
    const line = verbatim(`<span class="src-text verbatim" lang="${esc(s.info.language)}">${text}</span>`);
    return `<div id="L${l.n}" class="${cls}"><a class="src-ln" href="#L${l.n}">${l.n}</a> ${line} ${notes.join(' ')}</div>`;
  });

  return page(
    lang,
    `${ui('source', lang)} ${s.info.id}`,
    [info, coverage, legend, `<div class="src-lines" v-pre>\n${lines.join('\n')}\n</div>`],
    { aside: false, outline: false },
  );
}
