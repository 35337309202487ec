/** `rules replay <log.json>`: re-run a saved game and check it reproduces exactly. */
import { existsSync } from 'node:fs';
import { visibleControls } from '../control-characters.ts';
import { loadEngine, rulesDirOf } from './common.ts';
import { UsageError, type CliContext } from './context.ts';
import { readReplayLog, verifyReplay, type ReplayLog } from './replay-log.ts';

export interface ReplayCliOptions {
  rulesDir?: string;
}

export async function replayCommand(ctx: CliContext, file: string, o: ReplayCliOptions): Promise<number> {
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  let log: ReplayLog;
  try {
    log = readReplayLog(file);
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
  const engine = loadEngine(ctx, rulesDirOf(ctx, o.rulesDir), log.game);
  const outcome = verifyReplay(engine, log);
  if (outcome.ok) {
    const r = outcome.result;
    const summary = r === null ? 'game not finished' : `winners [${r.winners.join(', ')}], end ${r.end}, ${r.rounds} rounds`;
    ctx.io.out(`replay ok: ${log.game}, ${log.players} players, seed ${log.seed}, ${outcome.steps} actions; ${summary}; state ${outcome.stateHash.slice(0, 12)}\n`);
    return 0;
  }
  // the message quotes the log (its option keys, its actions): shown, not obeyed by the terminal
  ctx.io.out(`replay FAILED: ${visibleControls(outcome.message)}\n`);
  return 1;
}
