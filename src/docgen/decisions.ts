/**
 * A chart's decision (a diamond) in words. The reader words a condition from its structure; a
 * chart knows more than the bare condition, and says it:
 * - a local that holds a player's answer (`choose … as: a` with labels) compared with one of the
 *   answers reads as the answer's label: `a == "sell"` → chose “Sell loot to a fence”;
 * - an on/off game variable with a text reads as that text, not its id: `not skipC` → not
 *   “the current player robbed, so phase C is skipped this turn”;
 * - in a loop over a fixed list of words (`forEach: '["villa", "main"]'`), drawn once per word,
 *   a comparison of the loop's name with a word is already decided, so it is left out of the
 *   condition, and a branch that cannot be taken is not drawn.
 */
import type { Ast, BinaryNode } from '../expr/ast.ts';
import type { Spec, Text } from '../loader/types.generated.ts';
import type { Lang } from './i18n.ts';
import { parse } from './readings/reader.ts';
import { shortText } from './short-text.ts';

/** what a chart knows about the names in scope while it draws */
export interface Bindings {
  /** a local holding a player's answer: the labels of the answers */
  answers: Map<string, Record<string, Text>>;
  /** a local of a loop over fixed words, drawn for one of them */
  fixed: Map<string, string>;
}

export function emptyBindings(): Bindings {
  return { answers: new Map(), fixed: new Map() };
}

/** the words of a fixed list of strings (`'["villa", "main"]'`), else undefined */
export function fixedWords(list: unknown): string[] | undefined {
  if (typeof list !== 'string') return undefined;
  let n: Ast;
  try {
    n = parse(list);
  } catch {
    return undefined;
  }
  if (n.kind !== 'List' || n.items.length === 0 || n.items.length > 4) return undefined;
  const words = n.items.map((i) => (i.kind === 'String' ? i.value : undefined));
  return words.every((w) => w !== undefined) ? (words as string[]) : undefined;
}

/** a comparison of a fixed loop name with a word: its value; else undefined */
function decided(n: Ast, b: Bindings): boolean | undefined {
  if (n.kind !== 'Binary' || (n.op !== '==' && n.op !== '!=')) return undefined;
  const pair = (x: Ast, y: Ast) => (x.kind === 'Name' && y.kind === 'String' && b.fixed.has(x.name) ? b.fixed.get(x.name) === y.value : undefined);
  const eq = pair(n.left, n.right) ?? pair(n.right, n.left);
  return eq === undefined ? undefined : n.op === '==' ? eq : !eq;
}

/** the condition with what is already decided folded away: true, false, or what is left to decide */
export function fold(n: Ast, b: Bindings): boolean | Ast {
  const known = decided(n, b);
  if (known !== undefined) return known;
  if (n.kind === 'Unary' && n.op === 'not') {
    const x = fold(n.operand, b);
    return typeof x === 'boolean' ? !x : x === n.operand ? n : { ...n, operand: x };
  }
  if (n.kind === 'Binary' && (n.op === 'and' || n.op === 'or')) {
    const l = fold(n.left, b);
    const r = fold(n.right, b);
    const absorbing = n.op === 'or';
    if (l === absorbing || r === absorbing) return absorbing;
    if (typeof l === 'boolean') return r;
    if (typeof r === 'boolean') return l;
    return l === n.left && r === n.right ? n : ({ ...n, left: l, right: r } as BinaryNode);
  }
  return n;
}

const QUOTE: Record<Lang, (s: string) => string> = { en: (s) => `“${s}”`, zh: (s) => `「${s}」` };
const CHOSE: Record<Lang, (label: string, not: boolean) => string> = {
  en: (l, not) => (not ? `did not choose “${l}”` : `chose “${l}”`),
  zh: (l, not) => (not ? `沒有選「${l}」` : `選了「${l}」`),
};

/** the text of an on/off variable, after its "Label: " (Two players: …) */
function varWords(t: Text, lang: Lang): string {
  const s = t[lang].replace(/^[^:：]{1,24}[:：]\s*/u, '');
  return shortText(s, lang, lang === 'zh' ? 24 : 48).replace(/[.。]$/u, '');
}

/**
 * The reader's `phrase` hook for a chart: words for the parts of a condition the chart knows
 * better than the bare reader (undefined: read it as usual).
 */
export function decisionPhrase(spec: Spec, lang: Lang, b: Bindings): (n: Ast) => string | undefined {
  const boolVars = new Map((spec.vars ?? []).filter((v) => v.type === 'bool' && v.text).map((v) => [v.id, v.text!]));
  return (n) => {
    if (n.kind === 'Binary' && (n.op === '==' || n.op === '!=')) {
      const pick = (x: Ast, y: Ast) => (x.kind === 'Name' && y.kind === 'String' ? b.answers.get(x.name)?.[y.value] : undefined);
      const label = pick(n.left, n.right) ?? pick(n.right, n.left);
      if (label) return CHOSE[lang](label[lang], n.op === '!=');
    }
    if (n.kind === 'Name' && !b.answers.has(n.name) && !b.fixed.has(n.name)) {
      const t = boolVars.get(n.name);
      if (t) return QUOTE[lang](varWords(t, lang));
    }
    return undefined;
  };
}
