/**
 * Studies for designers, built from runs of seeded games (run.ts): how agents fare against each
 * other, the first player's edge when every seat plays to win, and what a change to the rules does
 * — the same seeds played under setting A and setting B, every figure's difference with its
 * interval. No printing here: the command line (src/cli/compare.ts), the site's Simulations pages
 * and the benchmarks show the figures.
 *
 * Every run goes through a `Play` function, so a caller decides where the games are played (this
 * thread, or worker threads: the same games either way).
 */
import type { Json } from '../interpreter/api.ts';
import type { AgentName } from '../agents/named.ts';
import { wilson, type Interval } from '../stats/describe.ts';
import { pairedDifference, type PairedDifference } from '../stats/paired.ts';
import { lineupOf, type RunSettings, type SimulatedGame } from './run.ts';
import { seatNumber } from '../seat-number.ts';

/** one game of a run: its index in the run, its record, the decisions it took */
export interface PlayedGame {
  index: number;
  game: SimulatedGame;
  steps: number;
}

/** play games [0, games) of a run; resolves to them in run order */
export type Play = (run: RunSettings, games: number) => Promise<PlayedGame[]>;

/** how an agent (or a seat) did: wins of games played, the rate with its 95 % Wilson interval */
export interface Record95 {
  games: number;
  wins: number;
  rate: number;
  interval: Interval;
  meanScore: number;
}

function record(games: number, wins: number, scoreSum: number): Record95 {
  return { games, wins, rate: games > 0 ? wins / games : 0, interval: wilson(wins, games), meanScore: games > 0 ? scoreSum / games : 0 };
}

/** each agent's record over the seats it sat in (a shared win counts for every winner) */
export function byAgent(run: RunSettings, played: readonly PlayedGame[]): Map<AgentName, Record95> {
  const t = new Map<AgentName, { games: number; wins: number; score: number }>();
  for (const { index, game } of played) {
    const lineup = lineupOf(run, index) ?? new Array<AgentName>(run.players).fill('random');
    lineup.forEach((agent, seat) => {
      const x = t.get(agent) ?? { games: 0, wins: 0, score: 0 };
      x.games++;
      if (game.winners.includes(seat)) x.wins++;
      x.score += game.scores[seat] ?? 0;
      t.set(agent, x);
    });
  }
  return new Map([...t].map(([agent, x]) => [agent, record(x.games, x.wins, x.score)]));
}

/** each seat's record (seat 0 moves first unless the rules pick a start player) */
export function bySeat(players: number, played: readonly PlayedGame[]): Record95[] {
  return Array.from({ length: players }, (_, seat) => {
    let wins = 0;
    let score = 0;
    for (const { game } of played) {
      if (game.winners.includes(seat)) wins++;
      score += game.scores[seat] ?? 0;
    }
    return record(played.length, wins, score);
  });
}

export interface StudyBase {
  players: number;
  seed: number;
  /** every option with the value used */
  options: Record<string, Json>;
  /** games per run */
  games: number;
}

/** one cell of the agent matrix: `agent` in one seat, `against` in all the others */
export interface MatrixCell {
  agent: AgentName;
  against: AgentName;
  /** the lone agent's record (its seat rotates: game i, seat (P − i mod P) mod P) */
  record: Record95;
  /** its rate as a multiple of the uniform share 1/P, with the interval's bounds */
  ofShare: Interval & { x: number };
}

export interface AgentMatrix extends StudyBase {
  agents: AgentName[];
  /** cells[i][j]: agents[i] alone against agents[j] (null on the diagonal) */
  cells: (MatrixCell | null)[][];
}

/** every agent alone against every other in the remaining seats, the lone seat rotating */
export async function agentMatrix(play: Play, base: StudyBase, agents: readonly AgentName[]): Promise<AgentMatrix> {
  const share = 1 / base.players;
  const cells: (MatrixCell | null)[][] = [];
  for (const agent of agents) {
    const row: (MatrixCell | null)[] = [];
    for (const against of agents) {
      if (against === agent) {
        row.push(null);
        continue;
      }
      const run: RunSettings = { players: base.players, seed: base.seed, options: base.options, agents: [agent, ...new Array<AgentName>(base.players - 1).fill(against)], rotate: true };
      const played = await play(run, base.games);
      const r = byAgent(run, played).get(agent)!;
      row.push({ agent, against, record: r, ofShare: { x: r.rate / share, lo: r.interval.lo / share, hi: r.interval.hi / share } });
    }
    cells.push(row);
  }
  return { ...base, agents: [...agents], cells };
}

export interface SeatEdge extends StudyBase {
  /** the agent every seat plays */
  agent: AgentName;
  seats: Record95[];
  /** seat 0's rate minus the uniform share, with the interval's bounds moved alike */
  firstSeatEdge: Interval & { x: number };
}

/** every seat played by `agent`: each seat's record, and the first seat's edge over the share */
export async function seatEdge(play: Play, base: StudyBase, agent: AgentName): Promise<SeatEdge> {
  const run: RunSettings = { players: base.players, seed: base.seed, options: base.options, agents: new Array<AgentName>(base.players).fill(agent) };
  const seats = bySeat(base.players, await play(run, base.games));
  const share = 1 / base.players;
  const first = seats[0]!;
  return { ...base, agent, seats, firstSeatEdge: { x: first.rate - share, lo: first.interval.lo - share, hi: first.interval.hi - share } };
}

/** a figure of a run, one number per game: its paired difference between two settings */
export interface FigureDifference extends PairedDifference {
  /** what it is, for people (seats from 1): `win rate, seat 1`, `mean score, seat 3`, `rounds`, `actions`, `end: <rule>`, … */
  figure: string;
}

export interface SettingsComparison extends StudyBase {
  agent: AgentName;
  /** setting B's options (A's are `options`) */
  optionsB: Record<string, Json>;
  /** what else B changes, written as given (data overrides) */
  changes: string[];
  figures: FigureDifference[];
  /** games whose records are the same under A and B (a change that changes nothing shows here) */
  sameGames: number;
}

/** the figures of one game, by name, in a fixed order (so that A's and B's line up) */
function figuresOf(players: number, g: PlayedGame, ends: readonly string[], results: readonly string[]): number[] {
  const out: number[] = [];
  for (let s = 0; s < players; s++) out.push(g.game.winners.includes(s) ? 1 : 0);
  for (let s = 0; s < players; s++) out.push(g.game.scores[s] ?? 0);
  out.push(g.game.rounds, g.steps, g.game.winners.length === 0 ? 1 : 0, g.game.winners.length > 1 ? 1 : 0);
  for (const e of ends) out.push(g.game.end === e ? 1 : 0);
  for (const r of results) out.push(g.game.result === r ? 1 : 0);
  return out;
}

/**
 * The same seeds under setting A (`playA`, `base.options`) and setting B (`playB`, `optionsB`),
 * every seat played by `agent`: each figure's mean under A and B and the paired difference B − A
 * with its 95 % interval — win rate and mean score per seat, rounds, actions, games without a
 * winner, shared wins, and the share of each end rule and result rule.
 */
export async function compareSettings(playA: Play, playB: Play, base: StudyBase, optionsB: Record<string, Json>, agent: AgentName, changes: readonly string[] = []): Promise<SettingsComparison> {
  const lineup = new Array<AgentName>(base.players).fill(agent);
  const a = await playA({ players: base.players, seed: base.seed, options: base.options, agents: lineup }, base.games);
  const b = await playB({ players: base.players, seed: base.seed, options: optionsB, agents: lineup }, base.games);
  const ends = [...new Set([...a, ...b].map((g) => g.game.end))].sort();
  const results = [...new Set([...a, ...b].map((g) => g.game.result))].sort();
  const names = [
    ...Array.from({ length: base.players }, (_, s) => `win rate, seat ${seatNumber(s)}`),
    ...Array.from({ length: base.players }, (_, s) => `mean score, seat ${seatNumber(s)}`),
    'rounds', 'actions', 'no winner', 'shared win',
    ...ends.map((e) => `end: ${e}`),
    ...results.map((r) => `result: ${r}`),
  ];
  const fa = a.map((g) => figuresOf(base.players, g, ends, results));
  const fb = b.map((g) => figuresOf(base.players, g, ends, results));
  const figures = names.map((figure, k) => ({ figure, ...pairedDifference(fa.map((x) => x[k]!), fb.map((x) => x[k]!)) }));
  const sameGames = a.filter((g, i) => JSON.stringify(g.game) === JSON.stringify(b[i]!.game)).length;
  return { ...base, agent, optionsB, changes: [...changes], figures, sameGames };
}
