/**
 * Drive a game to its end with agents (random by default).
 *
 * Order of decisions (shared with the terminal player, so that `play --seats random,…` and a
 * playout with the same seeds give the same game): while `pending(state)` is not null, the first
 * seat of `pending.waitingFor` answers (for a simultaneous choice the remaining seats then answer
 * one by one, in `waitingFor` order); an external chance draw is answered by the chance agent.
 */
import type { Action, Engine, GameConfig, GameResult, Pending, Pick } from '../interpreter/api.ts';
import { randomSeatAgents, type Agent } from './random-agent.ts';

export interface LoggedAction {
  /** the seat that answered; -1 for an external chance draw (then action.value is the outcome index) */
  seat: number;
  action: Action;
}

export interface PlayoutOptions {
  /** give up after this many decisions (default 100000) */
  maxSteps?: number;
  /** agents per seat (default: random agents seeded from agentSeed) */
  agents?: Agent[];
  /** agent for external chance draws (default: a random agent seeded from agentSeed) */
  chanceAgent?: Agent;
  /** record the actions (default true; the benchmark turns it off) */
  record?: boolean;
}

export interface PlayoutResult<S> {
  result: GameResult;
  actions: LoggedAction[];
  /** number of decisions taken (actions + external chance draws) */
  steps: number;
  state: S;
}

export const DEFAULT_MAX_STEPS = 100000;

/** Who decides next, or null when the game is over. */
export function nextDecider(p: Pending | null): number | null {
  if (p === null) return null;
  if (p.kind === 'chance') return -1;
  const seat = p.waitingFor[0];
  if (seat === undefined) throw new Error(`choice '${p.choice}' (rule '${p.rule}') is pending but waits for no seat`);
  return seat;
}

export function describePending(p: Pending): string {
  if (p.kind === 'chance') return `chance draw of rule '${p.rule}' (${p.outcomes} outcomes)`;
  return `choice '${p.choice}' of rule '${p.rule}' waiting for seat(s) ${p.waitingFor.join(', ')}`;
}

/** the action used in logs for an external chance draw */
export function chanceAction(p: Pending & { kind: 'chance' }, index: number): Action {
  return { choice: p.rule, value: index };
}

/** every seat's pick, when every seat's agent answers from the count alone */
function countPicks(agents: readonly Agent[], players: number): Pick[] | undefined {
  const picks: Pick[] = [];
  for (let seat = 0; seat < players; seat++) {
    const pick = agents[seat]?.pick;
    if (pick === undefined) return undefined;
    picks.push(pick);
  }
  return picks;
}

export function playout<S>(
  engine: Engine<S>,
  config: GameConfig,
  agentSeed: number,
  opts: PlayoutOptions = {},
): PlayoutResult<S> {
  const maxSteps = opts.maxSteps ?? DEFAULT_MAX_STEPS;
  const record = opts.record ?? true;
  let seatAgents = opts.agents;
  let chanceAgent = opts.chanceAgent;
  if (seatAgents === undefined || chanceAgent === undefined) {
    const r = randomSeatAgents(agentSeed, config.players);
    seatAgents ??= r.seats;
    chanceAgent ??= r.chance;
  }
  let state = engine.create(config);
  const actions: LoggedAction[] = [];
  let steps = 0;
  // agents that answer from the count alone (random ones) let the engine answer each choice
  // where it opens: the same draws, so the same game, without a Pending or an Action per step
  const picks = engine.autoplay !== undefined ? countPicks(seatAgents, config.players) : undefined;
  const onAnswer = record ? (seat: number, action: Action) => void actions.push({ seat, action }) : undefined;
  for (;;) {
    // engine.nextSeat spares building a Pending per step; the Pending is built only when needed
    const seat = engine.nextSeat ? engine.nextSeat(state) : nextDecider(engine.pending(state));
    if (seat === null) break;
    if (steps >= maxSteps) {
      throw new Error(
        `${engine.id}: no end after ${maxSteps} steps (still pending: ${describePending(engine.pending(state)!)}); ` +
          `a game that never ends is a spec bug`,
      );
    }
    if (picks !== undefined && seat !== -1) {
      const answered = engine.autoplay!(state, picks, maxSteps - steps, onAnswer);
      if (answered > 0) {
        steps += answered;
        continue;
      }
    }
    steps++;
    if (seat === -1) {
      const p = engine.pending(state) as Pending & { kind: 'chance' };
      const index = chanceAgent.chance(p.outcomes);
      if (record) actions.push({ seat: -1, action: chanceAction(p, index) });
      state = engine.applyChance(state, index);
      continue;
    }
    const agent = seatAgents[seat];
    if (agent === undefined) throw new Error(`no agent for seat ${seat}`);
    const action = agent.act(engine, state, seat);
    if (record) actions.push({ seat, action });
    engine.applyInPlace(state, seat, action);
  }
  const result = engine.result(state);
  if (result === null) throw new Error(`${engine.id}: nothing is pending but the game has no result`);
  return { result, actions, steps, state };
}
