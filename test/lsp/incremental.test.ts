/**
 * The language server checks a game again after a change by parsing and schema-checking only the
 * files whose text changed (src/lsp/fragment-cache.ts): the other files' fragments are handed back
 * as they were read. These tests hold it to what a check from scratch says.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProgram } from '../../src/interpreter/compile/index.ts';
import { makeEngine } from '../../src/interpreter/engine.ts';
import { loadSpecFile, loadSpecFolder } from '../../src/loader/load-folder.ts';
import { Workspace } from '../../src/lsp/workspace.ts';
import { proseOnlyChange } from '../../src/lsp/compile-reuse.ts';
import { playout } from '../../src/agents/playout.ts';
import { copyGames } from './client.ts';

const copy = copyGames('cash-n-guns', 'the-boss');
afterAll(() => copy.remove());

const yamlFiles = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? yamlFiles(join(d, f)) : f.endsWith('.yaml') ? [join(d, f)] : []));
const shown = (ds: { file: string; line: number; col: number; severity: string; message: string }[]) => ds.map((d) => `${d.file}:${d.line}:${d.col} ${d.severity} ${d.message}`);

describe('a check after a change', () => {
  it('parses again only the file that changed, and says what a check from scratch says', () => {
    const dir = join(copy.root, 'rules', 'cash-n-guns');
    const round = copy.file('cash-n-guns', 'round.yaml');
    const files = yamlFiles(dir).length;
    const ws = new Workspace();
    expect(shown(ws.checkGame(dir).check.diagnostics)).toEqual([]);
    expect(ws.fragments.parsed).toBe(files);

    const broken = readFileSync(round, 'utf8').replace('- move: billDeck', '- move: billDek');
    ws.setText(round, broken);
    const { check } = ws.checkGame(dir);
    expect(ws.fragments.parsed).toBe(files + 1);
    const fresh = new Workspace();
    fresh.setText(round, broken);
    expect(shown(check.diagnostics)).toEqual(shown(fresh.checkGame(dir).check.diagnostics));
    expect(shown(check.diagnostics).join('\n')).toMatch(/billDek/);

    // back to the text on disk: that file is parsed once more, the rest still kept
    ws.dropText(round);
    expect(shown(ws.checkGame(dir).check.diagnostics)).toEqual([]);
    expect(ws.fragments.parsed).toBe(files + 2);
  });

  it('reads a file changed on disk (not open in the editor) again', () => {
    const dir = join(copy.root, 'rules', 'the-boss');
    const ws = new Workspace();
    ws.checkGame(dir);
    const before = ws.fragments.parsed;
    ws.checkGame(dir);
    expect(ws.fragments.parsed).toBe(before); // nothing changed: nothing parsed
    const file = copy.file('the-boss', 'end.yaml');
    const text = readFileSync(file, 'utf8');
    try {
      // written behind the server's back, as a `git checkout` would
      writeFileSync(file, `${text}\n# changed on disk\n`);
      ws.checkGame(dir);
      expect(ws.fragments.parsed).toBe(before + 1);
    } finally {
      writeFileSync(file, text);
    }
  });
});

describe('a change of prose only is not compiled again', () => {
  it('places the compile\'s diagnostics anew, as a check from scratch places them', () => {
    const dir = join(copy.root, 'rules', 'cash-n-guns');
    const round = copy.file('cash-n-guns', 'round.yaml');
    // an error in the file to place: the move's zone misspelt (line 34)
    const broken = readFileSync(round, 'utf8').replace('- move: billDeck', '- move: billDek');
    const ws = new Workspace();
    ws.setText(round, broken);
    const first = shown(ws.checkGame(dir).check.diagnostics);
    expect(first.join('\n')).toMatch(/round\.yaml:34:\d+ error .*billDek/);
    expect(ws.compilesReused).toBe(0);
    const same = (text: string): string[] => {
      ws.setText(round, text);
      const fresh = new Workspace();
      fresh.setText(round, text);
      const want = shown(fresh.checkGame(dir).check.diagnostics);
      expect(shown(ws.checkGame(dir).check.diagnostics)).toEqual(want);
      return want;
    };
    // two comment lines above everything: every place moves down two lines
    const moved = same(`${broken.split('\n')[0]}\n# one\n# two\n${broken.split('\n').slice(1).join('\n')}`);
    expect(moved.join('\n')).toMatch(/round\.yaml:36:\d+ error .*billDek/);
    expect(ws.compilesReused).toBe(1);
    // a prompt's text written over two lines, above the error
    same(broken.replace('prompt: {en: Choose a bullet card to place face down, zh:', 'prompt: {en: "Choose a bullet card\n          to place face down", zh:'));
    expect(ws.compilesReused).toBe(2);
    // a rule's text grown by a sentence
    same(broken.replace(/(\n\s+en: >-\n\s+)/, '$1Once more: '));
    expect(ws.compilesReused).toBe(3);
    // an expression changed: compiled again
    same(broken.replace('- move: billDek', '- move: billDak'));
    expect(ws.compilesReused).toBe(3);
    // a quote no seed holds: the loader's error, and no compile (as validate)
    same(broken.replace(/quote: [^\n]*/, 'quote: not in the seed'));
    expect(ws.compilesReused).toBe(3);
  });

  it('tells a change of prose from any other', () => {
    const a = { id: 'x', text: { en: 'a', zh: 'a' }, do: [{ set: 'n', to: 1, prompt: { en: 'p', zh: 'p' } }] };
    const prose = { id: 'x', text: { en: 'b', zh: 'b' }, do: [{ set: 'n', to: 1, prompt: { en: 'q', zh: 'q' } }] };
    const map = proseOnlyChange(a, prose);
    expect(map?.get(a)).toBe(prose);
    expect(map?.get(a.do[0]!)).toBe(prose.do[0]);
    expect(proseOnlyChange(a, { ...a, id: 'y' })).toBeUndefined();
    expect(proseOnlyChange(a, { ...a, do: [{ set: 'n', to: 2, prompt: { en: 'p', zh: 'p' } }] })).toBeUndefined();
    expect(proseOnlyChange(a, { ...a, do: [] })).toBeUndefined();
    // the same keys in another order: not the same spec (the compiler reads them in order)
    expect(proseOnlyChange(a, { text: a.text, id: 'x', do: a.do })).toBeUndefined();
    // a parameter's name is a word, not prose
    expect(proseOnlyChange({ params: [{ name: 'a', type: 'seat' }] }, { params: [{ name: 'b', type: 'seat' }] })).toBeUndefined();
  });
});

describe('a fragment handed back is never written by a check', () => {
  const rules = fileURLToPath(new URL('../../rules/', import.meta.url));
  const freeze = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return;
    Object.freeze(v);
    for (const x of Object.values(v)) freeze(x);
  };
  for (const game of readdirSync(rules).filter((g) => statSync(join(rules, g)).isDirectory())) {
    it(`${game}: compiles and plays on frozen fragments (a write would throw)`, () => {
      const loaded = loadSpecFolder(resolve(rules, game), new Map(), {
        loadFile: (path, text) => {
          const f = loadSpecFile(path, text);
          freeze(f.fragment);
          return f;
        },
      });
      expect(loaded.spec).toBeDefined();
      const compiled = compileProgram(loaded.spec!, { codegen: 'eager' });
      expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const engine = makeEngine(compiled.program!);
      const r = playout(engine, { players: engine.maxPlayers, seed: 7, log: true }, 7, { record: false });
      expect(r.result).not.toBeNull();
    });
  }
});
