/**
 * Damaged specs: random edits to one YAML file of each real game — a line dropped, doubled,
 * indented or dedented, a token put in or over a character (YAML punctuation, anchors, tags, key
 * names, odd numbers, a NUL escape, a tab). Whatever the damage, the checker answers with
 * diagnostics that each name a file, line and column, none of them a JavaScript fault leaking
 * out; it never throws. (A failure prints its seed: SPEC_FUZZ_SEED=<seed> replays it.)
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGameDir, listGames } from '../../src/games.ts';
import { limitForRuns } from '../limits.ts';

const DEFAULT_RUNS = 25;
const RUNS = Number(process.env.SPEC_FUZZ_RUNS ?? DEFAULT_RUNS);

const TOKENS = ['', ' ', '  ', '-', ':', '"', "'", '[', ']', '{', '}', '&a', '*a', '!!str', 'null', '~', '0', '-1', '1e309', 'x', 'id', 'source', 'assumption', 'when', 'body', '"\\u0000"', '#', '|', '>', ',', '?', '%', '@', '`', '\t'];

const edit = fc.record({ line: fc.nat(), kind: fc.integer({ min: 0, max: 5 }), at: fc.nat(), token: fc.constantFrom(...TOKENS) });
type Edit = { line: number; kind: number; at: number; token: string };

function damage(text: string, edits: Edit[]): string {
  const lines = text.split('\n');
  for (const e of edits) {
    const k = e.line % lines.length;
    const l = lines[k] ?? '';
    if (e.kind === 0) lines.splice(k, 1);
    else if (e.kind === 1) lines.splice(k, 0, l);
    else if (e.kind === 2) lines[k] = ' ' + l;
    else if (e.kind === 3) lines[k] = l.replace(/^\s+/, (m) => m.slice(2));
    else {
      // 4: put the token in at a character; 5: put it over that character
      const at = e.at % (l.length + 1);
      lines[k] = l.slice(0, at) + e.token + l.slice(at + (e.kind === 4 ? 0 : 1));
    }
  }
  return lines.join('\n');
}

const yamlFiles = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    return statSync(p).isDirectory() ? yamlFiles(p) : p.endsWith('.yaml') ? [p] : [];
  });

const copies: string[] = [];
afterAll(() => copies.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.each(listGames('rules'))('a damaged file of %s', (id) => {
  it('gets diagnostics with a file, line and column, never a throw', () => {
    const dir = mkdtempSync(join(tmpdir(), `damaged-${id}-`));
    copies.push(dir);
    cpSync(`rules/${id}`, dir, { recursive: true });
    const files = yamlFiles(dir);
    const originals = files.map((f) => readFileSync(f, 'utf8'));
    fc.assert(
      fc.property(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 3 }), (which, edits) => {
        const k = which % files.length;
        writeFileSync(files[k]!, damage(originals[k]!, edits));
        try {
          const { diagnostics } = compileGameDir(dir, { smoke: true });
          for (const d of diagnostics) {
            const where = `${relative(dir, d.file)}:${d.line}:${d.col} ${d.message}`;
            expect(d.line, where).toBeGreaterThanOrEqual(1);
            expect(d.col, where).toBeGreaterThanOrEqual(1);
            expect(d.message, where).not.toMatch(/internal error|is not a function|Cannot read|undefined|TypeError|\[object Object\]/);
          }
        } finally {
          writeFileSync(files[k]!, originals[k]!);
        }
      }),
      { numRuns: RUNS, ...(process.env.SPEC_FUZZ_SEED ? { seed: Number(process.env.SPEC_FUZZ_SEED) } : {}) },
    );
  }, limitForRuns(RUNS, DEFAULT_RUNS));
});
