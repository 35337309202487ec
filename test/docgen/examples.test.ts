/**
 * The worked-examples page: the conformance scenarios of each game, run on the specs the site is
 * generated from, with their sources linked to the lines and their outcome as it really is.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findScenarioFiles } from '../../src/conformance/index.ts';
import { loadGames } from '../../src/docgen/generate.ts';
import { buildSite, SIDEBAR_FILE } from '../../src/docgen/site.ts';
import { seedLines } from '../../src/loader/seeds.ts';
import { cleanTemps, pageAnchors, copyRules, linkTarget, REAL_GAME, unescapeHtml } from './helpers.ts';

afterAll(cleanTemps);

describe('worked examples from the conformance scenarios', () => {
  const { games } = loadGames('rules', 'test/conformance');
  const { files } = buildSite(games);

  it('every game with scenarios gets the page in both locales, one section per scenario, each run and holding', () => {
    for (const game of games) {
      const scenarios = findScenarioFiles(join('test/conformance', game.id));
      expect(scenarios.length, game.id).toBeGreaterThan(0);
      expect(game.examples).toHaveLength(scenarios.length);
      for (const lang of ['en', 'zh'] as const) {
        const md = files.get(`${lang === 'zh' ? 'zh-hant/' : ''}games/${game.id}/examples.md`)!;
        expect(md, `${lang} ${game.id}`).toBeDefined();
        for (const ex of game.examples!) {
          // the heading says the example in words; its id is the anchor
          const h = md.split('\n').find((l) => l.endsWith(` {#${ex.scenario.id}}`));
          expect(h, ex.scenario.id).toMatch(/^## /);
          expect(h).not.toBe(`## ${ex.scenario.id} {#${ex.scenario.id}}`);
          expect(md).toContain(`data-example="${ex.scenario.id}"`);
        }
        expect(md.match(/data-passed="true"/g)).toHaveLength(scenarios.length);
        expect(md).not.toContain('data-passed="false"');
      }
    }
    // the home page counts them, linked to the page
    const n = findScenarioFiles('test/conformance/downtown').length;
    expect(files.get('index.md')).toContain(`<a href="games/downtown/examples">${n} / ${n}</a>`);
    const sidebar = readSidebar(files.get(SIDEBAR_FILE)!);
    expect(sidebar).toContain('/games/downtown/examples');
    expect(sidebar).toContain('/zh-hant/games/downtown/examples');
  });

  it("each example's source quotes link to the line that holds them", () => {
    let n = 0;
    for (const [page, md] of files) {
      if (!page.endsWith('/examples.md')) continue;
      for (const m of md.matchAll(/<a class="rule-ref" href="[^"]*sources\/(\d{3})#L(\d+)">[^<]*<\/a> <span class="rule-quote-text[^"]*"[^>]*>(.*?)<\/span>/g)) {
        const line = seedLines(m[1]!)![Number(m[2]) - 1]!;
        expect(line, page).toContain(unescapeHtml(m[3]!).split('\n')[0]!.slice(0, 8));
        n++;
      }
    }
    expect(n).toBeGreaterThan(80);
  });

  it('every link of the examples and source pages goes to a generated page and an anchor on it', () => {
    let n = 0;
    const anchors = new Map<string, Set<string>>();
    const anchorsOf = (file: string): Set<string> => anchors.get(file) ?? anchors.set(file, new Set(pageAnchors(files, file))).get(file)!;
    for (const [page, md] of files) {
      if (!/(examples|sources\/\d{3})\.md$/.test(page)) continue;
      for (const m of md.matchAll(/href="([^"]+)"/g)) {
        const { file, hash } = linkTarget(page, m[1]!);
        expect(files.has(file), `${page}: ${m[1]}`).toBe(true);
        if (hash) expect(anchorsOf(file).has(hash), `${page}: ${m[1]}`).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(500);
  });

  it('source lines cited by an example link back to it', () => {
    const downtown = games.find((g) => g.id === 'downtown')!;
    const ex = downtown.examples!.find((e) => e.scenario.id === 'bank-self-a')!;
    const line = Number(/^000:(\d+)/.exec(ex.scenario.source[0]!.ref)![1]);
    const src = files.get('sources/000.md')!;
    const lineHtml = src.split('\n').find((l) => l.startsWith(`<div id="L${line}" `))!;
    expect(lineHtml).toContain('<span class="src-examples">checked by example');
    expect(lineHtml).toContain('href="../games/downtown/examples#bank-self-a"');
    expect(src).toMatch(/<p>\d+ lines are also checked by worked examples/);
  });

  it('an example that does not hold is shown as such, with the problem at its file:line:col', () => {
    const rules = copyRules(REAL_GAME);
    const scenarios = join(rules, '..', 'scenarios');
    mkdirSync(join(scenarios, 'cash-n-guns'), { recursive: true });
    const good = 'test/conformance/cash-n-guns/death-at-three-wounds.yaml';
    cpSync(good, join(scenarios, 'cash-n-guns', 'good.yaml'));
    const text = readFileSync(good, 'utf8').replace('id: death-at-three-wounds', 'id: wrong-wounds');
    expect(text).toContain('seat(1).wounds == 3');
    writeFileSync(join(scenarios, 'cash-n-guns', 'wrong.yaml'), text.replace('seat(1).wounds == 3', 'seat(1).wounds == 2'));
    const { games: copies } = loadGames(rules, scenarios);
    const doc = copies[0]!;
    expect(doc.examples!.map((e) => [e.scenario.id, e.passed])).toEqual([
      ['death-at-three-wounds', true],
      ['wrong-wounds', false],
    ]);
    const md = buildSite(copies).files.get('games/cash-n-guns/examples.md')!;
    expect(md).toContain('1 of 2 hold');
    const wrong = md.slice(md.indexOf('{#wrong-wounds}'));
    expect(wrong).toContain('data-passed="false"');
    expect(wrong).toMatch(/wrong\.yaml:\d+:\d+: error: /);
    expect(buildSite(copies).files.get('zh-hant/games/cash-n-guns/examples.md')).toContain('2 個中有 1 個成立');
  });

  it('shows a setup in words (cards by name), and "*" beside listed seats as every other seat', () => {
    const game = games.find((g) => g.id === 'downtown');
    expect(game, 'the downtown examples').toBeDefined();
    for (const lang of ['en', 'zh'] as const) {
      const md = files.get(`${lang === 'zh' ? 'zh-hant/' : ''}games/downtown/examples.md`)!;
      // no arrangement as raw JSON
      expect(md).not.toMatch(/<code>\{&quot;(zones|vars|seats)&quot;/);
      const card = game!.spec.cards!.find((c) => c.id === 'lookout')!;
      expect(md).toContain(card.name![lang]);
      expect(md).toContain(lang === 'zh' ? '<code>casinosOut</code> 為 2' : '<code>casinosOut</code> is 2');
      expect(md).toContain(lang === 'zh' ? '其他每個座位 →' : 'every other seat →');
      // "*" alone is every seat
      expect(md).toMatch(lang === 'zh' ? /<code>opening-bid<\/code>: 每個座位 →/ : /<code>opening-bid<\/code>: every seat →/);
    }
  });

  it('counts seats from 1 in the moves and the setup (the scenario, as the spec, counts from 0)', () => {
    // death-at-three-wounds: given seats "1" two wounds; answers {0: bullet-bang, "*": bullet-clic}
    for (const lang of ['en', 'zh'] as const) {
      const md = files.get(`${lang === 'zh' ? 'zh-hant/' : ''}games/cash-n-guns/examples.md`)!;
      const from = md.indexOf('{#death-at-three-wounds}');
      const block = md.slice(from, md.indexOf('\n## ', from));
      const seat = lang === 'zh' ? '座位' : 'seat';
      expect(block).toContain(`${seat} 2${lang === 'zh' ? '：' : ':'}`);
      expect(block).toContain(`<code>bullet</code>: ${seat} 1 → <code>bullet-bang</code>`);
      expect(block).not.toContain(`${seat} 0`);
    }
  });

  it('a game without scenarios has no examples page', () => {
    const rules = copyRules(REAL_GAME);
    const { games: copies } = loadGames(rules, join(rules, 'nowhere'));
    expect(copies[0]!.examples).toBeUndefined();
    const { files: out } = buildSite(copies);
    expect([...out.keys()].some((p) => p.endsWith('examples.md'))).toBe(false);
    expect(readSidebar(out.get(SIDEBAR_FILE)!)).not.toContain('examples');
  });
});

function readSidebar(json: string): string {
  return JSON.stringify(JSON.parse(json));
}
