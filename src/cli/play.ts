/**
 * `rules play <game>`: play in the terminal. Human seats see only engine.view(state, seat) and
 * pick from engine.legalActions(state, seat); agent seats (random, search) answer by themselves
 * with the same agents and decision order as a playout (so `--seats random,…` with seed S is the same game
 * as simulate's game with config seed S). With a human at the table the seed is shown only after
 * the game, and the random seats draw from a secret seed of their own.
 */
import { randomInt } from 'node:crypto';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Action, Engine, GameConfig, GameResult } from '../interpreter/api.ts';
import { agentSeedFor } from '../agents/random-agent.ts';
import { AgentNameError, namedSeatAgents } from '../agents/named.ts';
import { chanceAction, DEFAULT_MAX_STEPS, describePending, nextDecider, type LoggedAction } from '../agents/playout.ts';
import { collect, effectiveOptions, loadGame, parseOptions, parsePlayers, parseSeed, rulesDirOf } from './common.ts';
import { CliExit, UsageError, type CliContext } from './context.ts';
import { inquirerPrompter, PromptInterrupted, type Prompter } from './prompter.ts';
import { logLine, painter, renderGameOver, renderScreen, renderWhy, wrap, WIDTH } from './render.ts';
import { makeReplayLog, writeReplayLog } from './replay-log.ts';
import { notFileKind } from '../file-io.ts';
import { declarations, type Declarations } from '../present/declarations.ts';
import { optionLabels } from '../present/options.ts';
import { seatScreen } from '../present/screen.ts';
import { inScriptContext } from './script-io.ts';
import { SCRIPTS, type Script } from '../chinese-script.ts';
import { SEAT_KINDS, seatKindOf, type SeatKind } from '../present/table.ts';
import { terminalText, type Lang } from './terminal-text.ts';

export { collect };

/** the seat kinds in words for a message: the table's (src/present/table.ts) with the search's budgets */
const seatKindsText = [...SEAT_KINDS, 'search:N', 'search:2s'].join(', ');

/** a seat's kind, written the one way (the table's rule: greedy reads the true state, so it is no player for a table) */
function seatKind(raw: string): SeatKind {
  try {
    return seatKindOf(raw);
  } catch (e) {
    if (!(e instanceof AgentNameError)) throw e;
    if (!/^(search|greedy)\b/.test(raw)) throw new UsageError(`unknown seat kind '${raw}' in --seats; kinds: ${seatKindsText}`);
    throw new UsageError(`seat kind '${raw}' in --seats: ${e.message}`);
  }
}

export function parseSeats(raw: string | undefined, players: number | undefined): SeatKind[] | undefined {
  if (raw === undefined) return undefined;
  const kinds = raw.split(',').map((s) => seatKind(s.trim().toLowerCase()));
  if (players !== undefined && kinds.length !== players) {
    throw new UsageError(`--seats lists ${kinds.length} seats but --players is ${players}`);
  }
  return kinds;
}

/** --lang: en, or Chinese in one script (zh-Hans, zh-Hant) or as the specs write it (zh) */
export function parseLang(raw: string | undefined): { lang: Lang; script?: Script } {
  if (raw === undefined || raw === 'en') return { lang: 'en' };
  if (raw === 'zh') return { lang: 'zh' };
  const script = SCRIPTS.find((s) => s.toLowerCase() === raw.toLowerCase());
  if (script === undefined) throw new UsageError(`--lang must be en, zh-Hans (Simplified Chinese), zh-Hant (Traditional Chinese) or zh, got '${raw}'`);
  return { lang: 'zh', script };
}

export interface PlayParams {
  players: number;
  seed: number;
  options: GameConfig['options'];
  seats: SeatKind[];
  lang: Lang;
  save?: string;
  maxSteps?: number;
  /** the game's public declarations (names and texts), when its spec is known */
  model?: Declarations;
  /** paint with colours (stdout is a terminal and NO_COLOR is unset) */
  color?: boolean;
}

const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

/** the seed of the random seats when a human plays: crypto randomness, never shown */
function cryptoSeed(): number {
  return randomInt(0, 2 ** 31);
}

/**
 * Fail before the game when the replay log cannot be written there: the folder must exist and
 * be writable, and the file, if it is there, must be a writable file.
 */
export function checkSavePath(file: string): void {
  const abs = resolve(file);
  const dir = dirname(abs);
  let why: string | undefined;
  const there = existsSync(abs) ? statSync(abs) : undefined;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) why = `the folder ${dir} does not exist`;
  else if (there?.isDirectory()) why = 'it is a folder';
  // a pipe waits for a reader, a device takes anything or nothing: a log is written to a file
  else if (there !== undefined && !there.isFile()) why = `it is not a regular file but ${notFileKind(there)}`;
  else {
    try {
      accessSync(there ? abs : dir, constants.W_OK);
    } catch {
      why = there ? 'the file is not writable' : `the folder ${dir} is not writable`;
    }
  }
  if (why !== undefined) throw new UsageError(`cannot write the replay log --save ${file}: ${why}; give a path in a writable folder`);
}

/** Play one game; returns the actions and the final state (no command-line parsing). */
export async function playGame(
  ctx: CliContext,
  engine: Engine,
  params: PlayParams,
): Promise<{ result: GameResult; actions: LoggedAction[]; state: unknown }> {
  const { players, seed, seats, lang, model } = params;
  if (params.save !== undefined) checkSavePath(params.save);
  const t = terminalText(lang);
  const paint = painter(params.color === true);
  const prompter: Prompter = ctx.prompter ?? inquirerPrompter({ keys: t.keys });
  const config: GameConfig = { players, seed, options: params.options ?? {} };
  const humans = seats.filter((k) => k === 'human').length;
  const spectator = humans === 0;
  // with a human at the table the random seats' choices must not follow from anything a seat
  // can see or type (the game seed); with random seats only, it is simulate's seeded game
  const agentSeed = spectator ? agentSeedFor(seed) : (ctx.secretSeed ?? cryptoSeed)();
  // a human seat's agent is never asked (all random: randomSeatAgents's agents)
  const agents = namedSeatAgents(seats.map((k) => (k === 'human' ? 'random' : k)), agentSeed);
  const clear = (): void => ctx.io.out(ctx.io.outIsTTY ? CLEAR : '\n' + '─'.repeat(40) + '\n');
  // the terminal's width, asked at each screen (a window may be resized during a game)
  const width = (): number => Math.max(40, ctx.io.columns?.() ?? WIDTH);
  let cur = engine.create(config);
  const actions: LoggedAction[] = [];
  const logSeen = new Array<number>(players).fill(0);
  // what each seat was last shown of the table (only what changed is printed again); a hand-over
  // clears the screen, so then the whole table is shown again
  const shown = new Array<Map<string, string> | undefined>(players).fill(undefined);
  let lastHuman = -1;
  let shownLog = 0;

  // no seed before the end: it would let a player rebuild every hidden card
  ctx.io.out(paint.bold(`${engine.name[lang]} — ${players} ${t.players}; ${seats.map((k, i) => `${i}:${t.kinds[k] ?? k}`).join(' ')}`) + '\n');
  const showNewLog = (): void => {
    const log = engine.log(cur);
    for (const e of log.slice(shownLog)) {
      const line = logLine(e, model, lang, -1);
      if (line !== undefined) ctx.io.out(`  ${line}\n`);
    }
    shownLog = log.length;
  };
  const save = (): void => {
    if (params.save !== undefined) writeReplayLog(params.save, makeReplayLog(engine, config, actions, cur));
  };
  if (spectator) showNewLog();
  const maxSteps = params.maxSteps ?? DEFAULT_MAX_STEPS;
  // Ctrl-C between two prompts (inquirer takes it at a prompt): stop at the next prompt, and save
  let interrupted = false;
  const stopListening = ctx.io.onInterrupt?.(() => void (interrupted = true));
  try {
    for (let step = 0; ; step++) {
      const p = engine.pending(cur);
      if (p === null) break;
      // a Ctrl-C stops the game at the next decision, whoever makes it (a human may be out already)
      if (interrupted) throw new PromptInterrupted();
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
        if (interrupted) throw new PromptInterrupted();
        if (humans > 1 && seat !== lastHuman) {
          clear();
          await prompter.pause(t.pass(seat));
          if (ctx.io.outIsTTY) clear();
          shown.fill(undefined);
        }
        lastHuman = seat;
        const view = engine.view(cur, seat);
        const legal = engine.legalActions(cur, seat);
        if (legal.length === 0) throw new Error(`seat ${seat} must answer ${describePending(p)} but has no legal action`);
        const only = legal.length === 1;
        const labels = optionLabels(engine, cur, seat, legal, model, lang);
        const screen = seatScreen({ view, decl: model, lang, since: logSeen[seat]!, options: labels });
        const shownBefore = shown[seat];
        const drawn = renderScreen(screen, { paint, quiet: only, width: width(), ...(shownBefore ? { shown: shownBefore } : {}) });
        ctx.io.out('\n' + drawn.text);
        shown[seat] = drawn.items;
        logSeen[seat] = view.log.length;
        const message = `${t.seatName(seat)}: ${p.prompt[lang]}`;
        if (interrupted) throw new PromptInterrupted();
        if (only) {
          // nothing to decide: say what happens and go on
          ctx.io.out(wrap(`» ${message} — ${labels[0]!} (${t.onlyOption})`, '', width()).join('\n') + '\n');
          action = legal[0]!;
        } else {
          // the options, then two things to look at before answering: the whole table, and why
          const SHOW_TABLE = -1;
          const SHOW_WHY = -2;
          const choices = [...labels.map((name, i) => ({ name, value: i })), { name: t.showTable, value: SHOW_TABLE }, { name: t.showWhy, value: SHOW_WHY }];
          let picked = await prompter.select(message, choices);
          while (picked < 0) {
            if (picked === SHOW_TABLE) ctx.io.out('\n' + renderScreen(screen, { paint, width: width() }).text);
            else ctx.io.out('\n' + renderWhy(screen, { paint, width: width() }));
            if (interrupted) throw new PromptInterrupted();
            picked = await prompter.select(message, choices);
          }
          action = legal[picked]!;
        }
      } else {
        action = agents.seats[seat]!.act(engine, cur, seat);
        if (spectator) {
          // a seat answer by its shown name (engine.describe keeps the 0-based index of the logs)
          const said = engine.answerType(action.choice) === 'seat' && typeof action.value === 'number' ? t.seatName(action.value) : engine.describe(action, lang, cur);
          ctx.io.out(`${t.seatName(seat)}: ${said}\n`);
        }
      }
      actions.push({ seat, action });
      engine.applyInPlace(cur, seat, action);
      if (spectator) showNewLog();
    }
  } catch (e) {
    if (!(e instanceof PromptInterrupted)) throw e;
    ctx.io.out('\n');
    if (params.save !== undefined) {
      save();
      ctx.io.out(`${t.interruptedSaved(actions.length, params.save)}\n`);
    } else ctx.io.out(`${t.interruptedNotSaved}\n`);
    throw new CliExit(130);
  } finally {
    stopListening?.();
  }
  const result = engine.result(cur);
  if (result === null) throw new Error(`${engine.id}: nothing is pending but the game has no result`);
  if (humans > 1) clear();
  // the end as the (first) human seat sees it: what happened since its last decision, the result and why
  const me = spectator ? 0 : seats.indexOf('human');
  const endView = engine.view(cur, me);
  const logFrom = spectator ? endView.log.length : logSeen[me]!;
  const endScreen = seatScreen({ view: endView, decl: model, lang, since: logFrom });
  ctx.io.out(renderGameOver(endScreen, engine.name[lang], { paint, seed, width: width() }));
  if (params.save !== undefined) {
    save();
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

/** colours when stdout is a terminal and NO_COLOR (https://no-color.org) is unset or empty */
function wantsColor(ctx: CliContext): boolean {
  return ctx.io.outIsTTY && !process.env['NO_COLOR'];
}

export async function playCommand(ctx: CliContext, gameId: string, o: PlayCliOptions): Promise<number> {
  const { engine, spec } = loadGame(ctx, rulesDirOf(ctx, o.rulesDir), gameId);
  const { lang, script } = parseLang(o.lang);
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
  const model = spec === undefined ? undefined : declarations(spec, options, (c) => engine.answerType(c));
  // in one Chinese script: every word on its way to the terminal
  const shown = script ? inScriptContext(ctx, script, terminalText(lang).keys) : ctx;
  await playGame(shown, engine, {
    players, seed, options, seats, lang, color: wantsColor(ctx),
    ...(o.save !== undefined ? { save: o.save } : {}),
    ...(model !== undefined ? { model } : {}),
  });
  return 0;
}
