/**
 * Markdown and HTML helpers for VitePress pages: headings, elements, links between pages. Text
 * from the specs and seeds is escaped by escape.ts for the place it lands in; spec-derived HTML
 * goes into blocks marked `v-pre`, so Vue never reads `{{ }}` in a rule.
 */
import { posix } from 'node:path';
import { attr, headingText } from './escape.ts';

/** `## title {#anchor}`: a heading with an explicit, stable anchor */
export function heading(level: number, title: string, anchor: string): string {
  const hashes = '#'.repeat(Math.min(6, Math.max(1, level)));
  if (!/^[\w-]+$/.test(anchor)) throw new Error(`a heading's anchor is an id, not ${JSON.stringify(anchor)}`);
  return `${hashes} ${headingText(title)} {#${anchor}}`;
}

/** an HTML element with escaped attributes; `inner` is raw HTML */
export function el(tag: string, attrs: Record<string, string | undefined>, inner = ''): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${attr(v!)}"`))
    .join('');
  return `<${tag}${a}>${inner}</${tag}>`;
}

export function link(href: string, inner: string, cls?: string): string {
  return el('a', { href, class: cls }, inner);
}

/** join page blocks with one blank line between them */
export function blocks(...parts: (string | undefined | false)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n') + '\n';
}

/**
 * A page is a file under the output folder, e.g. `games/g/flow.md` or `zh/sources/003.md`.
 * The link from page `from` to page `to` (+ `#hash`) is relative, without `.md` (VitePress
 * cleanUrls), so it works under any base and in both locales.
 */
export function relLink(from: string, to: string, hash?: string): string {
  const h = hash ? `#${hash}` : '';
  if (from === to) return h || './';
  const isIndex = posix.basename(to) === 'index.md';
  const target = isIndex ? posix.dirname(to) : to.replace(/\.md$/, '');
  let rel = posix.relative(posix.dirname(from), target);
  if (isIndex) rel = rel === '' ? './' : `${rel}/`;
  else if (rel === '') rel = './';
  return rel + h;
}

/** the site URL of a page (for sidebars and nav: absolute, VitePress adds the base) */
export function pageUrl(page: string): string {
  if (posix.basename(page) === 'index.md') {
    const dir = posix.dirname(page);
    return dir === '.' ? '/' : `/${dir}/`;
  }
  return `/${page.replace(/\.md$/, '')}`;
}
