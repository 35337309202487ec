/**
 * Dynamic check run by `validate`: a few random games under every player count and every
 * combination of bool options. What static checks cannot prove — that whoever must act always
 * has a legal action, and that the flow ends — is tried here, and a failure names its rule.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Engine, Json } from './api.ts';

export interface SmokeFailure {
  rule?: string;
  /** where the failing instruction was written, when the engine knows */
  at?: { file: string; line: number; col: number };
  /** what to do about it */
  hint?: string;
  /** the field of the rule's node to point at, when the failure is in one */
  key?: string;
  message: string;
}

const MAX_STEPS = 20_000;
const NO_OPTION = 'every choice must leave each deciding seat at least one option';
const NO_END = 'a loop must end: its condition must become false, or a decision must lead to an end';

export function optionCombos(engine: Engine): Record<string, Json>[] {
  let combos: Record<string, Json>[] = [{}];
  for (const o of engine.options) {
    const values: Json[] = o.type === 'bool' ? [false, true] : o.values ? o.values : [o.default];
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [o.id]: v })));
  }
  return combos;
}

/** how many settings (player count × option combination) smokeGames plays, counted without listing them */
export function smokeSettings(engine: Engine): number {
  let n = Math.max(0, engine.maxPlayers - engine.minPlayers + 1);
  for (const o of engine.options) n *= o.type === 'bool' ? 2 : o.values ? o.values.length : 1;
  return n;
}

export function smokeGames(engine: Engine, gamesPerSetting = 3): SmokeFailure[] {
  const failures: SmokeFailure[] = [];
  for (let players = engine.minPlayers; players <= engine.maxPlayers; players++) {
    for (const options of optionCombos(engine)) {
      for (let g = 0; g < gamesPerSetting; g++) {
        const failure = tryGame(engine, players, options, g + 1);
        if (failure) {
          failures.push({ ...failure, message: `${players} players, options ${JSON.stringify(options)}, seed ${g + 1}: ${failure.message}` });
          return failures; // one failure is enough to act on
        }
      }
    }
  }
  return failures;
}

function tryGame(engine: Engine, players: number, options: Record<string, Json>, seed: number): SmokeFailure | undefined {
  const rng = xoroshiro128plus(seed * 7919);
  try {
    const state = engine.create({ players, seed, options, log: false });
    let lastRule: string | undefined;
    for (let step = 0; step < MAX_STEPS; step++) {
      const pending = engine.pending(state);
      if (pending) lastRule = pending.rule;
      if (!pending) return engine.result(state) ? undefined : { message: 'the game stopped without a result' };
      if (pending.kind === 'chance') return { rule: pending.rule, message: 'unexpected external chance draw' };
      for (const seat of pending.waitingFor) {
        const actions = engine.legalActions(state, seat);
        if (actions.length === 0) return { rule: pending.rule, hint: NO_OPTION, message: `seat ${seat} must answer '${pending.choice}' but has no legal action` };
        engine.applyInPlace(state, seat, actions[uniformInt(rng, 0, actions.length - 1)]!);
      }
    }
    // the rule that kept asking is where the loop is
    return { ...(lastRule ? { rule: lastRule } : {}), hint: NO_END, message: `no end after ${MAX_STEPS} decisions: the flow may loop forever` };
  } catch (err) {
    const { rule, at, key } = err as { rule?: string; at?: SmokeFailure['at']; key?: string };
    const message = (err as Error).message;
    const hint = /without anyone deciding/.test(message) ? NO_END : / offers seat \d+ no option/.test(message) ? NO_OPTION : undefined;
    return { ...(rule ? { rule } : {}), ...(at ? { at } : {}), ...(key ? { key } : {}), ...(hint ? { hint } : {}), message };
  }
}
