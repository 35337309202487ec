/**
 * `vitepress build` keeps the generated pages' large HTML blocks out of its JavaScript bundles.
 *
 * The generator (src/docgen) writes most of a page as raw HTML blocks marked `v-pre`: Vue shows
 * them as they are. Still, VitePress hands every page to the Vue compiler and keeps each page's
 * text in half a dozen forms (Markdown, Vue source, template syntax tree, compiled code, Rollup's
 * module and chunk, in both the client and the server bundle) for the whole build: most of
 * `vitepress build`'s memory. Here, when the build loads a page, each such block that is one
 * element (with a root tag that Markdown keeps as an HTML block) becomes that element with its
 * inner HTML given by reference (theme/raw-block.ts); the blocks of a page go to one JSON file,
 * `assets/blocks/<hash>.json`, emitted as an asset of the client build:
 *
 *   <div class="src-lines" v-pre>…</div>
 *     →   <RawBlock tag="div" class="src-lines" :html="{src:'assets/blocks/1f2e….json',n:3}" />
 *
 * An HTML file imported as text (`x.html?raw`, the files listings) goes the same way, as a file of
 * one block. The server renders a placeholder comment in each such element, and `inlineBlocks`
 * (the config's transformHtml) puts the block in its place, so the HTML of every page is what it
 * was; the browser fetches a page's file only when it enters the page by client-side navigation.
 * The pages on disk are not changed: the search index (VitePress reads the files) and
 * `vitepress dev` see them as written (apply: 'build').
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PLACEHOLDER_RE, type BlockRef } from './theme/block-ref.ts';
import type { Plugin } from 'vite';

/** the folder of the blocks' files in the built site */
const BLOCKS_DIR = 'assets/blocks';
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

/** the file a list of blocks goes to: named by its content, so a changed page gets a new name (no stale cache) */
export function blocksFile(json: string): string {
  return `${BLOCKS_DIR}/${createHash('sha256').update(json).digest('hex').slice(0, 16)}.json`;
}

/** a RawBlock's `:html` value, a JavaScript object literal in the template */
const refExpr = (r: BlockRef): string => `{src:'${r.src}',n:${r.n}}`;

/** the page with its large v-pre blocks replaced, the blocks' inner HTML and their file (none: `undefined`) */
export function packPage(md: string): { md: string; blocks: string[]; src: string; json: string } | undefined {
  const lines = md.split('\n');
  const out: string[] = [];
  const blocks: string[] = [];
  const refs: { at: number; tag: string; attrs: string }[] = [];
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
      // a block with a heading stays: the outline reads a page's headings when it mounts, before its blocks are fetched
      const el = html.length >= MIN_CHARS && !/<h[1-6][\s>]/.test(html) ? splitElement(html) : undefined;
      if (el) {
        // the line is written once the file's name is known (below)
        refs.push({ at: out.push('') - 1, tag: el.tag, attrs: el.attrs });
        blocks.push(el.inner);
      } else out.push(...lines.slice(i, j));
      i = j;
      continue;
    }
    out.push(line);
    i++;
  }
  if (blocks.length === 0) return undefined;
  const json = JSON.stringify(blocks);
  const src = blocksFile(json);
  refs.forEach((r, n) => (out[r.at] = `<RawBlock tag="${r.tag}"${r.attrs} :html="${refExpr({ src, n })}" />`));
  return { md: out.join('\n'), blocks, src, json };
}

export function packBlocks(): Plugin {
  /** the files emitted by this build (the client build's; the server build emits none) */
  let emitted = new Set<string>();
  return {
    name: 'rules-site:pack-blocks',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      emitted = new Set();
    },
    async load(id, options) {
      const emit = (src: string, json: string): void => {
        if (options?.ssr || emitted.has(src)) return;
        emitted.add(src);
        this.emitFile({ type: 'asset', fileName: src, source: json });
      };
      if (id.endsWith('.html?raw')) {
        // an HTML file imported as text: one block, given to its RawBlock by reference
        const json = JSON.stringify([await readFile(id.slice(0, -'?raw'.length), 'utf8')]);
        const src = blocksFile(json);
        emit(src, json);
        return `export default ${JSON.stringify({ src, n: 0 } satisfies BlockRef)};`;
      }
      if (!id.endsWith('.md')) return undefined;
      const packed = packPage(await readFile(id, 'utf8'));
      if (packed === undefined) return undefined;
      emit(packed.src, packed.json);
      return packed.md;
    },
  };
}

/**
 * The config's transformHtml: each block placeholder of a rendered page replaced by its block,
 * read from the built site's `outDir` (the client bundle is written before pages are rendered).
 */
export async function inlineBlocks(html: string, outDir: string): Promise<string> {
  const srcs = new Set([...html.matchAll(PLACEHOLDER_RE)].map((m) => m[1]!));
  if (srcs.size === 0) return html;
  const files = new Map<string, string[]>();
  for (const src of srcs) {
    const path = join(outDir, src);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      throw new Error(`a page refers to ${path}, which the client build did not write (${(e as Error).message})`);
    }
    files.set(src, JSON.parse(text) as string[]);
  }
  return html.replace(PLACEHOLDER_RE, (whole, src: string, n: string) => {
    const block = files.get(src)?.[Number(n)];
    if (block === undefined) throw new Error(`${join(outDir, src)} has no block ${n} (placeholder ${whole})`);
    return block;
  });
}
