/**
 * What the editor's cursor stands on in a YAML text: the scalar (a key or a value), the keys
 * above it, and for a value the character of the string it is at. The loader maps data to
 * positions; an editor needs the other way round.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Scalar } from 'yaml';
import { scalarOffsets } from '../loader/yaml-scalar.ts';

export interface CursorScalar {
  node: Scalar;
  /** the string value as the program reads it */
  value: string;
  /** true when the scalar is a map key */
  isKey: boolean;
  /** the keys from the top to this scalar: for `do: [{call: x}]` at x, ['do', 'call'] (list items add nothing) */
  keys: string[];
  /** index into `value` of the character at the cursor (value.length when just after it) */
  index: number;
  /** file offset of each character of the value, one more at the end (from the loader's scalar map) */
  offsets: number[];
  /** the map the scalar is a key or value of, as plain data */
  siblings: Record<string, unknown>;
}

export interface ParsedText {
  text: string;
  lines: LineCounter;
  scalars: { node: Scalar; isKey: boolean; keys: string[]; siblings: Record<string, unknown> }[];
}

/** Every scalar of a YAML text with the keys above it (parse once per version of a text). */
export function parseText(text: string): ParsedText {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
  const scalars: ParsedText['scalars'] = [];
  visit(doc, {
    Scalar(key, node, path) {
      const keys: string[] = [];
      let siblings: Record<string, unknown> = {};
      for (let i = 0; i < path.length; i++) {
        const p = path[i];
        if (isPair(p) && isScalar(p.key)) keys.push(String(p.key.value));
      }
      const parent = path[path.length - 1];
      const isKey = key === 'key';
      if (isPair(parent)) {
        const map = path[path.length - 2];
        if (isMap(map)) siblings = Object.fromEntries(map.items.filter((p) => isScalar(p.key)).map((p) => [String((p.key as Scalar).value), isScalar(p.value) ? p.value.value : p.value]));
        if (isKey) keys.pop();
      } else if (isSeq(parent) || parent === undefined) {
        // a list item or the document itself: the keys above are all there is
      }
      scalars.push({ node, isKey, keys: isKey ? [...keys, String(node.value)] : keys, siblings });
    },
  });
  return { text, lines, scalars };
}

/** The scalar under (or just after) the cursor at `offset`, if any. */
export function scalarAt(parsed: ParsedText, offset: number): CursorScalar | undefined {
  for (const s of parsed.scalars) {
    const r = s.node.range;
    if (!r || offset < r[0] || offset > r[1]) continue;
    const c = cursorOn(parsed, s, offset);
    if (c) return c;
  }
  return undefined;
}

/** One scalar of a parsed text seen from the cursor at `offset` (undefined for a null or non-text value). */
export function cursorOn(parsed: ParsedText, s: ParsedText['scalars'][number], offset: number): CursorScalar | undefined {
  const r = s.node.range ?? [0, 0, 0];
  if (s.node.value === null || typeof s.node.value === 'object') return undefined;
  const value = String(s.node.value);
  const offsets = scalarOffsets(parsed.text, s.node).slice(0, value.length + 1);
  let index = 0;
  while (index < value.length && (offsets[index + 1] ?? Infinity) <= offset) index++;
  if (offset >= (offsets[value.length] ?? r[1])) index = value.length;
  return { node: s.node, value, isKey: s.isKey, keys: s.keys, index, offsets, siblings: s.siblings };
}

/** The key this value is written under (`call` for `call: x`), or for a list item the list's key. */
export function ownKey(c: CursorScalar): string | undefined {
  return c.keys[c.keys.length - 1];
}
