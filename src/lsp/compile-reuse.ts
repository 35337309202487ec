/**
 * The language server's check after a change that touches only prose: what the compiler said of the
 * game before is said again, each diagnostic placed anew, instead of compiling the whole game.
 *
 * The compiler's diagnostics are a function of the spec's content (the loader's, which reads the
 * quotes and the schema, run every time anyway). Prose — the `{en, zh}` texts (names, prompts,
 * labels, a log's words) and the `text`, `source`, `assumption` and `summary` fields — only passes
 * through it into the program (prompts, names) or is not read at all: no diagnostic depends on it.
 * So when the new spec is the old one but for prose, the compile's diagnostics are the old ones;
 * only their places may have moved (a longer text shifts what follows it on its line, a text
 * written over two lines shifts the lines below). Each diagnostic keeps the node, key and offset it
 * was made at (diagnosticOrigin), and the old spec's nodes map onto the new one's (both specs walked
 * together: the fragments of unchanged files are the very same objects, so only what changed is
 * walked), so each is placed again where that node now stands.
 *
 * Any other change — an expression, an id, a number, a file added — compiles the game as before.
 */
import type { Diagnostic } from '../loader/diagnostics.ts';
import type { LoadedSpec } from '../loader/load-folder.ts';
import { diagnosticOrigin, keepOrigin } from '../interpreter/compile/compiler.ts';

/** keys whose values are prose wherever they stand */
const PROSE_KEYS: ReadonlySet<string> = new Set(['text', 'source', 'assumption', 'summary']);

/** a bilingual text: `{en, zh}`, both strings, nothing else */
function isText(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 2 && typeof (v as { en?: unknown }).en === 'string' && typeof (v as { zh?: unknown }).zh === 'string';
}

/**
 * The old spec's objects mapped onto the new one's when the two differ at most in prose (the same
 * keys in the same order, the same list lengths, every other value equal); undefined otherwise.
 * Objects that are the same in both are not walked (nor mapped: they map onto themselves).
 */
export function proseOnlyChange(before: unknown, after: unknown): Map<object, object> | undefined {
  const map = new Map<object, object>();
  const same = (a: unknown, b: unknown): boolean => {
    if (a === b) return true;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
    if (isText(a) && isText(b)) {
      map.set(a, b);
      return true;
    }
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      const bb = b as unknown[];
      if (a.length !== bb.length) return false;
      for (let i = 0; i < a.length; i++) if (!same(a[i], bb[i])) return false;
      map.set(a, b);
      return true;
    }
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (let i = 0; i < ka.length; i++) {
      const k = ka[i]!;
      if (k !== kb[i]) return false;
      if (PROSE_KEYS.has(k)) continue;
      if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
    }
    map.set(a, b);
    return true;
  };
  return same(before, after) ? map : undefined;
}

/**
 * The compiler's diagnostics of the old spec, placed in the new one (`map`: proseOnlyChange's);
 * undefined when one of them cannot be (it was not made by the compiler, or its node is gone).
 */
export function replaced(diagnostics: readonly Diagnostic[], map: ReadonlyMap<object, object>, loaded: LoadedSpec): Diagnostic[] | undefined {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const o = diagnosticOrigin(d);
    if (o === undefined) return undefined;
    const obj = map.get(o.obj) ?? o.obj;
    const at = o.offset !== undefined && o.key !== undefined ? loaded.whereInValue(obj, o.key, o.offset) : loaded.where(obj, o.key);
    const moved: Diagnostic = { ...d, file: at.file, line: at.line, col: at.col };
    // (placed anew from the new spec's node, for the next change)
    keepOrigin(moved, { ...o, obj });
    out.push(moved);
  }
  return out;
}
