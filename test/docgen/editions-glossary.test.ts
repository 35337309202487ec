import { describe, expect, it } from 'vitest';
import { buildGlossary, looseMatch } from '../../src/docgen/glossary.ts';
import { editionsOf, guardInfo } from '../../src/docgen/guards.ts';
import { buildSite } from '../../src/docgen/site.ts';
import type { Option } from '../../src/loader/types.generated.ts';
import { EDITION_RULES, loadDoc, REAL_GAME, unmarkNames } from './helpers.ts';

const edition: Option = { id: 'edition', type: 'string', values: ['a', 'b', 'c'], default: 'a', text: { en: 'x', zh: 'x' }, assumption: { why: 'x' } };

describe('guards', () => {
  it('names the options and the player count a guard reads', () => {
    expect(guardInfo('options.powers and players >= 5')).toEqual({ options: ['powers'], players: true });
    expect(guardInfo(undefined)).toEqual({ options: [], players: false });
  });

  it('works out the editions a guard lets a rule exist in', () => {
    expect(editionsOf('options.edition == "b"', edition)).toEqual(['b']);
    expect(editionsOf('"a" == options.edition', edition)).toEqual(['a']);
    expect(editionsOf('options.edition != "a"', edition)).toEqual(['b', 'c']);
    expect(editionsOf('options.edition in ["a", "c"]', edition)).toEqual(['a', 'c']);
    expect(editionsOf('players == 2 and options.edition == "a"', edition)).toEqual(['a']);
    expect(editionsOf('options.edition == "a" or options.edition == "c"', edition)).toEqual(['a', 'c']);
    expect(editionsOf('not (options.edition == "a")', edition)).toEqual(['b', 'c']);
    expect(editionsOf('players == 2', edition)).toBeUndefined();
    expect(editionsOf(undefined, edition)).toBeUndefined();
  });
});

describe('the editions page', () => {
  const doc = loadDoc(`${EDITION_RULES}/mini-editions`, EDITION_RULES);
  const { files } = buildSite([doc]);

  it('exists, in both languages, only for a game with an edition option', () => {
    expect(files.has('games/mini-editions/editions.md')).toBe(true);
    expect(files.has('zh-hant/games/mini-editions/editions.md')).toBe(true);
    expect(buildSite([loadDoc(REAL_GAME)]).files.has('games/cash-n-guns/editions.md')).toBe(false);
    const sidebar = JSON.parse(files.get('.vitepress/generated/sidebar.json')!);
    expect(sidebar.locales.root.sidebar['/games/mini-editions/'][0].items.map((i: { link: string }) => i.link)).toContain('/games/mini-editions/editions');
  });

  it('puts twin rules side by side, one column per edition', () => {
    const md = files.get('games/mini-editions/editions.md')!;
    expect(md).toContain('<th>edition a</th><th>edition b</th>');
    const rows = md.match(/<tr><td>[\s\S]*?<\/tr>/g)!;
    expect(rows).toHaveLength(1);
    const [a, b] = rows[0]!.split('</td><td>');
    expect(a).toContain('href="setup#open-market-a"');
    expect(a).toContain('Turn the top 5 thugs face up at Downtown.');
    expect(a).toContain('href="../../sources/000#L21"');
    expect(unmarkNames(a!)).toContain('move 5 card(s) from the top of The thug deck to market');
    expect(b).toContain('href="setup#open-market-b"');
    expect(b).toContain('href="../../sources/001#L24"');
    expect(b).toContain('move 7 card(s)');
    expect(files.get('zh-hant/games/mini-editions/editions.md')).toContain('將小弟卡最上面的7張翻開。');
  });

  it('badges each rule with its edition', () => {
    const setup = files.get('games/mini-editions/setup.md')!;
    expect(setup).toContain('<span class="VPBadge warning rule-edition">edition a</span>');
    expect(setup).toContain('<span class="VPBadge warning rule-edition">edition b</span>');
  });

  it('makes a source page for each seed the game lists', () => {
    expect(files.has('sources/000.md')).toBe(true);
    expect(files.has('sources/001.md')).toBe(true);
  });
});

describe('the glossary', () => {
  const doc = loadDoc(REAL_GAME);
  const g = buildGlossary(doc);
  const term = (zh: string) => g.terms.find((t) => t.zh[0] === zh);

  it('maps the Chinese terms of the text to the English names used', () => {
    expect(term('明搶你錢')).toMatchObject({ en: ["Cash'n Guns"], kind: 'game' });
    expect(term('特殊能力變體')).toMatchObject({ en: ['Special powers variant'], kind: 'term' });
    expect(term('教父')?.en).toEqual(['The Godfather']);
    expect(term('秘密角色卡')?.en).toEqual(['Secret role cards']);
    expect(term('留在槍戰中')).toMatchObject({ en: ['Stay in the gunfight'], kind: 'choice' });
  });

  it('gathers the English spellings of one Chinese term', () => {
    expect(term('臥底變體')?.en).toEqual(expect.arrayContaining(['Undercover cop variant', 'Undercover variant']));
  });

  it('finds where a term stands in the text, with the text\'s own spelling', () => {
    const t = term('You don’t need it anymore')!;
    expect(t.en).toEqual(["You don't need it anymore"]);
    expect(t.found[0]).toEqual({ seed: '003', line: 51, spelling: 'You don’t need it anymore' });
    expect(term('教父')!.found.map((f) => f.line)).toEqual([89, 91, 100]);
    expect(looseMatch('由擔任教父的玩家(若教父不在場', '玩家（若教父')).toBe('玩家(若教父');
    expect(looseMatch('由擔任教父的玩家', '臥底')).toBeUndefined();
  });

  it('lists the names the readings use, with their meaning', () => {
    expect(g.names.find((n) => n.id === 'shame')).toMatchObject({ section: 'seatVars', text: { zh: '領取的恥辱標誌數。' } });
  });

  it('is on both locales\' glossary pages', () => {
    const { files } = buildSite([doc]);
    for (const p of ['games/cash-n-guns/glossary.md', 'zh-hant/games/cash-n-guns/glossary.md']) {
      const md = files.get(p)!;
      expect(md).toContain('特殊能力變體');
      expect(md).toContain('Special powers variant');
      expect(md).toContain('href="../../sources/003#L51"');
    }
  });
});
