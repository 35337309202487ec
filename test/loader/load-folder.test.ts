import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/loader/diagnostics.ts';
import { findGameDirs, loadSpecFolder, ruleNodes, schemaLine } from '../../src/loader/load-folder.ts';
import type { MoveEffect, RepeatEffect, RuleEffect } from '../../src/loader/types.generated.ts';

const fixtures = 'test/fixtures/spec';

describe('loadSpecFolder: a valid game', () => {
  const { spec, diagnostics } = loadSpecFolder(join(fixtures, 'valid-game'));

  it('loads without diagnostics, files sorted by path', () => {
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(spec!.files).toEqual([
      'test/fixtures/spec/valid-game/components.yaml',
      'test/fixtures/spec/valid-game/flow/rounds.yaml',
      'test/fixtures/spec/valid-game/game.yaml',
    ]);
  });

  it('merges the sections of all files', () => {
    const s = spec!.spec;
    expect(s.game?.id).toBe('mini-cash');
    expect(s.zones?.map((z) => z.id)).toEqual(['deck', 'loot', 'bills']);
    expect(s.flow?.map((r) => r.id)).toEqual(['rounds']);
    expect(s.outcome?.results.map((r) => r.id)).toEqual(['richest']);
    expect(ruleNodes(s).map((e) => `${e.section}:${e.node.id}`)).toEqual([
      'options:undercover',
      'cards:bill-5000',
      'vars:round',
      'seatVars:inRound',
      'zones:deck',
      'zones:loot',
      'zones:bills',
      'flow:rounds',
      'flow:phase-1-bills',
      'flow:phase-7-share',
      'ends:one-left',
      'ends:after-8-rounds',
      'outcome.results:richest',
    ]);
  });

  it('locates any object of the merged spec in its own file', () => {
    const s = spec!.spec;
    const repeat = s.flow![0]!.do[0] as RepeatEffect;
    const inner = (repeat.do[1] as RuleEffect).rule;
    const move = inner.do[0] as MoveEffect;
    expect(spec!.where(inner, 'id')).toEqual({ file: 'test/fixtures/spec/valid-game/flow/rounds.yaml', line: 18, col: 15 });
    expect(spec!.where(move, 'count')).toMatchObject({ line: 26, col: 19 });
    expect(spec!.where(s.game!)).toEqual({ file: 'test/fixtures/spec/valid-game/game.yaml', line: 3, col: 3 });
    // merged section lists: an item is where it was written; the list is where it was first written
    expect(spec!.where(s.zones!, 2)).toEqual({ file: 'test/fixtures/spec/valid-game/components.yaml', line: 43, col: 5 });
    expect(spec!.where(s.zones!)).toMatchObject({ file: 'test/fixtures/spec/valid-game/components.yaml', line: 29 });
    // an expression inside a quoted value
    const end = s.ends![0]!;
    expect(spec!.whereInValue(end, 'when', 6)).toEqual({ file: 'test/fixtures/spec/valid-game/flow/rounds.yaml', line: 49, col: 18 });
  });
});

describe('loadSpecFolder: problems', () => {
  it('a duplicate id names both positions', () => {
    const { spec, diagnostics } = loadSpecFolder(join(fixtures, 'dup-ids'));
    expect(spec).toBeDefined(); // content problems still return the spec
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      "test/fixtures/spec/dup-ids/b.yaml:8:11: error: the id 'round' is used twice: here and at test/fixtures/spec/dup-ids/a.yaml:3:5\n" +
        '  hint: every rule needs its own id (it names the rule in logs, tests and web addresses): rename one of them',
    ]);
  });

  it('a map section in two files is an error at the second, naming the first', () => {
    const { spec, diagnostics } = loadSpecFolder(join(fixtures, 'merge-conflict'));
    expect(spec).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file: 'test/fixtures/spec/merge-conflict/b.yaml', line: 3, col: 1 });
    expect(diagnostics[0]!.message).toBe(
      "the 'game' section is already given in test/fixtures/spec/merge-conflict/a.yaml:2:1; it may appear in one file only",
    );
  });

  it('checks every quote and nonRules ref, at the quote or the ref', () => {
    const { diagnostics } = loadSpecFolder(join(fixtures, 'quotes'));
    const got = diagnostics.map((d) => `${d.line}:${d.col}: ${d.severity}: ${d.message}${d.hint ? ` | ${d.hint}` : ''}`);
    expect(got).toEqual([
      // misquoted: points at the first character that differs (拿)
      '17:22: error: the quote does not stand on line 85 of source text 003: it matches up to "從鈔票堆上方", then the quote has "拿出5張鈔票" where the text has "抽出5張鈔票翻開於桌面上" | copy the words from the source text character for character (same punctuation and spaces)',
      '21:15: error: the quote does not stand on line 85 of source text 003 | found on line 86: use ref "003:86"',
      '26:15: error: line 200 is outside source text 003, which has 110 lines | check the line number in seeds/003_fc036407e293a706.txt',
      '31:15: error: the line range 90-80 runs backwards | write "003:80-90"',
      '36:15: error: there is no source text with id "009" | the ids are: 000 (downtown), 001 (downtown), 002 (speakeasy), 003 (cash-n-guns), 004 (the-boss) (see seeds/index.yaml)',
      '42:16: error: the quote does not stand on line 85 of source text 003: it differs from the text only in punctuation (full-width/half-width) or spaces | the text reads "翻開於桌面上,若前一回合": copy it exactly',
      '51:15: warning: this quote is from source text 004, which is not listed in game.seeds | add "004" to seeds in the game section, or cite one of 003',
      '56:11: error: line 999 is outside source text 003, which has 110 lines | check the line number in seeds/003_fc036407e293a706.txt',
    ]);
  });

  it('a YAML syntax error stops the load with its position', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    try {
      writeFileSync(join(dir, 'a.yaml'), `${schemaLine(join(dir, 'a.yaml'))}\nflow: [\n`);
      const { spec, diagnostics } = loadSpecFolder(dir);
      expect(spec).toBeUndefined();
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({ line: 3, severity: 'error' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing or empty folder is a diagnostic, not an exception', () => {
    expect(loadSpecFolder(join(fixtures, 'nope')).diagnostics[0]!.message).toBe(
      'there is no rules folder "test/fixtures/spec/nope"',
    );
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    try {
      expect(loadSpecFolder(dir).diagnostics[0]!.message).toMatch(/^no \.yaml files/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('schema line', () => {
  it('is relative to the file, one more ../ per sub-folder', () => {
    expect(schemaLine('rules/cash-n-guns/game.yaml')).toBe('# yaml-language-server: $schema=../../schema/spec.schema.json');
    expect(schemaLine('rules/cash-n-guns/phases/shoot.yaml')).toBe(
      '# yaml-language-server: $schema=../../../schema/spec.schema.json',
    );
  });
});

describe('findGameDirs', () => {
  const root = mkdtempSync(join(tmpdir(), 'rules-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds folders with game.yaml or a yaml with a game: section', () => {
    mkdirSync(join(root, 'b-game'));
    writeFileSync(join(root, 'b-game', 'game.yaml'), 'game: {}\n');
    mkdirSync(join(root, 'a-game', 'sub'), { recursive: true });
    writeFileSync(join(root, 'a-game', 'sub', 'meta.yaml'), '# x\ngame:\n  id: a\n');
    mkdirSync(join(root, 'not-a-game'));
    writeFileSync(join(root, 'not-a-game', 'flow.yaml'), 'flow: []\n');
    expect(findGameDirs(root)).toEqual([join(root, 'a-game'), join(root, 'b-game')]);
    expect(findGameDirs(join(root, 'missing'))).toEqual([]);
  });
});
