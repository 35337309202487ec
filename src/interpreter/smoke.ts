/**
 * Dynamic check run by `validate`: random games under a covering set of option settings with the
 * player count as one of its factors (smokePlan), then more games where they still open new
 * choices (smokeGames). What static checks cannot prove — that whoever must act always has a
 * legal action, and that the flow ends — is tried here, and a failure names its rule.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Action, Engine, GameConfig, Json, OptionsRead } from './api.ts';

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
const TOO_MUCH_WORK = 'a loop inside a loop takes the product of their lengths: loop over fewer items (filter first, or keep a count in a var as the game goes)';

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

/** player counts × option settings of the covering set, the figure MAX_SMOKE_SETTINGS limits (the
 *  sweep plays fewer: smokePlan); the covering set grows with the pairs of option values, so
 *  listing it is cheap even past the limit */
export function smokeSettings(engine: Engine): number {
  return Math.max(0, engine.maxPlayers - engine.minPlayers + 1) * optionCombos(engine).length;
}

export interface SmokeReport {
  failures: SmokeFailure[];
  /** the option settings played (the covering set; see smokePlan for the player counts of each) */
  played: Record<string, Json>[];
  /** the games played in order: each with the decisions made and what it opened first (choice ids, `end <id>`) under its player count */
  games: (SmokeGame & { decisions: number; opened: string[] })[];
  /** games not played because they could only replay one played before (`of`: its index in `games`) */
  replays: (SmokeGame & { of: number })[];
}

/** how many random games were played, the decisions made in them, and the games not played as replays (validate --verbose) */
export interface RandomGamesSize {
  games: number;
  decisions: number;
  replays: number;
}

/** one random validation game: its player count, option setting and seed */
export interface SmokeGame {
  players: number;
  options: Record<string, Json>;
  seed: number;
}

/**
 * The sweep: every option setting of the covering set played once (seed 1), with the player
 * count as one more factor of the cover. The defaults and each setting that changes one option
 * are played under every player count, so every value of every option meets every player count;
 * a setting that changes two or more options (a pair of the covering set, or a larger setting of
 * the full product) is played under one player count, taking the player counts in turn. Every
 * pair of values — of two options, or of an option and the player count — is then played.
 * Listed per player count, the defaults first.
 */
export function smokePlan(engine: Engine): { played: Record<string, Json>[]; sweep: SmokeGame[][] } {
  const played = optionCombos(engine);
  const defaults = Object.fromEntries(engine.options.map((o) => [o.id, o.default])) as Record<string, Json>;
  const counts = Array.from({ length: Math.max(0, engine.maxPlayers - engine.minPlayers + 1) }, (_, i) => engine.minPlayers + i);
  const sweep: SmokeGame[][] = counts.map(() => []);
  let turn = 0;
  for (const options of played) {
    const changed = Object.entries(options).filter(([k, v]) => v !== defaults[k]).length;
    if (changed <= 1) counts.forEach((players, i) => sweep[i]!.push({ players, options, seed: 1 }));
    else if (counts.length > 0) {
      const i = turn++ % counts.length;
      sweep[i]!.push({ players: counts[i]!, options, seed: 1 });
    }
  }
  return { played, sweep };
}

/**
 * The random validation games, sized by what they show. Under each player count the sweep
 * (smokePlan) is played first. Then each game that opened a choice no earlier game under that
 * player count had (or reached another end) earns its setting one more game, with the next
 * seed, and so on while the games keep opening something new — until every choice of the game
 * has been opened, or the extra games have made as many decisions as the sweep made under that
 * player count: a budget read from the game's own length. A setting that reaches nothing of its
 * own plays once; one that keeps finding rules the others miss plays on.
 */
export function smokeGames(engine: Engine): SmokeReport {
  const { played, sweep } = smokePlan(engine);
  const choices = (engine as { choiceProofs?: () => { id: string }[] }).choiceProofs?.().map((c) => c.id);
  const declared = engine.options.map((o) => o.id);
  const report: SmokeReport = { failures: [], played, games: [], replays: [] };
  for (const games of sweep) {
    const seen = new Set<string>();
    /** the games played under this player count, with what each read of its options */
    const readBy: { seed: number; options: Record<string, Json>; reads: OptionsRead; index: number }[] = [];
    /** plays one game and notes it; ok is false when it failed (one failure is enough to act on) */
    const play = (g: SmokeGame): { ok: boolean; decisions: number; fresh: boolean } => {
      // a game is a function of its seed and the option values it reads: a setting that agrees
      // with an earlier game of the same seed on every option that game read replays it (and
      // opens nothing new), so it is not played again; its decisions count as that game's
      const earlier = readBy.find((e) => e.seed === g.seed && agree(e.reads, e.options, g.options, declared));
      if (earlier) {
        report.replays.push({ ...g, of: earlier.index });
        return { ok: true, decisions: report.games[earlier.index]!.decisions, fresh: false };
      }
      const out = tryGame(engine, g.players, g.options, g.seed, seen);
      if (out.reads) readBy.push({ seed: g.seed, options: g.options, reads: out.reads, index: report.games.length });
      report.games.push({ ...g, decisions: out.decisions, opened: out.opened });
      if (out.failure) report.failures.push({ ...out.failure, message: `${g.players} players, options ${JSON.stringify(g.options)}, seed ${g.seed}: ${out.failure.message}` });
      return { ok: !out.failure, decisions: out.decisions, fresh: out.opened.length > 0 };
    };
    let budget = 0;
    const again: SmokeGame[] = [];
    for (const g of games) {
      const r = play(g);
      if (!r.ok) return report;
      budget += r.decisions;
      if (r.fresh) again.push({ ...g, seed: g.seed + 1 });
    }
    const allOpened = (): boolean => choices !== undefined && choices.every((c) => seen.has(c));
    for (let g = again.shift(); g && budget > 0 && !allOpened(); g = again.shift()) {
      const r = play(g);
      if (!r.ok) return report;
      budget -= r.decisions;
      if (r.fresh) again.push({ ...g, seed: g.seed + 1 });
    }
  }
  return report;
}

/** whether two settings agree on every option that `reads` names (all declared ones when it read them whole) */
function agree(reads: OptionsRead, a: Record<string, Json>, b: Record<string, Json>, declared: string[]): boolean {
  for (const n of reads.all ? declared : reads.names) if (a[n] !== b[n]) return false;
  return true;
}

/** one seeded random game; `seen` collects the choices it opens and the end it reaches, `opened` lists those it saw first; `reads`: what it read of its options, when the engine can say */
function tryGame(engine: Engine, players: number, options: Record<string, Json>, seed: number, seen: Set<string>): { failure?: SmokeFailure; decisions: number; opened: string[]; reads?: OptionsRead } {
  const watch = (engine as { createWatched?: (c: GameConfig) => { state: unknown; reads: OptionsRead } }).createWatched;
  let reads: OptionsRead | undefined;
  const rng = xoroshiro128plus(seed * 7919);
  let decisions = 0;
  const opened: string[] = [];
  const note = (id: string): void => {
    if (seen.has(id)) return;
    seen.add(id);
    opened.push(id);
  };
  const failure = ((): SmokeFailure | undefined => {
    try {
      const config: GameConfig = { players, seed, options, log: false };
      let state: unknown;
      if (watch) ({ state, reads } = watch(config));
      else state = engine.create(config);
      const ended = (): SmokeFailure | undefined => {
        const result = engine.result(state);
        if (result) note(`end ${result.end}`);
        return result ? undefined : { message: 'the game stopped without a result' };
      };
      const noEnd = (rule: string | undefined): SmokeFailure => ({ ...(rule ? { rule } : {}), hint: NO_END, message: `no end after ${MAX_STEPS} decisions: the flow may loop forever` });
      if (engine.autoplay !== undefined && engine.nextSeat !== undefined) {
        // the fast path: choices answered where they open, with the same draws as the loop below
        const pick = (n: number): number => uniformInt(rng, 0, n - 1);
        const picks = Array.from({ length: players }, () => pick);
        const onAnswer = (_seat: number, action: Action): void => note(action.choice);
        for (;;) {
          const seat = engine.nextSeat(state);
          if (seat === null) return ended();
          if (seat === -1) return { rule: engine.pending(state)!.rule, message: 'unexpected external chance draw' };
          // the rule that kept asking is where the loop is
          if (decisions >= MAX_STEPS) return noEnd(engine.pending(state)!.rule);
          decisions += engine.autoplay(state, picks, MAX_STEPS - decisions, onAnswer);
        }
      }
      let lastRule: string | undefined;
      for (let step = 0; step < MAX_STEPS; step++) {
        const pending = engine.pending(state);
        if (pending) lastRule = pending.rule;
        if (!pending) return ended();
        if (pending.kind === 'chance') return { rule: pending.rule, message: 'unexpected external chance draw' };
        note(pending.choice);
        for (const seat of pending.waitingFor) {
          // the same pick as from legalActions, without building every action (when the engine can)
          const action = engine.pickAction
            ? engine.pickAction(state, seat, (n) => uniformInt(rng, 0, n - 1))
            : pickFrom(engine.legalActions(state, seat), rng);
          if (!action) return { rule: pending.rule, hint: NO_OPTION, message: `seat ${seat} must answer '${pending.choice}' but has no legal action` };
          engine.applyInPlace(state, seat, action);
          decisions++;
        }
      }
      return noEnd(lastRule);
    } catch (err) {
      const { rule, at, key } = err as { rule?: string; at?: SmokeFailure['at']; key?: string };
      const message = (err as Error).message;
      const hint = / steps of work without anyone deciding/.test(message) ? TOO_MUCH_WORK : /without anyone deciding/.test(message) ? NO_END : / offers seat \d+ no option/.test(message) ? NO_OPTION : undefined;
      return { ...(rule ? { rule } : {}), ...(at ? { at } : {}), ...(key ? { key } : {}), ...(hint ? { hint } : {}), message };
    }
  })();
  return { ...(failure ? { failure } : {}), decisions, opened, ...(reads ? { reads } : {}) };
}

function pickFrom(actions: Action[], rng: ReturnType<typeof xoroshiro128plus>): Action | null {
  return actions.length === 0 ? null : actions[uniformInt(rng, 0, actions.length - 1)]!;
}
