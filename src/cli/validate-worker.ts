/**
 * The task of one worker thread of `rules validate --workers N`: check one game folder as
 * validate does on its own thread (compileGameDir with the random games) and send back what
 * validate reports. An unexpected error comes back as data, for the main thread to report.
 */
import { compileGameDir } from '../games.ts';
import { gameExamples } from './examples-source.ts';
import { validatedGame, type ValidatedGame } from './validate.ts';

export interface CheckTask {
  dir: string;
  /** run the game's worked examples too (false: --no-examples) */
  examples?: boolean;
}

export type CheckResult = { game: ValidatedGame } | { error: string };

export function checkGameTask(task: CheckTask): CheckResult {
  try {
    return { game: validatedGame(compileGameDir(task.dir, { smoke: true }), task.examples === false ? undefined : gameExamples) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
