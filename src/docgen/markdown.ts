/**
 * Markdown and HTML helpers for VitePress pages. Text from the specs and seeds is always escaped;
 * spec-derived HTML goes into blocks marked `v-pre`, so Vue never reads `{{ }}` in a rule.
 */
import { posix } from 'node:path';
import { stringify } from 'yaml';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** escape for HTML text and attribute values; line breaks become <br> (an HTML block may not hold a blank line) */
export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => htmlEscapes[c]!).replace(/\r?\n/g, '<br>');
}

/** escape for inline Markdown (headings, table cells) */
export function escMd(s: string): string {
  return s
    .replace(/[\\`*_[\]<>{}|#]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/\r?\n/g, ' ');
}

/** `## title {#anchor}`: a heading with an explicit, stable anchor */
export function heading(level: number, title: string, anchor: string): string {
  const hashes = '#'.repeat(Math.min(6, Math.max(1, level)));
  return `${hashes} ${escMd(title)} {#${anchor}}`;
}

/** YAML frontmatter */
export function frontmatter(data: Record<string, unknown>): string {
  return `---\n${stringify(data, { lineWidth: 0 }).trimEnd()}\n---\n`;
}

/** an HTML element with escaped attributes; `inner` is raw HTML */
export function el(tag: string, attrs: Record<string, string | undefined>, inner = ''): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${esc(v!)}"`))
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
