/**
 * Chinese text in one script, Simplified (zh-Hans) or Traditional (zh-Hant), for the pages and
 * screens whose texts come in either: the rulebooks are four Traditional and one Simplified, and
 * so are the rule texts written from them. OpenCC's dictionaries (opencc-js) do the converting.
 *
 * Each run of Chinese characters is converted on its own, since a page puts texts of both scripts
 * side by side (a heading in one, a rule's text in the other):
 * - to Simplified, every run goes through OpenCC's Taiwan → mainland conversion, which leaves
 *   Simplified text as it is (of one Simplified rulebook and the specs written from it, one word
 *   differs: 显著 → 显着);
 * - to Traditional, only a run that holds a character found in no Traditional text (这, 个) is
 *   converted: OpenCC's mainland → Taiwan conversion would change text that is Traditional
 *   already (回合 → 回閤, 只剩 → 隻剩, 干擾 → 幹擾). A run that also holds characters found in
 *   no Simplified text is a mix: only its Simplified-only characters are converted, one by one.
 */
import * as OpenCC from 'opencc-js';

export type Script = 'zh-Hans' | 'zh-Hant';
export const SCRIPTS: readonly Script[] = ['zh-Hans', 'zh-Hant'];

/** a run of CJK ideographs (with the supplementary planes' surrogate pairs) */
const RUN = /(?:[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\ud840-\ud87f][\udc00-\udfff])+/g;

interface Tables {
  toHans: (s: string) => string;
  toHant: (s: string) => string;
  /** characters found in no Traditional text (这): what a Traditional page must not hold */
  simplifiedOnly: Set<string>;
  /** characters found in no Simplified text (這) */
  traditionalOnly: Set<string>;
}

let tables: Tables | undefined;

/** every character on one side of an OpenCC dictionary group ("src dst|src dst", or pairs); `single`: of one-character entries only */
function charsOf(groups: readonly (readonly (string | readonly (readonly [string, string])[])[])[], side: 0 | 1, into: Set<string>, single = false): void {
  for (const group of groups) {
    for (const dict of group) {
      const pairs = typeof dict === 'string' ? dict.split('|').map((e) => e.split(' ')) : dict;
      for (const pair of pairs) {
        const word = pair[side] ?? '';
        if (single && [...word].length !== 1) continue;
        for (const ch of word) into.add(ch);
      }
    }
  }
}

function load(): Tables {
  if (tables) return tables;
  const toHans = OpenCC.Converter({ from: 'tw', to: 'cn' });
  const toHant = OpenCC.Converter({ from: 'cn', to: 'tw' });
  const L = OpenCC.Locale;
  // the characters Traditional text is written with: the Traditional sides of the mainland →
  // Traditional dictionaries, and the Taiwan forms of characters (the Taiwan phrases mix scripts:
  // '这么 这麼'); and the same for Simplified
  const traditional = new Set<string>();
  charsOf(L.from['cn']!, 1, traditional);
  charsOf(L.to['tw']!, 1, traditional);
  charsOf(L.from['tw']!, 0, traditional, true);
  const simplified = new Set<string>();
  charsOf(L.to['cn']!, 1, simplified);
  charsOf(L.from['cn']!, 0, simplified);
  // the characters one script writes differently: the one-character keys of its dictionaries
  const simplifiedOnly = new Set<string>();
  charsOf(L.from['cn']!, 0, simplifiedOnly, true);
  for (const c of simplifiedOnly) if (traditional.has(c)) simplifiedOnly.delete(c);
  const traditionalOnly = new Set<string>();
  charsOf(L.from['tw']!, 0, traditionalOnly, true);
  charsOf(L.to['cn']!, 0, traditionalOnly, true);
  for (const c of traditionalOnly) if (simplified.has(c)) traditionalOnly.delete(c);
  tables = { toHans, toHant, simplifiedOnly, traditionalOnly };
  return tables;
}

function hantRun(run: string, t: Tables): string {
  const chars = [...run];
  if (!chars.some((c) => t.simplifiedOnly.has(c))) return run;
  if (!chars.some((c) => t.traditionalOnly.has(c))) return t.toHant(run);
  return chars.map((c) => (t.simplifiedOnly.has(c) ? t.toHant(c) : c)).join('');
}

/** `text` with its Chinese in `script`; everything else (Latin letters, markup, digits) as it was */
export function inScript(text: string, script: Script): string {
  const t = load();
  return text.replace(RUN, (run) => (script === 'zh-Hans' ? t.toHans(run) : hantRun(run, t)));
}

/**
 * What of `text` does not belong in `script`: for Simplified, each run OpenCC's conversion to
 * Simplified would change; for Traditional, each character found in no Traditional text. Empty
 * when the text is all in the one script. For checks (pages, screens).
 */
export function outOfScript(text: string, script: Script): string[] {
  const t = load();
  const out: string[] = [];
  for (const run of text.match(RUN) ?? []) {
    if (script === 'zh-Hans') {
      if (t.toHans(run) !== run) out.push(run);
    } else out.push(...[...run].filter((c) => t.simplifiedOnly.has(c)));
  }
  return out;
}

/**
 * One character at a time, what `inScript` does to a character on its own: for Simplified, every
 * Traditional character OpenCC writes differently in Simplified; for Traditional, every character
 * found in no Traditional text. For a page that puts texts together as it runs (the play table:
 * its words, the spec's texts and the engine's, joined in the browser), where OpenCC's phrase
 * dictionaries (over a megabyte) are more than the page should load; a character's conversion out
 * of its phrase is the same as in it but for a few (乾/幹 for 干, which Traditional text keeps as it is).
 */
export function scriptChars(script: Script): Record<string, string> {
  const t = load();
  const out: Record<string, string> = {};
  const L = OpenCC.Locale;
  if (script === 'zh-Hant') {
    for (const c of [...t.simplifiedOnly].sort()) {
      const to = t.toHant(c);
      if (to !== c && [...to].length === 1) out[c] = to;
    }
    return out;
  }
  const traditional = new Set<string>();
  charsOf(L.from['tw']!, 0, traditional, true);
  charsOf(L.to['cn']!, 0, traditional, true);
  for (const c of [...traditional].sort()) {
    const to = t.toHans(c);
    if (to !== c && [...to].length === 1) out[c] = to;
  }
  return out;
}
