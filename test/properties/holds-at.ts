/**
 * A condition of the spec language checked every time the flow enters one rule, over random games:
 * "no player begins a turn with more city tiles than their limit" is `all(seats, s => …)` checked
 * where the turn procedure begins. Nothing here names a game; bench/holds.ts is the command line.
 *
 * A game of seed `seed` is the game `rules simulate` plays with that seed (its game i has seed
 * gameSeed(S, i), src/cli/simulate.ts; random agents seeded by agentSeedFor(seed)): the same
 * draws, played decision by decision with applyUntil, so that the flow can stop where the rule
 * begins. The flow is checked from the first decision on (an entry during create, before any
 * decision, is not seen); external chance draws are answered as the playout does, and an entry
 * inside one is not seen either.
 */
import { nextDecider } from '../../src/agents/playout.ts';
import { agentSeedFor, randomSeatAgents } from '../../src/agents/random-agent.ts';
import { suggest } from '../../src/expr/index.ts';
import type { EngineTools, GameResult, Json } from '../../src/interpreter/api.ts';

export interface HoldsAtConfig {
  players: number;
  options?: Record<string, Json>;
  /** the rule, procedure or trigger whose entries are checked (engine.enterableRules()) */
  rule: string;
  /** a condition of the spec language, evaluated with full knowledge */
  condition: string;
  /** evaluated too where the condition is false, to say what was wrong (optional) */
  show?: string;
  /** give up on a game after this many decisions */
  maxSteps?: number;
}

export interface Breach {
  /** the entry of the rule, counted from 1 in this game */
  entry: number;
  /** decisions taken before it */
  decisions: number;
  shown?: Json;
}

export interface CheckedGame {
  seed: number;
  /** how often the flow entered the rule */
  entries: number;
  breaches: Breach[];
  result: GameResult;
}

/** a mistake in what was asked (an unknown rule, a condition that does not compile or is no bool) */
export class HoldsAtUsage extends Error {}

/** refuse a rule the flow cannot enter, before any game is played */
export function checkRule<S>(engine: EngineTools<S>, rule: string): void {
  const rules = engine.enterableRules();
  if (rules.includes(rule)) return;
  const near = suggest(rule, rules);
  throw new HoldsAtUsage(`${engine.id} has no rule '${rule}' that the flow can enter${near ? `; did you mean '${near}'?` : ''}`);
}

/** Play one random game with seed `seed` and check the condition at every entry of the rule. */
export function checkGame<S>(engine: EngineTools<S>, cfg: HoldsAtConfig, seed: number): CheckedGame {
  const agents = randomSeatAgents(agentSeedFor(seed), cfg.players);
  const maxSteps = cfg.maxSteps ?? 100000;
  let state = engine.create({ players: cfg.players, seed, options: cfg.options ?? {}, log: false });
  const out: CheckedGame = { seed, entries: 0, breaches: [], result: undefined as unknown as GameResult };
  let decisions = 0;
  const check = (): void => {
    out.entries++;
    const value = evaluateOrThrow(engine, state, cfg.condition);
    if (typeof value !== 'boolean') throw new HoldsAtUsage(`the condition must be true or false, but ${cfg.condition} is ${JSON.stringify(value)}`);
    if (value) return;
    const breach: Breach = { entry: out.entries, decisions };
    if (cfg.show !== undefined) breach.shown = evaluateOrThrow(engine, state, cfg.show);
    out.breaches.push(breach);
  };
  for (;;) {
    const seat = nextDecider(engine.pending(state));
    if (seat === null) break;
    if (decisions++ >= maxSteps) throw new Error(`${engine.id}: no end after ${maxSteps} decisions (game seed ${seed})`);
    if (seat === -1) {
      const p = engine.pending(state) as { kind: 'chance'; outcomes: number };
      state = engine.applyChance(state, agents.chance.chance(p.outcomes));
      continue;
    }
    let r = engine.applyUntil(state, seat, agents.seats[seat]!.act(engine, state, seat), cfg.rule);
    state = r.state;
    while (r.stopped) {
      check();
      r = engine.resume(state, cfg.rule);
      state = r.state;
    }
  }
  out.result = engine.result(state)!;
  return out;
}

function evaluateOrThrow<S>(engine: EngineTools<S>, state: S, src: string): Json {
  try {
    return engine.evaluate(state, src);
  } catch (e) {
    throw new HoldsAtUsage(`cannot evaluate ${(e as Error).message}`);
  }
}
