/**
 * The data of each game's "How the assumed numbers were checked" page: seeded games in which every
 * seat is played by the search agent (the Simulations pages' SEARCH_AGENT, at SEARCH_PLAYERS or
 * the nearest count the game allows, default options), measured as bench/economy.ts measures them
 * (src/simulate/measure.ts): how the games ended, the scores against the seats' start, where the
 * final scores come from, and how often each rule of the spec took effect.
 *
 * The games are those of the Simulations page's "every seat searching" study (the same seeds and
 * agents), played again with the log on. Cached per game like the Simulations pages (one file read
 * for an unchanged game); the number of games is CHECK_GAMES, or the environment variable
 * RULES_SITE_CHECK_GAMES (0 leaves the pages out).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileGameDir } from '../../games.ts';
import type { EngineTools } from '../../interpreter/api.ts';
import { hasErrors } from '../../loader/diagnostics.ts';
import { findGameDirs } from '../../loader/load-folder.ts';
import { measureGame, scoreTerms, summarizeMeasures, type MeasuredGame, type MeasureRun, type MeasureSummary } from '../../simulate/measure.ts';
import { effectiveOptions } from '../../simulate/run.ts';
import { DEFAULT_CACHE_DIR, readCached, simulationKey, writeCached } from '../simulations/cache.ts';
import { SEARCH_AGENT, SEARCH_PLAYERS, SIM_SEED } from '../simulations/prepare.ts';

/** games per page: each figure rests on this many games (the Simulations page's search studies play as many) */
export const CHECK_GAMES = 8;

export interface GameChecks {
  game: string;
  agent: string;
  players: number;
  games: number;
  seed: number;
  /** the figures, when the games could be played */
  summary?: MeasureSummary;
  /** the rules the flow can enter that took no effect in any of the games */
  unused?: string[];
  /** why the games could not be played */
  error?: string;
  /** CPU time the games took when they were played (not when read from the cache) */
  cpuMs: number;
}

export type SiteChecks = Map<string, GameChecks>;

export interface PrepareChecksOptions {
  games?: number;
  cacheDir?: string;
  onGame?: (game: string, how: 'played' | 'cached', ms: number) => void;
}

export function checkGamesParam(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['RULES_SITE_CHECK_GAMES'];
  if (raw === undefined || raw === '') return CHECK_GAMES;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10_000) throw new Error(`RULES_SITE_CHECK_GAMES must be a whole number from 0 to 10000, got '${raw}'`);
  return n;
}

/** next to the Simulations pages' cache, in a folder of its own */
const CHECKS_CACHE_DIR = join(dirname(DEFAULT_CACHE_DIR), 'rules-checks');

/** a hash of this folder's sources: a change to how the pages are prepared makes new files */
function ownSourcesHash(): string {
  const dir = dirname(fileURLToPath(import.meta.url));
  const h = createHash('sha256');
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts')).sort()) h.update(f).update('\0').update(readFileSync(join(dir, f))).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** play and measure one game's checks; undefined when the game has errors (the site refuses it anyway) */
export function checkGame(dir: string, id: string, games: number): GameChecks | undefined {
  const { engine, diagnostics, spec } = compileGameDir(dir);
  if (!engine || hasErrors(diagnostics)) return undefined;
  const tools = engine as EngineTools;
  const players = Math.min(tools.maxPlayers, Math.max(tools.minPlayers, SEARCH_PLAYERS));
  const score = spec?.outcome?.score;
  const run: MeasureRun = {
    players,
    seed: SIM_SEED,
    options: effectiveOptions(tools, {}),
    agents: new Array<string>(players).fill(SEARCH_AGENT),
    terms: typeof score === 'string' ? scoreTerms(score) : [],
  };
  const out: GameChecks = { game: id, agent: SEARCH_AGENT, players, games, seed: SIM_SEED, cpuMs: 0 };
  const c0 = process.cpuUsage();
  const measured: MeasuredGame[] = [];
  try {
    for (let i = 0; i < games; i++) measured.push(measureGame(tools, run, i));
  } catch (e) {
    out.error = (e as Error).message;
  }
  if (out.error === undefined) {
    out.summary = summarizeMeasures(run, measured);
    out.unused = tools.enterableRules().filter((r) => out.summary!.rules[r] === undefined).sort();
  }
  const c = process.cpuUsage(c0);
  out.cpuMs = (c.user + c.system) / 1000;
  return out;
}

/** Play (or read from the cache) the checks of every game under rulesDir; none when `games` is 0. */
export function prepareChecks(rulesDir: string, o: PrepareChecksOptions = {}): SiteChecks {
  const games = o.games ?? checkGamesParam();
  const cacheDir = o.cacheDir ?? CHECKS_CACHE_DIR;
  const out: SiteChecks = new Map();
  if (games === 0) return out;
  const own = ownSourcesHash();
  for (const dir of findGameDirs(rulesDir)) {
    const id = basename(dir);
    const t0 = performance.now();
    const key = simulationKey(dir, { checks: { agent: SEARCH_AGENT, players: SEARCH_PLAYERS, games, seed: SIM_SEED, own }, id });
    let checks = readCached<GameChecks>(cacheDir, id, key);
    const how = checks ? 'cached' : 'played';
    if (!checks) {
      checks = checkGame(dir, id, games);
      if (!checks) continue;
      writeCached(cacheDir, id, key, checks);
    }
    out.set(id, checks);
    o.onGame?.(id, how, performance.now() - t0);
  }
  return out;
}
