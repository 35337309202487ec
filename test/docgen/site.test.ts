import { describe, expect, it } from 'vitest';
import { buildSite, SIDEBAR_FILE } from '../../src/docgen/site.ts';
import { seedLines } from '../../src/loader/seeds.ts';
import { ruleNodes } from '../../src/loader/load-folder.ts';
import { anchorsIn, linkTarget, loadDoc, REAL_GAME, unescapeHtml, unmarkNames } from './helpers.ts';
import { esc, headingText } from '../../src/docgen/escape.ts';
import { readerNames, withReaderNames } from '../../src/docgen/reader-names.ts';
import { textIn as whyIn } from '../../src/docgen/i18n.ts';

const doc = loadDoc(REAL_GAME);
const { files } = buildSite([doc]);
// the Traditional pages stand for the Chinese ones (the Simplified are the same pages in the other script)
const pagesOf = (lang: 'en' | 'zh') => [...files.entries()].filter(([p]) => p.endsWith('.md') && (lang === 'zh' ? p.startsWith('zh-hant/') : !/^zh-han[st]\//.test(p)));

describe('the generated site for the real spec', () => {
  it('has the pages of the layout contract', () => {
    const game = ['index', 'play', 'components', 'setup', 'flow', 'scoring', 'assumptions', 'glossary', 'rules'].map((p) => `games/cash-n-guns/${p}.md`);
    const expected = ['index.md', ...game, 'sources/003.md'];
    // and what the play page loads: the game's checked spec (the engine is added by the caller)
    expect([...files.keys()].sort()).toEqual([...expected, ...expected.map((p) => `zh-hans/${p}`), ...expected.map((p) => `zh-hant/${p}`), SIDEBAR_FILE, 'public/play/cash-n-guns.json', 'public/play/script/zh-hans.json', 'public/play/script/zh-hant.json'].sort());
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: every rule id is an anchor exactly once, on the page its section belongs to`, () => {
      const ids = ruleNodes(doc.spec).map((e) => e.node.id);
      const all = pagesOf(lang).flatMap(([p, md]) => anchorsIn(md).map((a) => `${p}#${a}`));
      for (const id of ids) {
        const found = all.filter((x) => x.endsWith(`#${id}`));
        expect(found, id).toHaveLength(1);
      }
      const prefix = lang === 'zh' ? 'zh-hant/' : '';
      expect(all).toContain(`${prefix}games/cash-n-guns/flow.md#phase-7-share`);
      expect(all).toContain(`${prefix}games/cash-n-guns/components.md#bill-5000`);
      expect(all).toContain(`${prefix}games/cash-n-guns/index.md#powers`);
      expect(all).toContain(`${prefix}games/cash-n-guns/scoring.md#richest-robber`);
      expect(all).toContain(`${prefix}games/cash-n-guns/setup.md#setup-powers`);
    });

    it(`${lang}: every link goes to a generated page and an anchor on it`, () => {
      for (const [page, md] of pagesOf(lang)) {
        for (const m of md.matchAll(/href="([^"]+)"/g)) {
          const href = unescapeHtml(m[1]!);
          const { file, hash } = linkTarget(page, m[1]!);
          expect(files.has(file), `${page}: ${href}`).toBe(true);
          if (hash) expect(anchorsIn(files.get(file)!), `${page}: ${href}`).toContain(hash);
        }
      }
    });

    it(`${lang}: every source quote links to a line holding the quote's first characters`, () => {
      let n = 0;
      for (const [, md] of pagesOf(lang)) {
        for (const m of md.matchAll(/<a class="rule-ref" href="[^"]*sources\/(\d{3})#L(\d+)">[^<]*<\/a> <span class="rule-quote-text[^"]*"[^>]*>(.*?)<\/span>/g)) {
          const line = seedLines(m[1]!)![Number(m[2]) - 1]!;
          const quote = unescapeHtml(m[3]!);
          expect(line, quote).toContain(quote.split('\n')[0]!.slice(0, 8));
          n++;
        }
      }
      const quotes = doc.nodes.reduce((k, d) => k + (d.node.source?.length ?? 0), 0);
      expect(n).toBe(quotes);
    });

    it(`${lang}: each assumption is set apart in a warning box`, () => {
      const boxes = pagesOf(lang).reduce((k, [, md]) => k + (md.match(/^::: warning (Assumption|假設)$/gm)?.length ?? 0), 0);
      expect(boxes).toBe(doc.nodes.filter((n) => n.node.assumption).length);
      expect(files.get(`${lang === 'zh' ? 'zh-hant/' : ''}games/cash-n-guns/flow.md`)).toContain(lang === 'zh' ? '::: warning 假設' : '::: warning Assumption');
    });

    it(`${lang}: pages are safe for Vue and balanced`, () => {
      for (const [page, md] of pagesOf(lang)) {
        // outside code fences (Mermaid's hexagons are {{…}}; fences never reach Vue as text)
        expect(md.replace(/```[\s\S]*?```/g, ''), page).not.toContain('{{');
        expect((md.match(/<div[ >]/g) ?? []).length, page).toBe((md.match(/<\/div>/g) ?? []).length);
        expect((md.match(/<table[ >]/g) ?? []).length, page).toBe((md.match(/<\/table>/g) ?? []).length);
      }
    });
  }

  it('zh pages show no English-only rule text where a Chinese one exists', () => {
    const zh = pagesOf('zh').map(([, md]) => md).join('\n');
    for (const n of doc.nodes) {
      const t = n.node.text;
      if (!t || t.en === t.zh) continue;
      expect(zh, n.id).not.toContain(esc(t.en));
      // (the ids a text mentions are shown by their names)
      expect(zh, n.id).toContain(withReaderNames(esc(t.zh), readerNames(doc, 'zh'), 'zh'));
    }
    for (const phrase of ['Generated reading', 'for each', 'the living seats', 'Only when', 'carry out']) expect(zh).not.toContain(phrase);
  });

  it('en pages show the English texts', () => {
    const en = pagesOf('en').map(([, md]) => md).join('\n');
    for (const n of doc.nodes) if (n.node.text) expect(en, n.id).toContain(withReaderNames(esc(n.node.text.en), readerNames(doc, 'en'), 'en'));
  });

  it('shows each rule with its text, reading, quote, guard and file', () => {
    const flow = files.get('games/cash-n-guns/flow.md')!;
    const block = flow.slice(flow.indexOf('{#phase-1-bills}'), flow.indexOf('{#phase-2-bullets}'));
    expect(block).toContain('Draw 5 banknotes from the top of the stack');
    expect(unmarkNames(block)).toContain('<li>move 5 card(s) from the top of Banknote stack to the bottom of table</li>');
    // the spec's names in a reading are its names for readers (never its ids), set apart
    expect(block).toContain('<span class="reading-name">Banknote stack</span>');
    expect(block).toContain('href="../../sources/003#L85"');
    expect(block).toContain('rules/cash-n-guns/round.yaml:');
    const setup = files.get('zh-hant/games/cash-n-guns/setup.md')!;
    const powers = setup.slice(setup.indexOf('{#setup-powers}'), setup.indexOf('{#setup-roles}'));
    expect(powers).toContain('<span class="VPBadge tip rule-option">特殊能力變體</span>');
    expect(powers).toContain('<strong>僅當：</strong> 特殊能力變體開啟');
  });

  it('draws the flow as Mermaid charts in each language: an overview, then one per rule worth it', () => {
    const en = files.get('games/cash-n-guns/flow.md')!;
    const zh = files.get('zh-hant/games/cash-n-guns/flow.md')!;
    const charts = (md: string) => [...md.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
    const overview = charts(en)[0]!;
    expect(overview).toMatch(/^flowchart TD\n/);
    expect(overview).toContain('(["Start"])');
    expect(overview).toContain('["Setup"]');
    expect(overview).toContain('{{"repeat Rounds in a game times (r = 1, 2, …)"}}');
    // a box says its rule in words (the start of its text); the id is the link target
    const aim = /(n\d+)\[\["On the count of three, every player points their gun at…"\]\]/.exec(overview);
    expect(aim, 'phase-3-aim in words').not.toBeNull();
    expect(overview).toContain(`click ${aim![1]} href "#phase-3-aim"`);
    expect(overview).not.toContain('"phase-3-aim"');
    expect(overview).toContain('(["End: The game ends after the 8th round"])');
    // the called procedures are boxes, not expanded: their choices are in their own charts
    expect(overview).not.toContain('choice: aim');
    expect(en).toContain(`### ${headingText('On the count of three, every player points their gun at…')} {#phase-3-aim}\n\n\`\`\`mermaid\nflowchart TD\n  n1(["On the count of three, every player points their gun at…"])`);
    // a choice shows the prompt players see (its id is no label)
    expect(charts(en).some((c) => c.includes('[/"Point your gun at a player"/]'))).toBe(true);
    expect(charts(zh)[0]).toContain('(["開始"])');
    expect(charts(zh)[0]).toContain('(["結束：遊戲在完成8回合後結束"])');
    expect(charts(zh).some((c) => c.includes('[/"用槍指向一位目標玩家"/]'))).toBe(true);
    expect(charts(zh)).toHaveLength(charts(en).length);
    // node ids are safe, labels quoted, links are anchors
    for (const chart of [...charts(en), ...charts(zh)]) {
      for (const line of chart.split('\n').slice(1)) {
        expect(line).toMatch(
          /^ {2}(n\d+(\(\[|\[\[|\[\/|\{\{|[[({>])"[^"]*"(\]\)|\]\]|\/\]|\}\}|[\])}])|n\d+@\{ shape: fr-circ \}|n\d+ -(->|\.->)(\|"[^"]*"\|)? n\d+|click n\d+ href "#[a-z][a-z0-9-]*")$/,
        );
      }
    }
  });

  it('writes the locales, their sidebars and nav for the VitePress config', () => {
    const all = JSON.parse(files.get(SIDEBAR_FILE)!);
    const s = { en: all.locales.root.sidebar, zh: all.locales['zh-hant'].sidebar, nav: { en: all.locales.root.nav, zh: all.locales['zh-hant'].nav } };
    expect(Object.keys(all.locales)).toEqual(['root', 'zh-hans', 'zh-hant']);
    expect(Object.values(all.locales).map((l) => [(l as { lang: string }).lang, (l as { label: string }).label, (l as { link: string }).link])).toEqual([
      ['en', 'English', '/'], ['zh-Hans', '简体中文', '/zh-hans/'], ['zh-Hant', '繁體中文', '/zh-hant/'],
    ]);
    // each Chinese locale's words in its script
    expect(all.locales['zh-hans'].theme.outline.label).toBe('本页目录');
    expect(all.locales['zh-hant'].theme.outline.label).toBe('本頁目錄');
    expect(all.locales['zh-hans'].nav[0].items[0]).toEqual({ text: '明抢你钱', link: '/zh-hans/games/cash-n-guns/' });
    expect(all.games).toEqual([{ id: 'cash-n-guns', name: { en: "Cash'n Guns", zh: '明搶你錢' } }]);
    expect(Object.keys(s.en)).toEqual(['/games/cash-n-guns/', '/sources/']);
    expect(Object.keys(s.zh)).toEqual(['/zh-hant/games/cash-n-guns/', '/zh-hant/sources/']);
    expect(s.en['/games/cash-n-guns/'][0].items.map((i: { link: string }) => i.link)).toEqual([
      '/games/cash-n-guns/', '/games/cash-n-guns/play', '/games/cash-n-guns/components', '/games/cash-n-guns/setup', '/games/cash-n-guns/flow',
      '/games/cash-n-guns/scoring', '/games/cash-n-guns/assumptions', '/games/cash-n-guns/glossary', '/games/cash-n-guns/rules',
    ]);
    expect(s.nav.zh[0].items[0]).toEqual({ text: '明搶你錢', link: '/zh-hant/games/cash-n-guns/' });
    expect(s.nav.en[1].items[0].link).toBe('/sources/003');
  });

  it('the home page lists the games, the coverage per seed and how to edit a rule', () => {
    const home = files.get('index.md')!;
    expect(home).toMatch(/^---\nlayout: home\n/);
    expect(home).toContain('href="games/cash-n-guns/"');
    expect(home).toMatch(/<td class="coverage"><strong>\d+\.\d%<\/strong> \(\d+ \/ \d+\)<\/td>/);
    expect(home).toContain('npx rules validate rules/');
    expect(files.get('zh-hant/index.md')).toContain('如何修改規則');
  });

  it('the overview gives players, length, what you do and how you win', () => {
    const o = files.get('games/cash-n-guns/index.md')!;
    expect(o).toContain('<li><strong>Players:</strong> 4–6</li>');
    expect(o).toContain('<li><strong>Length:</strong> 8 rounds</li>');
    expect(o).toContain('phase-8-phone');
    expect(o).toContain('richest-robber');
    expect(files.get('zh-hant/games/cash-n-guns/index.md')).toContain('<li><strong>遊戲長度:</strong> 8 回合</li>');
  });

  it('components list counts, per player where a seat zone starts with them', () => {
    const c = files.get('games/cash-n-guns/components.md')!;
    const row = c.match(/<tr><td><a href="#bullet-bang">BANG!<\/a><\/td><td>(.*?)<\/td>/)![1]!;
    expect(row).toContain('2 per player (in <a href="#hand"><code>hand</code></a>)');
    expect(c).toMatch(/<tr><td><a href="#bill-5000">\$5,000 bill<\/a><\/td><td>15<\/td>/);
  });

  it('the assumptions page lists every assumption with its reason', () => {
    const a = files.get('games/cash-n-guns/assumptions.md')!;
    const withA = doc.nodes.filter((n) => n.node.assumption);
    expect(a.match(/<li class="assumption-item"/g)).toHaveLength(withA.length);
    for (const n of withA) expect(a).toContain(withReaderNames(esc(whyIn('en', n.node.assumption!.why).text), readerNames(doc, 'en'), 'en'));
  });

  it('the Chinese assumptions page shows each reason in Chinese where the spec gives one', () => {
    const a = files.get('zh-hant/games/cash-n-guns/assumptions.md')!;
    const withA = doc.nodes.filter((n) => n.node.assumption);
    const bilingual = withA.filter((n) => typeof n.node.assumption!.why !== 'string');
    expect(bilingual.length).toBeGreaterThan(0);
    for (const n of bilingual) expect(a).toContain(withReaderNames(esc(whyIn('zh', n.node.assumption!.why).text), readerNames(doc, 'zh'), 'zh'));
  });

  it('the rules index maps every rule id to its page and anchor', () => {
    const r = files.get('games/cash-n-guns/rules.md')!;
    for (const n of doc.nodes) expect(r).toContain(`<a href="${n.page === 'index' ? './' : n.page}#${n.anchor}"><code>${esc(n.id)}</code></a>`);
  });
});
