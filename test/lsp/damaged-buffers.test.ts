/**
 * `rules lsp` while the rule editor types: random damage to an open buffer (tokens put in or over
 * a character: YAML punctuation, anchors, tags, expression operators, `ref:`, `call:`, accented
 * letters, an emoji), then hover, completion, definition, references and the outline at random
 * places, some past the end of a line. Every request gets an answer (no error response), the
 * server stays up, and it writes no JavaScript fault on stderr. The buffer is put back after
 * each run. (A failure prints its seed: LSP_FUZZ_SEED=<seed> replays it.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyGames, LspClient } from './client.ts';
import { limit } from '../limits.ts';

const game = copyGames('cash-n-guns', 'the-boss');
const yamlUnder = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? yamlUnder(join(d, f)) : f.endsWith('.yaml') ? [join(d, f)] : []));
const files = yamlUnder(join(game.root, 'rules'));
const originals = files.map((f) => readFileSync(f, 'utf8'));
let client: LspClient;

beforeAll(async () => {
  client = await LspClient.start(game.root, { debounceMs: 5 });
  for (let i = 0; i < files.length; i++) await client.open(files[i]!, originals[i]);
});
afterAll(async () => {
  await client?.stop();
  game.remove();
});

const TOKENS = ['', ' ', '-', ':', '"', "'", '[', ']', '{', '}', '&a', '*a', '!!str', 'null', '~', '(', ')', '.', '=>', ',', 'x', 'if', '#', '|', '\t', 'ref: ', 'call: ', 'é', '😀'];
const edit = fc.record({ line: fc.nat(), at: fc.nat(), token: fc.constantFrom(...TOKENS), over: fc.boolean() });
const request = fc.record({ line: fc.nat(), ch: fc.nat(), kind: fc.constantFrom('hover', 'completion', 'definition', 'references', 'symbols') });

describe('rules lsp on damaged buffers', () => {
  it('answers every request and stays up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.array(request, { minLength: 1, maxLength: 6 }), async (which, edits, requests) => {
        const k = which % files.length;
        const file = files[k]!;
        const lines = originals[k]!.split('\n');
        for (const e of edits) {
          const i = e.line % lines.length;
          const l = lines[i]!;
          const at = e.at % (l.length + 1);
          lines[i] = l.slice(0, at) + e.token + l.slice(at + (e.over ? 1 : 0));
        }
        await client.change(file, lines.join('\n'));
        try {
          for (const r of requests) {
            const line = r.line % lines.length;
            const position = { line, character: r.ch % (lines[line]!.length + 2) };
            if (r.kind === 'hover') await client.hover(file, position);
            else if (r.kind === 'completion') await client.completion(file, position);
            else if (r.kind === 'definition') await client.definition(file, position);
            else if (r.kind === 'references') await client.references(file, position);
            else await client.symbols(file);
          }
        } finally {
          await client.change(file, originals[k]!);
        }
        expect(client.child.exitCode).toBeNull();
      }),
      { numRuns: Number(process.env.LSP_FUZZ_RUNS ?? 40), ...(process.env.LSP_FUZZ_SEED ? { seed: Number(process.env.LSP_FUZZ_SEED) } : {}) },
    );
    expect(client.stderr).not.toMatch(/Error|\n\s+at .*:\d+:\d+/);
  }, limit(300_000));
});
