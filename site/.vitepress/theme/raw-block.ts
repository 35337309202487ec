/**
 * `<RawBlock tag="div" class="…" :html="…" />`: the element `tag` with its attributes and `html`
 * as its inner HTML, unread by Vue. `html` is the HTML itself (`vitepress dev`), or, in the built
 * site, where to find it: `{ src, n }`, block `n` of the JSON array of strings at `src` (under the
 * site's base). The site build moves the pages' large blocks there, out of the JavaScript
 * bundles (../pack-blocks.ts):
 * - on the server, the element holds a placeholder comment that the build replaces with the
 *   block (inlineBlocks), so every page's HTML has all its lines;
 * - in the browser, a page loaded in full keeps the lines the server rendered (hydration does
 *   not touch an element's children when its vnode has no children; setting them again would
 *   lose a full page load's `:target` line), and a page entered by client-side navigation
 *   fetches its blocks when it is mounted.
 * A render function, not `v-html` in a template: a compiled `v-html` is set again while the page
 * hydrates, which replaces the server-rendered elements.
 */
import { defineComponent, h, onMounted, ref, type PropType } from 'vue';
import { withBase } from 'vitepress';
import { placeholder, type BlockRef } from './block-ref.ts';

/** one request per file, shared by the blocks of a page (and kept for the next visit) */
const files = new Map<string, Promise<string[]>>();

function fetchBlocks(src: string): Promise<string[]> {
  let p = files.get(src);
  if (p === undefined) {
    p = fetch(withBase(`/${src}`)).then((r) => {
      if (!r.ok) throw new Error(`could not load the page's text from ${src}: HTTP ${r.status}`);
      return r.json() as Promise<string[]>;
    });
    p.catch(() => files.delete(src)); // a failed request is tried again on the next visit
    files.set(src, p);
  }
  return p;
}

export const RawBlock = defineComponent({
  name: 'RawBlock',
  inheritAttrs: false,
  props: {
    tag: { type: String, required: true },
    html: { type: [String, Object] as PropType<string | BlockRef>, required: true },
  },
  setup(props, { attrs }) {
    const el = ref<HTMLElement>();
    const fetched = ref<string>();
    onMounted(() => {
      const r = props.html;
      // a full page load: the server-rendered lines are there; keep them
      if (typeof r === 'string' || (el.value?.childNodes.length ?? 0) > 0) return;
      fetchBlocks(r.src)
        .then((blocks) => {
          const html = blocks[r.n];
          if (typeof html !== 'string') throw new Error(`${r.src} has no block ${r.n}`);
          fetched.value = html;
        })
        .catch((e: Error) => console.error(e.message));
    });
    return () => {
      const r = props.html;
      // no innerHTML while hydrating a server-rendered block: its children are left as they are
      const inner = typeof r === 'string' ? r : typeof window === 'undefined' ? placeholder(r) : fetched.value;
      return h(props.tag, inner === undefined ? { ...attrs, ref: el } : { ...attrs, ref: el, innerHTML: inner });
    };
  },
});
