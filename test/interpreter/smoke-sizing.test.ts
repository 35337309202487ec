/**
 * The random validation games sized by need (src/interpreter/smoke.ts): the sweep covers every
 * pair of values (two options, or an option and the player count), more games are played only
 * where they still open something new, within a budget read from the game; defects that show
 * only under a pair of options, or under one option at one player count, are still found.
 */
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { Engine, Json, Pending } from '../../src/interpreter/api.ts';
import { smokeGames, smokePlan } from '../../src/interpreter/smoke.ts';
import { tinyGame } from '../dsl/helpers.ts';

const bool = (id: string): Engine['options'][number] => ({ id, type: 'bool', default: false });

/** an engine that only declares players and options: smokePlan reads nothing else */
const declared = (min: number, max: number, options: Engine['options']): Engine => ({ minPlayers: min, maxPlayers: max, options }) as unknown as Engine;

describe('the sweep of the random validation games', () => {
  it('plays the defaults and each value alone under every player count, each pair under one, the counts in turn', () => {
    const opts = [bool('a'), bool('b'), bool('c'), { id: 'e', type: 'string' as const, default: 'x', values: ['x', 'y', 'z'] }];
    const { played, sweep } = smokePlan(declared(2, 4, opts));
    expect(sweep.map((games) => games.map((g) => g.players))).toEqual(sweep.map((games, i) => games.map(() => 2 + i)));
    const changed = (o: Record<string, Json>): number => opts.filter((d) => o[d.id] !== d.default).length;
    for (const options of played) {
      const under = sweep.flat().filter((g) => g.options === options).map((g) => g.players);
      expect(under, JSON.stringify(options)).toEqual(changed(options) <= 1 ? [2, 3, 4] : [under[0]]);
    }
    const pairs = played.filter((o) => changed(o) >= 2);
    expect(pairs.length).toBeGreaterThan(3);
    const players = pairs.map((o) => sweep.flat().find((g) => g.options === o)!.players);
    expect(players.slice(0, 6)).toEqual([2, 3, 4, 2, 3, 4]);
    // every value of every option meets every player count, and every other value of every option
    const values = (o: (typeof opts)[number]): Json[] => (o.type === 'bool' ? [false, true] : o.values!);
    for (const o of opts)
      for (const v of values(o)) {
        for (const n of [2, 3, 4]) expect(sweep.flat().some((g) => g.players === n && g.options[o.id] === v), `${o.id}=${String(v)} at ${n}`).toBe(true);
        for (const p of opts) if (p !== o) for (const w of values(p)) expect(sweep.flat().some((g) => g.options[o.id] === v && g.options[p.id] === w)).toBe(true);
      }
    expect(sweep.flat().every((g) => g.seed === 1)).toBe(true);
  });
});

/**
 * A scripted engine: every game asks `common` several times, then one last choice — under the
 * default options, games of seed 1..rare open a choice of their own (`only-<seed>`), other games
 * ask `common` again. Setting x=true makes games `xLength` decisions long.
 */
function scripted(o: { rare: number; xLength: number; proofs?: string[] }): Engine {
  interface S { left: number; last: string; done: boolean }
  const engine = {
    minPlayers: 2,
    maxPlayers: 2,
    options: [bool('x')],
    create: (c: { seed: number; options?: Record<string, Json> }): S => {
      const x = c.options?.['x'] === true;
      return { left: x ? o.xLength : 4, last: !x && c.seed <= o.rare ? `only-${c.seed}` : 'common', done: false };
    },
    pending: (s: S): Pending | null =>
      s.done ? null : ({ kind: 'choice', choice: s.left === 1 ? s.last : 'common', rule: 'r', waitingFor: [0], seats: [0], simultaneous: false } as unknown as Pending),
    result: (s: S) => (s.done ? { end: 'done' } : null),
    pickAction: () => ({ choice: 'c', value: 0 }),
    applyInPlace: (s: S) => {
      s.left--;
      if (s.left === 0) s.done = true;
    },
    ...(o.proofs ? { choiceProofs: () => o.proofs!.map((id) => ({ id, rule: 'r', proven: false })) } : {}),
  };
  return engine as unknown as Engine;
}

const seeds = (e: Engine): string[] => smokeGames(e).games.map((g) => `${g.options['x'] === true ? 'x' : 'def'}:${g.seed}`);

describe('the random validation games, sized by what they open', () => {
  it('give a setting more games while they open new choices, and one game to a setting that opens nothing new', () => {
    // sweep: def:1 (opens common, only-1, the end), x:1 (nothing new); then def:2, def:3 open only-2, only-3; def:4 opens nothing: stop
    expect(seeds(scripted({ rare: 3, xLength: 10 }))).toEqual(['def:1', 'x:1', 'def:2', 'def:3', 'def:4']);
    expect(smokeGames(scripted({ rare: 3, xLength: 10 })).games.map((g) => g.opened)).toEqual([['common', 'only-1', 'end done'], [], ['only-2'], ['only-3'], []]);
  });

  it('stop once every choice of the game has been opened', () => {
    expect(seeds(scripted({ rare: 3, xLength: 10, proofs: ['common', 'only-1', 'only-2'] }))).toEqual(['def:1', 'x:1', 'def:2']);
  });

  it('stop when the extra games have made as many decisions as the sweep', () => {
    // sweep: 4 + 4 decisions; def:2 and def:3 spend them although def:3 still opened something
    expect(seeds(scripted({ rare: 5, xLength: 4 }))).toEqual(['def:1', 'x:1', 'def:2', 'def:3']);
  });
});

/** a game of 2-4 players whose one choice offers nothing when `broken` holds (an expression over options and players) */
function deadEndGame(broken: string): string {
  const option = (id: string): string => `  - id: ${id}
    type: bool
    default: false
    text: {en: Option ${id}., zh: 選項${id}。}
    assumption: {why: test fixture}
`;
  return tinyGame({
    players: { min: 2, max: 4 },
    body: `      - forEach: seats
        as: s
        do:
          - choose: pick
            seats: s
            options: "if ${broken} then [] else [1, 2]"
            as: x
            prompt: {en: Pick, zh: 選}
          - add: s.points
            value: x`,
    extra: `options:\n${['a', 'b', 'c', 'd'].map(option).join('')}`,
  });
}

describe('defects the sized random games still find', () => {
  const failures = (broken: string): string[] =>
    compileGameDir(deadEndGame(broken), { smoke: true })
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => d.message);

  it('a dead end under two options together', () => {
    expect(failures('false')).toEqual([]);
    expect(failures('options.b and options.d')).toEqual([
      expect.stringMatching(/^a random playout failed: \d players, options \{"a":false,"b":true,"c":false,"d":true\}, seed 1: .*'pick'/),
    ]);
  });

  it('a dead end under one option at one player count', () => {
    expect(failures('options.c and players == 3')).toEqual([
      expect.stringMatching(/^a random playout failed: 3 players, options \{"a":false,"b":false,"c":true,"d":false\}, seed 1: .*'pick'/),
    ]);
  });
});
