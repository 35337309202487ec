/** The benches' text tables: a header, a rule under it, columns padded to their widest cell. */

/** `left`: how many leading columns are text (padded on the right); the others are figures */
export function table(rows: string[][], left = 1): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r, ri) => {
      const line = r.map((cell, c) => (c < left ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
      return ri === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}
