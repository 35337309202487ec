/** What a page generator gets: the site, the game, the language, and the page being written. */
import { ui, type Lang } from './i18n.ts';
import type { DocNode } from './model.ts';
import { shortText } from './short-text.ts';
import { attr, esc } from './escape.ts';
import { relLink } from './markdown.ts';
import type { GameDoc } from './model.ts';
import { gamePage } from './paths.ts';
import { Reader, type ReadingLine } from './readings/reader.ts';
import type { Templates } from './readings/templates.ts';
import type { SiteModel } from './site-model.ts';

export interface PageCtx {
  site: SiteModel;
  game: GameDoc;
  lang: Lang;
  /** the page being written, e.g. `zh/games/g/flow.md` */
  page: string;
  templates: Templates;
}

/** the link from this page to a node of the game (rule id or pseudo-anchor) */
export function nodeHref(ctx: PageCtx, anchor: string): string | undefined {
  const n = ctx.game.byAnchor.get(anchor);
  if (!n) return undefined;
  return relLink(ctx.page, gamePage(ctx.lang, ctx.game.id, n.page), n.anchor);
}

/** a link to a rule of this game showing its title (its id on hover); the id as code when it has no node */
export function ruleLink(ctx: PageCtx, id: string): string {
  const href = nodeHref(ctx, id);
  const node = ctx.game.byAnchor.get(id);
  // the rule as readers know it, by its title; its id (the link's target) on hover
  if (!node) return `<code>${esc(id)}</code>`;
  const title = `<span class="rule-link-title">${esc(nodeTitle(node, ctx.lang))}</span>`;
  return href ? `<a class="rule-link" href="${esc(href)}" title="${attr(id)}">${title}</a>` : title;
}

/**
 * The heading title of a node: a card's or place set's name, the game's name, else a short
 * reading of its text in the page's language (the id is its anchor, shown beside it); the id only
 * for a node without text.
 */
export function nodeTitle(n: DocNode, lang: Lang): string {
  if (n.kind === 'game') return (n.node as { name: { en: string; zh: string } }).name[lang];
  if (n.kind === 'outcome') return ui('outcome', lang);
  const name = (n.node as { name?: { en: string; zh: string } }).name;
  if (name) return name[lang];
  return n.node.text ? shortText(n.node.text[lang], lang) : n.id;
}

/**
 * A reading rendered as HTML: the text escaped, each rule reference made a link. References go
 * through the reader as placeholders, so escaping never touches the links.
 */
/** the reading as HTML; '' when there is nothing to read */
export function readingHtml(ctx: PageCtx, produce: (r: Reader) => ReadingLine[] | string): string {
  const refs: string[] = [];
  const reader = new Reader(ctx.game.spec, ctx.templates, {
    ref: (id) => {
      refs.push(id);
      return `\u0001${refs.length - 1}\u0002`;
    },
    // a spec's name (a variable's, a zone's: its name for readers; a local) set apart from the words around it
    name: (name) => `\u0003${name}\u0004`,
    // a local is a variable of the reading, as in mathematics
    local: (name) => `\u0005${name}\u0006`,
  });
  const out = produce(reader);
  const fill = (s: string) =>
    esc(s)
      .replace(/\u0001(\d+)\u0002/g, (_m, i: string) => ruleLink(ctx, refs[Number(i)]!))
      .replace(/\u0003([^\u0004]*)\u0004/g, '<span class="reading-name">$1</span>')
      // (a name, like a letter in a formula: not text of the page's language, translate="no")
      .replace(/\u0005([^\u0006]*)\u0006/g, '<var class="reading-local" translate="no">$1</var>');
  const list = (lines: ReadingLine[]): string =>
    `<ul>${lines.map((l) => `<li>${fill(l.text)}${l.children.length > 0 ? list(l.children) : ''}</li>`).join('')}</ul>`;
  // nothing to read (a rule that only states a text: `do: []`) is no reading at all, not an empty box
  if (typeof out === 'string') return out.trim() === '' ? '' : `<p>${fill(out)}</p>`;
  return out.length === 0 ? '' : list(out);
}

/** a plain reader for this page's language (no links) */
export function plainReader(ctx: PageCtx): Reader {
  return new Reader(ctx.game.spec, ctx.templates);
}
