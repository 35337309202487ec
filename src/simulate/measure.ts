/**
 * What happens inside the games of a run, for checking a game's assumed numbers by play: besides
 * each game's result (run.ts), how often each rule took effect, where the final scores come from
 * and what the seats started with. Nothing here names a game: the rules are counted by their ids
 * in the game's log, and the score is split into the terms of the spec's own `outcome.score`.
 *
 * A game here is the game `rules simulate` plays with the same seed, players, options and agents
 * (playout with namedSeatAgents, the chance player random): only the log is kept on, which
 * changes no draw. bench/economy.ts is the command line; the site's "How the assumed numbers
 * were checked" page calls this too.
 */
import type { Engine, GameResult, Json } from '../interpreter/api.ts';
import { agentSeedFor } from '../agents/random-agent.ts';
import { playout } from '../agents/playout.ts';
import { namedSeatAgents, type AgentName } from '../agents/named.ts';
import { parseExpr } from '../expr/index.ts';
import type { Ast } from '../expr/ast.ts';
import { describe, wilson, type Interval, type Spread } from '../stats/describe.ts';
import { gameSeed } from './run.ts';

/** one term of a seat's final score: its source text (a lambda of one seat) */
export interface ScoreTerm {
  /** the term as written in the spec, e.g. `bottleMoney(s)` */
  text: string;
  /** `s => <text>`, for engine.evaluate over every seat */
  lambda: string;
}

/**
 * The terms of an outcome's `score` lambda (`s => a + b + c`): its body split at the `+` signs
 * outside brackets. A body that is no sum is one term; a lambda that does not parse gives none.
 */
export function scoreTerms(score: string): ScoreTerm[] {
  const parsed = parseExpr(score);
  if (!('ast' in parsed) || parsed.ast.kind !== 'Lambda' || parsed.ast.params.length !== 1) return [];
  const param = parsed.ast.params[0]!.name;
  const terms: Ast[] = [];
  const walk = (n: Ast): void => {
    if (n.kind === 'Binary' && n.op === '+') {
      walk(n.left);
      walk(n.right);
    } else terms.push(n);
  };
  walk(parsed.ast.body);
  return terms.map((t) => {
    let text = score.slice(t.offset, t.offset + t.length);
    // a bracketed term keeps its brackets (its span may start inside them)
    if (score[t.offset - 1] === '(' && score[t.offset + t.length] === ')') text = `(${text})`;
    return { text, lambda: `${param} => ${text}` };
  });
}

export interface MeasureRun {
  players: number;
  seed: number;
  /** every option with its value */
  options: Record<string, Json>;
  /** the agent of each seat */
  agents: AgentName[];
  /** the terms of the final score (scoreTerms of the spec's outcome.score); may be empty */
  terms: ScoreTerm[];
  /** more figures of a seat at the end, each a lambda of one seat (e.g. `s => count(s.helpers)`) */
  figures?: ScoreTerm[];
  maxSteps?: number;
}

/** one game, measured */
export interface MeasuredGame {
  index: number;
  seed: number;
  winners: number[];
  scores: number[];
  rounds: number;
  end: string;
  result: string;
  /** decisions taken */
  steps: number;
  /** rule id → how many effects (log entries other than a recorded answer) it made in this game */
  effects: Record<string, number>;
  /** choice id → answer (as the engine describes it, in English) → how often it was given */
  answers: Record<string, Record<string, number>>;
  /** terms[k][seat]: each score term's value for each seat at the end */
  terms: number[][];
  /** each seat's score when the game was created (its setup done, before the first decision) */
  startScores: number[];
  /** figures[k][seat]: each of the run's extra figures for each seat at the end */
  figures?: number[][];
}

/** play and measure game `index` of a run */
export function measureGame(engine: Engine, run: MeasureRun, index: number): MeasuredGame {
  const seed = gameSeed(run.seed, index);
  const agentSeed = agentSeedFor(seed);
  const config = { players: run.players, seed, options: run.options, log: true };
  const startScores = engine.scores?.(engine.create(config)) ?? new Array<number>(run.players).fill(0);
  const played = playout(engine, config, agentSeed, {
    record: false,
    agents: namedSeatAgents(run.agents, agentSeed).seats,
    ...(run.maxSteps !== undefined ? { maxSteps: run.maxSteps } : {}),
  });
  const effects: Record<string, number> = {};
  const answers: Record<string, Record<string, number>> = {};
  for (const e of engine.log(played.state)) {
    if (e.event === 'choose') {
      const choice = String(e.data['choice']);
      const value = e.data['value'] ?? null;
      const seat = typeof e.data['seat'] === 'number' ? e.data['seat'] : undefined;
      let label: string;
      try {
        label = engine.describe({ choice, value }, 'en', played.state, seat);
      } catch {
        label = JSON.stringify(value);
      }
      const byValue = (answers[choice] ??= {});
      byValue[label] = (byValue[label] ?? 0) + 1;
      continue;
    }
    effects[e.rule] = (effects[e.rule] ?? 0) + 1;
  }
  const tools = engine as Engine & { evaluate?: (state: unknown, expr: string) => Json };
  const perSeat = (t: ScoreTerm): number[] => {
    const v = tools.evaluate?.(played.state, `map(seats, ${t.lambda})`);
    return Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : typeof x === 'boolean' ? Number(x) : 0)) : new Array<number>(run.players).fill(0);
  };
  const terms = run.terms.map(perSeat);
  const r: GameResult = played.result;
  return {
    index,
    seed,
    winners: [...r.winners],
    scores: [...r.scores],
    rounds: r.rounds,
    end: r.end,
    result: r.result,
    steps: played.steps,
    effects,
    answers,
    terms,
    startScores: [...startScores],
    ...(run.figures !== undefined && run.figures.length > 0 ? { figures: run.figures.map(perSeat) } : {}),
  };
}

/** how often something happened over the games: in how many, with the interval, and how many times per game */
export interface Frequency {
  /** games in which it happened at least once */
  games: number;
  /** that as a share of the games, with its 95 % Wilson interval */
  share: number;
  interval: Interval;
  /** times per game (every game counted, 0 where it did not happen) */
  perGame: Spread;
}

function frequency(counts: readonly number[]): Frequency {
  const games = counts.filter((c) => c > 0).length;
  return { games, share: counts.length > 0 ? games / counts.length : 0, interval: wilson(games, counts.length), perGame: describe(counts) };
}

export interface SeatRecord {
  wins: number;
  rate: number;
  interval: Interval;
}

export interface MeasureSummary {
  games: number;
  players: number;
  agents: AgentName[];
  /** end rule → games */
  ends: Record<string, number>;
  rounds: Spread;
  steps: Spread;
  /** the best score of each game (the winners'), and every seat's final score */
  winningScore: Spread;
  finalScore: Spread;
  /** seats whose final score is below their score at the start, as a share of all seats */
  belowStart: number;
  /** each seat's wins (seat 0 moves first unless the rules pick a start player) */
  seats: SeatRecord[];
  /** seat 0's win rate minus the even share, with its interval moved alike */
  firstSeatEdge: Interval & { x: number };
  /** each score term: its share of all final scores (sum over seats and games), and its spread per seat */
  terms: { text: string; share: number; perSeat: Spread }[];
  /** each extra figure's spread per seat at the end */
  figures: { text: string; perSeat: Spread }[];
  /** rule id → how often it took effect */
  rules: Record<string, Frequency>;
  /** choice id → answer → how often it was given */
  answers: Record<string, Record<string, Frequency>>;
}

/** the figures of a run's measured games (given in any order; summarised in index order) */
export function summarizeMeasures(run: Pick<MeasureRun, 'players' | 'agents' | 'terms' | 'figures'>, measured: readonly MeasuredGame[]): MeasureSummary {
  const games = [...measured].sort((a, b) => a.index - b.index);
  const n = games.length;
  const ends: Record<string, number> = {};
  for (const g of games) ends[g.end] = (ends[g.end] ?? 0) + 1;
  const seats = Array.from({ length: run.players }, (_, s) => {
    const wins = games.filter((g) => g.winners.includes(s)).length;
    return { wins, rate: n > 0 ? wins / n : 0, interval: wilson(wins, n) };
  });
  const share = 1 / run.players;
  const first = seats[0]!;
  const all = games.flatMap((g) => g.scores);
  const total = all.reduce((a, b) => a + b, 0);
  const terms = run.terms.map((t, k) => {
    const values = games.flatMap((g) => g.terms[k] ?? []);
    const sum = values.reduce((a, b) => a + b, 0);
    return { text: t.text, share: total !== 0 ? sum / total : 0, perSeat: describe(values) };
  });
  const ruleIds = [...new Set(games.flatMap((g) => Object.keys(g.effects)))].sort();
  const rules: Record<string, Frequency> = {};
  for (const id of ruleIds) rules[id] = frequency(games.map((g) => g.effects[id] ?? 0));
  const answers: Record<string, Record<string, Frequency>> = {};
  for (const choice of [...new Set(games.flatMap((g) => Object.keys(g.answers)))].sort()) {
    const values = [...new Set(games.flatMap((g) => Object.keys(g.answers[choice] ?? {})))].sort();
    answers[choice] = {};
    for (const v of values) answers[choice][v] = frequency(games.map((g) => g.answers[choice]?.[v] ?? 0));
  }
  let below = 0;
  for (const g of games) g.scores.forEach((x, s) => (below += x < (g.startScores[s] ?? 0) ? 1 : 0));
  return {
    games: n,
    players: run.players,
    agents: [...run.agents],
    ends,
    rounds: describe(games.map((g) => g.rounds)),
    steps: describe(games.map((g) => g.steps)),
    winningScore: describe(games.map((g) => Math.max(...g.scores))),
    finalScore: describe(all),
    belowStart: all.length > 0 ? below / all.length : 0,
    seats,
    firstSeatEdge: { x: first.rate - share, lo: first.interval.lo - share, hi: first.interval.hi - share },
    terms,
    figures: (run.figures ?? []).map((f, k) => ({ text: f.text, perSeat: describe(games.flatMap((g) => g.figures?.[k] ?? [])) })),
    rules,
    answers,
  };
}
