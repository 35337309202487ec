/**
 * The glossary of a game, derived from its data: the Chinese and English names of the game,
 * cards and places; the "Label: …" terms that open a rule text in both languages (e.g.
 * "Special powers variant: …" / "特殊能力變體：…"); the answers of decisions (choice labels);
 * and, when a spec has one, a `glossary:` section. Each Chinese term is looked up in the game's
 * source texts, so the page shows where it stands and how that text spells it.
 */
import { normalizeLoose, seedLines } from '../loader/seeds.ts';
import { walkEffects } from '../effects/walk.ts';
import type { Effect, Text } from '../loader/types.generated.ts';
import type { GameDoc } from './model.ts';
import { spaceSets, textLabel } from './readings/reader.ts';

export type TermKind = 'game' | 'card' | 'place' | 'term' | 'choice' | 'data';
export const TERM_KINDS: readonly TermKind[] = ['game', 'card', 'place', 'term', 'choice', 'data'];

export interface Occurrence {
  seed: string;
  line: number;
  /** the words as that text writes them */
  spelling: string;
}

export interface GlossaryEntry {
  /** Chinese terms: the spec's, then the texts' own spellings */
  zh: string[];
  en: string[];
  kind: TermKind;
  /** anchors of the rules the term comes from */
  ids: string[];
  found: Occurrence[];
}

export interface NameEntry {
  id: string;
  section: string;
  text: Text;
}

export interface Glossary {
  terms: GlossaryEntry[];
  /** the identifiers the rule readings use, with what they stand for */
  names: NameEntry[];
}

const MAX_FOUND = 6;
const NAME_SECTIONS = ['options', 'spaces', 'vars', 'seatVars', 'zones', 'functions'];

/** the optional `glossary:` section (not in the schema yet): [{en, zh, ids?}] with strings or lists */
interface GlossaryData {
  en: string | string[];
  zh: string | string[];
  ids?: string[];
}

export function buildGlossary(doc: GameDoc): Glossary {
  const spec = doc.spec;
  const byZh = new Map<string, GlossaryEntry>();
  const add = (kind: TermKind, en: string[], zh: string[], id: string | undefined) => {
    const key = zh[0]!;
    let e = byZh.get(key);
    if (!e) byZh.set(key, (e = { zh: [], en: [], kind, ids: [], found: [] }));
    for (const z of zh) if (!e.zh.includes(z)) e.zh.push(z);
    for (const x of en) if (!e.en.includes(x)) e.en.push(x);
    if (id !== undefined && !e.ids.includes(id)) e.ids.push(id);
  };

  add('game', [doc.name.en], [doc.name.zh], 'Game');
  for (const c of spec.cards ?? []) {
    if (c.name) add('card', [c.name.en], [c.name.zh], c.id);
    const front = (c as { front?: { name: Text } }).front;
    if (front) add('card', [front.name.en], [front.name.zh], c.id);
  }
  for (const set of spaceSets(spec)) for (const item of set.items) if (item.name) add('place', [item.name.en], [item.name.zh], set.id);
  for (const n of doc.nodes) {
    const en = textLabel(n.node.text, 'en');
    const zh = textLabel(n.node.text, 'zh');
    if (en && zh) add('term', [en], [zh], n.anchor);
  }
  for (const n of doc.nodes) {
    for (const ch of chooses(n.node.do)) {
      for (const t of Object.values(ch.labels ?? {})) add('choice', [t.en], [t.zh], n.anchor);
    }
  }
  const data = (spec as { glossary?: GlossaryData[] }).glossary;
  for (const g of Array.isArray(data) ? data : []) {
    const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);
    add('data', list(g.en), list(g.zh), g.ids?.[0]);
  }

  const seeds = spec.game?.seeds ?? [];
  const terms = [...byZh.values()];
  for (const t of terms) {
    t.found = findTerm(seeds, t.zh);
    if (t.found.length === 0) t.found = findTerm(seeds, t.en);
    for (const f of t.found) if (!t.zh.includes(f.spelling) && !t.en.includes(f.spelling)) t.zh.push(f.spelling);
  }
  terms.sort((a, b) => TERM_KINDS.indexOf(a.kind) - TERM_KINDS.indexOf(b.kind));

  const names: NameEntry[] = doc.nodes
    .filter((n) => NAME_SECTIONS.includes(n.section) && n.node.text)
    .map((n) => ({ id: n.id, section: n.section, text: n.node.text! }));
  return { terms, names };
}

/** the choose effects of a rule's own effects (not inside nested rules, which have their own entry) */
function chooses(effects: readonly Effect[] | undefined): Extract<Effect, { choose: string }>[] {
  const out: Extract<Effect, { choose: string }>[] = [];
  walkEffects(effects, (e) => {
    if ('choose' in e) out.push(e);
  }, (b) => !b.rule);
  return out;
}

/** where any of `terms` stands in the seeds: exactly, or differing only in punctuation/width/spaces */
export function findTerm(seeds: readonly string[], terms: readonly string[]): Occurrence[] {
  const out: Occurrence[] = [];
  const loose = terms.filter((t) => t.trim() !== '').map((term) => ({ term, folded: normalizeLoose(term) })); // each term folded once, not once per line
  for (const seed of seeds) {
    const lines = seedLines(seed) ?? [];
    lines.forEach((text, i) => {
      if (out.length >= MAX_FOUND) return;
      for (const { term, folded } of loose) {
        const spelling = text.includes(term) ? term : foldedMatch(text, folded);
        if (spelling !== undefined) {
          out.push({ seed, line: i + 1, spelling });
          return;
        }
      }
    });
  }
  return out;
}

/** the exact words of `text` that equal `term` once punctuation, width and spaces are ignored */
export function looseMatch(text: string, term: string): string | undefined {
  return foldedMatch(text, normalizeLoose(term));
}

/** looseMatch with the term already folded */
function foldedMatch(text: string, q: string): string | undefined {
  if (q === '') return undefined;
  const { norm, origin } = looseLine(text);
  const at = norm.indexOf(q);
  if (at < 0) return undefined;
  const start = origin[at]!;
  const endNorm = at + q.length;
  const end = endNorm < origin.length ? origin[endNorm]! : text.length;
  return text.slice(start, end).trim();
}

/**
 * A seed line with punctuation, width and spaces folded, and where each folded character came
 * from. Every term of every game is looked for in every seed line, so each line is folded once
 * per process (it was folded again for each term: most of the site generator's time).
 */
function looseLine(text: string): { norm: string; origin: number[] } {
  const cached = looseLines.get(text);
  if (cached) return cached;
  let norm = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const n = normalizeLoose(ch);
    for (let k = 0; k < n.length; k++) origin.push(i);
    norm += n;
    i += ch.length;
  }
  const line = { norm, origin };
  looseLines.set(text, line);
  return line;
}

const looseLines = new Map<string, { norm: string; origin: number[] }>();
