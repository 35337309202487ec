/**
 * The built site's Content-Security-Policy, as a <meta> element at the start of each page's head
 * (the config's transformHtml; a static host needs no header for it). Scripts come only from the
 * site itself, and the only inline scripts allowed are VitePress's own in the head (the dark-mode
 * and platform checks), by their SHA-256 hashes: a `<script>` or an `onerror=` that got into a
 * page would not run. The site data is a script file of its own (the config's `metaChunk`), not an
 * inline script.
 *
 * 'unsafe-eval' stays: VitePress hands the config's functions to the browser as source text and
 * makes them again with `new Function` (the search's tokenizer and fuzziness, config.mts). It
 * lets a script of the site turn a string into code; it does not let markup run a script.
 * Styles may be inline: Mermaid writes <style> into its charts, Vue and the charts set `style`.
 */
import { createHash } from 'node:crypto';

const HEAD = /^([\s\S]*?<head>)([\s\S]*?)(<\/head>[\s\S]*)$/;
const INLINE_SCRIPT = /<script id="([^"]+)">([\s\S]*?)<\/script>/g;

const hash = (code: string): string => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/** the policy, allowing the given inline scripts by their hashes */
export function policy(inlineScripts: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(inlineScripts.map(hash))].join(' ')} 'unsafe-eval'`.replace(/ {2,}/g, ' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The page with its policy first in its head. `headScriptIds`: the ids of the inline scripts of
 * the site's head config (VitePress adds its own there); only those, in the head, are allowed.
 */
export function withCsp(html: string, headScriptIds: readonly string[]): string {
  const m = HEAD.exec(html);
  if (!m) throw new Error('a page without <head>…</head>: no Content-Security-Policy can be put in it');
  const [, before, head, after] = m as unknown as [string, string, string, string];
  const allowed = [...head.matchAll(INLINE_SCRIPT)].filter((s) => headScriptIds.includes(s[1]!)).map((s) => s[2]!);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(allowed)}">`;
  // before every script: right after the charset, which must come first
  const charset = /^\s*<meta charset="[^"]*">/.exec(head);
  const at = charset ? charset[0].length : 0;
  return `${before}${head.slice(0, at)}\n    ${meta}${head.slice(at)}${after}`;
}

/** the ids of the inline scripts of a site's head config: [tag, attrs, content] entries */
export function inlineScriptIds(head: readonly (readonly [string, Record<string, string>?, string?])[]): string[] {
  return head.filter(([tag, attrs]) => tag === 'script' && attrs?.['src'] === undefined && attrs?.['id'] !== undefined).map(([, attrs]) => attrs!['id']!);
}
