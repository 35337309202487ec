/**
 * The game's files as written: every YAML file of its spec (rules/<game>/…) and of its worked
 * examples (the conformance scenarios), one element per line (id `<file>-L<n>`), so that
 * "Defined in rules/<game>/turn.yaml:4" links to line 4 of that file, highlighted. The page is
 * generated in both languages (only its frame differs) and left out of the site's search.
 *
 * The listing itself (the same in both languages, and by far the largest markup of the site: a
 * few MB per game) is one HTML file, `filesListingPath`, that both pages import as text (`?raw`)
 * and show as inner HTML (the theme's RawBlock). So the build reads it once per game as one string, instead of
 * parsing and compiling every element of it as a Vue template twice (once per language), which
 * held most of `vitepress build`'s memory; the site build then keeps it out of its bundles
 * altogether, as a JSON file fetched on client-side navigation (site/.vitepress/pack-blocks.ts).
 * The pages' HTML still holds every line (put in after server rendering), so a link to a line
 * works on a full page load as before.
 */
import { posix } from 'node:path';
import type { PageCtx } from '../context.ts';
import { ui, type Lang } from '../i18n.ts';
import type { GameDoc } from '../model.ts';
import { esc, jsString } from '../escape.ts';
import { relLink } from '../markdown.ts';
import { filesListingPath, gamePage } from '../paths.ts';
import { page, pageTitle } from './frame.ts';

const intro: Record<Lang, string> = {
  en: 'The YAML files this game is made of, line by line: first its rules, then its worked examples. "Defined in" on the other pages links to the line here.',
  zh: '本遊戲的 YAML 檔案，逐行列出：先是規則，再是規則範例。其他頁面上的「定義於」連到此處的對應行。',
};

/** the intro, with the format's name marked as a name (not an English word of the page) */
const introHtml = (lang: Lang): string => `<p v-pre>${esc(intro[lang]).replace('YAML', '<span translate="no">YAML</span>')}</p>`;

/** the anchor of a file on the page: its path with every run of other characters as "-" */
export function fileAnchor(path: string): string {
  return path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** the link from page `from` to `path:line` on the game's files page (path relative to the project) */
export function fileLineHref(ctx: PageCtx, location: string): string | undefined {
  const m = /^(.*?)(?::(\d+))?$/.exec(location);
  const path = m?.[1];
  if (!path || !ctx.game.files?.some((f) => f.path === path)) return undefined;
  const anchor = fileAnchor(path);
  return relLink(ctx.page, gamePage(ctx.lang, ctx.game.id, 'files'), m[2] ? `${anchor}-L${m[2]}` : anchor);
}

/** the listing of every file of the game, the same for every locale, as written (HTML, not a page; `verbatim`: no locale puts it into its script) */
export function filesListing(game: GameDoc): string {
  const blocks = (game.files ?? []).map((f) => {
    const a = fileAnchor(f.path);
    const lines = f.text.replace(/\n$/, '').split('\n');
    // one <pre> (Vue keeps its spaces, the indentation of YAML), a block per line, on one source line
    const body = lines
      .map((l, i) => `<span id="${a}-L${i + 1}" class="src-line yaml-line"><a class="src-ln" href="#${a}-L${i + 1}">${i + 1}</a><span class="yaml-text">${l === '' ? ' ' : esc(l)}</span></span>`)
      .join('');
    // the path as code in the heading: a file's name, not words of the page
    return `<h2 id="${a}" tabindex="-1"><code>${esc(f.path)}</code> <a class="header-anchor" href="#${a}" aria-label="Permalink to ${esc(f.path)}">&#8203;</a></h2>\n<div class="src-lines yaml-lines verbatim" lang="en"><pre>${body}</pre></div>`;
  });
  return blocks.join('\n') + '\n';
}

export function filesPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  let from = posix.relative(posix.dirname(ctx.page), filesListingPath(game.id));
  if (!from.startsWith('.')) from = `./${from}`;
  // RawBlock (site theme): the listing as inner HTML, never read as a Vue template (so no v-pre),
  // and kept as the server rendered it when the page hydrates (a `v-html` would set it again)
  const listing = `<script setup>\nimport filesListing from ${jsString(`${from}?raw`)};\n</script>\n\n<RawBlock tag="div" class="files-listing" :html="filesListing" />`;
  return page(lang, pageTitle(game.name[lang], ui('files', lang), lang), [introHtml(lang), listing], { search: false, aside: false, outline: false });
}
