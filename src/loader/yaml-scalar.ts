/**
 * Where each character of a YAML string value stands in the file. An expression error at
 * offset 12 of `when: "count(alive) <= 1"` must point at the right column even when the value
 * was quoted, escaped, folded over several lines or written as a `|` / `>` block.
 */
import type { Scalar } from 'yaml';

/**
 * For each UTF-16 index i of the scalar's value, the file offset of the character that produced
 * it; one more entry at the end (the offset just after the value). Escapes in double quotes
 * are mapped to the backslash. Never throws; for unusual layouts the result is approximate.
 */
export function scalarOffsets(text: string, node: Scalar): number[] {
  const [start, end] = node.range ?? [0, 0];
  switch (node.type) {
    case 'QUOTE_DOUBLE':
      return flowOffsets(text, start + 1, Math.max(start + 1, end - 1), 'double');
    case 'QUOTE_SINGLE':
      return flowOffsets(text, start + 1, Math.max(start + 1, end - 1), 'single');
    case 'BLOCK_LITERAL':
      return blockOffsets(text, start, end, false);
    case 'BLOCK_FOLDED':
      return blockOffsets(text, start, end, true);
    default:
      return flowOffsets(text, start, end, 'plain');
  }
}

interface Line {
  start: number;
  /** excludes the line break */
  end: number;
}

function splitLines(text: string, from: number, to: number): Line[] {
  const lines: Line[] = [];
  let s = from;
  for (let i = from; i < to; i++) {
    if (text[i] === '\n') {
      lines.push({ start: s, end: i > s && text[i - 1] === '\r' ? i - 1 : i });
      s = i + 1;
    }
  }
  lines.push({ start: s, end: to });
  return lines;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

// Plain and quoted scalars: line breaks fold to one space, n empty lines to n newlines, and the
// white space around a break is dropped.
function flowOffsets(text: string, from: number, to: number, style: 'plain' | 'single' | 'double'): number[] {
  const out: number[] = [];
  const lines = splitLines(text, from, to);
  const last = lines.length - 1;
  let escapedBreak = false;
  for (let li = 0; li <= last; li++) {
    const line = lines[li]!;
    let s = line.start;
    let e = line.end;
    if (li > 0) while (s < e && isBlank(text[s])) s++;
    if (li < last) while (e > s && isBlank(text[e - 1])) e--;
    if (li > 0 && li < last && s === e) continue; // an empty line: counted below
    if (li > 0 && !escapedBreak) {
      // fold the break(s) between the previous content line and this one
      let empties = 0;
      for (let k = li - 1; k > 0 && isEmpty(text, lines[k]!); k--) empties++;
      const at = lines[li - 1 - empties]!.end;
      if (empties === 0) out.push(at);
      else for (let k = 0; k < empties; k++) out.push(at);
    }
    escapedBreak = false;
    for (let i = s; i < e; ) {
      const c = text[i];
      if (style === 'single' && c === "'" && text[i + 1] === "'") {
        out.push(i);
        i += 2;
      } else if (style === 'double' && c === '\\') {
        if (i + 1 >= e && li < last) {
          escapedBreak = true; // "\" at the end of a line joins it to the next without a space
          i++;
          continue;
        }
        const len = escapeLength(text[i + 1]);
        const hex = len > 2 ? text.slice(i + 2, i + len) : '';
        const units = len === 10 && /^[0-9a-fA-F]{8}$/.test(hex) && parseInt(hex, 16) > 0xffff ? 2 : 1;
        for (let u = 0; u < units; u++) out.push(i);
        i += len;
      } else {
        out.push(i);
        i++;
      }
    }
  }
  out.push(to);
  return out;
}

function isEmpty(text: string, line: Line): boolean {
  for (let i = line.start; i < line.end; i++) if (!isBlank(text[i])) return false;
  return true;
}

function escapeLength(c: string | undefined): number {
  return c === 'x' ? 4 : c === 'u' ? 6 : c === 'U' ? 10 : 2;
}

// Block scalars: the header line (| or > with indicators), then lines indented by n spaces.
function blockOffsets(text: string, start: number, end: number, folded: boolean): number[] {
  const out: number[] = [];
  const nl = text.indexOf('\n', start);
  if (nl < 0 || nl >= end) return [end];
  const lines = splitLines(text, nl + 1, end);
  if (lines.length > 1 && lines[lines.length - 1]!.start === end) lines.pop(); // after the final break
  const first = lines.find((l) => !isEmpty(text, l));
  if (!first) return [end];
  let indent = 0;
  while (text[first.start + indent] === ' ') indent++;

  const content = (l: Line) => !isEmpty(text, l) || l.end - l.start > indent;
  const moreIndented = (l: Line) => isBlank(text[l.start + indent]);
  let prev: Line | undefined;
  let empties: Line[] = [];
  for (const line of lines) {
    if (!content(line)) {
      empties.push(line);
      continue;
    }
    if (prev) {
      if (!folded || moreIndented(prev) || moreIndented(line)) {
        out.push(prev.end);
        for (const em of empties) out.push(em.end);
      } else if (empties.length === 0) out.push(prev.end); // folded into a space
      else for (const em of empties) out.push(em.end);
    } else for (const em of empties) out.push(em.end); // leading empty lines
    empties = [];
    for (let i = line.start + indent; i < line.end; i++) out.push(i);
    prev = line;
  }
  const strip = /^[|>][0-9+]*-/.test(text.slice(start, nl));
  if (prev && !strip) out.push(prev.end); // the final line break, unless chomped with "-"
  out.push(end);
  return out;
}
