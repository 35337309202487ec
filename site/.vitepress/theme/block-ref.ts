/**
 * Where the built site keeps a large block of a page (../pack-blocks.ts writes them, the theme's
 * RawBlock shows them): element `n` of the JSON array of strings at `src`, a path under the
 * site's base. On the server a block renders as a placeholder comment, replaced by the block
 * once the page's HTML is rendered.
 */
export interface BlockRef {
  src: string;
  n: number;
}

export const placeholder = (r: BlockRef): string => `<!--raw-block:${r.src}#${r.n}-->`;

/** the placeholders in a rendered page: groups 1 and 2 are `src` and `n` */
export const PLACEHOLDER_RE = /<!--raw-block:([\w./-]+)#(\d+)-->/g;
