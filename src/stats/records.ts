/**
 * Game records and tallies read back from a file written elsewhere (a shard of `rules simulate
 * --shard`, perhaps from another machine): checked, never trusted (issue 30 §2). A record's every
 * seat index, count and name is checked against the run it belongs to; a tally is recomputed from
 * the records it stands for, and the one in the file must agree with it — but for the decisions
 * per game (actions), which the records do not hold: those must add up, and their histogram may
 * have no more entries than there are games, so nothing laid out from it can outgrow the file.
 * Each check gives the reason a message shows (the caller adds the file and line).
 */
import { MAX_PLAYERS } from '../limits.ts';
import { quoted, quotedJson } from '../quote.ts';
import { isRuleNumber } from '../rule-numbers.ts';
import schema from '../../schema/spec.schema.json' with { type: 'json' };
import { SummaryTally, type SimulatedGame } from './summary.ts';

/** what a run of a game may hold, read from the game when it is at hand: its end and result rules
 *  (and the names a game gets when none of them gave one), its player counts, its options */
export interface RunRules {
  game: string;
  ends: ReadonlySet<string>;
  results: ReadonlySet<string>;
  minPlayers: number;
  maxPlayers: number;
  options: readonly { id: string; type: 'bool' | 'number' | 'string'; values?: readonly unknown[] }[];
}

/** the RunRules of a game: its engine's players and options, its spec's end and result rule ids */
export function runRules(
  engine: { id: string; minPlayers: number; maxPlayers: number; options: RunRules['options'] },
  spec: { ends?: readonly { id: string }[]; outcome?: { results?: readonly { id: string }[] } },
): RunRules {
  return {
    game: engine.id,
    ends: new Set([...(spec.ends ?? []).map((e) => e.id), FALLBACK_END]),
    results: new Set([...(spec.outcome?.results ?? []).map((r) => r.id), FALLBACK_RESULT]),
    minPlayers: engine.minPlayers,
    maxPlayers: engine.maxPlayers,
    options: engine.options,
  };
}

/** why a run's players and options are not ones its game allows (undefined: they are) */
export function runProblem(run: { players: number; options: Record<string, unknown> }, rules: RunRules): string | undefined {
  if (run.players < rules.minPlayers || run.players > rules.maxPlayers) return `players ${run.players}: ${rules.game} is for ${rules.minPlayers} to ${rules.maxPlayers} players`;
  const declared = new Set(rules.options.map((o) => o.id));
  const extra = Object.keys(run.options).find((k) => !declared.has(k));
  if (extra !== undefined) return `option ${quotedJson(extra)} is not an option of ${rules.game}`;
  for (const o of rules.options) {
    if (!Object.hasOwn(run.options, o.id)) return `the run does not say its option ${o.id}: a shard lists every option of ${rules.game}`;
    const v = run.options[o.id];
    const ok = o.type === 'bool' ? typeof v === 'boolean' : o.type === 'number' ? typeof v === 'number' && isRuleNumber(v) : typeof v === 'string';
    if (!ok || (o.values !== undefined && !o.values.includes(v))) return `option ${o.id} is ${quotedJson(v)}: not a value ${rules.game} allows for it`;
  }
  return undefined;
}

/** a rule id as the schema writes it (`$defs.RuleId`): what an end or result is named when the game is not at hand */
const RULE_ID = new RegExp(schema.$defs.RuleId.pattern);
/** the end and result a game gets when no rule of its own gave one (src/interpreter/vm.ts finish) */
const FALLBACK_END = 'end';
const FALLBACK_RESULT = 'none';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** why `players` is no player count of a run, or undefined */
export function playersProblem(players: unknown): string | undefined {
  return Number.isSafeInteger(players) && (players as number) >= 1 && (players as number) <= MAX_PLAYERS ? undefined : `players ${quotedJson(players)}: a game has 1 to ${MAX_PLAYERS} players`;
}

/** seats as a record lists them (winners, out): distinct seats of the run, ascending */
function seatsProblem(key: string, x: unknown, players: number): string | undefined {
  const seats = `of the run's ${players} players (0–${players - 1})`;
  if (!Array.isArray(x)) return `${key} ${quotedJson(x)}: not a list of seats ${seats}`;
  if (x.length > players) return `${key} ${quotedJson(x)}: more seats than the ${seats.slice(3)}`;
  for (let i = 0; i < x.length; i++) {
    const s = x[i];
    if (!Number.isInteger(s) || (s as number) < 0 || (s as number) >= players) return `${key} ${quotedJson(x)}: ${quotedJson(s)} is not one of the seats ${seats}`;
    if (i > 0 && (s as number) <= (x[i - 1] as number)) return `${key} ${quotedJson(x)}: not distinct seats in order, as the engine lists the seats ${seats}`;
  }
  return undefined;
}

function nameProblem(key: 'end' | 'result', x: unknown, rules: RunRules | undefined): string | undefined {
  if (typeof x !== 'string') return `${key} ${quotedJson(x)}: not the id of a rule`;
  if (rules) {
    const known = key === 'end' ? rules.ends : rules.results;
    if (!known.has(x)) return `${key} '${quoted(x)}' is not ${key === 'end' ? 'an end' : 'a result'} rule of ${rules.game} (${[...known].join(', ')})`;
    return undefined;
  }
  if (x === (key === 'end' ? FALLBACK_END : FALLBACK_RESULT)) return undefined;
  return RULE_ID.test(x) && x.length <= 200 ? undefined : `${key} '${quoted(x)}' is not the id of a rule (lowercase letters, digits and '-')`;
}

/** why `j` is not the record of a game of a run of `players` seats (undefined: it is one) */
export function gameRecordProblem(j: unknown, players: number, rules?: RunRules): string | undefined {
  if (!isObj(j)) return `not a game record (seed, winners, scores, out, rounds, end, result)`;
  for (const key of ['seed', 'winners', 'scores', 'out', 'rounds', 'end', 'result']) if (!Object.hasOwn(j, key)) return `a game record without '${key}'`;
  if (!Number.isSafeInteger(j['seed'])) return `seed ${quotedJson(j['seed'])}: not a game's seed`;
  const scores = j['scores'];
  if (!Array.isArray(scores) || scores.length !== players) return `scores ${quotedJson(scores)}: one score per seat of the run's ${players} players`;
  const bad = scores.find((x) => typeof x !== 'number' || !isRuleNumber(x));
  if (bad !== undefined) return `scores ${quotedJson(scores)}: ${quotedJson(bad)} is not a number a rule may hold`;
  if (!isCount(j['rounds'])) return `rounds ${quotedJson(j['rounds'])}: not a count of rounds`;
  return seatsProblem('winners', j['winners'], players) ?? seatsProblem('out', j['out'], players) ?? nameProblem('end', j['end'], rules) ?? nameProblem('result', j['result'], rules);
}

/** the tally's recomputable figures, in the order a message names the first that differs */
const RECOMPUTED = ['games', 'wins', 'noWinner', 'sharedWins', 'rounds', 'ends', 'results', 'roundsHistogram'] as const;

/** the same JSON, objects compared key by key whatever their order */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
  }
  return a === b;
}

/**
 * The tally to merge for a shard: `games`, recomputed from its records, with the decisions per
 * game (which only the claimed tally holds) taken from `claimed` once they add up, each game's at
 * most `maxActions` (the most a playout takes); or why the claimed tally is refused.
 */
export function checkedTally(claimed: unknown, games: SummaryTally, maxActions: number): SummaryTally | string {
  const t = isObj(claimed) ? claimed['tally'] : undefined;
  const n = games.games;
  if (!isObj(t)) return `the shard ends without its tally of ${n} games: the run was cut short or the file was changed; run this shard again`;
  if (t['players'] !== games.players) return `the tally is of ${quotedJson(t['players'])} players, the run of ${games.players}`;
  if (t['games'] !== n) return `the tally counts ${quotedJson(t['games'])} games, the shard holds ${n}: the file was changed`;
  const want = games.toJSON();
  const changed = (what: string, got: unknown, wanted: unknown): string =>
    `the tally's ${what} ${quotedJson(got)} are not those of the shard's ${n} games ${quotedJson(wanted)}: the file was changed`;
  for (const k of RECOMPUTED) if (!same(t[k], want[k])) return changed(k, t[k], want[k]);
  const scores = t['scores'];
  if (!Array.isArray(scores) || scores.length !== games.players) return changed('scores', scores, want.scores);
  for (let s = 0; s < games.players; s++) if (!same(scores[s], want.scores[s])) return changed(`scores of seat ${s}`, scores[s], want.scores[s]);
  // the decisions per game: only the tally holds them
  const hist = t['actionsHistogram'];
  const wrong = `the tally's actions histogram ${quotedJson(hist)} is not one of ${n} games (distinct counts of decisions in order, each with how many games): the file was changed`;
  if (!Array.isArray(hist) || hist.length > n) return wrong;
  let count = 0;
  let sum = 0;
  let last = -1;
  for (const pair of hist) {
    if (!Array.isArray(pair) || pair.length !== 2 || !isCount(pair[0]) || !isCount(pair[1]) || pair[1] === 0 || pair[0] <= last || pair[0] > maxActions) return wrong;
    last = pair[0];
    count += pair[1];
    sum += pair[0] * pair[1];
  }
  if (count !== n || !Number.isSafeInteger(sum)) return wrong;
  if (t['actions'] !== sum) return `the tally's actions ${quotedJson(t['actions'])} are not the sum of its actions histogram (${sum}): the file was changed`;
  const merged = SummaryTally.fromJSON({ ...want, actions: sum, actionsHistogram: hist as [number, number][] });
  return merged;
}
