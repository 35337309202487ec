/**
 * The built site's Content-Security-Policy (site/.vitepress/csp.ts) and the page data that
 * VitePress writes into a <script> (site/.vitepress/page-data.ts), without a build;
 * hostile.test.ts checks both in Chromium.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptIds, policy, withCsp } from '../../site/.vitepress/csp.ts';
import { safePageData, withoutScriptEnds } from '../../site/.vitepress/page-data.ts';

const page = (head: string, body: string): string => `<!DOCTYPE html>\n<html>\n  <head>\n    <meta charset="utf-8">\n${head}\n  </head>\n  <body>${body}</body>\n</html>`;
const sha = (code: string): string => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('the Content-Security-Policy', () => {
  it('comes first after the charset and allows only the head scripts of the config, by hash', () => {
    const html = withCsp(
      page(
        '    <script id="check-dark-mode">document.documentElement.classList.add("dark")</script>\n    <script id="other">alert(1)</script>',
        '<script id="check-dark-mode">alert(2)</script><img src=x onerror="alert(3)">',
      ),
      ['check-dark-mode'],
    );
    const meta = /<meta charset="utf-8">\n {4}<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    expect(meta, html).not.toBeNull();
    const scriptSrc = /script-src ([^;]+)/.exec(meta![1]!)![1]!;
    expect(scriptSrc.split(' ').filter((s) => s.startsWith("'sha256-"))).toEqual([sha('document.documentElement.classList.add("dark")')]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });

  it('forbids plugins and other origins', () => {
    const p = policy([]);
    expect(p).toContain("default-src 'self'");
    expect(p).toContain("object-src 'none'");
    expect(p).toContain("base-uri 'self'");
    expect(p).not.toMatch(/\*|https?:/);
  });

  it('reads the inline scripts of the head config', () => {
    expect(inlineScriptIds([['link', { rel: 'icon' }], ['script', { id: 'check-mac-os' }, 'x'], ['script', { src: '/a.js', id: 'a' }], ['script', {}, 'y']])).toEqual(['check-mac-os']);
  });

  it('refuses a page without a head', () => {
    expect(() => withCsp('<html><body></body></html>', [])).toThrow(/without <head>/);
  });
});

describe("a page's data in VitePress's <script>", () => {
  it('holds no </script>, and reads the same', () => {
    const data = { title: 'a</script><script>alert(1)</SCRIPT>', frontmatter: { hero: { actions: [{ text: '</Script>' }] }, n: 1, ok: true }, headers: [] };
    const safe = withoutScriptEnds(data);
    expect(JSON.stringify(safe)).not.toMatch(/<\/script/i);
    expect(JSON.stringify(safe).replace(/\u2060/g, '')).toBe(JSON.stringify(data));
    expect(Object.keys(safePageData(data))).toEqual(['title', 'frontmatter']);
    expect(safePageData({ title: 'plain', frontmatter: {} })).toEqual({});
  });
});
