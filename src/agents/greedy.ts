/**
 * A one-step greedy agent: of the legal answers it takes the one after which its own score is
 * highest, ties broken by its own seeded random draw.
 *
 * "After" means: the engine applies the answer to a copy of the state and runs on to the next
 * decision (or the end); the score is then the game's own `outcome.score` for this seat, read with
 * the engine's evaluator (`score(seat(n))`), or the result's score once the game is over. The agent
 * names no game and knows no rule: whatever the spec calls a player's score, it raises.
 *
 * NOT A FAIR PLAYER. The look-ahead runs on the true state, so what happens in that one step —
 * a hidden card turned up, a shuffle drawn from the game's RNG — is known to the agent before it
 * answers: its choice depends on what its seat may not see. It is a measuring tool (can a game's
 * goal be reached by players who go for it?), not an opponent for `rules play`.
 */
import type { Action, Engine, EngineTools } from '../interpreter/api.ts';
import { RandomAgent, type Agent } from './random-agent.ts';

/** the expression the agent scores a seat with (the spec's `outcome.score`, as a function) */
export const scoreExpr = (seat: number): string => `score(seat(${seat}))`;

type Scorer = <S>(engine: Engine<S>, state: S, seat: number) => number;

/** engines whose spec has no score to read (asked once: a failed expression is not cached) */
const unscored = new WeakSet<object>();

/** The seat's score in a state: the result's once the game is over, else the spec's score
 *  (0 for an engine without an evaluator or a spec without a score: then every answer ties). */
function scoreOf<S>(engine: Engine<S>, state: S, seat: number): number {
  const done = engine.result(state);
  if (done !== null) return done.scores[seat] ?? 0;
  const evaluate = (engine as Partial<EngineTools<S>>).evaluate;
  if (typeof evaluate !== 'function' || unscored.has(engine)) return 0;
  let v;
  try {
    v = evaluate.call(engine, state, scoreExpr(seat));
  } catch {
    unscored.add(engine);
    return 0;
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

export class GreedyAgent implements Agent {
  private readonly tieBreak: RandomAgent;

  constructor(
    seed: number,
    private readonly score: Scorer = scoreOf,
  ) {
    this.tieBreak = new RandomAgent(seed);
  }

  act<S>(engine: Engine<S>, state: S, seat: number): Action {
    const legal = engine.legalActions(state, seat);
    if (legal.length === 0) return this.tieBreak.act(engine, state, seat); // it says why it cannot answer
    if (legal.length === 1) return legal[0]!;
    let best = -Infinity;
    let bestAt: number[] = [];
    legal.forEach((action, i) => {
      const v = this.score(engine, engine.apply(state, seat, action), seat);
      if (v > best) {
        best = v;
        bestAt = [i];
      } else if (v === best) bestAt.push(i);
    });
    return legal[bestAt[bestAt.length === 1 ? 0 : this.tieBreak.index(bestAt.length)]!]!;
  }

  chance(outcomes: number): number {
    return this.tieBreak.chance(outcomes);
  }
}
