/**
 * Agents by name, for `--agents`: one kind for every seat, or one per seat. Seat s's agent is
 * seeded with seatAgentSeed(agentSeed, s) whatever its kind, so all-random is exactly
 * randomSeatAgents (the chance player stays random).
 */
import { GreedyAgent } from './greedy.ts';
import { RandomAgent, seatAgentSeed, type Agent } from './random-agent.ts';

export const AGENT_KINDS = ['random', 'greedy'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

export const isAgentKind = (x: string): x is AgentKind => (AGENT_KINDS as readonly string[]).includes(x);

export function makeAgent(kind: AgentKind, seed: number): Agent {
  return kind === 'greedy' ? new GreedyAgent(seed) : new RandomAgent(seed);
}

/** agents for the seats (kinds[s] for seat s) plus the random chance player */
export function namedSeatAgents(kinds: readonly AgentKind[], agentSeed: number): { seats: Agent[]; chance: Agent } {
  return {
    seats: kinds.map((k, s) => makeAgent(k, seatAgentSeed(agentSeed, s))),
    chance: new RandomAgent(seatAgentSeed(agentSeed, -1)),
  };
}
