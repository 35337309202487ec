/**
 * The chunks of `rules simulate --workers N` (src/simulate/pool.ts plays them on N threads): a
 * chunk is games [from, to) of the run, played with the one loop (playGames) and sent back as its
 * games' output text and its tally, so the main thread only writes and adds them (formatting 10⁵
 * records there, and cloning them across, made it the slowest thread). A worker thread opens the
 * game from its rules folder once and keeps it. Errors come back as data, so the main thread
 * reports them as a one-thread run would.
 */
import { join } from 'node:path';
import { openGame } from '../games.ts';
import type { Engine } from '../interpreter/api.ts';
import { SummaryTally, type TallyJson } from '../stats/summary.ts';
import { playGames, type RunHeader, type RunSettings } from '../simulate/run.ts';
import { startWorkers, type ChunkJob, type Played, type Workers } from '../simulate/pool.ts';
import { compileWithOverrides, type Override } from '../simulate/setting.ts';
import type { SimulatedGame } from '../stats/summary.ts';
import { gameSeparator, gameText, type OutputForm } from './simulate-output.ts';

/** what a run's chunks are made of: its settings, and the output form and header their games'
 *  texts are made in (where they are played) */
export interface ChunkRun {
  run: RunSettings;
  /** an output form of `rules simulate`, or `records`: each game's record with its decisions, a
   *  line of JSON each (`rules compare` reads them back) */
  form: OutputForm | 'records';
  head: RunHeader;
  /** the games each thread plays in the whole run, about: a hint for the engine (expectGames) */
  perThread?: number;
}

/** where a worker thread finds the game, and the data it changes (src/simulate/setting.ts) */
export interface GamePlace {
  rulesDir: string;
  gameId: string;
  overrides?: Override[];
}

/** a game's line of the `records` form */
export interface RecordLine extends SimulatedGame {
  steps: number;
}

export interface ChunkTask extends ChunkRun, GamePlace {
  from: number;
  to: number;
}

/** games [from, to): their texts joined with the form's separator, and their tally */
export interface PlayedChunk {
  text: string;
  tally: TallyJson;
}

export type ChunkResult = PlayedChunk | { error: { message: string; at?: { file: string; line: number; col: number } } };

/** play a chunk here (a worker thread's task, and the main thread's own chunks) */
export function playChunkWith(engine: Engine, task: ChunkRun & { from: number; to: number }): PlayedChunk {
  const form = task.form;
  const text = form === 'records' ? undefined : gameText(form, task.head);
  const parts: string[] = [];
  const tally = new SummaryTally(task.run.players);
  playGames(engine, task.run, task.from, task.to, (_i, g, steps) => {
    parts.push(text === undefined ? `${JSON.stringify({ ...g, steps } satisfies RecordLine)}\n` : text(g));
    tally.add(g, steps);
  }, task.perThread);
  return { text: parts.join(form === 'records' ? '' : gameSeparator(form)), tally: tally.toJSON() };
}

/** the games this worker has opened: a run's files do not change under it, and hashing the
 *  folder again for every chunk (openGame's check that they did) cost more than the chunk's play */
const opened = new Map<string, ReturnType<typeof openGame>>();

/** the game of a task: from its folder, with its data changed if it changes any */
function openWith(where: GamePlace): ReturnType<typeof openGame> {
  if (where.overrides === undefined || where.overrides.length === 0) return openGame(where.rulesDir, where.gameId);
  return { engine: compileWithOverrides(join(where.rulesDir, where.gameId), where.overrides), diagnostics: [] };
}

export function playChunk(task: ChunkTask): ChunkResult {
  try {
    const key = `${task.rulesDir}\0${task.gameId}\0${JSON.stringify(task.overrides ?? [])}`;
    let game = opened.get(key);
    if (game === undefined) opened.set(key, (game = openWith(task)));
    const { engine, diagnostics } = game;
    if (engine === undefined) {
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      return { error: { message: `game '${task.gameId}' does not compile in a worker (${errors} errors)` } };
    }
    return playChunkWith(engine, task);
  } catch (e) {
    const at = (e as { at?: { file: string; line: number; col: number } }).at;
    return { error: { message: (e as Error).message, ...(at ? { at: { file: at.file, line: at.line, col: at.col } } : {}) } };
  }
}

/** a worker thread's answer: its chunk, or its error as an Error with the rules' place */
function fromWorker(raw: unknown): Played<PlayedChunk> {
  const r = raw as ChunkResult;
  if ('error' in r) return { error: Object.assign(new Error(r.error.message), r.error.at ? { at: r.error.at } : {}) };
  return r;
}

/** the worker threads of a run, started (each loads and compiles the game: an empty chunk) */
export function startChunkWorkers(where: GamePlace, workerThreads: number): Workers {
  const empty: ChunkTask = { ...where, run: { players: 0, seed: 0, options: {} }, form: 'text', head: { game: where.gameId, players: 0, seed: 0, options: {} }, from: 0, to: 0 };
  return startWorkers({ filename: new URL('./simulate-worker.mjs', import.meta.url).href, warmUp: empty, answer: fromWorker }, workerThreads);
}

/** the chunks of a run: played here with `engine`, there from the rules folder */
export function chunkJob(engine: Engine, where: GamePlace, r: ChunkRun): ChunkJob<PlayedChunk> {
  return {
    task: (from, to): ChunkTask => ({ ...where, ...r, from, to }),
    here: (from, to) => playChunkWith(engine, { ...r, from, to }),
    answer: fromWorker,
  };
}
