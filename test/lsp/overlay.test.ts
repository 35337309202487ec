/** The loader's overlay: unsaved editor buffers stand for files on disk, and the disk is left alone. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { loadSpecFolder } from '../../src/loader/load-folder.ts';
import { copyGames } from './client.ts';

const copy = copyGames('cash-n-guns');
const dir = join(copy.root, 'rules', 'cash-n-guns');
const round = copy.file('cash-n-guns', 'round.yaml');
const onDisk = readFileSync(round, 'utf8');
afterAll(() => copy.remove());

describe('loading a folder with some texts overridden', () => {
  it('reads an overridden file from the overlay, not the disk', () => {
    const broken = onDisk.replace('- move: billDeck', '- move: billDek');
    expect(loadSpecFolder(dir).diagnostics).toEqual([]);
    const check = compileGameDir(dir, { smoke: false, texts: new Map([[round, broken]]) });
    expect(check.diagnostics.map((d) => d.message).join('\n')).toMatch(/billDek/);
    expect(readFileSync(round, 'utf8')).toBe(onDisk);
    // the same folder without the overlay is the disk's again (no stale cached check)
    expect(compileGameDir(dir, { smoke: false }).diagnostics).toEqual([]);
  });

  it('counts a file that is only in the overlay (not saved yet)', () => {
    const extra = join(dir, 'extra.yaml');
    const text = `${readFileSync(round, 'utf8').split('\n')[0]}\nvars:\n  - id: billDeck\n    text: {en: x, zh: x}\n    assumption: {why: {en: test, zh: test}}\n    type: number\n`;
    const r = loadSpecFolder(dir, new Map([[extra, text]]));
    expect(r.spec?.files.some((f) => f.endsWith('/cash-n-guns/extra.yaml'))).toBe(true);
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/'billDeck' is used twice/);
  });
});
