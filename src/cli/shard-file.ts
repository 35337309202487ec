/**
 * The file `rules simulate --shard K/N` writes and `rules merge` reads: JSON lines.
 *
 *   line 1        {"rulesShard":1,"shard":K,"of":N,"games":G,"from":a,"to":b,"run":{game, players, seed, options[, agents]}}
 *   lines 2…      one game record per line (games a … b-1 of the run, in order)
 *   last line     {"tally":{…}}  the mergeable partial sums of the shard's summary (src/stats/summary.ts)
 *
 * Shard K of N holds games [floor((K-1)·G/N), floor(K·G/N)) of the G games of the run, so the shards
 * 1…N in order are the whole run, game for game, and the merged summary is the run's.
 *
 * A shard may come from another machine: it is checked, not trusted. Its header's counts are
 * bounded (players, games, shards, seed) before anything is sized by them; each game record is
 * checked against the run (src/stats/records.ts: seats, scores, counts, the end and result rules);
 * its tally is recomputed from the records and must agree with the one written. Anything else is
 * refused with the file, the line and the reason.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { notFileKind } from '../file-io.ts';
import { AGENT_KINDS, isAgentName } from '../agents/named.ts';
import { DEFAULT_MAX_STEPS } from '../agents/playout.ts';
import { MAX_SIMULATED_GAMES } from '../limits.ts';
import { quoted, quotedJson } from '../quote.ts';
import { checkedTally, gameRecordProblem, playersProblem, type RunRules } from '../stats/records.ts';
import { SummaryTally, type SimulatedGame } from '../stats/summary.ts';
import { UsageError } from './context.ts';
import { gameSeed, type RunHeader } from './simulate.ts';

export const SHARD_FORMAT = 1;

/** which part of which run a shard is */
export interface ShardPlace {
  /** 1-based */
  shard: number;
  of: number;
  /** games of the whole run */
  games: number;
  from: number;
  to: number;
}

/** `--shard K/N` → K and N (1 ≤ K ≤ N) */
export function parseShard(raw: string | undefined): { shard: number; of: number } | undefined {
  if (raw === undefined) return undefined;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const shard = m ? Number(m[1]) : NaN;
  const of = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(shard) || !Number.isSafeInteger(of) || of < 1 || shard < 1 || shard > of) {
    throw new UsageError(`--shard must be K/N with 1 ≤ K ≤ N (shard K of N, e.g. 1/4), got '${raw}'`);
  }
  return { shard, of };
}

/** the games [from, to) of shard K of N of a run of `games` games */
export function shardPlace(shard: number, of: number, games: number): ShardPlace {
  return { shard, of, games, from: Math.floor(((shard - 1) * games) / of), to: Math.floor((shard * games) / of) };
}

export function shardHeaderLine(head: RunHeader, p: ShardPlace): string {
  return `${JSON.stringify({ rulesShard: SHARD_FORMAT, shard: p.shard, of: p.of, games: p.games, from: p.from, to: p.to, run: head })}\n`;
}

export function shardTallyLine(tally: SummaryTally): string {
  return `${JSON.stringify({ tally: tally.toJSON() })}\n`;
}

export interface ShardHead {
  file: string;
  place: ShardPlace;
  run: RunHeader;
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isJsonScalar = (x: unknown): boolean => x === null || typeof x === 'boolean' || typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
/** the largest seed (seeds are unsigned 32-bit integers: --seed) */
const MAX_SEED = 0xffff_ffff;

function fail(file: string, line: number, what: string): never {
  throw new UsageError(`${file}:${line}: ${what}`);
}

function parseLine(file: string, line: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fail(file, line, 'not a line of JSON: this file was not written by `rules simulate --shard`');
  }
}

function checkHead(file: string, j: unknown): ShardHead {
  const notShard = 'not a shard: give the files written by `rules simulate … --shard K/N`';
  if (!isObj(j) || j['rulesShard'] === undefined) fail(file, 1, notShard);
  if (j['rulesShard'] !== SHARD_FORMAT) fail(file, 1, `a shard of format ${quotedJson(j['rulesShard'])}; this version reads format ${SHARD_FORMAT}: run the shards again`);
  const { shard, of, games, from, to, run } = j;
  if (!isInt(shard) || !isInt(of) || !isInt(games) || !isInt(from) || !isInt(to) || !isObj(run)) fail(file, 1, `${notShard} (its first line lacks shard, of, games, from, to or run)`);
  // counts that size what is made from them are bounded first
  if (games < 1 || games > MAX_SIMULATED_GAMES) fail(file, 1, `${games} games: a run has at most ${MAX_SIMULATED_GAMES.toLocaleString('en')}`);
  if (of < 1 || of > games) fail(file, 1, `${of} shards of ${games} games: a run has at most one shard per game`);
  const place = shardPlace(shard, of, games);
  if (shard < 1 || shard > of || place.from !== from || place.to !== to) fail(file, 1, `shard ${shard}/${of} of ${games} games cannot hold games ${from}–${to}: the file was changed`);
  if (typeof run['game'] !== 'string' || !isObj(run['options'])) fail(file, 1, `${notShard} (its run lacks game, players, seed or options)`);
  const players = playersProblem(run['players']);
  if (players) fail(file, 1, players);
  if (!isInt(run['seed']) || run['seed'] < 0 || run['seed'] > MAX_SEED) fail(file, 1, `seed ${quotedJson(run['seed'])}: a seed is a whole number from 0 to ${MAX_SEED}`);
  const option = Object.entries(run['options']).find(([, v]) => !isJsonScalar(v));
  if (option) fail(file, 1, `option ${quoted(option[0])} is ${quotedJson(option[1])}: an option's value is a number, a string or true/false`);
  const agents = run['agents'];
  if (agents !== undefined && (!Array.isArray(agents) || agents.length !== run['players'] || !agents.every((a) => typeof a === 'string' && isAgentName(a)))) {
    fail(file, 1, `agents ${quotedJson(agents)}: one agent (${AGENT_KINDS.join(', ')}) per seat of the run's ${run['players']} players`);
  }
  return { file, place, run: run as unknown as RunHeader };
}

function checkGame(file: string, line: number, j: unknown, head: ShardHead, index: number, rules: RunRules | undefined): SimulatedGame {
  const problem = gameRecordProblem(j, head.run.players, rules);
  if (problem !== undefined) fail(file, line, problem);
  const g = j as SimulatedGame;
  const want = gameSeed(head.run.seed, index);
  if (g.seed !== want) fail(file, line, `game ${index} of the run has seed ${want}, this record ${g.seed}: the file was changed`);
  return g;
}

/** a line of a shard is one game's record, a few hundred characters: a file with a line past this
 *  is no shard (and a line past V8's longest string would end the process) */
const MAX_LINE = 16_000_000;

/** the lines of a shard file (a line break is \n, or \r\n), each at most MAX_LINE characters */
async function* linesOf(file: string): AsyncGenerator<string> {
  const input = createReadStream(file, { encoding: 'utf8' });
  let rest = '';
  let line = 1;
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      let start = 0;
      for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
        const text = rest + chunk.slice(start, nl);
        rest = '';
        start = nl + 1;
        yield text.endsWith('\r') ? text.slice(0, -1) : text;
        line++;
      }
      rest += chunk.slice(start);
      if (rest.length > MAX_LINE) fail(file, line, `a line of more than ${MAX_LINE.toLocaleString('en')} characters: this file was not written by \`rules simulate --shard\``);
    }
    if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
  } finally {
    input.destroy();
  }
}

/** the file can be read, and is a regular file (a device would be read for ever, a pipe waited on) */
async function readable(file: string): Promise<void> {
  let st;
  try {
    st = await stat(file);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  if (!st.isFile()) throw new UsageError(`cannot read ${file}: it is not a regular file but ${notFileKind(st)}`);
}

/** the first line of a shard file, checked */
export async function readShardHead(file: string): Promise<ShardHead> {
  await readable(file);
  for await (const text of linesOf(file)) return checkHead(file, parseLine(file, 1, text));
  return fail(file, 1, 'an empty file: not a shard written by `rules simulate --shard`');
}

/**
 * Stream a shard's games to `onGame` in order, each checked, and return its tally: recomputed from
 * the games, with the decisions per game from the tally written (checked to agree: checkedTally).
 * `rules`: the end and result rules of the run's game, when it is at hand.
 */
export async function readShardBody(head: ShardHead, onGame: (g: SimulatedGame) => void, rules?: RunRules): Promise<SummaryTally> {
  const { file, place } = head;
  let lineNo = 0;
  let pending: { line: number; text: string } | undefined;
  let games = 0;
  const tally = new SummaryTally(head.run.players);
  for await (const text of linesOf(file)) {
    lineNo++;
    if (lineNo === 1) continue;
    if (pending !== undefined) {
      if (games >= place.to - place.from) fail(file, pending.line, `more than the ${place.to - place.from} games of shard ${place.shard}/${place.of}: the file was changed`);
      const g = checkGame(file, pending.line, parseLine(file, pending.line, pending.text), head, place.from + games, rules);
      tally.addRecord(g);
      onGame(g);
      games++;
    }
    pending = { line: lineNo, text };
  }
  if (games !== place.to - place.from) {
    fail(file, lineNo, `${games} of the ${place.to - place.from} games of shard ${place.shard}/${place.of}: the run was cut short or the file was changed; run this shard again`);
  }
  if (pending === undefined) fail(file, lineNo, 'the shard ends without its tally');
  const checked = checkedTally(parseLine(file, pending.line, pending.text), tally, DEFAULT_MAX_STEPS);
  if (typeof checked === 'string') fail(file, pending.line, checked);
  return checked;
}
