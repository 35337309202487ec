/**
 * Flow of play: an overview chart of the flow (setup, the flow rules, every procedure they call
 * as a box linking to its section), then every flow rule, procedure and trigger, each with its
 * own chart under its heading when it has steps worth drawing.
 */
import { nodeHref, type PageCtx } from '../context.ts';
import type { Lang } from '../i18n.ts';
import { overviewDiagram, ruleDiagram, type DiagramLinks, type Drawable } from '../mermaid.ts';
import type { DocNode } from '../model.ts';
import { nodeTitle } from '../rule-block.ts';
import { attr, esc } from '../escape.ts';
import { page, pageTitle, para, section, ui } from './frame.ts';
import { sectionOf } from './sections.ts';

const howToRead: Record<Lang, string> = {
  en: 'Each box is a rule: click it to go to its section, where a rule with several steps has a chart of its own. A box with double sides is a procedure, a diamond a decision, a slanted box a player’s choice, a hexagon a loop, a flag an event.',
  zh: '每個方框是一條規則：點選即前往該規則的段落，步驟較多的規則在該處另有自己的流程圖。兩側雙線的方框為程序，菱形為判斷，斜框為玩家的選擇，六角形為迴圈，旗形為事件。',
};

/**
 * A chart, its boxes as a list until Mermaid has drawn it (the theme shows the list while the
 * chart's element is empty: the page shows its flow at once, and without JavaScript too), and
 * the button that shows the chart larger (theme/charts.ts).
 */
const fence = (source: string, lang: Lang) =>
  '```mermaid\n' + source + '\n```\n\n' + chartOutline(source) + '\n\n' + `<div class="chart-tools"><button type="button" class="chart-zoom" aria-pressed="false">${ui('zoomChart', lang)}</button></div>`;

/** Mermaid's entities in a label (mermaid.ts escapeLabel), as text */
const unlabel = (s: string): string =>
  s
    .replace(/<br\/>/g, ' ')
    .replace(/<\/?small>/g, '')
    .replace(/#(quot|lt|gt|amp|35|96);/g, (_m, e: string) => ({ quot: '"', lt: '<', gt: '>', amp: '&', '35': '#', '96': '`' })[e]!);

/** the boxes of a chart (its source, as mermaid.ts writes it) in order, each linked where the chart links it */
export function chartOutline(source: string): string {
  const links = new Map([...source.matchAll(/^\s*click (n\d+) href "(#[\w-]+)"$/gm)].map((m) => [m[1]!, m[2]!]));
  const items = [...source.matchAll(/^\s*(n\d+)(?:\[\[|\[\/|\(\[|\{\{|\[|\{|>)"([^"]*)"/gm)].map((m) => {
    const label = esc(unlabel(m[2]!));
    const href = links.get(m[1]!);
    return `<li>${href ? `<a href="${attr(href)}">${label}</a>` : label}</li>`;
  });
  return `<ol class="chart-outline" v-pre>${items.join('')}</ol>`;
}

export function flowPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  // charts link to sections on this page only (see DiagramLinks)
  const links: DiagramLinks = {
    rule: (id) => {
      const href = nodeHref(ctx, id);
      return href?.startsWith('#') ? href : undefined;
    },
    title: (id) => {
      const n = game.byAnchor.get(id);
      return n ? nodeTitle(n, lang) : undefined;
    },
  };
  // a chart for every rule on the page with steps, except the flow rules: the overview draws them
  const figure = (n: DocNode): string | undefined => {
    if (n.kind !== 'rule' || !Array.isArray(n.node.do) || (n.section === 'flow' && n.depth === 0)) return undefined;
    const chart = ruleDiagram(game.spec, ctx.templates, n.node as Drawable, links);
    return chart === undefined ? undefined : fence(chart, lang);
  };
  return page(lang, pageTitle(game.name[lang], ui('flow', lang), lang), [
    section(ui('diagram', lang), 'Diagram'),
    para(howToRead[lang], 'flow-help'),
    fence(overviewDiagram(game.spec, ctx.templates, links), lang),
    ...sectionOf(ctx, 'flow', 'flowRules', 'Flow', figure),
    ...sectionOf(ctx, 'procedures', 'procedures', 'Procedures', figure),
    ...sectionOf(ctx, 'triggers', 'triggers', 'Triggers', figure),
  ]);
}
