/**
 * The playout fast path (`Engine.autoplay`, which `playout` takes when every agent answers from
 * the count alone) plays exactly the games of the public API: for many seeds of every game, at
 * every player count and under other option settings, a game driven through create / pending /
 * legalActions / apply with the random agents' index draws and the same game autoplayed end in
 * the same state (every var, zone, local, RNG word and log entry), the same result and the same
 * answers. Also where autoplay stops part-way (its step limit, an external chance draw).
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameConfig, Json, Pick } from '../../src/interpreter/api.ts';
import { playout, type LoggedAction } from '../../src/agents/playout.ts';
import { agentSeedFor, randomSeatAgents, type RandomAgent } from '../../src/agents/random-agent.ts';
import { gameSeed } from '../../src/cli/simulate.ts';
import { gameDirsFor } from '../../src/games.ts';
import { RULES_DIR, internal, loadGame, type Engine } from './helpers.ts';

/** seeds per player count and option setting (Speakeasy and Downtown play slower: fewer) */
const SEEDS: Record<string, number> = { 'cash-n-guns': 60, downtown: 6, speakeasy: 8, 'the-boss': 20 };
const DEFAULT_SEEDS = 10;
/** of those, the first few keep the log, so the logs are compared too */
const LOGGED = 2;

interface Played {
  state: unknown;
  actions: LoggedAction[];
}

/** the random agents of a game's agent seed, answering through the plain API only */
function publicGame(e: Engine, config: GameConfig, upTo = Infinity): Played {
  const agents = randomSeatAgents(agentSeedFor(config.seed), config.players);
  let state = e.create(config);
  const actions: LoggedAction[] = [];
  for (let p = e.pending(state); p !== null && actions.length < upTo; p = e.pending(state)) {
    if (p.kind === 'chance') {
      const index = agents.chance.chance(p.outcomes);
      actions.push({ seat: -1, action: { choice: p.rule, value: index } });
      state = e.applyChance(state, index);
      continue;
    }
    const seat = p.waitingFor[0]!;
    const legal = e.legalActions(state, seat);
    const action = legal[(agents.seats[seat] as RandomAgent).index(legal.length)]!;
    actions.push({ seat, action });
    state = e.apply(state, seat, action);
  }
  return { state, actions };
}

function picksOf(config: GameConfig): Pick[] {
  return randomSeatAgents(agentSeedFor(config.seed), config.players).seats.map((a) => a.pick!);
}

/** a few option settings per game: the defaults, then each option away from its default */
function settings(e: Engine): Record<string, Json>[] {
  const out: Record<string, Json>[] = [{}];
  for (const o of e.options) {
    const other = o.type === 'bool' ? !o.default : o.values?.find((v) => v !== o.default);
    if (other !== undefined) out.push({ [o.id]: other });
  }
  return out;
}

const games = gameDirsFor(RULES_DIR);

describe('the playout fast path plays the games of the public API', () => {
  it('finds every game', () => {
    expect(games.map((d) => basename(d)).sort()).toEqual(expect.arrayContaining(['cash-n-guns', 'downtown', 'speakeasy', 'the-boss']));
  });

  for (const dir of games) {
    const id = basename(dir);
    it(`${id}: every player count and option setting, the same states, results and answers`, () => {
      const e = loadGame(dir);
      expect(e.autoplay).toBeTypeOf('function');
      const seeds = SEEDS[id] ?? DEFAULT_SEEDS;
      let compared = 0;
      for (let players = e.minPlayers; players <= e.maxPlayers; players++) {
        // the other settings at the largest count only, as the site's simulations do
        for (const options of players === e.maxPlayers ? settings(e) : [{}]) {
          for (let i = 0; i < seeds; i++) {
            const seed = gameSeed(5, i + 1000 * players);
            const config: GameConfig = { players, seed, options, log: i < LOGGED };
            const want = publicGame(e, config);
            const fast = e.create(config);
            const answers: LoggedAction[] = [];
            const n = e.autoplay!(fast, picksOf(config), 1e9, (seat, action) => answers.push({ seat, action }));
            const where = { players, options, seed };
            expect({ ...where, answers }).toEqual({ ...where, answers: want.actions });
            expect(n).toBe(want.actions.length);
            expect(e.result(fast)).not.toBeNull();
            expect({ ...where, result: e.result(fast) }).toEqual({ ...where, result: e.result(want.state) });
            expect(JSON.stringify(fast), JSON.stringify(where)).toBe(JSON.stringify(want.state));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  it('playout takes the fast path with random agents, and gives what the plain API gives', () => {
    const e = loadGame(`${RULES_DIR}cash-n-guns`);
    let calls = 0;
    const counted: Engine = { ...e, autoplay: (...args) => (calls++, e.autoplay!(...args)) };
    for (let i = 0; i < 20; i++) {
      const config: GameConfig = { players: 5, seed: gameSeed(2, i), log: false };
      const run = playout(counted, config, agentSeedFor(config.seed));
      const want = publicGame(e, config);
      expect(run.actions).toEqual(want.actions);
      expect(run.steps).toBe(want.actions.length);
      expect(JSON.stringify(run.state)).toBe(JSON.stringify(want.state));
    }
    expect(calls).toBeGreaterThan(0);
  });

  it('stopped after k answers, the state is the one the plain API reaches after k answers (a simultaneous choice part-answered too)', () => {
    for (const [game, players] of [['cash-n-guns', 6], ['the-boss', 4], ['speakeasy', 3]] as const) {
      const e = loadGame(`${RULES_DIR}${game}`);
      const config: GameConfig = { players, seed: 77 };
      const total = publicGame(e, config).actions.length;
      let partAnswered = false;
      for (const k of [1, 2, 3, 5, 8, 13, Math.floor(total / 2), total - 1]) {
        const fast = e.create(config);
        const picks = picksOf(config);
        expect(e.autoplay!(fast, picks, k)).toBe(k);
        expect(JSON.stringify(fast), `${game} after ${k}`).toBe(JSON.stringify(publicGame(e, config, k).state));
        partAnswered ||= internal(fast).pending?.answered.some((x) => x) === true;
        // and it plays on from there to the same end
        expect(e.autoplay!(fast, picks, 1e9)).toBe(total - k);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(publicGame(e, config).state));
      }
      if (game === 'cash-n-guns') expect(partAnswered, 'some k stops inside a simultaneous choice').toBe(true);
    }
  });

  it('with external chance, playout answers the draws between fast-path runs and plays the same game', () => {
    const e = loadGame(`${RULES_DIR}the-boss`);
    for (let i = 0; i < 5; i++) {
      const config: GameConfig = { players: 4, seed: gameSeed(3, i), chance: 'external' };
      const run = playout(e, config, agentSeedFor(config.seed));
      const want = publicGame(e, config);
      expect(run.actions.some((a) => a.seat === -1)).toBe(true);
      expect(run.actions).toEqual(want.actions);
      expect(JSON.stringify(run.state)).toBe(JSON.stringify(want.state));
    }
  });

  it('the step limit gives the error of the plain route', () => {
    const e = loadGame(`${RULES_DIR}the-boss`);
    const config: GameConfig = { players: 6, seed: 4 };
    const plain = (): unknown => {
      // agents without `pick` (they wrap the random ones' act): the plain route
      const r = randomSeatAgents(agentSeedFor(config.seed), 6);
      const agents = r.seats.map((a) => ({ act: a.act.bind(a), chance: a.chance.bind(a) }));
      return playout(e, config, agentSeedFor(config.seed), { maxSteps: 30, agents });
    };
    expect(() => playout(e, config, agentSeedFor(config.seed), { maxSteps: 30 })).toThrow(/no end after 30 steps/);
    const message = (f: () => unknown): string => {
      try {
        f();
      } catch (err) {
        return (err as Error).message;
      }
      return 'no error';
    };
    expect(message(() => playout(e, config, agentSeedFor(config.seed), { maxSteps: 30 }))).toBe(message(plain));
  });
});
