/**
 * `vitepress build` reads the generated pages' large HTML blocks as strings, not as Vue templates.
 *
 * The generator (src/docgen) writes most of a page as raw HTML blocks marked `v-pre`: Vue shows
 * them as they are. Still, VitePress hands every page to the Vue compiler and keeps each page's
 * text in half a dozen forms (Markdown, Vue source, template syntax tree, compiled code, Rollup's
 * module and chunk) for the whole build: about 50 bytes of heap per byte of page, most of
 * `vitepress build`'s memory. Here, when the build loads a page, each such block that is one
 * element (with a root tag that Markdown keeps as an HTML block) becomes that element with
 * its inner HTML set as a string (theme/raw-block.ts), moved to a virtual module of the page's strings:
 *
 *   <div class="src-lines" v-pre>…</div>   →   <RawBlock tag="div" class="src-lines" :html="pageBlocks[3]" />
 *
 * The DOM is the same (the HTML is inserted unread, as v-pre shows it unread), on the server and
 * in the browser. The pages on disk are not changed: the search index (VitePress reads the
 * files) and `vitepress dev` see them as written (apply: 'build').
 */
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:page-blocks/';
const RESOLVED = '\0page-blocks/';
/** smaller blocks are left as they are (a RawBlock costs about as much as a short text) */
const MIN_CHARS = 256;
/** root tags that Markdown (CommonMark HTML block type 6) takes as a raw block up to the next blank line */
const BLOCK_TAGS = new Set(['div', 'p', 'table', 'figure', 'section', 'ul', 'ol', 'dl', 'details', 'blockquote', 'aside', 'nav']);

/** `html` as one element with `v-pre` on its root: its tag, its attributes without v-pre, the inner HTML */
export function splitElement(html: string): { attrs: string; tag: string; inner: string } | undefined {
  const m = /^<([a-z][a-z0-9]*)(\s[^<>]*)?>/.exec(html);
  if (!m || !BLOCK_TAGS.has(m[1]!)) return undefined;
  const tag = m[1]!;
  const attrs = m[2] ?? '';
  if (!/\sv-pre(?=\s|$)/.test(attrs) || /\s(tag|html)=/.test(attrs)) return undefined;
  const close = `</${tag}>`;
  if (!html.endsWith(close)) return undefined;
  // the root must close at the very end, not before (two sibling elements)
  let depth = 0;
  for (const t of html.matchAll(new RegExp(`<(/?)${tag}(?=[\\s>/])`, 'g'))) {
    depth += t[1] ? -1 : 1;
    if (depth === 0 && t.index !== html.length - close.length) return undefined;
  }
  if (depth !== 0) return undefined;
  return { attrs: attrs.replace(/\sv-pre(?=\s|$)/, ''), tag, inner: html.slice(m[0].length, html.length - close.length) };
}

/** the page with its large v-pre blocks replaced, and the blocks' inner HTML (none: `undefined`) */
export function packPage(md: string): { md: string; blocks: string[] } | undefined {
  if (/^<script\b[^>]*\bsetup\b/m.test(md)) return undefined; // the page has its own script (one per page)
  const lines = md.split('\n');
  const out: string[] = [];
  const blocks: string[] = [];
  let fence: string | undefined;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const f = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (f !== undefined && f[0] === fence[0] && f.length >= fence.length) fence = undefined;
      out.push(line);
      i++;
      continue;
    }
    if (f !== undefined) {
      fence = f;
      out.push(line);
      i++;
      continue;
    }
    // an HTML block: starts after a blank line (or at the start), ends before the next blank line
    const afterBlank = i === 0 || lines[i - 1] === '';
    if (afterBlank && line.startsWith('<')) {
      let j = i;
      while (j < lines.length && lines[j] !== '') j++;
      const html = lines.slice(i, j).join('\n');
      const el = html.length >= MIN_CHARS ? splitElement(html) : undefined;
      if (el) {
        out.push(`<RawBlock tag="${el.tag}"${el.attrs} :html="pageBlocks[${blocks.length}]" />`);
        blocks.push(el.inner);
      } else out.push(...lines.slice(i, j));
      i = j;
      continue;
    }
    out.push(line);
    i++;
  }
  if (blocks.length === 0) return undefined;
  return { md: out.join('\n'), blocks };
}

export function packBlocks(): Plugin {
  /** page id → its blocks, until the page's virtual module is loaded */
  const pending = new Map<string, string[]>();
  const pageIds: string[] = [];
  return {
    name: 'rules-site:pack-blocks',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (id.startsWith(RESOLVED)) {
        const page = pageIds[Number(id.slice(RESOLVED.length))];
        const blocks = page !== undefined ? pending.get(page) : undefined;
        if (blocks === undefined) this.error(`no blocks for ${id}`);
        pending.delete(page!);
        return `export default ${JSON.stringify(blocks)};`;
      }
      if (!id.endsWith('.md')) return undefined;
      const { readFile } = await import('node:fs/promises');
      const packed = packPage(await readFile(id, 'utf8'));
      if (packed === undefined) return undefined;
      let n = pageIds.indexOf(id);
      if (n < 0) n = pageIds.push(id) - 1;
      pending.set(id, packed.blocks);
      return `${packed.md}\n\n<script setup>\nimport pageBlocks from '${VIRTUAL}${n}';\n</script>\n`;
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? RESOLVED + id.slice(VIRTUAL.length) : undefined;
    },
  };
}
