/**
 * The task of one worker of `rules simulate --workers N`: open the game from its rules folder (once
 * per worker: compileGameDir keeps it) and play a chunk of the run's games with the one loop,
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

export function playChunk(task: ChunkTask): ChunkResult {
  try {
    const { engine, diagnostics } = openGame(task.rulesDir, task.gameId);
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
