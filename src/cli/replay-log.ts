/**
 * The replay log on the command line: its format is src/replay-log.ts (shared with the play page);
 * here the state hash is node:crypto's sha256, and logs are read from and written to files.
 */
import { createHash } from 'node:crypto';
import { MAX_REPLAY_BYTES } from '../limits.ts';
import { readTextFile, writeWhole } from '../file-io.ts';
import type { Engine, GameConfig } from '../interpreter/api.ts';
import type { LoggedAction } from '../agents/playout.ts';
import { makeReplayLog as makeWith, parseReplayLog, verifyReplayWith, type ReplayLog, type ReplayOutcome } from '../replay-log.ts';

export { parseReplayLog, type ReplayLog, type ReplayOutcome } from '../replay-log.ts';

export function stateHash(state: unknown): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}

export function makeReplayLog(engine: Engine, config: GameConfig, actions: LoggedAction[], finalState: unknown): ReplayLog {
  return makeWith(engine, config, actions, finalState, stateHash);
}

export function writeReplayLog(file: string, log: ReplayLog): void {
  writeWhole(file, JSON.stringify(log, null, 1) + '\n', 'the replay log');
}

export function readReplayLog(file: string): ReplayLog {
  return parseReplayLog(readTextFile(file, MAX_REPLAY_BYTES));
}

/** Re-run a log and compare: the first illegal/diverging action, or a different result/state. */
export function verifyReplay(engine: Engine, log: ReplayLog): ReplayOutcome {
  return verifyReplayWith(engine, log, stateHash);
}
