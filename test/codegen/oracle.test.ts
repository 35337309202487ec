/**
 * The closure compiler is the oracle of the code generator: every game under rules/, at every
 * player count and under the option settings `rules validate` plays (optionCombos), plays the
 * same seeds on both, with identical states at every decision and identical logs and results;
 * half of the games without a log (the paths generated blocks run themselves).
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGameDir, gameDirsFor } from '../../src/games.ts';
import { optionCombos } from '../../src/interpreter/smoke.ts';
import { RULES_DIR } from '../interpreter/helpers.ts';
import { playBoth, twins } from './both.ts';
import { limit } from '../limits.ts';

/** games per game folder, spread over its player counts × option settings (Speakeasy is slow) */
const BUDGET: Record<string, number> = { 'cash-n-guns': 24, 'the-boss': 12, downtown: 10, speakeasy: 16 };
const DEFAULT_BUDGET = 8;

describe('generated code plays exactly as the closures', () => {
  for (const dir of gameDirsFor(RULES_DIR)) {
    const game = basename(dir);
    it(game, () => {
      const { loaded, engine } = compileGameDir(dir);
      expect(loaded, `${game} loads`).toBeDefined();
      expect(engine, `${game} compiles`).toBeDefined();
      const t = twins(loaded!);
      expect(t.report.mode, t.report.reason).toBe('generated');
      const combos = optionCombos(engine!);
      const settings: { players: number; options: (typeof combos)[number] }[] = [];
      for (const options of combos) for (let p = engine!.maxPlayers; p >= engine!.minPlayers; p--) settings.push({ players: p, options });
      const budget = BUDGET[game] ?? DEFAULT_BUDGET;
      // every player count under the defaults first, then the other settings in turn, round-robin
      let decisions = 0;
      for (let i = 0; i < budget; i++) {
        const s = settings[i % settings.length]!;
        decisions += playBoth(t, s.players, s.options, 1 + Math.floor(i / settings.length) + 31 * i, undefined, i % 2 === 1);
      }
      expect(decisions).toBeGreaterThan(budget);
    }, limit(120_000));
  }
});
