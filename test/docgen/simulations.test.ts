/**
 * The Simulations pages: which settings are played, that the page's figures are the games of
 * `rules simulate` with the same seed, that an unchanged game is read from the cache and a
 * changed one is simulated again, and that the pages exist in both languages with their charts.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/cli/simulate.ts';
import { generateSite } from '../../src/docgen/index.ts';
import { prepareSimulations, simGamesParam, SIM_GAMES } from '../../src/docgen/simulations/prepare.ts';
import { simSettings } from '../../src/docgen/simulations/settings.ts';
import { compileGameDir } from '../../src/games.ts';
import { cleanTemps, copyRules, REAL_GAME, tempDir } from './helpers.ts';
import { limit } from '../limits.ts';

afterAll(cleanTemps);

const GAMES = 12;

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

  it('shows the games of `rules simulate` with that seed; caches them; simulates a changed game again', async () => {
    const rules = copyRules(REAL_GAME);
    const cacheDir = tempDir('sim-cache-');
    const seen: string[] = [];
    const onGame = (g: string, how: string) => seen.push(`${g}:${how}`);
    const first = await prepareSimulations(rules, { games: GAMES, cacheDir, onGame });
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
      expect(r.charts!.en.winRate).toContain('>Seat 0<');
      expect(r.charts!.zh.winRate).toContain('>座位0<');
      // the end rule by its text, not its id
      expect(r.charts!.en.ends).not.toContain('>after-8-rounds<');
    }
    // ids are unique across the charts of a page
    const ids = sims.results.filter((r) => r.charts).flatMap((r) => [...Object.values(r.charts!.en), ...Object.values(r.charts!.zh)]).flatMap((svg) => [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    expect(new Set(ids).size).toBe(ids.length);

    const again = await prepareSimulations(rules, { games: GAMES, cacheDir, onGame });
    expect(again.get('cash-n-guns')).toEqual(sims);
    appendFileSync(join(rules, 'cash-n-guns', 'game.yaml'), '\n# an edit\n');
    await prepareSimulations(rules, { games: GAMES, cacheDir, onGame });
    // another number of games is another cache entry
    await prepareSimulations(rules, { games: GAMES + 1, cacheDir, onGame });
    expect(seen).toEqual(['cash-n-guns:simulated', 'cash-n-guns:cached', 'cash-n-guns:simulated', 'cash-n-guns:simulated']);
  }, limit(120_000));

  it('gives each game a Simulations page in English and Chinese, linked from the sidebar', async () => {
    const rules = copyRules(REAL_GAME);
    const simulations = await prepareSimulations(rules, { games: GAMES, cacheDir: tempDir('sim-cache-') });
    const out = join(tempDir('docgen-out-'), 'site');
    const r = generateSite({ rulesDir: rules, outDir: out, simulations });
    expect(r.ok).toBe(true);
    const en = readFileSync(join(out, 'games/cash-n-guns/simulations.md'), 'utf8');
    const zh = readFileSync(join(out, 'zh/games/cash-n-guns/simulations.md'), 'utf8');
    expect(en).toMatch(/^# Cash'n Guns: Simulations \{#Top\}$/m);
    expect(zh).toMatch(/^# 明搶你錢：模擬 \{#Top\}$/m);
    for (const md of [en, zh]) {
      expect(md.match(/<figure class="sim-chart"/g)).toHaveLength(6 * 4); // 7 settings, one the same games as another
      expect(md).toContain('npx rules simulate cash-n-guns --players 6 --games 12 --seed 1 --option powers=true');
      // an HTML block may not hold a blank line, or Markdown would end it inside an SVG
      for (const block of md.split('\n\n')) if (block.includes('<svg')) expect(block.startsWith('<div class="sim-setting" v-pre>')).toBe(true);
    }
    expect(en).toMatch(/95 % interval/);
    expect(zh).toMatch(/95% 信賴區間/);
    const sidebar = JSON.parse(readFileSync(join(out, '.vitepress/generated/sidebar.json'), 'utf8'));
    const items = JSON.stringify(sidebar.zh['/zh/games/cash-n-guns/']);
    expect(items).toContain('"text":"模擬","link":"/zh/games/cash-n-guns/simulations"');

    const without = join(tempDir('docgen-out-'), 'site');
    expect(generateSite({ rulesDir: rules, outDir: without }).ok).toBe(true);
    expect(existsSync(join(without, 'games/cash-n-guns/simulations.md'))).toBe(false);
  }, limit(120_000));

  it('takes the number of games from RULES_SITE_SIM_GAMES, and refuses a bad one', () => {
    expect(simGamesParam({})).toBe(SIM_GAMES);
    expect(simGamesParam({ RULES_SITE_SIM_GAMES: '40' })).toBe(40);
    expect(() => simGamesParam({ RULES_SITE_SIM_GAMES: 'many' })).toThrow(/RULES_SITE_SIM_GAMES must be a whole number from 1 to 100000, got 'many'/);
  });
});
