/**
 * `<RawBlock tag="div" class="…" :html="…" />`: the element `tag` with its attributes and `html`
 * as its inner HTML, unread by Vue. The site build writes the pages' large v-pre blocks so
 * (../pack-blocks.ts). A render function, not `v-html` in a template: a compiled `v-html` of a
 * non-constant value is set again while the page hydrates, which replaces the server-rendered
 * elements (a full page load's `:target` line would lose its highlight); an element made by
 * `h()` keeps them.
 */
import { defineComponent, h } from 'vue';

export const RawBlock = defineComponent({
  name: 'RawBlock',
  inheritAttrs: false,
  props: {
    tag: { type: String, required: true },
    html: { type: String, required: true },
  },
  setup(props, { attrs }) {
    return () => h(props.tag, { ...attrs, innerHTML: props.html });
  },
});
