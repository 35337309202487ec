import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configFile, foldTable, themeTableFile, themeTableModule, withTable } from '../../scripts/search-fold.ts';
import { foldedRuns, markPattern } from '../../site/.vitepress/theme/search-variants.ts';
import { tempSite } from './helpers.ts';

type Tokenize = (text: string) => string[];

// The config reads the generated nav (site/.vitepress/generated/sidebar.json), which exists only
// after the pages were generated. The tokenizer does not depend on it: load a copy of the real
// config beside an empty nav, so the test passes on a fresh clone.
const site = tempSite('search-fold');
afterAll(() => site.cleanup());

async function tokenizer(): Promise<Tokenize> {
  const generated = join(site.siteDir, '.vitepress/generated');
  mkdirSync(generated, { recursive: true });
  // one locale, in the shape src/docgen/sidebar.ts writes
  const root = { lang: 'en', label: 'English', link: '/', title: 't', description: 'd', sidebar: {}, nav: [] };
  writeFileSync(join(generated, 'sidebar.json'), JSON.stringify({ locales: { root }, games: [] }));
  const url = pathToFileURL(join(site.siteDir, '.vitepress/config.mts')).href;
  const config = (await import(/* @vite-ignore */ url)).default as {
    themeConfig: { search: { options: { miniSearch: { options: { tokenize: Tokenize } } } } };
  };
  return config.themeConfig.search.options.miniSearch.options.tokenize;
}

describe('search folds Traditional and Simplified Chinese together', () => {
  it('the table in the site config is the one OpenCC gives (else run: npx tsx scripts/search-fold.ts)', () => {
    const source = readFileSync(configFile, 'utf8');
    expect(withTable(source, foldTable())).toBe(source);
  });

  it('a Simplified query gives the same terms as the Traditional text', async () => {
    const tokenize = await tokenizer();
    expect(tokenize('钞票')).toEqual(tokenize('鈔票'));
    expect(tokenize('抢劫')).toEqual(tokenize('搶劫'));
    expect(tokenize('保护费')).toEqual(tokenize('保護費'));
    // characters without a second form, and Latin words, are kept
    expect(tokenize('明 BANG')).toEqual(['明', 'BANG']);
  });

  it('stays self-contained: VitePress ships it to the browser as its source text', async () => {
    const tokenize = await tokenizer();
    // rebuilt from its source alone, as the browser does, it still folds
    const rebuilt = (0, eval)(`(${tokenize.toString()})`) as Tokenize;
    expect(rebuilt('钞票')).toEqual(tokenize('鈔票'));
  });

  it("the theme's copy of the table is the same one", () => {
    expect(readFileSync(themeTableFile, 'utf8')).toBe(themeTableModule(foldTable()));
  });
});

describe('search results mark every written form of a Chinese query', () => {
  it('each Chinese character of the query matches its Traditional and Simplified forms', () => {
    expect(foldedRuns('钞票')).toEqual(['[钞鈔]票']);
    const re = markPattern('钞票', [])!;
    expect('每人分到的鈔票'.match(re)?.[0]).toBe('鈔票');
    expect('钞票'.match(re)?.[0]).toBe('钞票');
    // typed in Traditional, the Simplified text is found too
    expect('抢劫'.match(markPattern('搶劫', [])!)?.[0]).toBe('抢劫');
    // runs are split at non-Chinese characters; Latin words are left to VitePress
    expect(foldedRuns('保護費 BANG 搶')).toHaveLength(2);
    expect(markPattern('BANG', ['BANG'])).toBeUndefined();
  });

  it("keeps what VitePress marked, longest first, and escapes it", () => {
    const re = markPattern('钞票', ['a.b', 'BANG!BANG!'])!;
    expect('BANG!BANG! axb a.b'.match(re)).toEqual(['BANG!BANG!', 'a.b']);
  });
});

