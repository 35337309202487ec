import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYaml, readYamlFile } from '../../src/loader/yaml-file.ts';

/** The character of `text` at a 1-based line:col. */
function charAt(text: string, line: number, col: number): string | undefined {
  return text.split('\n')[line - 1]?.[col - 1];
}

describe('parseYaml', () => {
  it('reports a syntax error with its position and no data', () => {
    const f = readYamlFile('test/fixtures/spec/bad/syntax.yaml');
    expect(f.data).toBeUndefined();
    expect(f.diagnostics).toHaveLength(1);
    expect(f.diagnostics[0]).toMatchObject({ file: 'test/fixtures/spec/bad/syntax.yaml', line: 5, col: 5, severity: 'error' });
    expect(f.diagnostics[0]!.message).toMatch(/^YAML: flow map/);
  });

  it('reports a duplicate key at the second key', () => {
    const f = parseYaml('dup.yaml', 'a: 1\nb: 2\na: 3\n');
    expect(f.diagnostics[0]).toMatchObject({ line: 3, col: 1, severity: 'error' });
    expect(f.diagnostics[0]!.hint).toMatch(/only once/);
  });

  it('catches text with a comma inside { … }', () => {
    const f = parseYaml('c.yaml', 'name: {en: $5,000 bill, zh: "5,000元"}\n');
    expect(f.diagnostics).toHaveLength(1);
    expect(f.diagnostics[0]).toMatchObject({ line: 1, col: 15 });
    expect(f.diagnostics[0]!.message).toContain('"000 bill"');
  });

  it('reports a missing file instead of throwing', () => {
    const f = readYamlFile('test/fixtures/spec/does-not-exist.yaml');
    expect(f.data).toBeUndefined();
    expect(f.diagnostics[0]!.message).toMatch(/does not exist/);
  });

  it('locates objects, keys and list items', () => {
    const text = 'flow:\n  - id: a\n    do:\n      - set: x\n        to: 1\n';
    const f = parseYaml('w.yaml', text);
    const data = f.data as { flow: { id: string; do: { set: string }[] }[] };
    const rule = data.flow[0]!;
    expect(f.has(rule)).toBe(true);
    expect(f.has({})).toBe(false);
    expect(f.where(rule)).toEqual({ file: 'w.yaml', line: 2, col: 5 });
    expect(f.where(rule, 'do')).toEqual({ file: 'w.yaml', line: 3, col: 5 });
    expect(f.where(data.flow, 0)).toEqual({ file: 'w.yaml', line: 2, col: 5 });
    expect(f.where(rule.do[0]!, 'to')).toEqual({ file: 'w.yaml', line: 5, col: 9 });
    // an unknown key falls back to the object itself
    expect(f.where(rule, 'nope')).toEqual({ file: 'w.yaml', line: 2, col: 5 });
  });

  it('locates JSON pointers (for schema errors), with an extra key', () => {
    const f = parseYaml('p.yaml', 'flow:\n  - id: a\n    do:\n      - set: x\n        bogus: 1\n');
    expect(f.locatePointer('/flow/0/do/0')).toMatchObject({ line: 4, col: 9 });
    expect(f.locatePointer('/flow/0/do/0', 'bogus')).toMatchObject({ line: 5, col: 9 });
    expect(f.locatePointer('/flow/0/missing/3')).toMatchObject({ line: 2, col: 5 }); // deepest existing
    expect(f.locatePointer('')).toMatchObject({ line: 1, col: 1 });
  });
});

describe('whereInValue', () => {
  const cases: [string, string][] = [
    ['plain', 'when: count(alive) <= 1\n'],
    ['plain, several lines', 'when: count(alive)\n  <= 1 and\n\n  x\n'],
    ['single-quoted', "when: 'it''s (a) == b'\n"],
    ['double-quoted with escapes', 'when: "say \\"hi\\" \\u00e9 (x)"\n'],
    ['double-quoted over lines', 'when: "a and\n  b \\\n  c"\n'],
    ['literal block', 'when: |\n  count(alive)\n    <= 1\n  and x\n'],
    ['folded block', 'when: >-\n  count(alive)\n  <= 1\n\n  and x\n'],
    ['in a list', 'list:\n  - "first"\n  - second item\n'],
  ];
  for (const [name, text] of cases) {
    it(`maps every character of a ${name} scalar to its column`, () => {
      const f = parseYaml('v.yaml', text);
      expect(f.diagnostics).toEqual([]);
      const data = f.data as Record<string, unknown>;
      const [obj, key] = Array.isArray(data.list) ? [data.list as object, 1] : [data, 'when'];
      const value = (obj as Record<string | number, unknown>)[key] as string;
      for (let i = 0; i < value.length; i++) {
        const at = f.whereInValue(obj, key, i);
        const src = charAt(text, at.line, at.col);
        const ch = value[i]!;
        if (ch === ' ' || ch === '\n') continue; // folded line breaks map to the break
        if (src === '\\' || (src === "'" && ch === "'")) continue; // escapes map to their start
        expect(`${i}:${src}`).toBe(`${i}:${ch}`);
      }
    });
  }

  it('points expression errors at the exact column', () => {
    const text = 'ends:\n  - when: "count(alive) <= 1"\n  - when: |\n      sum(x)\n        + bad\n';
    const f = parseYaml('e.yaml', text);
    const ends = (f.data as { ends: { when: string }[] }).ends;
    expect(f.whereInValue(ends[0]!, 'when', 0)).toEqual({ file: 'e.yaml', line: 2, col: 12 });
    expect(f.whereInValue(ends[0]!, 'when', 13)).toEqual({ file: 'e.yaml', line: 2, col: 25 }); // "<="
    const bad = ends[1]!.when.indexOf('bad');
    expect(f.whereInValue(ends[1]!, 'when', bad)).toEqual({ file: 'e.yaml', line: 5, col: 11 });
    // past the end: clamped; a non-string value: its start
    expect(f.whereInValue(ends[0]!, 'when', 999).line).toBe(2);
  });
});

describe('a file nested past the parser\'s stack', () => {
  it('is reported at the same place however deep the caller\'s stack already is', () => {
    const text = `x: ${'['.repeat(5_000)}1${']'.repeat(5_000)}\n`;
    const direct = parseYaml('deep.yaml', text).diagnostics;
    const deeper = (n: number): ReturnType<typeof parseYaml>['diagnostics'] => (n === 0 ? parseYaml('deep.yaml', text).diagnostics : deeper(n - 1));
    expect(direct).toHaveLength(1);
    expect(direct[0]!.message).toMatch(/nest too deeply to read/);
    // where the brackets pass the limit: column 4 + 100
    expect(direct[0]!.col).toBe(104);
    expect(deeper(300)).toEqual(direct);
  });
});

// a rules file's texts reach players' terminals (prompts, names, the log): a control character
// in them is a command to the terminal, a bidirectional override shows a text out of order
describe('parseYaml: control characters in texts', () => {
  const errors = (text: string) => parseYaml('t.yaml', text).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.col}: ${d.message.split(',')[0]}`);

  it('allows tabs and line breaks, in every kind of scalar', () => {
    expect(errors('a: "x\\ty\\nz"\nb: |\n  one\n  two\nc: >-\n  folded\n  text\nd: plain\n')).toEqual([]);
  });

  it('refuses C0, DEL and C1 controls and bidi overrides, at the character', () => {
    expect(errors('a: "ok \\e[2J"\n')).toEqual(['1:8: this text holds U+001B']);
    expect(errors("a: 'carriage\rreturn'\n")).toEqual(['1:13: this text holds U+000D']);
    expect(errors('a: "x\\x7f"\n')).toEqual(['1:6: this text holds U+007F']);
    expect(errors('a: "x\\u009b31m"\n')).toEqual(['1:6: this text holds U+009B']);
    expect(errors('a: "abc\\u202Efed"\n')).toEqual(['1:8: this text holds U+202E']);
    expect(errors('a: "\\u2066x"\n')).toEqual(['1:5: this text holds U+2066']);
  });

  it('checks keys and items too, and says each scalar once', () => {
    expect(errors('"k\\a": 1\nl: ["\\b", fine, "\\0\\0"]\n')).toEqual(['1:3: this text holds U+0007', '2:6: this text holds U+0008', '2:18: this text holds U+0000']);
  });
});

// a game folder from elsewhere may hold a .yaml that is no file: read, it hung the command (a
// named pipe waits for a writer) or filled the memory (/dev/zero never ends)
describe('readYamlFile: only regular files, and only so much of them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rules-read-'));
  const errors = (path: string) => readYamlFile(path).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);

  it.runIf(existsSync('/dev/zero'))('a link to a device is refused, not read', () => {
    const link = join(dir, 'zero.yaml');
    symlinkSync('/dev/zero', link);
    expect(errors(link)).toEqual(['cannot read this file: it is not a regular file but a device; rules files must be ordinary files']);
  });

  it.runIf(process.platform !== 'win32')('a named pipe is refused without waiting for a writer', () => {
    const fifo = join(dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    expect(errors(fifo)).toEqual(['cannot read this file: it is not a regular file but a named pipe; rules files must be ordinary files']);
  });

  it('a link to a regular file is read as the file', () => {
    const real = join(dir, 'real.txt');
    writeFileSync(real, 'a: 1\n');
    const link = join(dir, 'linked.yaml');
    symlinkSync(real, link);
    expect(readYamlFile(link).data).toEqual({ a: 1 });
  });

  it('a file past the size limit is refused before it is parsed', () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, `a: "${'x'.repeat(2_000_001)}"\n`);
    expect(errors(big)).toEqual(['this file is 2.0 MB; a rules file may be at most 2.0 MB']);
  });
});
