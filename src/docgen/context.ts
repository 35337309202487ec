/** What a page generator gets: the site, the game, the language, and the page being written. */
import type { Lang } from './i18n.ts';
import { esc } from './escape.ts';
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

/** `<a href=…><code>id</code></a>` for a rule of this game; plain code when it has no page */
export function ruleLink(ctx: PageCtx, id: string): string {
  const href = nodeHref(ctx, id);
  const code = `<code>${esc(id)}</code>`;
  return href ? `<a class="rule-link" href="${esc(href)}">${code}</a>` : code;
}

/**
 * A reading rendered as HTML: the text escaped, each rule reference made a link. References go
 * through the reader as placeholders, so escaping never touches the links.
 */
export function readingHtml(ctx: PageCtx, produce: (r: Reader) => ReadingLine[] | string): string {
  const refs: string[] = [];
  const reader = new Reader(ctx.game.spec, ctx.templates, {
    ref: (id) => {
      refs.push(id);
      return `\u0001${refs.length - 1}\u0002`;
    },
    // a spec's name (a variable, a zone, a local) is an identifier, not a word of the page
    name: (name) => `\u0003${name}\u0004`,
  });
  const out = produce(reader);
  const fill = (s: string) =>
    esc(s)
      .replace(/\u0001(\d+)\u0002/g, (_m, i: string) => ruleLink(ctx, refs[Number(i)]!))
      .replace(/\u0003([^\u0004]*)\u0004/g, '<span class="reading-name" translate="no">$1</span>');
  const list = (lines: ReadingLine[]): string =>
    `<ul>${lines.map((l) => `<li>${fill(l.text)}${l.children.length > 0 ? list(l.children) : ''}</li>`).join('')}</ul>`;
  return typeof out === 'string' ? `<p>${fill(out)}</p>` : list(out);
}

/** a plain reader for this page's language (no links) */
export function plainReader(ctx: PageCtx): Reader {
  return new Reader(ctx.game.spec, ctx.templates);
}
