/**
 * A game played with generated code replays with the closures alone, and the other way round:
 * the replay log's final state hash (src/cli/replay-log.ts) is the same whichever compiler ran
 * the game. The scratch slots (Program.scratch) are where the two may differ while an expression
 * runs — generated code keeps lambda and function parameters in variables of its own — so the
 * machine sets them back to none whenever it hands a state back (clearScratch in vm.ts).
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGameDir, gameDirsFor } from '../../src/games.ts';
import { agentSeedFor } from '../../src/agents/random-agent.ts';
import { playout } from '../../src/agents/playout.ts';
import { makeReplayLog, verifyReplay } from '../../src/cli/replay-log.ts';
import { RULES_DIR } from '../interpreter/helpers.ts';
import { twins } from './both.ts';

describe('a replay log does not depend on the compiler that wrote it', () => {
  for (const dir of gameDirsFor(RULES_DIR)) {
    const game = basename(dir);
    it(game, () => {
      const { loaded } = compileGameDir(dir);
      const t = twins(loaded!);
      expect(t.report.mode, t.report.reason).toBe('generated');
      const players = t.generated.maxPlayers;
      for (let seed = 1; seed <= 3; seed++) {
        const config = { players, seed, options: {} };
        // the fast path (autoplay) on one, the pending route of a replay on the other
        for (const [writer, reader, names] of [
          [t.generated, t.closures, 'generated → closures'],
          [t.closures, t.generated, 'closures → generated'],
        ] as const) {
          const played = playout(writer, config, agentSeedFor(seed));
          const log = makeReplayLog(writer, config, played.actions, played.state);
          const outcome = verifyReplay(reader, log);
          expect(outcome.ok ? 'ok' : outcome.message, `${game}, seed ${seed}, ${names}`).toBe('ok');
        }
      }
    });
  }
});
