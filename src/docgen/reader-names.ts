/**
 * No internal names in what a reader reads: where the text of a page mentions an id of its game
 * (a rule's texts and reasons are written by people, who name other rules, options and vars by
 * their ids: "see take-shame-token", "不論overbidBasis為何"), the reader sees the thing's name
 * instead — a rule's title, a var's or option's name (declLabel) — quoted.
 *
 * The ids stay where they are meant for rule editors: in code (`<code>`, code blocks, a rule's
 * id badge), in links and anchors, in the charts' structure (only their labels are text), in the
 * quotes from the seeds, in the frontmatter. A text's own backticks (`shows`) are not code: the
 * pages show texts as written, so an id there is named like any other (its backticks dropped). On an English page an id that is one plain word (`round`, `police`) is
 * left alone, since it is an English word too; on a Chinese page such a word is an id where it
 * touches Chinese (`座位變數shown`), and English where it stands among English words (a glossary's
 * English column).
 */
import { esc, escMd, mermaidText } from './escape.ts';
import type { Lang } from './i18n.ts';
import { nodeTitle } from './context.ts';
import type { GameDoc } from './model.ts';
import { declLabel, type Declared } from './readings/events.ts';
import { spaceSets } from './readings/reader.ts';

/** id → the name a reader knows it by, for one game in one language */
export type ReaderNames = ReadonlyMap<string, string>;

/** every id of the game with the name a reader sees for it */
export function readerNames(game: GameDoc, lang: Lang): ReaderNames {
  const out = new Map<string, string>();
  const s = game.spec;
  for (const n of game.nodes) if (n.kind === 'rule' && n.id.length > 1) out.set(n.id, nodeTitle(n, lang));
  const declared: Declared[] = [...(s.options ?? []), ...(s.vars ?? []), ...(s.seatVars ?? []), ...(s.zones ?? []), ...(s.functions ?? []), ...spaceSets(s)];
  for (const d of declared) if (d.id.length > 1) out.set(d.id, declLabel(d, lang));
  for (const set of spaceSets(s)) for (const item of set.items) if (item.name && item.id.length > 1) out.set(item.id, item.name[lang]);
  return out;
}

// an id, not inside a word, an entity (&amp;) or a path (a/b, #a); its hyphens may be escaped for Markdown (a heading: take\-shame\-token)
// (a Markdown escape after it, `reorderLastTurn\=final`, ends it; an escaped hyphen continues it)
const ID = /(?<![\w&#/.\\-])[a-z][\w]*(?:\\?-[\w]+)*(?![\w/-]|\\-)/g;
// the same set in backticks (`shows`, in a heading \`shows\`)
const TICKED = /\\?`([a-z]\w*(?:\\?-\w+)*)\\?`/g;
const PLAIN = /^[a-z]+$/;

/**
 * `escape`: how a name (a spec's text) is written where it lands (HTML text, a chart's label, a
 * heading's Markdown). On an English page a plain word is English: only an id with a capital,
 * a digit or a hyphen is named there.
 */
function nameIn(text: string, names: ReaderNames, lang: Lang, escape: (s: string) => string): string {
  const quoted = (name: string): string => escape(lang === 'zh' ? `「${name}」` : `“${name}”`);
  const named = (written: string, whole: string): string => {
    const id = written.replace(/\\/g, '');
    const name = names.get(id);
    if (name === undefined || name === id || (lang === 'en' && PLAIN.test(id))) return whole;
    return quoted(name);
  };
  // an id the text sets in backticks (the texts are shown as written, backticks and all): its name, without them
  return text.replace(TICKED, (m, id: string) => named(id, m)).replace(ID, (id) => named(id, id));
}

/** a plain text (no markup: a worked example's words for the play table) with the ids it mentions by their names */
export function withNamesInText(text: string, names: ReaderNames, lang: Lang): string {
  return nameIn(text, names, lang, (x) => x);
}

/**
 * The parts of a generated page a reader reads as text: outside tags, code, anchors, link
 * targets and the verbatim parts; a chart's labels. `name` rewrites each such part.
 */
const PROTECTED_PARTS = [
  '\\uE000[^\\uE001]*\\uE001', // verbatim (locales.ts)
  '<code[^>]*>[\\s\\S]*?</code>',
  '<pre[^>]*>[\\s\\S]*?</pre>',
  '<script[^>]*>[\\s\\S]*?</script>',
  '```(?!mermaid)[\\s\\S]*?```',
  '<[^>]*>',
  '\\{#[^}]*\\}',
];
/** on a Chinese page, text marked as English (a glossary's English column, a reason given in English only) is English */
const ENGLISH = '<(\\w+)[^>]*\\blang="en"[^>]*>[\\s\\S]*?</\\1>';
const protectedIn = (lang: Lang, headings: boolean): RegExp =>
  new RegExp([...(headings ? ['^#{1,6} .*$'] : []), ...(lang === 'zh' ? [ENGLISH] : []), ...PROTECTED_PARTS].join('|'), 'gm');

/** a page with the ids its text mentions shown by their names (see the module's comment) */
export function withReaderNames(page: string, names: ReaderNames, lang: Lang): string {
  if (names.size === 0) return page;
  const name = (t: string): string => nameIn(t, names, lang, esc);
  const headingName = (t: string): string => nameIn(t, names, lang, escMd);
  // a chart: only the quoted labels of its boxes and arrows are text (Mermaid's entities in them)
  const label = (t: string): string => nameIn(t, names, lang, mermaidText);
  const chart = (src: string): string => src.replace(/([[({|>/])"([^"]*)"(\/?[\])}|])/g, (_m, a: string, text: string, b: string) => `${a}"${label(text)}"${b}`);
  // the frontmatter is YAML the page's title and the home page's cards are written in: left as it is
  const front = /^---\n[\s\S]*?\n---\n/.exec(page)?.[0] ?? '';
  const body = page.slice(front.length).replace(/^#{1,6} .*$/gm, (line) => outside(line, headingName, protectedIn(lang, false)));
  const protect = protectedIn(lang, true);
  let out = front;
  let at = 0;
  const pieces = /```mermaid\n[\s\S]*?```/g;
  for (const m of body.matchAll(pieces)) {
    out += outside(body.slice(at, m.index), name, protect) + chart(m[0]);
    at = m.index + m[0].length;
  }
  return out + outside(body.slice(at), name, protect);
}

function outside(part: string, name: (t: string) => string, protect: RegExp): string {
  let out = '';
  let at = 0;
  for (const m of part.matchAll(protect)) {
    out += name(part.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + name(part.slice(at));
}
