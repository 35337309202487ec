/**
 * No internal names in what a reader reads: where the text of a page mentions an id of its game
 * (a rule's texts and reasons are written by people, who name other rules, options and vars by
 * their ids: "see take-shame-token", "不論overbidBasis為何"), the reader sees the thing's name
 * instead — a rule's title, a var's or option's name (declLabel) — quoted.
 *
 * The ids stay where they are meant for rule editors: in code (`<code>`, code blocks, a rule's
 * id badge), in links and anchors, in the charts' structure (only their labels are text), in the
 * quotes from the seeds. On an English page an id that is one plain word (`round`, `police`) is
 * left alone, since it is an English word too; on a Chinese page such a word is an id where it
 * touches Chinese (`座位變數shown`), and English where it stands among English words (a glossary's
 * English column).
 */
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

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
// not inside a word, an entity (&amp;) or a path (a/b, #a)
const ID = /(?<![\w&#/.-])[a-z][\w]*(?:-[\w]+)*(?![\w/-])/g;
const PLAIN = /^[a-z]+$/;

function nameIn(text: string, names: ReaderNames, lang: Lang): string {
  return text.replace(ID, (id, at: number) => {
    const name = names.get(id);
    if (name === undefined || name === id) return id;
    if (PLAIN.test(id)) {
      if (lang === 'en') return id;
      // a plain word among Chinese is an id; among Latin words, English
      const before = text.slice(0, at).trimEnd().slice(-1);
      const after = text.slice(at + id.length).trimStart().slice(0, 1);
      if (!CJK.test(before) && !CJK.test(after)) return id;
    }
    return lang === 'zh' ? `「${name}」` : `“${name}”`;
  });
}

/**
 * The parts of a generated page a reader reads as text: outside tags, code, anchors, link
 * targets and the verbatim parts; a chart's labels. `name` rewrites each such part.
 */
const PROTECTED = new RegExp(
  [
    '\\uE000[^\\uE001]*\\uE001', // verbatim (locales.ts)
    '<code[^>]*>[\\s\\S]*?</code>',
    '<pre[^>]*>[\\s\\S]*?</pre>',
    '<script[^>]*>[\\s\\S]*?</script>',
    '```(?!mermaid)[\\s\\S]*?```',
    '`[^`\\n]*`',
    '<[^>]*>',
    '\\{#[^}]*\\}',
    '^\\s*link: .*$',
  ].join('|'),
  'gm',
);

/** a page with the ids its text mentions shown by their names (see the module's comment) */
export function withReaderNames(page: string, names: ReaderNames, lang: Lang): string {
  if (names.size === 0) return page;
  const name = (t: string): string => nameIn(t, names, lang);
  // a chart: only the quoted labels of its boxes and arrows are text
  const chart = (src: string): string => src.replace(/([[({|])"([^"]*)"([\])}|])/g, (_m, a: string, label: string, b: string) => `${a}"${name(label)}"${b}`);
  let out = '';
  let at = 0;
  const pieces = /```mermaid\n[\s\S]*?```/g;
  for (const m of page.matchAll(pieces)) {
    out += outside(page.slice(at, m.index), name) + chart(m[0]);
    at = m.index + m[0].length;
  }
  return out + outside(page.slice(at), name);
}

function outside(part: string, name: (t: string) => string): string {
  let out = '';
  let at = 0;
  for (const m of part.matchAll(PROTECTED)) {
    out += name(part.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + name(part.slice(at));
}
