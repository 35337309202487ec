import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/loader/diagnostics.ts';
import { loadSpecFile } from '../../src/loader/load-folder.ts';
import { checkFragmentSchema } from '../../src/loader/schema-check.ts';
import { parseYaml } from '../../src/loader/yaml-file.ts';

const bad = 'test/fixtures/spec/bad';

/** The file's diagnostics as "line:col: message" lines. */
function problems(name: string): string[] {
  return loadSpecFile(join(bad, name)).diagnostics.map((d) => `${d.line}:${d.col}: ${d.severity}: ${d.message}`);
}

describe('schema: valid fragments', () => {
  it('accepts every file of the valid fixture game', () => {
    const dir = 'test/fixtures/spec/valid-game';
    for (const f of ['game.yaml', 'components.yaml', 'flow/rounds.yaml']) {
      const r = loadSpecFile(join(dir, f));
      expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(r.fragment).toBeDefined();
    }
  });

  it('accepts an empty file as an empty fragment', () => {
    expect(checkFragmentSchema(parseYaml('empty.yaml', '# nothing yet\n'))).toEqual([]);
  });
});

describe('schema: bad fragments, one message at the right place', () => {
  it('unknown key in an effect: names the effect and the allowed keys', () => {
    expect(problems('unknown-key.yaml')).toEqual([
      "12:9: error: unknown key 'bogus' in a choose effect; allowed: choose, seats, options, steps, where, into, as, simultaneous, secret, labels, prompt, menu, pick, min, max, do",
    ]);
  });

  it('unknown section: suggests the closest one', () => {
    const d = loadSpecFile(join(bad, 'unknown-section.yaml')).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ line: 2, col: 1, message: "unknown section 'flows'" });
    expect(d[0]!.hint).toMatch(/^did you mean 'flow'\?/);
  });

  it('missing text.zh', () => {
    expect(problems('missing-zh.yaml')).toEqual(["5:7: error: a text needs 'zh'"]);
  });

  it('bad ref format: at the ref, with the right form as hint', () => {
    const d = loadSpecFile(join(bad, 'bad-ref.yaml')).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ line: 6, col: 14, message: "'3:85' is not a valid line reference" });
    expect(d[0]!.hint).toContain('"003:85"');
  });

  it('an effect with two effect keys: at the second key', () => {
    expect(problems('two-keys.yaml')).toEqual([
      "9:9: error: one effect can do only one thing, but this one has 'set' and 'move'",
    ]);
  });

  it('a misspelled effect key inside a nested list: did you mean', () => {
    const d = loadSpecFile(join(bad, 'not-an-effect.yaml')).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ line: 9, col: 13, hint: "did you mean 'set'?" });
  });

  it('a rule without source or assumption', () => {
    expect(problems('no-source.yaml')).toEqual([
      "3:5: error: an end rule needs 'source' (quotes from the rule book) or 'assumption' (why we decided it), or both",
    ]);
  });

  it('an enum value deep inside winners (no oneOf/anyOf cascade)', () => {
    expect(problems('winners.yaml')).toEqual(["10:41: error: 'up' is not allowed for 'order'; use one of: asc, desc"]);
  });

  it('YAML errors come before (and instead of) schema errors', () => {
    expect(problems('syntax.yaml')).toHaveLength(1);
    expect(problems('duplicate-key.yaml')).toEqual(['4:5: error: YAML: map keys must be unique']);
    expect(problems('comma-in-braces.yaml')).toHaveLength(1);
  });

  it('never reports more than a handful of lines per fixture (dedupe works)', () => {
    for (const f of readdirSync(bad)) expect(problems(f).length, f).toBeLessThanOrEqual(2);
  });

  it('explains wrong types, empty values and bad names in plain words', () => {
    const text = [
      'game:',
      '  id: Bad Id',
      '  name: {en: x, zh: ""}',
      '  seeds: [3]',
      '  players: {min: 0, max: 4}',
      'cards:',
      '  - id: c',
      '    count: [1]',
      '    props: {Value: 1}',
      '    text: {en: x, zh: y}',
      '    assumption: {why: w}',
      'setup:',
      '  - id: s',
      '    text: {en: x, zh: y}',
      '    assumption: {why: w}',
      '    do:',
      '      - "set round to 1"',
      '      - {}',
    ].join('\n');
    const got = checkFragmentSchema(parseYaml('t.yaml', text)).map((d) => `${d.line}:${d.col}: ${d.message}`);
    expect(got).toEqual([
      "2:7: 'Bad Id' is not a valid id",
      "3:21: 'zh' must not be empty",
      "4:11: item 1 of 'seeds' must be text, not the number 3",
      "5:18: 'min' must be at least 1",
      "8:12: 'count' must be an expression (a formula, a number or true/false), not a list",
      "9:13: 'Value' is not a valid name here",
      '17:9: an effect must be a map that starts with an effect key, not the text "set round to 1"',
      '18:9: this effect is empty',
    ]);
  });

  it('says what a union of unnamed branches takes (a card prop given as a map)', () => {
    const text = ['cards:', '  - id: c', '    count: 1', '    props: {value: 1, worth: {a: 1}, marks: [1, [2]]}', '    text: {en: x, zh: y}', '    assumption: {why: w}'].join('\n');
    const got = checkFragmentSchema(parseYaml('t.yaml', text)).map((d) => `${d.line}:${d.col}: ${d.message}`);
    expect(got).toEqual([
      "4:30: 'worth' must be a number, text or true/false, or a list of them, not a map",
      "4:49: item 2 of 'marks' must be a number, text or true/false, not a list",
    ]);
  });

  it('a file that is a list, not a map', () => {
    const d = checkFragmentSchema(parseYaml('l.yaml', '- a\n- b\n'));
    expect(d.map((x) => x.message)).toEqual(['a rules file must be a map of sections (game:, flow:, …), not a list']);
  });
});

describe('schema: a misnamed key', () => {
  it('one unknown and one missing key in the same map become one message at the unknown key', () => {
    const text = 'nonRules:\n  - ref: "003:1"\n    reason: credits\n';
    const d = checkFragmentSchema(parseYaml('n.yaml', text));
    expect(d).toEqual([
      {
        file: 'n.yaml',
        line: 3,
        col: 5,
        severity: 'error',
        message: "unknown key 'reason' in a nonRules entry, and 'why' is missing",
        hint: "rename 'reason' to 'why'?",
      },
    ]);
  });
});
