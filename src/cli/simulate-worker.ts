/**
 * The task of one worker of `rules simulate --workers N`: open the game from its rules folder (once
 * per worker, kept for the worker's life) and play a chunk of the run's games with the one loop,
 * playGames. Errors come back as data, so the main thread reports them as a one-worker run would.
 */
import { openGame } from '../games.ts';
import type { SimulatedGame } from '../stats/summary.ts';
import { playGames, type RunSettings } from './simulate.ts';

export interface ChunkTask {
  rulesDir: string;
  gameId: string;
  run: RunSettings;
  from: number;
  to: number;
}

export type ChunkResult =
  | { games: SimulatedGame[]; steps: number[] }
  | { error: { message: string; at?: { file: string; line: number; col: number } } };

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
    const games: SimulatedGame[] = [];
    const steps: number[] = [];
    playGames(engine, task.run, task.from, task.to, (_i, g, s) => {
      games.push(g);
      steps.push(s);
    });
    return { games, steps };
  } catch (e) {
    const at = (e as { at?: { file: string; line: number; col: number } }).at;
    return { error: { message: (e as Error).message, ...(at ? { at: { file: at.file, line: at.line, col: at.col } } : {}) } };
  }
}
