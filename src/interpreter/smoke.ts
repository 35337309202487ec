/**
 * Dynamic check run by `validate`: a few random games under every player count and a covering
 * set of option settings (see optionCombos). What static checks cannot prove — that whoever must act always
 * has a legal action, and that the flow ends — is tried here, and a failure names its rule.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Action, Engine, Json } from './api.ts';

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

/**
 * The option settings the random games are played under: all defaults, each option set alone to
 * each of its other values, and each pair of options set together to each pair of other values —
 * a covering set in which every value of every option meets every value of every other option.
 * Ten bool reading switches give 56 settings instead of 1,024. When the full product is no
 * larger, it is played instead.
 */
export function optionCombos(engine: Engine): Record<string, Json>[] {
  const opts = engine.options.map((o) => ({ id: o.id, def: o.default, others: (o.type === 'bool' ? [false, true] : o.values ?? [o.default]).filter((v) => v !== o.default) }));
  const product = opts.reduce((n, o) => n * (o.others.length + 1), 1);
  const defaults = Object.fromEntries(opts.map((o) => [o.id, o.def])) as Record<string, Json>;
  if (product <= 1 + opts.reduce((n, o) => n + o.others.length, 0) + pairs(opts)) {
    let combos: Record<string, Json>[] = [{}];
    for (const o of opts) combos = combos.flatMap((c) => [o.def, ...o.others].map((v) => ({ ...c, [o.id]: v })));
    return combos;
  }
  const out: Record<string, Json>[] = [{ ...defaults }];
  opts.forEach((o) => { for (const v of o.others) out.push({ ...defaults, [o.id]: v }); });
  opts.forEach((a, i) => {
    for (const b of opts.slice(i + 1)) for (const va of a.others) for (const vb of b.others) out.push({ ...defaults, [a.id]: va, [b.id]: vb });
  });
  return out;
}

function pairs(opts: { others: Json[] }[]): number {
  let n = 0;
  opts.forEach((a, i) => { for (const b of opts.slice(i + 1)) n += a.others.length * b.others.length; });
  return n;
}

/** how many settings (player count × option setting) smokeGames plays: the covering set grows
 *  with the pairs of option values, so listing it is cheap even past the limit */
export function smokeSettings(engine: Engine): number {
  return Math.max(0, engine.maxPlayers - engine.minPlayers + 1) * optionCombos(engine).length;
}

export interface SmokeReport {
  failures: SmokeFailure[];
  /** the option settings played, each under every player count */
  played: Record<string, Json>[];
}

/**
 * `gamesPerSetting` seeded random games per player count under each setting of the full product.
 * Under a covering set, the all-defaults setting gets them and every other setting one game: each
 * other value then still meets at least three games per player count (alone, and with each of at
 * least two other options), while the number of games grows with the pairs, not the product.
 */
export function smokeGames(engine: Engine, gamesPerSetting = 3): SmokeReport {
  const failures: SmokeFailure[] = [];
  const played = optionCombos(engine);
  const product = engine.options.reduce((n, o) => n * (o.type === 'bool' ? 2 : (o.values ?? [o.default]).length), 1);
  const covering = played.length < product;
  for (let players = engine.minPlayers; players <= engine.maxPlayers; players++) {
    for (const [i, options] of played.entries()) {
      const games = covering && i > 0 ? 1 : gamesPerSetting;
      for (let g = 0; g < games; g++) {
        const failure = tryGame(engine, players, options, g + 1);
        if (failure) {
          failures.push({ ...failure, message: `${players} players, options ${JSON.stringify(options)}, seed ${g + 1}: ${failure.message}` });
          return { failures, played }; // one failure is enough to act on
        }
      }
    }
  }
  return { failures, played };
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
        // the same pick as from legalActions, without building every action (when the engine can)
        const action = engine.pickAction
          ? engine.pickAction(state, seat, (n) => uniformInt(rng, 0, n - 1))
          : pickFrom(engine.legalActions(state, seat), rng);
        if (!action) return { rule: pending.rule, hint: NO_OPTION, message: `seat ${seat} must answer '${pending.choice}' but has no legal action` };
        engine.applyInPlace(state, seat, action);
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

function pickFrom(actions: Action[], rng: ReturnType<typeof xoroshiro128plus>): Action | null {
  return actions.length === 0 ? null : actions[uniformInt(rng, 0, actions.length - 1)]!;
}
