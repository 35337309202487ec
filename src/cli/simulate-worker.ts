/**
 * The task of one worker of `rules simulate --workers N`: open the game from its rules folder (once
 * per worker, kept for the worker's life) and play a chunk of the run's games with the one loop,
 * playGames. The chunk comes back as its games' output text and its tally, so the main thread only
 * writes and adds them (formatting 10⁵ records there, and cloning them across, made it the slowest
 * thread). Errors come back as data, so the main thread reports them as a one-worker run would.
 */
import { openGame } from '../games.ts';
import type { Engine } from '../interpreter/api.ts';
import { SummaryTally, type TallyJson } from '../stats/summary.ts';
import { playGames, type RunHeader, type RunSettings } from './simulate.ts';
import { gameSeparator, gameText, type OutputForm } from './simulate-output.ts';

/** what a run's chunks are made of: its settings, and the output form and header their games'
 *  texts are made in (where they are played) */
export interface ChunkRun {
  run: RunSettings;
  form: OutputForm;
  head: RunHeader;
  /** the games each thread plays in the whole run, about: a hint for the engine (expectGames) */
  perThread?: number;
}

export interface ChunkTask extends ChunkRun {
  rulesDir: string;
  gameId: string;
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
  const text = gameText(task.form, task.head);
  const parts: string[] = [];
  const tally = new SummaryTally(task.run.players);
  playGames(engine, task.run, task.from, task.to, (_i, g, steps) => {
    parts.push(text(g));
    tally.add(g, steps);
  }, task.perThread);
  return { text: parts.join(gameSeparator(task.form)), tally: tally.toJSON() };
}

/** the games this worker has opened: a run's files do not change under it, and hashing the
 *  folder again for every chunk (openGame's check that they did) cost more than the chunk's play */
const opened = new Map<string, ReturnType<typeof openGame>>();

export function playChunk(task: ChunkTask): ChunkResult {
  try {
    const key = `${task.rulesDir}\0${task.gameId}`;
    let game = opened.get(key);
    if (game === undefined) opened.set(key, (game = openGame(task.rulesDir, task.gameId)));
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
