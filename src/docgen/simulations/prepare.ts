/**
 * The Simulations pages' data: for every game under the rules folder and every setting
 * (settings.ts), random seats play `games` seeded games (the same games as `rules simulate`
 * with that seed, players and options), and the charts are rendered to SVG in both languages.
 * Then, at one player count (SEARCH_PLAYERS, within the game's range), the search agent is
 * studied as `rules compare` does: the agent matrix of SEARCH_AGENT and random, and every seat
 * played by SEARCH_AGENT (the first seat's edge when every seat tries to win).
 * Runs before the pages are generated (SVG rendering is asynchronous); the result is cached
 * per game (cache.ts), so an unchanged game costs one file read.
 *
 * The number of games per setting is the parameter `games` (default SIM_GAMES, or the
 * environment variable RULES_SITE_SIM_GAMES); per search study `searchGames` (SEARCH_GAMES, or
 * RULES_SITE_SEARCH_GAMES; 0 leaves the search studies out); the base seed is SIM_SEED.
 */
import { basename } from 'node:path';
import { compileGameDir } from '../../games.ts';
import type { Json } from '../../interpreter/api.ts';
import { hasErrors } from '../../loader/diagnostics.ts';
import { findGameDirs } from '../../loader/load-folder.ts';
import type { Text } from '../../loader/types.generated.ts';
import { playGames, simulate, type SimulationSummary } from '../../simulate/run.ts';
import { agentMatrix, seatEdge, type AgentMatrix, type Play, type PlayedGame, type SeatEdge } from '../../simulate/study.ts';
import type { Engine } from '../../interpreter/api.ts';
import { LANGS, type Lang } from '../i18n.ts';
import { DEFAULT_CACHE_DIR, readCached, simulationKey, writeCached } from './cache.ts';
import { endsChart, lengthChart, renderSvg, scoresChart, winRateChart, type ChartData, type ChartWords } from './charts.ts';
import { simSettings, type SimSetting } from './settings.ts';

/** games per setting on the site: intervals of about ±9 points at 4 players, a few seconds per game */
export const SIM_GAMES = 100;
export const SIM_SEED = 1;
/** the search agent the pages study, against random seats and in every seat: a small budget and a
 *  horizon, so that the studies of all four games stay within a few CPU minutes (docs/agents.md) */
export const SEARCH_AGENT = 'search:16+horizon=60';
/** games per search study (each figure rests on this many games) */
export const SEARCH_GAMES = 8;
/** the player count of the search studies (the nearest the game allows) */
export const SEARCH_PLAYERS = 4;

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

/** the search studies of a page */
export interface SearchStudies {
  agent: string;
  players: number;
  games: number;
  /** the agent alone against random seats and random alone against it */
  matrix?: AgentMatrix;
  /** every seat played by the agent */
  edge?: SeatEdge;
  /** lang -> the seats' win rates under search play, as SVG */
  charts?: Record<Lang, { edge: string }>;
  /** why the studies could not be played (a game failed) */
  error?: string;
  /** CPU time they took, in ms (the cost of this part of the site build) */
  cpuMs: number;
}

export interface GameSimulations {
  game: string;
  games: number;
  seed: number;
  results: SettingResult[];
  search?: SearchStudies;
  /** end rule id -> its text (the charts' labels), for the page's tables */
  endTexts: Record<string, Text>;
}

export type SiteSimulations = Map<string, GameSimulations>;

export interface PrepareOptions {
  games?: number;
  /** games per search study (0: none) */
  searchGames?: number;
  cacheDir?: string;
  /** told about each game: simulated or read from the cache, and how long it took */
  onGame?: (game: string, how: 'simulated' | 'cached', ms: number) => void;
}

/** a whole number from the environment variable `name`, in [min, max] (unset or empty: `fallback`) */
function wholeNumberParam(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  return n;
}

export function simGamesParam(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumberParam(env, 'RULES_SITE_SIM_GAMES', SIM_GAMES, 1, 100_000);
}

export function searchGamesParam(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumberParam(env, 'RULES_SITE_SEARCH_GAMES', SEARCH_GAMES, 0, 10_000);
}

export const WORDS: Record<Lang, ChartWords & { seatLabel: (n: number) => string }> = {
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
async function simulateGame(dir: string, id: string, games: number, searchGames: number): Promise<GameSimulations | undefined> {
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
  const out: GameSimulations = { game: id, games, seed: SIM_SEED, results, endTexts };
  if (searchGames > 0) out.search = await searchStudies(engine, searchGames);
  return out;
}

/** the search studies at SEARCH_PLAYERS (or the nearest count the game allows), default options */
async function searchStudies(engine: Engine, games: number): Promise<SearchStudies> {
  const players = Math.min(engine.maxPlayers, Math.max(engine.minPlayers, SEARCH_PLAYERS));
  const options = Object.fromEntries(engine.options.map((o) => [o.id, o.default]));
  const base = { players, seed: SIM_SEED, options, games };
  const c0 = process.cpuUsage();
  const cpuMs = () => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  const play: Play = async (run, n) => {
    const out: PlayedGame[] = [];
    playGames(engine, run, 0, n, (index, game, steps) => out.push({ index, game, steps }));
    return out;
  };
  const study: SearchStudies = { agent: SEARCH_AGENT, players, games, cpuMs: 0 };
  try {
    study.matrix = await agentMatrix(play, base, [SEARCH_AGENT, 'random']);
    study.edge = await seatEdge(play, base, SEARCH_AGENT);
  } catch (e) {
    study.error = (e as Error).message;
    study.cpuMs = cpuMs();
    return study;
  }
  const charts = {} as Record<Lang, { edge: string }>;
  for (const lang of LANGS) {
    const w = WORDS[lang];
    const seats = study.edge.seats.map((r, s) => ({ label: w.seatLabel(s), rate: r.rate, lo: r.interval.lo, hi: r.interval.hi }));
    charts[lang] = { edge: await renderSvg(winRateChart({ players, seats, lengths: [], ends: [], scores: [] }, w), `sim-search-${lang}-win`) };
  }
  study.charts = charts;
  study.cpuMs = cpuMs();
  return study;
}


/** Simulate (or read from the cache) every game under rulesDir. */
export async function prepareSimulations(rulesDir: string, o: PrepareOptions = {}): Promise<SiteSimulations> {
  const games = o.games ?? simGamesParam();
  const searchGames = o.searchGames ?? searchGamesParam();
  const cacheDir = o.cacheDir ?? DEFAULT_CACHE_DIR;
  const out: SiteSimulations = new Map();
  for (const dir of findGameDirs(rulesDir)) {
    const id = basename(dir);
    const t0 = performance.now();
    const key = simulationKey(dir, { games, seed: SIM_SEED, id, ...(searchGames > 0 ? { search: { agent: SEARCH_AGENT, games: searchGames, players: SEARCH_PLAYERS } } : {}) });
    let sims = readCached<GameSimulations>(cacheDir, id, key);
    const how = sims ? 'cached' : 'simulated';
    if (!sims) {
      sims = await simulateGame(dir, id, games, searchGames);
      if (!sims) continue;
      writeCached(cacheDir, id, key, sims);
    }
    out.set(id, sims);
    o.onGame?.(id, how, performance.now() - t0);
  }
  return out;
}
