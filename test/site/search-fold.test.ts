import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFile, foldTable, withTable } from '../../scripts/search-fold.ts';

type Tokenize = (text: string) => string[];

async function tokenizer(): Promise<Tokenize> {
  const config = (await import('../../site/.vitepress/config.mts')).default as {
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
});
