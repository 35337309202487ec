import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferIO, defaultContext, type CliContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';
import { DocgenError, generateSite } from '../../src/docgen/index.ts';
import { en } from '../../src/docgen/readings/en.ts';
import type { Templates } from '../../src/docgen/readings/templates.ts';
import { zh } from '../../src/docgen/readings/zh.ts';
import { cleanTemps, copyRules, REAL_GAME, snapshot, tempDir, unmarkNames } from './helpers.ts';

afterAll(cleanTemps);

/** an output folder as the VitePress helper leaves it: config, theme, cache, dist, and old pages */
function outWithConfig(): string {
  const out = join(tempDir('docgen-out-'), 'site');
  const put = (p: string, s: string) => {
    mkdirSync(dirname(join(out, p)), { recursive: true });
    writeFileSync(join(out, p), s);
  };
  put('.vitepress/config.mts', 'export default {}\n');
  put('.vitepress/theme/index.ts', '// theme\n');
  put('.vitepress/cache/x.json', '{}');
  put('.vitepress/dist/index.html', '<html></html>');
  put('games/old-game/index.md', '# stale\n');
  put('index.md', '# old home\n');
  return out;
}

const noLeftovers = (out: string) => readdirSync(dirname(out)).filter((f) => f.includes('.docgen-'));

describe('generateSite', () => {
  it('writes the pages, keeps the config, theme, cache and dist, and removes stale generated pages', () => {
    const rules = copyRules(REAL_GAME);
    const out = outWithConfig();
    const r = generateSite({ rulesDir: rules, outDir: out });
    expect(r.ok).toBe(true);
    expect(r.files).toContain('games/cash-n-guns/flow.md');
    const after = snapshot(out);
    expect(after.get('.vitepress/config.mts')).toBe('export default {}\n');
    expect(after.get('.vitepress/theme/index.ts')).toBe('// theme\n');
    expect(after.has('.vitepress/cache/x.json')).toBe(true);
    expect(after.has('.vitepress/dist/index.html')).toBe(true);
    expect(after.has('games/old-game/index.md')).toBe(false);
    expect(after.get('index.md')).toMatch(/^---\nlayout: home/);
    expect(after.has('.vitepress/generated/sidebar.json')).toBe(true);
    expect([...after.keys()].filter((p) => !p.startsWith('.vitepress/')).sort()).toEqual(r.files.filter((p) => !p.startsWith('.vitepress/')));
    expect(noLeftovers(out)).toEqual([]);
  });

  it('a failing generation leaves the previous output untouched', () => {
    const rules = copyRules(REAL_GAME);
    const out = outWithConfig();
    expect(generateSite({ rulesDir: rules, outDir: out }).ok).toBe(true);
    const before = snapshot(out);

    // a reading template is missing: fails while the pages are built, before anything is written
    const broken: Templates = { ...zh, expr: { ...zh.expr } };
    delete broken.expr.Name;
    expect(() => generateSite({ rulesDir: rules, outDir: out, templates: { en, zh: broken } })).toThrow(DocgenError);
    expect(snapshot(out)).toEqual(before);

    // a failure after the temp folder is written, before the swap
    expect(() =>
      generateSite({
        rulesDir: rules,
        outDir: out,
        beforeSwap: () => {
          throw new Error('disk full');
        },
      }),
    ).toThrow('disk full');
    expect(snapshot(out)).toEqual(before);
    expect(noLeftovers(out)).toEqual([]);
  });

  it('refuses a spec with errors, with file:line:col diagnostics, and writes nothing', () => {
    const rules = copyRules(REAL_GAME);
    const file = join(rules, 'cash-n-guns', 'setup.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('quote: 將所有鈔票正面朝下洗勻後堆疊置於桌面中央', 'quote: 將所有鈔票正面朝上洗勻'));
    const out = outWithConfig();
    const before = snapshot(out);
    const r = generateSite({ rulesDir: rules, outDir: out });
    expect(r.ok).toBe(false);
    const err = r.diagnostics.find((d) => d.severity === 'error')!;
    expect(err.file).toMatch(/cash-n-guns\/setup\.yaml$/);
    expect(err.line).toBeGreaterThan(1);
    expect(snapshot(out)).toEqual(before);
  });

  it('refuses a rule without its Chinese text', () => {
    const rules = copyRules(REAL_GAME);
    const file = join(rules, 'cash-n-guns', 'scoring.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('zh: 遊戲在完成8回合後結束。', 'zh: ""'));
    const out = join(tempDir('docgen-out-'), 'site');
    const r = generateSite({ rulesDir: rules, outDir: out });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.some((d) => d.severity === 'error' && d.file.endsWith('scoring.yaml'))).toBe(true);
    expect(existsSync(out)).toBe(false);
  });

  it('a changed number in a copy of the spec shows up in the regenerated pages', () => {
    const rules = copyRules(REAL_GAME);
    const out = join(tempDir('docgen-out-'), 'site');
    expect(generateSite({ rulesDir: rules, outDir: out }).ok).toBe(true);
    const flow = () => readFileSync(join(out, 'games/cash-n-guns/flow.md'), 'utf8');
    const zhFlow = () => readFileSync(join(out, 'zh-hant/games/cash-n-guns/flow.md'), 'utf8');
    const components = () => readFileSync(join(out, 'games/cash-n-guns/components.md'), 'utf8');
    expect(unmarkNames(flow())).toContain('move 5 card(s) from the top of Banknote stack');
    expect(components()).toMatch(/<td><a href="#bill-20000">\$20,000 bill<\/a><\/td><td>10<\/td>/);

    const round = join(rules, 'cash-n-guns', 'round.yaml');
    const text = readFileSync(round, 'utf8');
    expect(text).toContain('to: table\n        count: 5\n');
    writeFileSync(round, text.replace('to: table\n        count: 5\n', 'to: table\n        count: 6\n'));
    const comps = join(rules, 'cash-n-guns', 'components.yaml');
    writeFileSync(comps, readFileSync(comps, 'utf8').replace('id: bill-20000\n    count: 10', 'id: bill-20000\n    count: 12'));

    expect(generateSite({ rulesDir: rules, outDir: out }).ok).toBe(true);
    expect(unmarkNames(flow())).toContain('move 6 card(s) from the top of Banknote stack');
    expect(unmarkNames(flow())).not.toContain('move 5 card(s) from the top of Banknote stack');
    expect(unmarkNames(zhFlow())).toContain('鈔票堆 頂部的 6 張牌');
    expect(components()).toMatch(/<td><a href="#bill-20000">\$20,000 bill<\/a><\/td><td>12<\/td>/);
  });
});

describe('rules docs', () => {
  const cli = async (args: string[]) => {
    const io = bufferIO();
    const ctx: CliContext = { ...defaultContext(), io };
    const code = await run(args, ctx);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  };

  it('generates and prints what it wrote', async () => {
    const rules = copyRules(REAL_GAME);
    const out = join(tempDir('docgen-out-'), 'site');
    const r = await cli(['docs', '--rules-dir', rules, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\/games\/cash-n-guns\/flow\.md\n/);
    expect(r.stdout).toMatch(/\/zh-hans\/sources\/003\.md\n/);
    expect(r.stdout).toMatch(/\/zh-hant\/sources\/003\.md\n/);
    // the play pages' engine and the game's play data
    expect(r.stdout).toMatch(/\/public\/play\/engine\.js\n/);
    expect(r.stdout).toMatch(/\/public\/play\/cash-n-guns\.json\n/);
    expect(r.stdout).toMatch(/wrote 48 files to .* for 1 game and 1 source text in English and Chinese \(Simplified and Traditional\); coverage: 003 \d+\.\d% \(\d+\/\d+\)\n$/);
    expect(existsSync(join(out, 'zh-hant/games/cash-n-guns/index.md'))).toBe(true);
  });

  it('refuses a spec with errors: diagnostics as file:line:col, exit 1', async () => {
    const rules = copyRules(REAL_GAME);
    const file = join(rules, 'cash-n-guns', 'scoring.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('when: count(alive) <= 1', 'when: count(alive) <= '));
    const out = join(tempDir('docgen-out-'), 'site');
    const r = await cli(['docs', '--rules-dir', rules, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cash-n-guns\/scoring\.yaml:\d+:\d+: error: /);
    expect(r.stderr).toMatch(/error: the site was not generated: \d+ errors?/);
    expect(existsSync(out)).toBe(false);
  });

  it('an empty rules folder is an error', async () => {
    const rules = tempDir('docgen-empty-');
    const r = await cli(['docs', '--rules-dir', rules, '--out', join(rules, 'site')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no games in');
  });
});
