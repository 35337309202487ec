/**
 * The site build's packing of large v-pre blocks (site/.vitepress/pack-blocks.ts): a page keeps
 * everything it says, only a one-element v-pre block becomes <RawBlock> with that element's tag,
 * attributes and inner HTML; what is not such a block is left as written.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/docgen/site.ts';
import { packPage, splitElement } from '../../site/.vitepress/pack-blocks.ts';
import { loadDoc, REAL_GAME } from '../docgen/helpers.ts';

const long = (s: string): string => s.repeat(60);

/** the page as written, from its packed form: each RawBlock back to the element with v-pre, its block from `blocks` at `src` */
function unpack(md: string, blocks: string[], src: string): string {
  return md.replace(/^<RawBlock tag="([a-z0-9]+)"(.*?) :html="\{src:'([^']+)',n:(\d+)\}" \/>$/gm, (_, tag: string, attrs: string, at: string, n: string) => {
    expect(at).toBe(src);
    return `<${tag}${attrs} v-pre>${blocks[Number(n)]}</${tag}>`;
  });
}

describe('packing the pages\' large v-pre blocks for the site build', () => {
  it('turns a one-element v-pre block into a RawBlock with its inner HTML', () => {
    const inner = long('<span class="x">a &amp; b</span> ');
    const md = `# T {#Top}\n\n<div class="src-lines" data-rule="r1" v-pre>${inner}</div>\n\nend\n`;
    const p = packPage(md)!;
    expect(p.blocks).toEqual([inner]);
    expect(p.md).toContain(`<RawBlock tag="div" class="src-lines" data-rule="r1" :html="{src:'${p.src}',n:0}" />`);
    expect(p.src).toMatch(/^assets\/blocks\/[0-9a-f]{16}\.json$/);
    expect(JSON.parse(p.json)).toEqual(p.blocks);
    expect(unpack(p.md, p.blocks, p.src).trimEnd()).toBe(md.trimEnd());
  });

  it('leaves what is not one large v-pre element as written', () => {
    // two siblings, no v-pre, a short block, an inline root tag, a block in a code fence
    expect(splitElement(`<div v-pre>${long('a')}</div>\n<div v-pre>b</div>`)).toBeUndefined();
    expect(splitElement(`<div v-pre><div>${long('a')}</div></div>`)).toBeDefined();
    expect(splitElement(`<div class="x">${long('a')}</div>`)).toBeUndefined();
    expect(splitElement(`<span v-pre>${long('a')}</span>`)).toBeUndefined();
    expect(packPage('# T\n\n<div v-pre>short</div>\n')).toBeUndefined();
    // a block with a heading (the outline needs it in the page when the page mounts)
    expect(packPage(`# T\n\n<div v-pre><h2 id="x">X</h2>${long('a')}</div>\n`)).toBeUndefined();
    expect(packPage(`# T\n\n\`\`\`html\n\n<div v-pre>${long('a')}</div>\n\n\`\`\`\n`)).toBeUndefined();
  });

  it('keeps every generated page of a real game as it is, once unpacked', () => {
    const { files } = buildSite([loadDoc(REAL_GAME)]);
    let packed = 0;
    for (const [page, md] of files) {
      if (!page.endsWith('.md')) continue;
      const p = packPage(md);
      if (!p) continue;
      packed++;
      expect(unpack(p.md, p.blocks, p.src).trimEnd(), page).toBe(md.trimEnd());
      // what is left for the Vue compiler is a small part of the page
      expect(p.md.length, page).toBeLessThan(md.length);
    }
    expect(packed).toBeGreaterThan(10);
  });
});
