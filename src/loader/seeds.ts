/**
 * The source texts ("seeds") and the proof that a quote stands on the lines it cites.
 * The verdict is an exact text comparison; normalisation is only used to explain a miss.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface SeedInfo {
  /** "000".."004" */
  id: string;
  /** file name under seeds/ */
  file: string;
  /** the game it describes (a slug) */
  game: string;
  /** BCP 47, e.g. zh-Hant */
  language: string;
  script: string;
  /** {en, zh}, or English only */
  title: string | { en: string; zh: string };
  /** number of lines (the last line may lack a final line break) */
  lines: number;
}

export interface SeedRefParts {
  seed: string;
  from: number;
  to: number;
}

/** The result of checking a citation: ok, or what is wrong and with which field. */
export type QuoteCheck =
  | { ok: true }
  | {
      ok: false;
      /** the field to point at */
      field: 'ref' | 'quote';
      message: string;
      hint?: string;
      /** for field "quote": the character of the quote where it stops matching */
      offset?: number;
    };

export const seedsDir = fileURLToPath(new URL('../../seeds/', import.meta.url));

let index: SeedInfo[] | undefined;
let indexProblem: string | undefined;
const linesCache = new Map<string, string[]>();

/** The seed index from seeds/index.yaml (read once). Empty if it cannot be read. */
export function seedIndex(): SeedInfo[] {
  if (index) return index;
  try {
    const data = parse(readFileSync(join(seedsDir, 'index.yaml'), 'utf8')) as { seeds?: SeedInfo[] };
    index = (data.seeds ?? []).map((s) => ({ ...s, id: String(s.id) }));
  } catch (e) {
    indexProblem = `seeds/index.yaml cannot be read: ${(e as Error).message}`;
    index = [];
  }
  return index;
}

export function seedInfo(id: string): SeedInfo | undefined {
  return seedIndex().find((s) => s.id === id);
}

/** When seeds/index.yaml lists `id` but its file cannot be read: what is wrong, naming the file. */
export function seedFileProblem(id: string): string | undefined {
  const info = seedInfo(id);
  if (!info || seedLines(id)) return undefined;
  return `source text ${id} is listed in seeds/index.yaml, but its file seeds/${info.file} cannot be read`;
}

/** The seed's lines (1-based line n is element n-1), or undefined for an unknown id. Cached. */
export function seedLines(id: string): string[] | undefined {
  const cached = linesCache.get(id);
  if (cached) return cached;
  const info = seedInfo(id);
  if (!info) return undefined;
  let text: string;
  try {
    text = readFileSync(join(seedsDir, info.file), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop(); // a final line break ends the last line
  linesCache.set(id, lines);
  return lines;
}

export function parseRef(ref: string): SeedRefParts | undefined {
  const m = /^([0-9]{3}):([0-9]+)(?:-([0-9]+))?$/.exec(ref);
  if (!m) return undefined;
  const from = Number(m[2]);
  return { seed: m[1]!, from, to: m[3] === undefined ? from : Number(m[3]) };
}

const refShape = 'write "<seed id>:<line>" or "<seed id>:<first line>-<last line>", e.g. "003:85" or "003:80-82"';

/** Is the reference well formed, to a known seed, inside the file and in order? */
export function verifyRef(ref: string): QuoteCheck {
  const r = parseRef(ref);
  if (!r) return { ok: false, field: 'ref', message: `"${ref}" is not a line reference`, hint: refShape };
  const lines = seedLines(r.seed);
  if (!lines) {
    const known = seedIndex().map((s) => `${s.id} (${s.game})`).join(', ');
    return {
      ok: false,
      field: 'ref',
      message: `there is no source text with id "${r.seed}"`,
      hint: indexProblem ?? `the ids are: ${known} (see seeds/index.yaml)`,
    };
  }
  if (r.from > r.to) {
    return {
      ok: false,
      field: 'ref',
      message: `the line range ${r.from}-${r.to} runs backwards`,
      hint: `write "${r.seed}:${r.to}-${r.from}"`,
    };
  }
  if (r.from < 1) return { ok: false, field: 'ref', message: 'line numbers start at 1', hint: refShape };
  if (r.to > lines.length) {
    return {
      ok: false,
      field: 'ref',
      message: `line ${r.to} is outside source text ${r.seed}, which has ${lines.length} lines`,
      hint: `check the line number in seeds/${seedInfo(r.seed)!.file}`,
    };
  }
  return { ok: true };
}

/**
 * Does `quote` stand verbatim on the lines `ref` names? The lines are joined with "\n" or with
 * nothing, so a quote may run across a line break.
 */
export function verifyQuote(ref: string, quote: string): QuoteCheck {
  const refCheck = verifyRef(ref);
  if (!refCheck.ok) return refCheck;
  const r = parseRef(ref)!;
  const cited = seedLines(r.seed)!.slice(r.from - 1, r.to);
  if (quote === '') return { ok: false, field: 'quote', message: 'the quote is empty', hint: 'copy the words from the source text' };
  const joins = [cited.join('\n'), cited.join('')];
  if (joins.some((t) => t.includes(quote))) return { ok: true };
  return explainMiss(r, quote, joins);
}

// The quote is not on the cited lines: say where it is, or how it differs.
function explainMiss(r: SeedRefParts, quote: string, joins: string[]): QuoteCheck {
  const where = r.from === r.to ? `line ${r.from}` : `lines ${r.from}-${r.to}`;
  const head = `the quote does not stand on ${where} of source text ${r.seed}`;

  const elsewhere = findInSeed(r.seed, quote, (s) => s);
  if (elsewhere.length > 0) {
    const first = elsewhere[0]!;
    const others = elsewhere.length > 1 ? ` (it is also on ${elsewhere.slice(1).map(lineLabel).join(', ')})` : '';
    return { ok: false, field: 'ref', message: head, hint: `found on ${lineLabel(first)}: use ref "${refOf(r.seed, first)}"${others}` };
  }

  const near = nearMiss(joins, quote);
  if (near !== undefined) {
    return {
      ok: false,
      field: 'quote',
      message: `${head}: it differs from the text only in punctuation (full-width/half-width) or spaces`,
      hint: `the text reads "${near}": copy it exactly`,
    };
  }
  const nearElsewhere = findInSeed(r.seed, quote, normalizeLoose);
  if (nearElsewhere.length > 0) {
    const at = nearElsewhere[0]!;
    return {
      ok: false,
      field: 'quote',
      message: `${head}; something close is on ${lineLabel(at)}, differing only in punctuation (full-width/half-width) or spaces`,
      hint: `copy the words exactly from ${lineLabel(at)} and use ref "${refOf(r.seed, at)}"`,
    };
  }

  // Longest prefix of the quote that does stand there: the rest is where it goes wrong.
  let best = 0;
  let bestText = '';
  let bestAt = 0;
  for (const t of joins) {
    let lo = best;
    while (lo < quote.length && t.includes(quote.slice(0, lo + 1))) lo++;
    if (lo > best) {
      best = lo;
      bestText = t;
      bestAt = t.indexOf(quote.slice(0, lo));
    }
  }
  if (best === 0) {
    const first = (joins[0] ?? '').split('\n')[0] ?? '';
    return {
      ok: false,
      field: 'quote',
      message: `${head}: not even its first character "${quote[0]}" is there`,
      hint: `is the line number right? ${where} begins "${clip(first, 30)}"`,
    };
  }
  const textGoesOn = bestText.slice(bestAt + best, bestAt + best + 12);
  return {
    ok: false,
    field: 'quote',
    message: `${head}: it matches up to "${tail(quote.slice(0, best), 12)}", then the quote has "${clip(quote.slice(best), 12)}"${
      textGoesOn ? ` where the text has "${clip(textGoesOn, 12)}"` : ' but the cited lines end there'
    }`,
    hint: 'copy the words from the source text character for character (same punctuation and spaces)',
    offset: best,
  };
}

interface LineSpan {
  from: number;
  to: number;
}

function lineLabel(s: LineSpan): string {
  return s.from === s.to ? `line ${s.from}` : `lines ${s.from}-${s.to}`;
}
function refOf(seed: string, s: LineSpan): string {
  return s.from === s.to ? `${seed}:${s.from}` : `${seed}:${s.from}-${s.to}`;
}
function clip(s: string, n: number): string {
  return s.length > n ? s.slice(0, n) + '…' : s;
}
function tail(s: string, n: number): string {
  return s.length > n ? '…' + s.slice(-n) : s;
}

// Every place in the seed where norm(quote) occurs in norm(text), for both ways of joining lines.
function findInSeed(seed: string, quote: string, norm: (s: string) => string): LineSpan[] {
  const lines = seedLines(seed) ?? [];
  const q = norm(quote);
  if (q === '') return [];
  const found: LineSpan[] = [];
  for (const sep of ['\n', '']) {
    // line number of every character of the joined text, to turn a match back into lines
    let text = '';
    const lineOf: number[] = [];
    lines.forEach((l, i) => {
      const piece = norm(l) + (i < lines.length - 1 ? sep : '');
      text += piece;
      for (let k = 0; k < piece.length; k++) lineOf.push(i + 1);
    });
    for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + 1)) {
      const span = { from: lineOf[at]!, to: lineOf[at + q.length - 1]! };
      if (!found.some((f) => f.from === span.from && f.to === span.to)) found.push(span);
    }
  }
  return found.sort((a, b) => a.from - b.from || a.to - b.to);
}

// Full-width and half-width punctuation and letters compare equal; spaces are ignored.
const punctuation: Record<string, string> = {
  '。': '.', '、': ',', '「': '"', '」': '"', '『': '"', '』': '"', '“': '"', '”': '"',
  '‘': "'", '’': "'", '〔': '[', '〕': ']', '【': '[', '】': ']', '《': '<', '》': '>', '〈': '<', '〉': '>',
  '—': '-', '–': '-', '－': '-', '·': '.', '・': '.',
};
export function normalizeLoose(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFKC')) {
    if (/\s/u.test(ch)) continue;
    out += punctuation[ch] ?? ch;
  }
  return out;
}

// When norm(quote) occurs in norm(text), return the exact original text it corresponds to.
function nearMiss(joins: string[], quote: string): string | undefined {
  const q = normalizeLoose(quote);
  if (q === '') return undefined;
  for (const t of joins) {
    let norm = '';
    const origin: number[] = []; // start index in t of each normalized character
    for (let i = 0; i < t.length; ) {
      const cp = t.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      const n = normalizeLoose(ch);
      for (let k = 0; k < n.length; k++) origin.push(i);
      norm += n;
      i += ch.length;
    }
    const at = norm.indexOf(q);
    if (at < 0) continue;
    const start = origin[at]!;
    const endNorm = at + q.length;
    const end = endNorm < origin.length ? origin[endNorm]! : t.length;
    return t.slice(start, end).replace(/\s+$/u, '');
  }
  return undefined;
}

/** For coverage pages: per seed id, the set of line numbers cited by some `source` in the spec. */
export function citedLines(spec: unknown): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      v.forEach(visit);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v)) {
      if (k === 'source' && Array.isArray(child)) {
        for (const c of child) {
          const r = typeof c?.ref === 'string' ? parseRef(c.ref) : undefined;
          const max = r ? (seedLines(r.seed)?.length ?? 0) : 0;
          if (!r || max === 0) continue;
          let set = out.get(r.seed);
          if (!set) out.set(r.seed, (set = new Set()));
          for (let n = Math.max(1, r.from); n <= Math.min(r.to, max); n++) set.add(n);
        }
      } else visit(child);
    }
  };
  visit(spec);
  return out;
}
