/**
 * Agents by name, for `--agents` and `--seats`: one kind for every seat, or one per seat. Seat s's
 * agent is seeded with seatAgentSeed(agentSeed, s) whatever its kind, so all-random is exactly
 * randomSeatAgents (the chance player stays random).
 *
 * Names:
 *   random                 uniform among the legal answers
 *   greedy                 one step ahead on the true state (a measuring tool, not a fair player)
 *   search                 the information-set search agent (src/agents/search.ts), 256 iterations
 *   search:N               … with N iterations per decision
 *   search:N+horizon=H     … options after the budget, joined by `+`: horizon=H (answers before a
 *   search:N+c=C             playout is valued by the score), c=C (exploration)
 *   search:2s, search:500ms   a time budget instead (interactive play only: the answers then
 *                          depend on the machine's speed, so a simulation refuses it)
 */
import { GreedyAgent } from './greedy.ts';
import { RandomAgent, seatAgentSeed, type Agent } from './random-agent.ts';
import { DEFAULT_SEARCH, SearchAgent, type SearchParams } from './search.ts';

export const AGENT_KINDS = ['random', 'greedy', 'search'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** an agent as named on the command line and in a run's header, e.g. `random`, `search:512` */
export type AgentName = string;

export interface ParsedAgent {
  kind: AgentKind;
  /** the search agent's settings (kind search) */
  search?: SearchParams;
  /** the name written the one way (`search` is `search:256`) */
  name: AgentName;
}

/** the most iterations a search may be given per decision */
export const MAX_ITERATIONS = 1_000_000;

/** what is wrong with an agent name, in words for a message (the caller adds where it was given) */
export class AgentNameError extends Error {}

const known = `known agents: random, greedy, search, search:N (iterations), search:N+horizon=H+c=C, search:2s (time, for play)`;

function positiveInt(raw: string, what: string, max: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || n > max) throw new AgentNameError(`${what} must be a whole number from 1 to ${max.toLocaleString('en')}, got '${raw}'`);
  return n;
}

/** `random`, `greedy`, `search[:budget][+key=value…]`, checked; throws AgentNameError */
export function parseAgentName(raw: string): ParsedAgent {
  const text = raw.trim();
  if (text === 'random' || text === 'greedy') return { kind: text, name: text };
  const m = /^search(?::([^+]*))?((?:\+[^+]*)*)$/.exec(text);
  if (m === null) throw new AgentNameError(`unknown agent '${raw}'; ${known}`);
  const params: SearchParams = { ...DEFAULT_SEARCH };
  const budget = m[1];
  let timed = false;
  if (budget !== undefined) {
    const time = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(budget);
    if (time !== null) {
      const ms = Number(time[1]) * (time[2] === 's' ? 1000 : 1);
      if (!(ms >= 1 && ms <= 3_600_000)) throw new AgentNameError(`a search's time must be from 1ms to 3600s, got '${budget}'`);
      params.timeMs = ms;
      params.iterations = MAX_ITERATIONS;
      timed = true;
    } else params.iterations = positiveInt(budget, "a search's iterations", MAX_ITERATIONS);
  }
  const extras: string[] = [];
  for (const part of (m[2] ?? '').split('+').slice(1)) {
    const kv = /^(horizon|c)=(.*)$/.exec(part);
    if (kv === null) throw new AgentNameError(`unknown search option '${part}' in '${raw}': give horizon=H or c=C`);
    if (kv[1] === 'horizon') {
      params.horizon = positiveInt(kv[2]!, 'horizon', 10_000_000);
      extras.push(`horizon=${params.horizon}`);
    } else {
      const c = Number(kv[2]);
      if (kv[2] === '' || !Number.isFinite(c) || c < 0 || c > 100) throw new AgentNameError(`c must be a number from 0 to 100, got '${kv[2]}'`);
      params.c = c;
      extras.push(`c=${c}`);
    }
  }
  const head = timed ? `search:${params.timeMs! % 1000 === 0 ? `${params.timeMs! / 1000}s` : `${params.timeMs}ms`}` : `search:${params.iterations}`;
  return { kind: 'search', search: params, name: [head, ...extras].join('+') };
}

export function isAgentName(x: string): boolean {
  try {
    parseAgentName(x);
    return true;
  } catch {
    return false;
  }
}

export function makeAgent(name: AgentName, seed: number): Agent {
  const a = parseAgentName(name);
  if (a.kind === 'greedy') return new GreedyAgent(seed);
  if (a.kind === 'search') return new SearchAgent(seed, a.search);
  return new RandomAgent(seed);
}

/** agents for the seats (names[s] for seat s) plus the random chance player */
export function namedSeatAgents(names: readonly AgentName[], agentSeed: number): { seats: Agent[]; chance: Agent } {
  return {
    seats: names.map((k, s) => makeAgent(k, seatAgentSeed(agentSeed, s))),
    chance: new RandomAgent(seatAgentSeed(agentSeed, -1)),
  };
}

/**
 * `greedy` (every seat) or `search:512,random,random` (one per seat), each name written the one
 * way. `timed`: whether a time budget is allowed (interactive play only). Throws AgentNameError.
 */
export function parseAgentList(raw: string, players: number, timed = false): AgentName[] {
  const names = raw.split(',').map((k) => {
    const a = parseAgentName(k);
    if (a.search?.timeMs !== undefined && !timed) {
      throw new AgentNameError(`'${k.trim()}' thinks for a time, so its games would depend on the machine's speed: give iterations (search:N) for a run that can be repeated`);
    }
    return a.name;
  });
  if (names.length === 1) return new Array<AgentName>(players).fill(names[0]!);
  if (names.length !== players) throw new AgentNameError(`give one agent for every seat or one per seat (${players}), got ${names.length}`);
  return names;
}
