/**
 * One string object per text: V8's internalized copy, the one it keeps for property names. Two
 * internalized strings are equal exactly when they are the same object, so `===` between them
 * is one pointer comparison; a string sliced out of a rules file is not internalized (and is a
 * two-byte string when the file has any Chinese in it), so comparing it reads its characters.
 */
export function intern(s: string): string {
  // a computed key defines an own property, even `__proto__`; Object.keys returns V8's copy
  return Object.keys({ [s]: 0 })[0] ?? s;
}

/** past this length a string is prose (a rule's text, a quote), never compared while a game runs:
 *  interning it would only hash it */
const WORD = 64;

/** `v` with every string of up to WORD characters in it interned, in place for objects and arrays
 *  (what a YAML file reads into: plain JSON; loader/yaml-file.ts) */
export function internAll<T>(v: T): T {
  if (typeof v === 'string') return (v.length <= WORD ? intern(v) : v) as T;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = internAll(v[i]);
  } else if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = internAll(o[k]);
  }
  return v;
}
