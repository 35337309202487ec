/**
 * The config's transformPageData: no `</script` in a page's data.
 *
 * VitePress writes each page's data (its title, its frontmatter, its headings) into the page's Vue
 * source as `export const __pageData = JSON.parse("…")` inside a `<script>` block, and JSON does
 * not escape `</`: a `</script>` in a page's title (a game's name, from a spec) ends that block
 * there, and the rest of the data is read as the page's template (VitePress 1.6.4; the build then
 * fails, or worse). The title is the one string the generator cannot escape for that place:
 * VitePress reads the frontmatter's title as Markdown and writes the text it finds, so `&lt;`
 * or `\<` come back as `<`. Here a word joiner (U+2060, shown as nothing) goes between `<` and `/`
 * of every `</script` in the data, so the text reads the same and the block stays whole.
 * Everything else the generator writes is escaped for its place in src/docgen/escape.ts.
 */

const END_OF_SCRIPT = /<(\/script)/gi;
const WORD_JOINER = '\u2060';

/** `value` with every string's `</script` broken by a word joiner (plain data: objects, arrays, strings) */
export function withoutScriptEnds<T>(value: T): T {
  if (typeof value === 'string') return value.replace(END_OF_SCRIPT, `<${WORD_JOINER}$1`) as T;
  if (Array.isArray(value)) return value.map(withoutScriptEnds) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutScriptEnds(v)])) as T;
  }
  return value;
}

/** for VitePress's transformPageData: the fields of the page's data that changed */
export function safePageData(pageData: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(pageData)) {
    const safe = withoutScriptEnds(v);
    if (JSON.stringify(safe) !== JSON.stringify(v)) out[k] = safe;
  }
  return out;
}
