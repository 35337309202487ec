/**
 * Every string of a spec (a game's names and texts, an option's values, a seed's title, a
 * scenario's answers…) reaches the rules site through one of these functions, one per place it
 * lands in. No spec text becomes markup or code: each function writes its string so that the
 * place shows it as the same characters, whatever they are.
 *
 * | place | function | what it does |
 * |---|---|---|
 * | HTML text, in the page's HTML blocks (`v-pre`: Vue reads no `{{ }}` there) | `esc` | `& < > " '` as entities; a line break `<br>` (a blank line would end the block) |
 * | a quoted HTML attribute value | `attr` | the same, a line break as `&#10;` |
 * | Markdown inline text (a heading; the frontmatter's title, which VitePress reads as Markdown) | `escMd` | every ASCII punctuation mark backslash-escaped, white space as one space |
 * | a page heading (Markdown, outside any HTML block, where Vue reads `{{ }}`) | `headingText` | `escMd` inside `<span v-pre>` |
 * | the frontmatter (YAML; VitePress's default theme shows the home page's hero and cards with `v-html`) | `frontmatter` | YAML by the yaml library; every string HTML-escaped, also under a key added later, but the page's `title` (Markdown), the texts the theme escapes itself (a button's text), VitePress's words (checked) and links (checked: a site path) |
 * | the nav and sidebars (theme config, shown with `v-html`) | `themeItems` | every `text` HTML-escaped, every `link` checked |
 * | a Mermaid label (a quoted string in the chart's source) | `mermaidText` | `# " < > & \` %` as Mermaid's `#code;` entities (no HTML, no `%%{init}` directive), white space as one space |
 * | a fenced code block | `codeBlock` | a fence longer than any run of backticks in the text |
 * | a word of a shell command shown for copying | `shellWord` | single quotes when it holds anything but safe characters |
 * | a string in a script (`import x from '…'` in a page's `<script setup>`) | `jsString` | a JSON string with `<` as `\u003c` (no `</script>`) |
 *
 * VitePress itself writes each page's data (its title) into a `<script>` of the page's Vue source
 * without escaping `</script>` there: site/.vitepress/page-data.ts breaks that sequence, as the
 * config's transformPageData (the title cannot be escaped here: VitePress decodes it). The built
 * pages' Content-Security-Policy (site/.vitepress/csp.ts) is a second wall behind these, not a
 * substitute: test/site/hostile.test.ts fails on any markup of a spec that reaches a page.
 */
import { stringify } from 'yaml';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const LINE_BREAK = /\r\n|\r|\n/g;

/** HTML text (and attribute values): `& < > " '` as entities; a line break becomes <br> (an HTML block may not hold a blank line) */
export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => htmlEscapes[c]!).replace(LINE_BREAK, '<br>');
}

/** a quoted HTML attribute value: as `esc`, a line break as a character reference */
export function attr(s: string): string {
  return s.replace(/[&<>"']/g, (c) => htmlEscapes[c]!).replace(LINE_BREAK, '&#10;');
}

/**
 * inline Markdown text (a heading, the frontmatter's title): every ASCII punctuation mark
 * backslash-escaped (CommonMark reads `\\x` as x for all of them), so no emphasis, link, autolink,
 * emoji, HTML, entity or attribute (`{#id}`) is read in it; white space as one space
 */
export function escMd(s: string): string {
  return s.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/**
 * A heading's text: Markdown-escaped, inside a `v-pre` span, because a heading is Markdown,
 * not one of the page's HTML blocks, and Vue would evaluate a `{{ }}` in it.
 */
export function headingText(s: string): string {
  return `<span v-pre>${escMd(s)}</span>`;
}

/** a link of the site's own: a path from its root, or an anchor on the page (never a scheme such as `javascript:`) */
export function siteLink(url: string): string {
  if (!/^(\/|#)[\w\-./#%~]*$/.test(url)) throw new Error(`not a link within the site: ${JSON.stringify(url)}`);
  return url;
}

/**
 * The frontmatter's strings that are no HTML, by their path (array indexes left out): the page's
 * title (Markdown: VitePress reads it as Markdown for the page's <title>), texts the default
 * theme shows as text (`{{ }}`, which Vue escapes), fixed words of VitePress, links. Every other
 * string, under any key, also one added later, is HTML: the default theme shows the home page's
 * hero (name, text, tagline) and its feature cards (title, details, icon) with `v-html`.
 */
const FRONTMATTER_NOT_HTML: Readonly<Record<string, 'markdown' | 'text' | 'word'>> = {
  title: 'markdown',
  'hero.actions.text': 'text',
  'features.linkText': 'text',
  layout: 'word',
  'hero.actions.theme': 'word',
};

function frontmatterValue(path: string[], v: unknown): unknown {
  if (typeof v === 'string') {
    const at = path.join('.');
    if (path[path.length - 1] === 'link') return siteLink(v);
    switch (FRONTMATTER_NOT_HTML[at]) {
      case 'markdown':
        return escMd(v);
      case 'text':
        return v;
      case 'word':
        if (!/^[a-z][a-z-]*$/.test(v)) throw new Error(`frontmatter ${at} must be a word, not ${JSON.stringify(v)}`);
        return v;
      default:
        return esc(v);
    }
  }
  if (Array.isArray(v)) return v.map((x) => frontmatterValue(path, x));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, frontmatterValue([...path, k], x)]));
  return v;
}

/** A page's YAML frontmatter, from raw strings, each escaped for how VitePress shows it (FRONTMATTER_NOT_HTML). */
export function frontmatter(data: Record<string, unknown>): string {
  return `---\n${stringify(frontmatterValue([], data), { lineWidth: 0 }).trimEnd()}\n---\n`;
}

/** a nav or sidebar item of the theme config, from raw strings */
export interface ThemeItem {
  text: string;
  link?: string;
  items?: ThemeItem[];
  collapsed?: boolean;
}

/** nav and sidebar items for the theme config, which the default theme shows with `v-html`: each text HTML-escaped, each link checked */
export function themeItems(items: readonly ThemeItem[]): ThemeItem[] {
  return items.map((i) => ({
    ...i,
    text: esc(i.text),
    ...(i.link !== undefined ? { link: siteLink(i.link) } : {}),
    ...(i.items !== undefined ? { items: themeItems(i.items) } : {}),
  }));
}

const mermaidEscapes: Record<string, string> = { '#': '#35;', '"': '#quot;', '<': '#lt;', '>': '#gt;', '&': '#amp;', '`': '#96;', '%': '#37;' };

/**
 * Text inside a quoted Mermaid label (`n1["…"]`): no quote ends it, no HTML or Markdown is read
 * in it, no `%%{init: …}%%` directive is seen in it (Mermaid looks for those anywhere in the
 * source); Mermaid shows each `#code;` as its character.
 */
export function mermaidText(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/[#"<>&`%]/g, (c) => mermaidEscapes[c]!);
}

/** a fenced code block: its fence is longer than any run of backticks in the text, so the text cannot end it */
export function codeBlock(lang: string, text: string): string {
  if (!/^[a-z]*$/.test(lang)) throw new Error(`a code block's language is a word, not ${JSON.stringify(lang)}`);
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** one word of a POSIX shell command, as the shell reads it: single-quoted unless it holds only safe characters */
export function shellWord(s: string): string {
  if (/^[\w@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** a JavaScript string literal that may stand inside an HTML <script> (or a Vue <script setup>) */
export function jsString(s: string): string {
  return JSON.stringify(s).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
