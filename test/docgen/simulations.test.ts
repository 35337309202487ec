/**
 * The Simulations pages: which settings are played, that the page's figures are the games of
 * `rules simulate` with the same seed, that an unchanged game is read from the cache and a
 * changed one is simulated again, and that the pages exist in both languages with their charts.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/simulate/run.ts';
import { headingText } from '../../src/docgen/escape.ts';
import { generateSite } from '../../src/docgen/index.ts';
import { prepareSimulations, searchGamesParam, simGamesParam, SEARCH_AGENT, SEARCH_GAMES, SIM_GAMES } from '../../src/docgen/simulations/prepare.ts';
import { playGames } from '../../src/simulate/run.ts';
import { agentMatrix, seatEdge, type Play, type PlayedGame } from '../../src/simulate/study.ts';
import { simSettings } from '../../src/docgen/simulations/settings.ts';
import { compileGameDir } from '../../src/games.ts';
import { cleanTemps, copyRules, REAL_GAME, tempDir } from './helpers.ts';
import { limit } from '../limits.ts';

afterAll(cleanTemps);

const GAMES = 12;
/** games per search study in these tests (the site plays SEARCH_GAMES) */
const SEARCH = 3;

describe('Simulations pages', () => {
  it('plays every player count, then each other option value at the largest count', () => {
    const engine = compileGameDir(REAL_GAME).engine!;
    const settings = simSettings(engine);
    expect(settings.map((s) => s.key)).toEqual([
      'players-4', 'players-5', 'players-6', 'players-6-powers-true', 'players-6-undercover-true', 'players-6-tokensupply-unlimited', 'players-6-copdeadline-first-report',
    ]);
    expect(settings[3]!.options).toEqual({ powers: true, undercover: false, tokenSupply: 'limited', copDeadline: 'game' });
    expect(settings[3]!.changed).toEqual({ id: 'powers', value: true });
  });

  it('gives settings whose values read alike in an address (Chinese words, markup) keys of their own', () => {
    const engine = { minPlayers: 3, maxPlayers: 3, options: [{ id: 'mode', type: 'string', default: 'a', values: ['a', '甲', '乙', '<b>'] }] } as unknown as Parameters<typeof simSettings>[0];
    expect(simSettings(engine).map((s) => s.key)).toEqual(['players-3', 'players-3-mode', 'players-3-mode-2', 'players-3-mode-b']);
  });

  it('shows the games of `rules simulate` with that seed; caches them; simulates a changed game again', async () => {
    const rules = copyRules(REAL_GAME);
    const cacheDir = tempDir('sim-cache-');
    const seen: string[] = [];
    const onGame = (g: string, how: string) => seen.push(`${g}:${how}`);
    const first = await prepareSimulations(rules, { games: GAMES, searchGames: SEARCH, cacheDir, onGame });
    const sims = first.get('cash-n-guns')!;
    expect(sims.results).toHaveLength(7);
    // the cop's deadline read from the first report changes no game without a report in time: the same games as the defaults
    expect(sims.results.filter((r) => r.sameAs !== undefined).map((r) => r.setting.key)).toEqual(['players-6-copdeadline-first-report']);
    const engine = compileGameDir(join(rules, 'cash-n-guns')).engine!;
    const r6 = sims.results.find((r) => r.setting.key === 'players-6-powers-true')!;
    const cli = simulate(engine, { players: 6, games: GAMES, seed: sims.seed, options: { powers: true } });
    expect(r6.summary).toEqual(cli.summary);
    for (const r of sims.results.filter((x) => x.sameAs === undefined)) {
      expect(r.error).toBeUndefined();
      for (const kind of ['winRate', 'length', 'ends', 'scores'] as const) {
        expect(r.charts!.en[kind]).toMatch(/^<svg [^>]*class="marks"/);
        expect(r.charts!.zh[kind]).toMatch(/^<svg /);
      }
      // seats counted from 1, as people count them
      expect(r.charts!.en.winRate).toContain('>Seat 1<');
      expect(r.charts!.en.winRate).not.toContain('>Seat 0<');
      expect(r.charts!.zh.winRate).toContain('>座位1<');
      expect(r.charts!.zh.winRate).not.toContain('>座位0<');
      // the end rule by its text, not its id
      expect(r.charts!.en.ends).not.toContain('>after-8-rounds<');
    }
    // ids are unique across the charts of a page
    const ids = sims.results.filter((r) => r.charts).flatMap((r) => [...Object.values(r.charts!.en), ...Object.values(r.charts!.zh)]).flatMap((svg) => [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    expect(new Set(ids).size).toBe(ids.length);

    const again = await prepareSimulations(rules, { games: GAMES, searchGames: SEARCH, cacheDir, onGame });
    expect(again.get('cash-n-guns')).toEqual(sims);
    appendFileSync(join(rules, 'cash-n-guns', 'game.yaml'), '\n# an edit\n');
    await prepareSimulations(rules, { games: GAMES, searchGames: SEARCH, cacheDir, onGame });
    // another number of games is another cache entry
    await prepareSimulations(rules, { games: GAMES + 1, searchGames: SEARCH, cacheDir, onGame });
    expect(seen).toEqual(['cash-n-guns:simulated', 'cash-n-guns:cached', 'cash-n-guns:simulated', 'cash-n-guns:simulated']);
  }, limit(120_000));

  it('gives each game a Simulations page in English and Chinese, linked from the sidebar', async () => {
    const rules = copyRules(REAL_GAME);
    const simulations = await prepareSimulations(rules, { games: GAMES, searchGames: SEARCH, cacheDir: tempDir('sim-cache-') });
    const out = join(tempDir('docgen-out-'), 'site');
    const r = generateSite({ rulesDir: rules, outDir: out, simulations });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.ok).toBe(true);
    const en = readFileSync(join(out, 'games/cash-n-guns/simulations.md'), 'utf8');
    const zh = readFileSync(join(out, 'zh-hant/games/cash-n-guns/simulations.md'), 'utf8');
    expect(en).toContain(`\n# ${headingText("Cash'n Guns: Simulations")} {#Top}\n`);
    expect(zh).toContain(`\n# ${headingText('明搶你錢：模擬')} {#Top}\n`);
    for (const md of [en, zh]) {
      // 7 settings, one the same games as another; and the seats under search play
      expect(md.match(/<figure class="sim-chart"/g)).toHaveLength(6 * 4 + 1);
      expect(md).toContain(`npx rules compare cash-n-guns --players 4 --games ${SEARCH} --seed 1 --agents ${SEARCH_AGENT},random --play ${SEARCH_AGENT}`);
      expect(md).toMatch(/<table class="sim-table sim-matrix">.*<code>search:16\+horizon=60<\/code><\/td><td><code>random<\/code>/s);
      expect(md).toContain('npx rules simulate cash-n-guns --players 6 --games 12 --seed 1 --option powers=true');
      // an HTML block may not hold a blank line, or Markdown would end it inside an SVG
      for (const block of md.split('\n\n')) if (block.includes('<svg')) expect(block.startsWith('<div class="sim-setting" v-pre>')).toBe(true);
    }
    expect(en).toMatch(/95 % interval/);
    expect(zh).toMatch(/95% 信賴區間/);
    expect(en).toContain(`## ${headingText(`Seats that try to win (${SEARCH_AGENT}, 4 players)`)} {#Search-play}`);
    expect(en).toMatch(/The first seat(?:'|&#39;)s edge over an even share \(25\.0%\): [+−]\d+\.\d percentage points/);
    expect(zh).toContain(`## ${headingText(`力求獲勝的座位（${SEARCH_AGENT}，4 位玩家）`)} {#Search-play}`);
    expect(zh).toMatch(/第一個座位相對平均份額（25\.0%）的優勢/);
    const sidebar = JSON.parse(readFileSync(join(out, '.vitepress/generated/sidebar.json'), 'utf8'));
    const items = JSON.stringify(sidebar.locales['zh-hant'].sidebar['/zh-hant/games/cash-n-guns/']);
    expect(items).toContain('"text":"模擬","link":"/zh-hant/games/cash-n-guns/simulations"');

    const without = join(tempDir('docgen-out-'), 'site');
    expect(generateSite({ rulesDir: rules, outDir: without }).ok).toBe(true);
    expect(existsSync(join(without, 'games/cash-n-guns/simulations.md'))).toBe(false);
  }, limit(120_000));

  it('plays the search studies as rules compare does: the agent against random seats, and in every seat', async () => {
    const rules = copyRules(REAL_GAME);
    const sims = (await prepareSimulations(rules, { games: 2, searchGames: SEARCH, cacheDir: tempDir('sim-cache-') })).get('cash-n-guns')!;
    const st = sims.search!;
    expect(st).toMatchObject({ agent: SEARCH_AGENT, players: 4, games: SEARCH });
    expect(st.error).toBeUndefined();
    expect(st.cpuMs).toBeGreaterThan(0);
    const engine = compileGameDir(join(rules, 'cash-n-guns')).engine!;
    const play: Play = async (run, n) => {
      const out: PlayedGame[] = [];
      playGames(engine, run, 0, n, (index, game, steps) => out.push({ index, game, steps }));
      return out;
    };
    const base = { players: 4, seed: 1, options: st.matrix!.options, games: SEARCH };
    expect(st.matrix).toEqual(await agentMatrix(play, base, [SEARCH_AGENT, 'random']));
    expect(st.edge).toEqual(await seatEdge(play, base, SEARCH_AGENT));
    expect(st.charts!.en.edge).toMatch(/^<svg [^>]*class="marks"/);
    expect(st.charts!.zh.edge).toContain('>座位1<');
    expect(st.charts!.zh.edge).not.toContain('>座位0<');
    // none asked for: none played
    const none = (await prepareSimulations(rules, { games: 2, searchGames: 0, cacheDir: tempDir('sim-cache-') })).get('cash-n-guns')!;
    expect(none.search).toBeUndefined();
  }, limit(120_000));

  it('takes the number of search games from RULES_SITE_SEARCH_GAMES (0: none), and refuses a bad one', () => {
    expect(searchGamesParam({})).toBe(SEARCH_GAMES);
    expect(searchGamesParam({ RULES_SITE_SEARCH_GAMES: '0' })).toBe(0);
    expect(searchGamesParam({ RULES_SITE_SEARCH_GAMES: '30' })).toBe(30);
    expect(() => searchGamesParam({ RULES_SITE_SEARCH_GAMES: '-1' })).toThrow(/RULES_SITE_SEARCH_GAMES must be a whole number from 0 to 10000, got '-1'/);
  });

  it('takes the number of games from RULES_SITE_SIM_GAMES, and refuses a bad one', () => {
    expect(simGamesParam({})).toBe(SIM_GAMES);
    expect(simGamesParam({ RULES_SITE_SIM_GAMES: '40' })).toBe(40);
    expect(() => simGamesParam({ RULES_SITE_SIM_GAMES: 'many' })).toThrow(/RULES_SITE_SIM_GAMES must be a whole number from 1 to 100000, got 'many'/);
  });
});
