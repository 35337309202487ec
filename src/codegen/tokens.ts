/**
 * The grammar generated source must keep, checked token by token before `new Function` sees it:
 * fixed keywords and punctuators, the generator's own names (the parameters `c L K R`, locals
 * `v<digits>`), property names from a fixed list, and unsigned integers. Anything else — a quote
 * of any kind, a backslash, a comment, a character outside printable ASCII, an identifier the
 * generator never makes — refuses the whole source. It is the second lock: the emitter already
 * prints only such tokens, so a refusal is an internal error (and the closures are kept).
 */

export const KEYWORDS: ReadonlySet<string> = new Set(['function', 'const', 'let', 'return', 'if', 'else', 'for', 'break', 'try', 'catch', 'throw', 'null', 'true', 'false', 'switch', 'case', 'continue', 'default', 'finally']);

/**
 * `c` the run context, `L` its locals, `K` the constants table, `R` the runtime helpers, `W` the
 * work budget (`R.work`, src/expr/budget.ts); in a block
 * (blocks.ts) `M` the machine's record, `P` the pc and `N` the steps left; `f<n>` the generated
 * expressions, `g<n>` the blocks, `v<n>` their locals
 */
export const PARAMS: ReadonlySet<string> = new Set(['c', 'L', 'K', 'R', 'M', 'P', 'N', 'W']);

/** the helpers generated code may call as `R.<name>` (src/codegen/runtime.ts) */
export const RUNTIME_NAMES = ['epoch', 'work', 'spent', 'arith', 'sumOut', 'addOut', 'fail', 'rethrow', 'atCall', 'mod', 'sameList', 'concat', 'range', 'order', 'reversed', 'isInt', 'isArray', 'min', 'max', 'floor', 'ceil', 'abs', 'round', 'trunc'] as const;

/** property names of the run context and of arrays that generated code reads after a `.` */
export const PATH_PROPS: ReadonlySet<string> = new Set(['locals', 's', 't', 'g', 'z', 'v', 'seats', 'out', 'options', 'players', 'props', 'kindOf', 'spaces', 'logging']);
const METHODS = ['length', 'push', 'indexOf', 'call', 'slice'];
/** the machine's record a block reads and writes back (BlockMachine), and the work budget's (`W.left`, W = R.work) */
const MACHINE = ['pc', 'budget', 'left'];
const PROPS: ReadonlySet<string> = new Set([...PATH_PROPS, ...METHODS, ...RUNTIME_NAMES, ...MACHINE]);

const LOCAL = /^[vfgh][0-9]+$/;

/** the punctuators the generator prints */
const ALLOWED = new Set(['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '??', '(', ')', '[', ']', '{', '}', ';', ',', '.', '=', '<', '>', '+', '-', '*', '/', '!', '?', ':']);
/**
 * Every punctuator JavaScript reads (and the HTML-like comments `<!--`, `-->` of Annex B), longest
 * first: a source is cut as the engine cuts it, so allowed characters that run together into
 * another token (`=` `>` into an arrow, `-` `-` into a decrement) are refused, not passed.
 */
const JS_PUNCTUATORS = [
  '>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=', '<!--', '-->',
  '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>',
  '{', '}', '(', ')', '[', ']', '.', ';', ',', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '!', '~', '?', ':', '=', '@', '#',
].sort((a, b) => b.length - a.length);
/** the punctuators by their first character, longest first: the one a source holds at i is the
 *  first of its character's list it starts with (a scan of all of them per token cost validate 3 %) */
const BY_FIRST = new Map<string, string[]>();
for (const p of JS_PUNCTUATORS) BY_FIRST.set(p[0]!, [...(BY_FIRST.get(p[0]!) ?? []), p]);

export class CodegenRefused extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'CodegenRefused';
  }
}

const isDigit = (ch: string) => ch >= '0' && ch <= '9';
const isIdStart = (ch: string) => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch === '_' || ch === '$';

/** throws CodegenRefused at the first token outside the grammar; returns the token count */
export function checkGeneratedSource(src: string): number {
  let i = 0;
  let count = 0;
  let prev = '';
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === ' ' || ch === '\n') {
      i++;
      continue;
    }
    let tok: string;
    if (isIdStart(ch)) {
      let j = i + 1;
      while (j < src.length && (isIdStart(src[j]!) || isDigit(src[j]!))) j++;
      tok = src.slice(i, j);
      const ok = prev === '.' ? PROPS.has(tok) : KEYWORDS.has(tok) || PARAMS.has(tok) || LOCAL.test(tok);
      if (!ok) throw new CodegenRefused(`identifier '${tok}' is not one the generator makes`, i);
    } else if (isDigit(ch)) {
      let j = i + 1;
      while (j < src.length && isDigit(src[j]!)) j++;
      tok = src.slice(i, j);
      // `1.5`, `1e3`, `0x1`, `1n`: the generator prints only plain unsigned integers
      if (j < src.length && (isIdStart(src[j]!) || src[j] === '.')) throw new CodegenRefused('a number that is not a plain integer', i);
    } else {
      if (ch === '/' && (src[i + 1] === '/' || src[i + 1] === '*')) throw new CodegenRefused('a comment', i);
      const p = BY_FIRST.get(ch)?.find((q) => src.startsWith(q, i));
      if (p === undefined || (!ALLOWED.has(p) && p.length === 1)) throw new CodegenRefused(`character U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is outside the generated grammar`, i);
      if (!ALLOWED.has(p)) throw new CodegenRefused(`'${p}' is not a punctuator the generator prints`, i);
      tok = p;
    }
    if (prev === '.' && !isIdStart(tok[0]!)) throw new CodegenRefused(`'.' followed by '${tok}'`, i);
    prev = tok;
    i += tok.length;
    count++;
  }
  return count;
}
