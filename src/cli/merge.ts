/**
 * `rules merge <shard files…>`: the shards of one `rules simulate … --shard K/N` run, put back
 * together. It prints what the unsharded run prints — the same bytes for --json, --csv and the
 * readable report (without its games/s line: the shards ran elsewhere) — with the summary
 * rebuilt from the shards' tallies — each recomputed from its game lines and checked against the
 * one written (shard-file.ts, src/stats/records.ts). Files of different runs, a shard given twice
 * or a missing one, and anything a shard holds that its run could not have made, are refused with
 * a message (exit 2). When the run's game is at hand (in --rules-dir), its end and result rules,
 * player counts and options are what the shards are checked against.
 */
import { quoted } from '../quote.ts';
import { runProblem, runRules, type RunRules } from '../stats/records.ts';
import { rulesDirOf, stableStringify } from './common.ts';
import { UsageError, type CliContext } from './context.ts';
import { readShardBody, readShardHead, type ShardHead } from './shard-file.ts';
import { reportSink, type OutputForm } from './simulate-output.ts';
import { SummaryTally } from '../stats/summary.ts';

export interface MergeCliOptions {
  json?: boolean;
  csv?: boolean;
  rulesDir?: string;
}

/** the run's game, when it is in the rules folder and compiles: what its shards may hold */
function gameAtHand(ctx: CliContext, rulesDir: string, game: string): RunRules | undefined {
  try {
    if (!ctx.games.listGames(rulesDir).includes(game)) return undefined;
    const { engine, spec } = ctx.games.openGame(rulesDir, game);
    return engine && spec ? runRules(engine, spec) : undefined;
  } catch {
    return undefined;
  }
}

/** the first key in which two runs differ, for the message */
function firstDifference(a: ShardHead, b: ShardHead): string {
  const keys = ['game', 'players', 'seed', 'options', 'agents'] as const;
  for (const k of keys) {
    const x = stableStringify(a.run[k] ?? null);
    const y = stableStringify(b.run[k] ?? null);
    if (x !== y) return `${k} ${quoted(x)} in ${a.file}, ${quoted(y)} in ${b.file}`;
  }
  if (a.place.games !== b.place.games) return `--games ${a.place.games} in ${a.file}, ${b.place.games} in ${b.file}`;
  if (a.place.of !== b.place.of) return `${a.place.of} shards in ${a.file}, ${b.place.of} in ${b.file}`;
  return '';
}

/** how many missing shards a message names */
const MISSING_NAMED = 10;

/** the shards, checked to be all the shards of one run, in order */
export function orderShards(heads: ShardHead[]): ShardHead[] {
  const first = heads[0]!;
  for (const h of heads.slice(1)) {
    const diff = firstDifference(first, h);
    if (diff !== '') throw new UsageError(`these files are shards of different runs (${diff}): merge the shards of one run`);
  }
  const byShard = new Map<number, ShardHead>();
  for (const h of heads) {
    const twice = byShard.get(h.place.shard);
    if (twice) throw new UsageError(`shard ${h.place.shard}/${h.place.of} is given twice (${twice.file} and ${h.file})`);
    byShard.set(h.place.shard, h);
  }
  // (the first few missing are named: `of` may be large)
  const missing: number[] = [];
  for (let k = 1; k <= first.place.of && missing.length <= MISSING_NAMED; k++) if (!byShard.has(k)) missing.push(k);
  if (missing.length > 0) {
    const named = missing.slice(0, MISSING_NAMED).map((k) => `${k}/${first.place.of}`).join(', ');
    const more = missing.length > MISSING_NAMED ? ', …' : '';
    throw new UsageError(`shard${missing.length > 1 ? 's' : ''} ${named}${more} missing: give all ${first.place.of} shards of the run`);
  }
  return [...byShard.keys()].sort((a, b) => a - b).map((k) => byShard.get(k)!);
}

export async function mergeCommand(ctx: CliContext, files: string[], o: MergeCliOptions): Promise<number> {
  if (o.json && o.csv) throw new UsageError('--json and --csv print the games in different forms: give one of them');
  if (files.length === 0) throw new UsageError('give the shard files to merge (written by `rules simulate … --shard K/N`)');
  const heads: ShardHead[] = [];
  for (const f of files) heads.push(await readShardHead(f));
  const shards = orderShards(heads);
  const head = shards[0]!.run;
  const rules = gameAtHand(ctx, rulesDirOf(ctx, o.rulesDir), head.game);
  const problem = rules ? runProblem(head, rules) : undefined;
  if (problem) throw new UsageError(`${shards[0]!.file}:1: ${problem}`);
  const form: OutputForm = o.json ? 'json' : o.csv ? 'csv' : 'text';
  // a first pass checks every shard whole, so a bad file prints nothing but its message
  for (const s of shards) await readShardBody(s, () => {}, rules);
  const sink = reportSink(form, head, (t) => ctx.io.out(t));
  const tally = new SummaryTally(head.players);
  for (const s of shards) tally.merge(await readShardBody(s, (g) => sink.game(g), rules));
  sink.end(tally.summary(), tally);
  return 0;
}
