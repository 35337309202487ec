/**
 * `npm run bench:agents`: how strong the agents are, measured (issue 32's targets). Parts:
 *
 *   ladder    for every game and player count, the agents of --kinds (default random, greedy,
 *             search:64, search:256, search:1024) take the seats in turn (game i, seat s plays
 *             kinds[(s + i) mod kinds]): each agent's win rate over the games it sat in, with its
 *             95 % Wilson interval and as a multiple of the uniform share
 *   targets   at --players (default 4): one search:256 seat against random seats (the lone seat
 *             rotating), and search:1024 against search:64 in the same games (with random seats
 *             beside them): their win rates, and how often the first finishes ahead of the second
 *   speed     the CPU time of each search:256 decision in --speed-games games against random seats
 *             (this thread, one decision at a time): median and 90th percentile, per game
 *
 *   npm run bench:agents -- [game…] [--part ladder,targets,speed] [--games N] [--players 4]
 *       [--duel-games N] [--kinds random,search:256] [--speed-games 2] [--seed S] [--workers N] [--json FILE]
 *
 * Every figure says how many games it rests on. Games are seeded as `rules simulate`'s, so a
 * figure is the same on every machine; only the speed part depends on the machine.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runMain, UsageError, positive } from './args.ts';
import { compileGameDir, listGames } from '../src/games.ts';
import type { Action, Engine } from '../src/interpreter/api.ts';
import { parseAgentName } from '../src/agents/named.ts';
import { playout } from '../src/agents/playout.ts';
import { agentSeedFor, RandomAgent, seatAgentSeed, type Agent } from '../src/agents/random-agent.ts';
import { SearchAgent } from '../src/agents/search.ts';
import { effectiveOptions, gameSeed, type RunSettings } from '../src/simulate/run.ts';
import { byAgent, type PlayedGame, type Record95 } from '../src/simulate/study.ts';
import type { Workers } from '../src/simulate/pool.ts';
import { playWith } from '../src/cli/compare.ts';
import { startChunkWorkers } from '../src/cli/simulate-worker.ts';
import { wilson, type Interval } from '../src/stats/describe.ts';

const rulesDir = fileURLToPath(new URL('../rules/', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string, fallback?: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const flagNames = new Set(['part', 'games', 'duel-games', 'players', 'kinds', 'speed-games', 'seed', 'workers', 'json']);
const named = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1]!.startsWith('--') && flagNames.has(args[i - 1]!.slice(2))));

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const iv = (i: Interval): string => `${pct(i.lo)}–${pct(i.hi)}`;

interface LadderRow { game: string; players: number; agent: string; record: Record95; share: number }
interface TargetRow { game: string; players: number; searchVsRandom: Record95; strong: Record95; weak: Record95; ahead: { games: number; ahead: number; rate: number; interval: Interval } }
interface SpeedRow { game: string; players: number; decisions: number; medianMs: number; p90Ms: number; games: number }

async function main(): Promise<void> {
  const parts = (flag('part', 'ladder,targets,speed') ?? '').split(',');
  for (const p of parts) if (!['ladder', 'targets', 'speed'].includes(p)) throw new UsageError(`--part: unknown part '${p}' (ladder, targets, speed)`);
  const games = Math.round(positive('--games', flag('games', '20')));
  const seed = Math.round(Number(flag('seed', '1')));
  const workers = Math.round(positive('--workers', flag('workers', '1')));
  const kinds = (flag('kinds', 'random,greedy,search:64,search:256,search:1024') ?? '').split(',').map((k) => parseAgentName(k).name);
  const duelGames = Math.round(positive('--duel-games', flag('duel-games', String(games))));
  const targetPlayers = Math.round(positive('--players', flag('players', '4')));
  const speedGames = Math.round(positive('--speed-games', flag('speed-games', '2')));
  const ids = named.length > 0 ? named : listGames(rulesDir);
  const out: { ladder: LadderRow[]; targets: TargetRow[]; speed: SpeedRow[] } = { ladder: [], targets: [], speed: [] };
  for (const id of ids) {
    const engine = compileGameDir(`${rulesDir}${id}`).engine;
    if (engine === undefined) throw new UsageError(`${id} does not compile: run rules validate`);
    let pool: Workers | undefined;
    const play = playWith(engine, { rulesDir, gameId: id }, workers, () => (workers > 1 ? (pool ??= startChunkWorkers({ rulesDir, gameId: id }, workers - 1)) : undefined));
    const options = effectiveOptions(engine, {});
    const t0 = performance.now();
    try {
      if (parts.includes('ladder')) {
        for (let players = engine.minPlayers; players <= engine.maxPlayers; players++) {
          const run: RunSettings = { players, seed, options, agents: kinds, rotate: true };
          const records = byAgent(run, await play(run, games));
          for (const agent of kinds) {
            const record = records.get(agent);
            if (record) out.ladder.push({ game: id, players, agent, record, share: 1 / players });
          }
          report(`${id} ${players}p ladder (${games} games): ${kinds.map((k) => { const r = records.get(k); return r ? `${k} ${pct(r.rate)} (${iv(r.interval)}, ${r.games} seats) ${(r.rate * players).toFixed(2)}×` : ''; }).join('; ')}`);
        }
      }
      if (parts.includes('targets') && targetPlayers >= engine.minPlayers && targetPlayers <= engine.maxPlayers) {
        const P = targetPlayers;
        const lone: RunSettings = { players: P, seed, options, agents: ['search:256', ...new Array<string>(P - 1).fill('random')], rotate: true };
        const searchVsRandom = byAgent(lone, await play(lone, games)).get('search:256')!;
        report(`${id} ${P}p search:256 alone against random (${games} games): ${pct(searchVsRandom.rate)} (${iv(searchVsRandom.interval)}), ${(searchVsRandom.rate * P).toFixed(2)}× the share, lower bound ${(searchVsRandom.interval.lo * P).toFixed(2)}×`);
        const duel: RunSettings = { players: P, seed, options, agents: ['search:1024', 'search:64', ...new Array<string>(P - 2).fill('random')], rotate: true };
        const played = await play(duel, duelGames);
        const by = byAgent(duel, played);
        const ahead = headToHead(duel, played, 'search:1024', 'search:64');
        out.targets.push({ game: id, players: P, searchVsRandom, strong: by.get('search:1024')!, weak: by.get('search:64')!, ahead });
        report(`${id} ${P}p search:1024 and search:64 in the same games (${duelGames}): win rates ${pct(by.get('search:1024')!.rate)} (${iv(by.get('search:1024')!.interval)}) and ${pct(by.get('search:64')!.rate)} (${iv(by.get('search:64')!.interval)}); search:1024 ahead of search:64 in ${pct(ahead.rate)} (${iv(ahead.interval)})`);
      }
    } finally {
      await pool?.pool.destroy();
    }
    if (parts.includes('speed') && targetPlayers >= engine.minPlayers && targetPlayers <= engine.maxPlayers) {
      const row = speed(id, engine, targetPlayers, speedGames, seed);
      out.speed.push(row);
      report(`${id} ${targetPlayers}p search:256 decision CPU: median ${row.medianMs.toFixed(0)} ms, 90th percentile ${row.p90Ms.toFixed(0)} ms (${row.decisions} decisions, ${row.games} games)`);
    }
    report(`${id}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const json = flag('json');
  if (json) writeFileSync(json, JSON.stringify(out, null, 1));
}

function report(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** in how many games `a` finished ahead of `b` by score (a tie counts half), with its interval */
function headToHead(run: RunSettings, played: readonly PlayedGame[], a: string, b: string): TargetRow['ahead'] {
  let ahead = 0;
  for (const { index, game } of played) {
    const lineup = run.agents!.map((_, s) => run.agents![(s + index) % run.agents!.length]!).slice(0, run.players);
    const sa = game.scores[lineup.indexOf(a)]!;
    const sb = game.scores[lineup.indexOf(b)]!;
    const wa = game.winners.includes(lineup.indexOf(a));
    const wb = game.winners.includes(lineup.indexOf(b));
    // a win beats a loss whatever the scores; else the higher score
    ahead += wa !== wb ? (wa ? 1 : 0) : sa > sb ? 1 : sa === sb ? 0.5 : 0;
  }
  const n = played.length;
  return { games: n, ahead, rate: n > 0 ? ahead / n : 0, interval: wilson(Math.round(ahead), n) };
}

/** each search:256 decision's CPU time, one search seat (rotating) against random seats */
function speed(id: string, engine: Engine, players: number, games: number, seed: number): SpeedRow {
  const ms: number[] = [];
  for (let g = 0; g < games; g++) {
    const config = { players, seed: gameSeed(seed, g), log: false };
    const agentSeed = agentSeedFor(config.seed);
    const me = g % players;
    const search = new SearchAgent(seatAgentSeed(agentSeed, me), { iterations: 256 });
    const timed: Agent = {
      act<S>(e: Engine<S>, s: S, seat: number): Action {
        const c0 = process.cpuUsage();
        const a = search.act(e, s, seat);
        const c = process.cpuUsage(c0);
        if (search.last !== undefined) ms.push((c.user + c.system) / 1000);
        search.last = undefined;
        return a;
      },
      chance: (n) => search.chance(n),
    };
    const agents = Array.from({ length: players }, (_, s) => (s === me ? timed : new RandomAgent(seatAgentSeed(agentSeed, s))));
    playout(engine, config, agentSeed, { agents, record: false });
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return { game: id, players, decisions: ms.length, medianMs: at(0.5), p90Ms: at(0.9), games };
}

await runMain('bench:agents', main);
