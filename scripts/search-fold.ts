/**
 * The Traditional → Simplified table the site search folds characters with, so a query in either
 * script finds the rules (the seeds are Traditional). Built from OpenCC's character dictionary
 * (opencc-js, Taiwan → mainland), character by character: search needs no phrase conversion.
 * The table is written into the tokenizer in site/.vitepress/config.mts, between the markers,
 * because VitePress ships the tokenizer to the browser as its source text (it must be self-contained).
 *
 *   npx tsx scripts/search-fold.ts          write the table
 *   npx tsx scripts/search-fold.ts --check  exit 1 if the file's table is not the fresh one
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as OpenCC from 'opencc-js';

export const configFile = fileURLToPath(new URL('../site/.vitepress/config.mts', import.meta.url));
const BEGIN = '// BEGIN generated fold table (scripts/search-fold.ts)';
const END = '// END generated fold table';

/** for every CJK ideograph that OpenCC turns into one other (one UTF-16 unit) character: the
 *  Traditional characters, and at the same positions their Simplified forms */
export function foldTable(): { from: string; to: string } {
  const convert = OpenCC.Converter({ from: 'tw', to: 'cn' });
  let from = '';
  let to = '';
  for (let code = 0x3400; code <= 0x9fff; code++) {
    const t = String.fromCharCode(code);
    const s = convert(t);
    if (s !== t && s.length === 1) {
      from += t;
      to += s;
    }
  }
  return { from, to };
}

export function withTable(source: string, table: { from: string; to: string }): string {
  const start = source.indexOf(BEGIN);
  const end = source.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${configFile}: the markers of the fold table are missing`);
  const line = `  const foldFrom = '${table.from}';\n  const foldTo = '${table.to}';\n  `;
  return source.slice(0, start + BEGIN.length) + '\n' + line + source.slice(end);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const source = readFileSync(configFile, 'utf8');
  const next = withTable(source, foldTable());
  if (process.argv.includes('--check')) {
    if (next !== source) {
      console.error('the search fold table is stale: run npx tsx scripts/search-fold.ts');
      process.exit(1);
    }
  } else if (next !== source) writeFileSync(configFile, next);
}
