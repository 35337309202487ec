/**
 * `rules start` (npm start): validate every game under the rules folder, then show one seeded
 * random game of each (max players, seed 1; the same game as
 * `rules play <game> --players <max> --seed 1 --seats random,…`).
 */
import { agentSeedFor } from '../agents/random-agent.ts';
import { playout } from '../agents/playout.ts';
import { formatDiagnostic } from '../loader/diagnostics.ts';
import { effectiveOptions, rulesDirOf } from './common.ts';
import type { CliContext } from './context.ts';
import { printValidate, runValidate } from './validate.ts';
import { fmtLogEntry } from './render.ts';
import { seatNumber } from '../seat-number.ts';

export const START_SEED = 1;
const LOG_TAIL = 6;


export interface StartCliOptions {
  rulesDir?: string;
}

export async function startCommand(ctx: CliContext, o: StartCliOptions): Promise<number> {
  const rulesDir = rulesDirOf(ctx, o.rulesDir);
  const rep = runValidate(ctx, [rulesDir]);
  printValidate(ctx, rep);
  if (rep.errors > 0) return 1;
  const ids = ctx.games.listGames(rulesDir);
  let failed = 0;
  for (const id of ids) {
    ctx.io.out('\n');
    const { engine, diagnostics } = ctx.games.openGame(rulesDir, id);
    if (engine === undefined) {
      for (const d of diagnostics) ctx.io.out(formatDiagnostic(d) + '\n');
      ctx.io.out(`${id}: does not compile\n`);
      failed++;
      continue;
    }
    const players = engine.maxPlayers;
    const options = effectiveOptions(engine, {});
    ctx.io.out(`== ${engine.name.en} / ${engine.name.zh} (${id}): ${players} players, seed ${START_SEED}\n`);
    try {
      const run = playout(engine, { players, seed: START_SEED, options }, agentSeedFor(START_SEED), { record: false });
      const r = run.result;
      // seats counted from 1, as people count them
      ctx.io.out(`winners: ${r.winners.length ? r.winners.map((w) => `seat ${seatNumber(w)}`).join(', ') : 'none'}\n`);
      ctx.io.out(`scores:  ${r.scores.join(', ')}\n`);
      if (r.out.length) ctx.io.out(`out:     ${r.out.map((w) => `seat ${seatNumber(w)}`).join(', ')}\n`);
      ctx.io.out(`end:     ${r.end} (result ${r.result}) after ${r.rounds} rounds, ${run.steps} actions\n`);
      ctx.io.out('last log lines:\n');
      for (const e of engine.log(run.state).slice(-LOG_TAIL)) ctx.io.out(`  ${fmtLogEntry(e)}\n`);
    } catch (e) {
      ctx.io.out(`${id}: error: ${(e as Error).message}\n`);
      failed++;
    }
  }
  return failed > 0 ? 1 : 0;
}
