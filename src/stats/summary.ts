/**
 * The summary of a simulation built from mergeable partial sums, so that it never needs the list
 * of games: a tally of the games played so far (counts, sums and a histogram of every figure whose
 * spread is shown). Two tallies of disjoint runs merge into the tally of both, which is how
 * `rules merge` rebuilds the summary of shards, and how memory stays flat however many games run.
 *
 * Byte-identity with the summary computed from the full list: counts and histograms are exact; the
 * spreads are computed by describe() over the histogram laid out in sorted order (the same values
 * in the same order as sorting the list); sums of integer figures (rounds, actions) are exact in
 * any order, and the mean score is summed over the histogram in sorted order, so it too is the
 * same however the games were grouped (shards, worker threads' chunks), even for scores that are
 * not whole numbers.
 */
import { describe, wilson, type Interval, type Spread } from './describe.ts';

export interface SimulatedGame {
  seed: number;
  winners: number[];
  scores: number[];
  out: number[];
  rounds: number;
  end: string;
  result: string;
}

export interface SimulationSummary {
  games: number;
  /** games won per seat (a shared win counts for every winner) */
  wins: number[];
  /** wins[seat] / games */
  winRate: number[];
  meanScore: number[];
  /** games without any winner */
  noWinner: number;
  /** end rule id -> number of games (keys sorted) */
  ends: Record<string, number>;
  /** outcome result rule id -> number of games (keys sorted) */
  results: Record<string, number>;
  meanRounds: number;
  meanActions: number;
  // --- added for readable reports (issue 11); the fields above keep their bytes
  /** 95 % Wilson score interval of winRate[seat] */
  winInterval: Interval[];
  /** games with more than one winner (each winner's wins count them) */
  sharedWins: number;
  /** spread of each seat's final score */
  scoreSpread: Spread[];
  /** spread of the rounds played */
  roundsSpread: Spread;
  /** spread of the actions (decisions answered) per game */
  actionsSpread: Spread;
}

/** value -> how many games had it */
type Histogram = Map<number, number>;

/** the tally as JSON: histograms as [value, count] pairs sorted by value, maps as sorted objects */
export interface TallyJson {
  players: number;
  games: number;
  wins: number[];
  noWinner: number;
  sharedWins: number;
  rounds: number;
  actions: number;
  ends: Record<string, number>;
  results: Record<string, number>;
  scores: [number, number][][];
  roundsHistogram: [number, number][];
  actionsHistogram: [number, number][];
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const roundSpread = (d: Spread): Spread =>
  Object.fromEntries(Object.entries(d).map(([k, v]) => [k, round6(v)])) as unknown as Spread;

function bump<K>(m: Map<K, number>, key: K, by = 1): void {
  m.set(key, (m.get(key) ?? 0) + by);
}

function sortedCounts(m: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function sortedPairs(h: Histogram): [number, number][] {
  return [...h.entries()].sort(([a], [b]) => a - b);
}

/** the sum of the sample a histogram stands for, in sorted order (the same for any grouping) */
function sortedSum(h: Histogram): number {
  let sum = 0;
  for (const [v, c] of sortedPairs(h)) sum += v * c;
  return sum;
}

/** the spread of the sample a histogram stands for (laid out sorted, then the one describe()) */
function spreadOf(h: Histogram): Spread {
  const values: number[] = [];
  for (const [v, c] of sortedPairs(h)) for (let i = 0; i < c; i++) values.push(v);
  return roundSpread(describe(values));
}

export class SummaryTally {
  games = 0;
  readonly wins: number[];
  noWinner = 0;
  sharedWins = 0;
  rounds = 0;
  actions = 0;
  readonly ends = new Map<string, number>();
  readonly results = new Map<string, number>();
  readonly scores: Histogram[];
  readonly roundsHistogram: Histogram = new Map();
  readonly actionsHistogram: Histogram = new Map();

  constructor(readonly players: number) {
    this.wins = new Array<number>(players).fill(0);
    this.scores = Array.from({ length: players }, () => new Map());
  }

  /** count one game: its record and the decisions it took */
  add(g: SimulatedGame, steps: number): void {
    this.addRecord(g);
    this.actions += steps;
    bump(this.actionsHistogram, steps);
  }

  /** count one game's record: all but the decisions it took, which a record does not hold (a
   *  shard's tally is recomputed from its records this way: src/stats/records.ts) */
  addRecord(g: SimulatedGame): void {
    this.games++;
    for (const w of g.winners) this.wins[w] = (this.wins[w] ?? 0) + 1;
    if (g.winners.length === 0) this.noWinner++;
    if (g.winners.length > 1) this.sharedWins++;
    for (let s = 0; s < this.players; s++) {
      bump(this.scores[s]!, g.scores[s] ?? 0);
    }
    bump(this.ends, g.end);
    bump(this.results, g.result);
    this.rounds += g.rounds;
    bump(this.roundsHistogram, g.rounds);
  }

  /** add another tally (of other games of the same run) to this one */
  merge(o: SummaryTally): void {
    if (o.players !== this.players) throw new Error(`cannot merge tallies of ${o.players} and ${this.players} players`);
    this.games += o.games;
    this.noWinner += o.noWinner;
    this.sharedWins += o.sharedWins;
    this.rounds += o.rounds;
    this.actions += o.actions;
    for (let s = 0; s < this.players; s++) {
      this.wins[s]! += o.wins[s]!;
      for (const [v, c] of o.scores[s]!) bump(this.scores[s]!, v, c);
    }
    for (const [k, c] of o.ends) bump(this.ends, k, c);
    for (const [k, c] of o.results) bump(this.results, k, c);
    for (const [v, c] of o.roundsHistogram) bump(this.roundsHistogram, v, c);
    for (const [v, c] of o.actionsHistogram) bump(this.actionsHistogram, v, c);
  }

  toJSON(): TallyJson {
    return {
      players: this.players,
      games: this.games,
      wins: [...this.wins],
      noWinner: this.noWinner,
      sharedWins: this.sharedWins,
      rounds: this.rounds,
      actions: this.actions,
      ends: sortedCounts(this.ends),
      results: sortedCounts(this.results),
      scores: this.scores.map(sortedPairs),
      roundsHistogram: sortedPairs(this.roundsHistogram),
      actionsHistogram: sortedPairs(this.actionsHistogram),
    };
  }

  /** a tally written by toJSON (the caller has checked its shape) */
  static fromJSON(j: TallyJson): SummaryTally {
    const t = new SummaryTally(j.players);
    t.games = j.games;
    t.noWinner = j.noWinner;
    t.sharedWins = j.sharedWins;
    t.rounds = j.rounds;
    t.actions = j.actions;
    for (let s = 0; s < j.players; s++) {
      t.wins[s] = j.wins[s]!;
      for (const [v, c] of j.scores[s]!) t.scores[s]!.set(v, c);
    }
    for (const [k, c] of Object.entries(j.ends)) t.ends.set(k, c);
    for (const [k, c] of Object.entries(j.results)) t.results.set(k, c);
    for (const [v, c] of j.roundsHistogram) t.roundsHistogram.set(v, c);
    for (const [v, c] of j.actionsHistogram) t.actionsHistogram.set(v, c);
    return t;
  }

  /** the summary `rules simulate` prints */
  summary(): SimulationSummary {
    const K = Math.max(this.games, 1);
    return {
      games: this.games,
      wins: [...this.wins],
      winRate: this.wins.map((w) => round6(w / K)),
      meanScore: this.scores.map((h) => round6(sortedSum(h) / K)),
      noWinner: this.noWinner,
      ends: sortedCounts(this.ends),
      results: sortedCounts(this.results),
      meanRounds: round6(this.rounds / K),
      meanActions: round6(this.actions / K),
      winInterval: this.wins.map((w) => {
        const { lo, hi } = wilson(w, this.games);
        return { lo: round6(lo), hi: round6(hi) };
      }),
      sharedWins: this.sharedWins,
      scoreSpread: this.scores.map(spreadOf),
      roundsSpread: spreadOf(this.roundsHistogram),
      actionsSpread: spreadOf(this.actionsHistogram),
    };
  }
}
