/**
 * The one module that escapes spec strings for the site (src/docgen/escape.ts), context by
 * context; test/site/hostile.test.ts checks the whole site in Chromium.
 */
import { tmpdir } from 'node:os';
import { createMarkdownRenderer } from 'vitepress';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { attr, codeBlock, esc, escMd, frontmatter, headingText, jsString, mermaidText, shellWord, siteLink, themeItems } from '../../src/docgen/escape.ts';

const HOSTILE = `www.example.com a@b.co :smile: <script>alert(1)</script> <img src=x onerror=alert(1)> " onmouseover="x' {{ 9*111111 }} [a](javascript:alert(1)) %%{init: {}}%% \`\`\` # *_ & \\`;

describe('escaping a spec string for the place it lands in', () => {
  it('HTML text and attributes: no tag, no quote, no blank line', () => {
    expect(esc(HOSTILE)).not.toMatch(/[<>"']/);
    expect(esc('a\n\nb')).toBe('a<br><br>b');
    expect(esc('a\r\rb')).toBe('a<br><br>b');
    expect(attr('a"b\nc')).toBe('a&quot;b&#10;c');
  });

  it("Markdown text reads back as the same characters (VitePress's Markdown)", async () => {
    const md = await createMarkdownRenderer(tmpdir(), {}, '/');
    const text = (s: string) => md.renderInline(s).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(text(escMd(HOSTILE))).toBe(HOSTILE);
    expect(escMd('a\n\nb')).toBe('a b');
    // a heading's text is also out of Vue's reach
    expect(headingText('{{ x }}')).toMatch(/^<span v-pre>.*<\/span>$/);
  });

  it('frontmatter: HTML wherever the default theme uses v-html, also under a new key; the title as Markdown; links checked', () => {
    const fm = parse(
      frontmatter({
        layout: 'home',
        title: '<b>T</b>',
        hero: { name: '<i>n</i>', actions: [{ theme: 'brand', text: '<b>x</b>', link: '/games/g/' }] },
        features: [{ title: '<img src=x onerror=alert(1)>', details: 'a\nb', link: '/games/g/', linkText: 'more <b>' }],
        someday: '<svg onload=alert(1)>',
      }).replace(/^---\n|---\n$/g, ''),
    ) as Record<string, any>;
    expect(fm['title']).toBe('\\<b\\>T\\<\\/b\\>');
    expect(fm['hero'].name).toBe('&lt;i&gt;n&lt;/i&gt;');
    expect(fm['hero'].actions[0].text).toBe('<b>x</b>'); // shown with {{ }} by the theme
    expect(fm['features'][0].title).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(fm['features'][0].details).toBe('a<br>b');
    expect(fm['features'][0].linkText).toBe('more <b>');
    expect(fm['someday']).toBe('&lt;svg onload=alert(1)&gt;');
    expect(() => frontmatter({ features: [{ link: 'javascript:alert(1)' }] })).toThrow(/not a link within the site/);
    expect(() => frontmatter({ layout: 'home" onload="x' })).toThrow(/must be a word/);
  });

  it('nav and sidebar: every text HTML-escaped, every link within the site', () => {
    const items = themeItems([{ text: '<img src=x onerror=alert(1)>', items: [{ text: 'a&b', link: '/x' }] }]);
    expect(items).toEqual([{ text: '&lt;img src=x onerror=alert(1)&gt;', items: [{ text: 'a&amp;b', link: '/x' }] }]);
    expect(() => themeItems([{ text: 'x', link: 'javascript:alert(1)' }])).toThrow();
    expect(siteLink('/games/g/flow#rule-1')).toBe('/games/g/flow#rule-1');
  });

  it('Mermaid: no quote, tag, directive or line break in a label', () => {
    const label = mermaidText(`"] --> x["click n1 call alert(1)" %%{init: {'theme':'dark'}}%%\n<b>`);
    expect(label).not.toMatch(/["<>%\n]/);
    expect(label).toContain('#37;#37;{init');
  });

  it('a code block cannot be closed by its text; a shell word stays one word', () => {
    const block = codeBlock('sh', 'echo\n```\n<img src=x onerror=alert(1)>');
    expect(block.startsWith('````sh\n')).toBe(true);
    expect(block.endsWith('\n````')).toBe(true);
    expect(shellWord('mode=plain')).toBe('mode=plain');
    expect(shellWord(`mode=$(touch /tmp/x) it's`)).toBe(`'mode=$(touch /tmp/x) it'\\''s'`);
  });

  it('a string in a script holds no </script>', () => {
    const s = jsString('../x</script><script>alert(1)</script>?raw');
    expect(s).not.toContain('<');
    expect(JSON.parse(s)).toBe('../x</script><script>alert(1)</script>?raw');
  });
});
