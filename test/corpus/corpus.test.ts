/**
 * The broken-spec corpus: every folder `test/corpus/<category>/<case>/` is a tiny game with one
 * deliberate mistake. `rules validate <case>` (the real command, in process) must exit 1, print
 * no stack trace, put an error at the line marked `# <- error` in the case's files (or the
 * `file:line` in its `where.txt`), and print exactly its `expected.txt`.
 * A case may give other arguments in `args.txt` (one per line, `{case}` = its folder).
 * After a deliberate change of messages: `UPDATE_GOLDEN=1 npx vitest run test/corpus`.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const MARK = '# <- error';

const dirs = (d: string): string[] =>
  readdirSync(d)
    .filter((n) => !n.startsWith('_') && statSync(join(d, n)).isDirectory())
    .sort();

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** `file:line` of every marked line, the file as the CLI shows it (relative to the project) */
function markedPlaces(dir: string): string[] {
  const out: string[] = [];
  const where = join(dir, 'where.txt');
  if (existsSync(where)) out.push(...readFileSync(where, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean));
  for (const f of files(dir)) {
    if (!/\.(ya?ml|json)$/.test(f)) continue;
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.includes(MARK)) out.push(`${relative(ROOT, f).split('\\').join('/')}:${i + 1}`);
      });
  }
  return out;
}

function argsOf(dir: string): string[] {
  const shown = relative(ROOT, dir).split('\\').join('/');
  const file = join(dir, 'args.txt');
  if (!existsSync(file)) return ['validate', shown];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((a) => a.replaceAll('{case}', shown));
}

const cases = dirs(HERE).flatMap((cat) => dirs(join(HERE, cat)).map((c) => `${cat}/${c}`));

describe('broken-spec corpus', () => {
  it('has at least 80 cases in every category', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
    const categories = new Set(cases.map((c) => c.split('/')[0]));
    for (const c of ['yaml', 'schema', 'expressions', 'ids', 'sources', 'loops', 'sizes', 'names']) expect(categories).toContain(c);
  });

  for (const name of cases) {
    it(name, async () => {
      const dir = join(HERE, name);
      const io = bufferIO();
      const code = await run(argsOf(dir), { ...defaultContext(), io });
      const out = io.stdout() + io.stderr();
      expect(code, out).toBe(1);
      // no stack trace, no internal error, nothing from V8
      expect(out).not.toMatch(/^\s+at .*[:(]/m);
      expect(out).not.toMatch(/internal error|unexpected error|Maximum call stack|is not a function|Cannot read prop|undefined is not|run with DEBUG/i);
      const errors = [...out.matchAll(/^(\S+?):(\d+):(\d+): error: /gm)].map((m) => `${m[1]}:${m[2]}`);
      expect(errors.length, out).toBeGreaterThan(0);
      const marks = markedPlaces(dir);
      expect(marks.length, `${name} marks no place (${MARK} or where.txt)`).toBeGreaterThan(0);
      expect(errors.filter((e) => marks.includes(e)), `an error at ${marks.join(' or ')}:\n${out}`).not.toEqual([]);
      const golden = join(dir, 'expected.txt');
      if (UPDATE || !existsSync(golden)) {
        if (!UPDATE) throw new Error(`${name}: no expected.txt (run with UPDATE_GOLDEN=1 to write it)`);
        writeFileSync(golden, out);
      } else {
        expect(out).toBe(readFileSync(golden, 'utf8'));
      }
    });
  }
});
