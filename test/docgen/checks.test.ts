/**
 * The pages on how each game's assumed numbers were checked: their figures are the games of the
 * Simulations page's "every seat searching" study, measured as bench/economy.ts measures them; an
 * unchanged game is read from the cache; the pages exist in both languages, list the assumed values
 * with their reasons, and escape every spec string.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inScript, outOfScript } from '../../src/chinese-script.ts';
import { headingText } from '../../src/docgen/escape.ts';
import { generateSite } from '../../src/docgen/index.ts';
import { checkGamesParam, CHECK_GAMES, prepareChecks } from '../../src/docgen/checks/prepare.ts';
import { SEARCH_AGENT } from '../../src/docgen/simulations/prepare.ts';
import { playGames } from '../../src/simulate/run.ts';
import { seatEdge, type Play, type PlayedGame } from '../../src/simulate/study.ts';
import { compileGameDir } from '../../src/games.ts';
import { cleanTemps, copyRules, REAL_GAME, tempDir } from './helpers.ts';

afterAll(cleanTemps);

const GAMES = 2;

describe('pages on assumed numbers checked by play', () => {
  it('measures the games of the every-seat-searching study; caches them; plays a changed game again', async () => {
    const rules = copyRules(REAL_GAME);
    const cacheDir = tempDir('check-cache-');
    const seen: string[] = [];
    const onGame = (g: string, how: string) => seen.push(`${g}:${how}`);
    const checks = prepareChecks(rules, { games: GAMES, cacheDir, onGame }).get('cash-n-guns')!;
    expect(checks).toMatchObject({ game: 'cash-n-guns', agent: SEARCH_AGENT, players: 4, games: GAMES, seed: 1 });
    expect(checks.error).toBeUndefined();
    const s = checks.summary!;
    // the same games as the Simulations page's study: each seat's wins agree
    const engine = compileGameDir(join(rules, 'cash-n-guns')).engine!;
    const play: Play = async (run, n) => {
      const out: PlayedGame[] = [];
      playGames(engine, run, 0, n, (index, game, steps) => out.push({ index, game, steps }));
      return out;
    };
    const edge = await seatEdge(play, { players: 4, seed: 1, options: Object.fromEntries(engine.options.map((o) => [o.id, o.default])), games: GAMES }, SEARCH_AGENT);
    expect(s.seats.map((r) => r.wins)).toEqual(edge.seats.map((r) => r.wins));
    expect(s.games).toBe(GAMES);
    expect(Object.values(s.ends).reduce((a, b) => a + b, 0)).toBe(GAMES);
    expect(Object.keys(s.rules).length).toBeGreaterThan(5);
    // a rule is either among those that took effect or among the unused, never both
    for (const id of checks.unused!) expect(s.rules[id]).toBeUndefined();
    expect(s.terms.map((t) => t.text).length).toBeGreaterThan(0);

    expect(prepareChecks(rules, { games: GAMES, cacheDir, onGame }).get('cash-n-guns')).toEqual(checks);
    appendFileSync(join(rules, 'cash-n-guns', 'game.yaml'), '\n# an edit\n');
    prepareChecks(rules, { games: GAMES, cacheDir, onGame });
    expect(prepareChecks(rules, { games: 0, cacheDir, onGame }).size).toBe(0);
    expect(seen).toEqual(['cash-n-guns:played', 'cash-n-guns:cached', 'cash-n-guns:played']);
  }, 120_000);

  it('gives each game the page in English and Chinese, linked from the sidebar, with its assumed values', () => {
    const rules = copyRules(REAL_GAME);
    // a hostile reason on an assumed value: shown as text
    const state = join(rules, 'cash-n-guns', 'state.yaml');
    const text = readFileSync(state, 'utf8');
    const hostile = 'A <script>alert(1)</script> {{ 1 + 1 }} reason';
    writeFileSync(state, text.replace(/^(vars:\n  - id: (\w+)\n)/m, `$1    assumption: {why: {en: "${hostile}", zh: "理由 <b>粗</b>"}}\n`));
    const checks = prepareChecks(rules, { games: GAMES, cacheDir: tempDir('check-cache-') });
    const out = join(tempDir('docgen-out-'), 'site');
    const r = generateSite({ rulesDir: rules, outDir: out, checks });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const en = readFileSync(join(out, 'games/cash-n-guns/checks.md'), 'utf8');
    const zh = readFileSync(join(out, 'zh-hant/games/cash-n-guns/checks.md'), 'utf8');
    const hans = readFileSync(join(out, 'zh-hans/games/cash-n-guns/checks.md'), 'utf8');
    expect(hans).toContain(`\n# ${headingText(inScript('明搶你錢：假定數字如何以對局檢驗', 'zh-Hans'))} {#Top}\n`);
    expect(outOfScript(hans.replace(/<[^>]*>/g, ' '), 'zh-Hans')).toEqual([]);
    expect(en).toContain(`\n# ${headingText("Cash'n Guns: How the assumed numbers were checked")} {#Top}\n`);
    expect(zh).toContain(`\n# ${headingText('明搶你錢：假定數字如何以對局檢驗')} {#Top}\n`);
    for (const md of [en, zh]) {
      expect(md).toContain(`npx tsx bench/economy.ts cash-n-guns --players 4 --games ${GAMES} --seed 1 --agents ${SEARCH_AGENT}`);
      for (const anchor of ['Assumed', 'Ends', 'Scores', 'Terms', 'Rules']) expect(md).toContain(`{#${anchor}}`);
      expect(md).not.toContain('<script>');
      expect(md).not.toContain('<b>');
      // the rules table links each rule to its page
      expect(md).toMatch(/<div class="check-rules" v-pre><table class="sim-table">.*<a class="rule-link" href="[^"#]+#[a-z0-9-]+"[^>]*><span class="rule-link-title">[^<]+<\/span>/s);
      // an HTML block may not hold a blank line
      for (const block of md.split('\n\n')) if (block.startsWith('<div class="check-')) expect(block).not.toMatch(/\n\s*\n/);
    }
    expect(en).toContain('A &lt;script&gt;alert(1)&lt;/script&gt; {{ 1 + 1 }} reason');
    expect(zh).toContain('理由 &lt;b&gt;粗&lt;/b&gt;');
    expect(en).toMatch(/Winning score \(the best score of each game\)<\/td><td>[\d,]+/);
    expect(zh).toContain('最終得分從何而來');
    const sidebar = JSON.parse(readFileSync(join(out, '.vitepress/generated/sidebar.json'), 'utf8'));
    expect(JSON.stringify(sidebar.locales.root.sidebar['/games/cash-n-guns/'])).toContain('"text":"Assumed numbers checked by play","link":"/games/cash-n-guns/checks"');
    for (const l of ['zh-hans', 'zh-hant']) expect(JSON.stringify(sidebar.locales[l].sidebar[`/${l}/games/cash-n-guns/`])).toContain(`"link":"/${l}/games/cash-n-guns/checks"`);

    const without = join(tempDir('docgen-out-'), 'site');
    expect(generateSite({ rulesDir: rules, outDir: without }).ok).toBe(true);
    expect(existsSync(join(without, 'games/cash-n-guns/checks.md'))).toBe(false);
  }, 120_000);

  it('takes the number of games from RULES_SITE_CHECK_GAMES (0: none), and refuses a bad one', () => {
    expect(checkGamesParam({})).toBe(CHECK_GAMES);
    expect(checkGamesParam({ RULES_SITE_CHECK_GAMES: '0' })).toBe(0);
    expect(checkGamesParam({ RULES_SITE_CHECK_GAMES: '30' })).toBe(30);
    expect(() => checkGamesParam({ RULES_SITE_CHECK_GAMES: 'x' })).toThrow(/RULES_SITE_CHECK_GAMES must be a whole number from 0 to 10000, got 'x'/);
  });
});
