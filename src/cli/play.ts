/**
 * `rules play <game>`: play in the terminal. Human seats see only engine.view(state, seat) and
 * pick from engine.legalActions(state, seat); random seats answer by themselves with the same
 * agents and decision order as a playout (so `--seats random,…` with seed S is the same game
 * as simulate's game with config seed S).
 */
import { randomInt } from 'node:crypto';
import type { Action, Engine, GameConfig, GameResult } from '../interpreter/api.ts';
import { agentSeedFor, randomSeatAgents } from '../agents/random-agent.ts';
import { chanceAction, DEFAULT_MAX_STEPS, describePending, nextDecider, type LoggedAction } from '../agents/playout.ts';
import { collect, effectiveOptions, loadEngine, parseOptions, parsePlayers, parseSeed, rulesDirOf } from './common.ts';
import { UsageError, type CliContext } from './context.ts';
import { inquirerPrompter, type Prompter } from './prompter.ts';
import { fmtLogEntry, renderView, ui, type Lang } from './render.ts';
import { makeReplayLog, writeReplayLog } from './replay-log.ts';

export type SeatKind = 'human' | 'random';
export const SEAT_KINDS: readonly SeatKind[] = ['human', 'random'];

export { collect };

export function parseSeats(raw: string | undefined, players: number | undefined): SeatKind[] | undefined {
  if (raw === undefined) return undefined;
  const kinds = raw.split(',').map((s) => s.trim().toLowerCase());
  for (const k of kinds) {
    if (!(SEAT_KINDS as readonly string[]).includes(k)) {
      throw new UsageError(`unknown seat kind '${k}' in --seats; kinds: ${SEAT_KINDS.join(', ')}`);
    }
  }
  if (players !== undefined && kinds.length !== players) {
    throw new UsageError(`--seats lists ${kinds.length} seats but --players is ${players}`);
  }
  return kinds as SeatKind[];
}

export function parseLang(raw: string | undefined): Lang {
  if (raw === undefined) return 'en';
  if (raw !== 'en' && raw !== 'zh') throw new UsageError(`--lang must be en or zh, got '${raw}'`);
  return raw;
}

export interface PlayParams {
  players: number;
  seed: number;
  options: GameConfig['options'];
  seats: SeatKind[];
  lang: Lang;
  save?: string;
  maxSteps?: number;
}

const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

function showResult(ctx: CliContext, engine: Engine, r: GameResult, lang: Lang): void {
  const t = ui(lang);
  ctx.io.out(`\n━━ ${t.over}: ${engine.name[lang]} ━━\n`);
  ctx.io.out(`${t.winners}: ${r.winners.length ? r.winners.map((w) => `${t.seat} ${w}`).join(', ') : t.none}\n`);
  ctx.io.out(`${t.scores}: ${r.scores.map((s, i) => `${t.seat} ${i}: ${s}`).join(', ')}\n`);
  if (r.out.length) ctx.io.out(`out: ${r.out.map((w) => `${t.seat} ${w}`).join(', ')}\n`);
  ctx.io.out(`${t.end}: ${r.end} (${r.result}); ${t.rounds}: ${r.rounds}\n`);
}

/** Play one game; returns the actions and the final state (no command-line parsing). */
export async function playGame(
  ctx: CliContext,
  engine: Engine,
  params: PlayParams,
): Promise<{ result: GameResult; actions: LoggedAction[]; state: unknown }> {
  const { players, seed, seats, lang } = params;
  const t = ui(lang);
  const prompter: Prompter = ctx.prompter ?? inquirerPrompter();
  const config: GameConfig = { players, seed, options: params.options ?? {} };
  const agents = randomSeatAgents(agentSeedFor(seed), players);
  const humans = seats.filter((k) => k === 'human').length;
  const spectator = humans === 0;
  const clear = (): void => ctx.io.out(ctx.io.outIsTTY ? CLEAR : '\n' + '─'.repeat(40) + '\n');
  let cur = engine.create(config);
  const actions: LoggedAction[] = [];
  const logSeen = new Array<number>(players).fill(0);
  let lastHuman = -1;
  let shownLog = 0;

  ctx.io.out(`${engine.name[lang]} — ${players} ${t.players}, ${t.seed} ${seed}; ${seats.map((k, i) => `${i}:${k}`).join(' ')}\n`);
  const showNewLog = (): void => {
    const log = engine.log(cur);
    for (const e of log.slice(shownLog)) ctx.io.out(`  ${fmtLogEntry(e)}\n`);
    shownLog = log.length;
  };
  if (spectator) showNewLog();
  const maxSteps = params.maxSteps ?? DEFAULT_MAX_STEPS;
  for (let step = 0; ; step++) {
    const p = engine.pending(cur);
    if (p === null) break;
    if (step >= maxSteps) throw new Error(`no end after ${maxSteps} steps (still pending: ${describePending(p)})`);
    if (p.kind === 'chance') {
      const index = agents.chance.chance(p.outcomes);
      actions.push({ seat: -1, action: chanceAction(p, index) });
      cur = engine.applyChance(cur, index);
      continue;
    }
    const seat = nextDecider(p)!;
    let action: Action;
    if (seats[seat] === 'human') {
      if (humans > 1 && seat !== lastHuman) {
        clear();
        await prompter.pause(t.pass(seat));
        if (ctx.io.outIsTTY) clear();
      }
      lastHuman = seat;
      const view = engine.view(cur, seat);
      ctx.io.out('\n' + renderView(view, lang, logSeen[seat]!));
      logSeen[seat] = view.log.length;
      const legal = engine.legalActions(cur, seat);
      if (legal.length === 0) throw new Error(`seat ${seat} must answer ${describePending(p)} but has no legal action`);
      const choices = legal.map((a, i) => ({ name: engine.describe(a, lang, cur, seat), value: i }));
      const i = await prompter.select(`${t.seat} ${seat}: ${p.prompt[lang]}`, choices);
      action = legal[i]!;
    } else {
      action = agents.seats[seat]!.act(engine, cur, seat);
      if (spectator) ctx.io.out(`${t.seat} ${seat}: ${engine.describe(action, lang, cur)}\n`);
    }
    actions.push({ seat, action });
    engine.applyInPlace(cur, seat, action);
    if (spectator) showNewLog();
  }
  const result = engine.result(cur);
  if (result === null) throw new Error(`${engine.id}: nothing is pending but the game has no result`);
  if (humans > 1) clear();
  showResult(ctx, engine, result, lang);
  if (params.save !== undefined) {
    writeReplayLog(params.save, makeReplayLog(engine, config, actions, cur));
    ctx.io.out(`${t.saved} ${params.save}\n`);
  }
  return { result, actions, state: cur };
}

export interface PlayCliOptions {
  players?: string;
  seed?: string;
  option?: string[];
  seats?: string;
  lang?: string;
  save?: string;
  rulesDir?: string;
}

export async function playCommand(ctx: CliContext, gameId: string, o: PlayCliOptions): Promise<number> {
  const engine = loadEngine(ctx, rulesDirOf(ctx, o.rulesDir), gameId);
  const lang = parseLang(o.lang);
  const seatsGiven = parseSeats(o.seats, undefined);
  if (o.players === undefined && seatsGiven === undefined) {
    const range = engine.minPlayers === engine.maxPlayers ? `${engine.minPlayers}` : `${engine.minPlayers} to ${engine.maxPlayers}`;
    throw new UsageError(`give --players N (${engine.id}: ${range} players) or --seats`);
  }
  const players = parsePlayers(engine, o.players ?? String(seatsGiven!.length), engine.minPlayers);
  const seats = seatsGiven ?? ['human', ...new Array<SeatKind>(players - 1).fill('random')];
  if (seats.length !== players) throw new UsageError(`--seats lists ${seats.length} seats but --players is ${players}`);
  const seed = parseSeed(o.seed) ?? randomInt(0, 2 ** 31);
  const options = effectiveOptions(engine, parseOptions(engine, o.option));
  await playGame(ctx, engine, { players, seed, options, seats, lang, ...(o.save !== undefined ? { save: o.save } : {}) });
  return 0;
}
