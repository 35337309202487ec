/**
 * The Simulations pages' data: for every game under the rules folder and every setting
 * (settings.ts), random seats play `games` seeded games (the same games as `rules simulate`
 * with that seed, players and options), and the charts are rendered to SVG in both languages.
 * Runs before the pages are generated (SVG rendering is asynchronous); the result is cached
 * per game (cache.ts), so an unchanged game costs one file read.
 *
 * The number of games per setting is the parameter `games` (default SIM_GAMES, or the
 * environment variable RULES_SITE_SIM_GAMES); the base seed is SIM_SEED.
 */
import { basename } from 'node:path';
import { compileGameDir } from '../../games.ts';
import type { Json } from '../../interpreter/api.ts';
import { hasErrors } from '../../loader/diagnostics.ts';
import { findGameDirs } from '../../loader/load-folder.ts';
import type { Text } from '../../loader/types.generated.ts';
import { simulate, type SimulationSummary } from '../../simulate/run.ts';
import { LANGS, type Lang } from '../i18n.ts';
import { DEFAULT_CACHE_DIR, readCached, simulationKey, writeCached } from './cache.ts';
import { endsChart, lengthChart, renderSvg, scoresChart, winRateChart, type ChartData, type ChartWords } from './charts.ts';
import { simSettings, type SimSetting } from './settings.ts';

/** games per setting on the site: intervals of about ±9 points at 4 players, a few seconds per game */
export const SIM_GAMES = 100;
export const SIM_SEED = 1;

export const CHART_KINDS = ['winRate', 'length', 'ends', 'scores'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export interface SettingResult {
  setting: SimSetting;
  /** the summary of `rules simulate --json` for this setting */
  summary?: SimulationSummary;
  /** lang -> chart -> SVG */
  charts?: Record<Lang, Record<ChartKind, string>>;
  /** why this setting could not be simulated (a game failed) */
  error?: string;
  /** the key of an earlier setting that played exactly the same games (the option had no effect); no charts then */
  sameAs?: string;
}

export interface GameSimulations {
  game: string;
  games: number;
  seed: number;
  results: SettingResult[];
  /** end rule id -> its text (the charts' labels), for the page's tables */
  endTexts: Record<string, Text>;
}

export type SiteSimulations = Map<string, GameSimulations>;

export interface PrepareOptions {
  games?: number;
  cacheDir?: string;
  /** told about each game: simulated or read from the cache, and how long it took */
  onGame?: (game: string, how: 'simulated' | 'cached', ms: number) => void;
}

export function simGamesParam(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['RULES_SITE_SIM_GAMES'];
  if (raw === undefined || raw === '') return SIM_GAMES;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error(`RULES_SITE_SIM_GAMES must be a whole number from 1 to 100000, got '${raw}'`);
  return n;
}

const WORDS: Record<Lang, ChartWords & { seatLabel: (n: number) => string }> = {
  en: { seat: 'Seat', winRate: 'Win rate', rounds: 'Rounds played', games: 'Games', score: 'Final score', seatLabel: (n) => `Seat ${n + 1}` },
  zh: { seat: '座位', winRate: '勝率', rounds: '進行的回合數', games: '局數', score: '最終得分', seatLabel: (n) => `座位${n + 1}` },
};

/**
 * A label of at most `max` characters (a chart axis is no place for a paragraph). Chinese gets
 * fewer: Vega measures text in Node by an estimate of 0.8 em a character, and a Han character is 1 em.
 */
const LABEL_CHARS: Record<Lang, number> = { en: 30, zh: 18 };

function short(s: string, max: number): string {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

function chartData(setting: SimSetting, games: ReturnType<typeof simulate>['games'], summary: SimulationSummary, lang: Lang, endTexts: Record<string, Text>): ChartData {
  const w = WORDS[lang];
  const seats = Array.from({ length: setting.players }, (_, s) => s);
  const lengths = new Map<number, number>();
  for (const g of games) lengths.set(g.rounds, (lengths.get(g.rounds) ?? 0) + 1);
  return {
    players: setting.players,
    seats: seats.map((s) => ({ label: w.seatLabel(s), rate: summary.winRate[s] ?? 0, lo: summary.winInterval[s]?.lo ?? 0, hi: summary.winInterval[s]?.hi ?? 1 })),
    lengths: [...lengths.entries()].sort(([a], [b]) => a - b).map(([rounds, n]) => ({ rounds, games: n })),
    ends: Object.entries(summary.ends).map(([id, n]) => ({ label: short(endTexts[id]?.[lang] ?? id, LABEL_CHARS[lang]), games: n })),
    scores: games.flatMap((g) => seats.map((s) => ({ label: w.seatLabel(s), score: g.scores[s] ?? 0 }))),
  };
}

/** undefined when the game has errors (the site refuses it anyway, with its diagnostics) */
async function simulateGame(dir: string, id: string, games: number): Promise<GameSimulations | undefined> {
  const { engine, diagnostics, spec } = compileGameDir(dir);
  if (!engine || hasErrors(diagnostics)) return undefined;
  const endTexts: Record<string, Text> = Object.fromEntries((spec?.ends ?? []).filter((e) => e.text).map((e) => [e.id, e.text!]));
  const results: SettingResult[] = [];
  const played = new Map<string, string>();
  for (const setting of simSettings(engine)) {
    let rep;
    try {
      rep = simulate(engine, { players: setting.players, games, seed: SIM_SEED, options: setting.options as Record<string, Json> });
    } catch (e) {
      results.push({ setting, error: (e as Error).message });
      continue;
    }
    const fingerprint = `${setting.players}:${JSON.stringify(rep.games)}`;
    const same = played.get(fingerprint);
    if (same !== undefined) {
      results.push({ setting, summary: rep.summary, sameAs: same });
      continue;
    }
    played.set(fingerprint, setting.key);
    const charts = {} as Record<Lang, Record<ChartKind, string>>;
    for (const lang of LANGS) {
      const d = chartData(setting, rep.games, rep.summary, lang, endTexts);
      const w = WORDS[lang];
      const prefix = `sim-${setting.key}-${lang}`;
      charts[lang] = {
        winRate: await renderSvg(winRateChart(d, w), `${prefix}-win`),
        length: await renderSvg(lengthChart(d, w), `${prefix}-len`),
        ends: await renderSvg(endsChart(d, w), `${prefix}-end`),
        scores: await renderSvg(scoresChart(d, w), `${prefix}-score`),
      };
    }
    results.push({ setting, summary: rep.summary, charts });
  }
  return { game: id, games, seed: SIM_SEED, results, endTexts };
}

/** Simulate (or read from the cache) every game under rulesDir. */
export async function prepareSimulations(rulesDir: string, o: PrepareOptions = {}): Promise<SiteSimulations> {
  const games = o.games ?? simGamesParam();
  const cacheDir = o.cacheDir ?? DEFAULT_CACHE_DIR;
  const out: SiteSimulations = new Map();
  for (const dir of findGameDirs(rulesDir)) {
    const id = basename(dir);
    const t0 = performance.now();
    const key = simulationKey(dir, { games, seed: SIM_SEED, id });
    let sims = readCached<GameSimulations>(cacheDir, id, key);
    const how = sims ? 'cached' : 'simulated';
    if (!sims) {
      sims = await simulateGame(dir, id, games);
      if (!sims) continue;
      writeCached(cacheDir, id, key, sims);
    }
    out.set(id, sims);
    o.onGame?.(id, how, performance.now() - t0);
  }
  return out;
}
