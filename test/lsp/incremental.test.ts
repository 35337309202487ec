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
