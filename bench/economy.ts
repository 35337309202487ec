/**
 * `npx tsx bench/economy.ts`: what happens inside a game's play, for checking its assumed numbers
 * (src/simulate/measure.ts): how each game ended, the winning and final scores against the
 * seats' starting scores, the first seat's edge, where the final scores come from (the terms of
 * the spec's outcome.score) and how often each rule took effect, under any agents.
 *
 *   npx tsx bench/economy.ts speakeasy --players 4 --games 60 --agents search:32
 *   npx tsx bench/economy.ts speakeasy --games 60 --agents search:32 --set 'stillOutput=[20,20,20,20,20]' --out b.json
 *   npx tsx bench/economy.ts --report a.json --against b.json --rules ba-sell,tr-unload-barrel
 *
 * The games are those of `rules simulate <game> --agents …` with the same seed, players and
 * options (game i: seed gameSeed(S, i)). `--shard K/N` plays games K-1, K-1+N, … only, so that
 * several processes share a run; `--out FILE` writes the measured games, `--report FILE…` puts
 * them together and prints the figures, `--against FILE…` prints B − A for each rule's effects
 * per game and each score figure, paired by seed, with a 95 % interval (src/stats/paired.ts).
 * `--rules a,b` limits the rule table to those rules (default: every rule that took effect).
 * The CPU time per game is printed (to stderr) and kept out of the files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { positive, runMain, UsageError } from './args.ts';
import { compileGameDir } from '../src/games.ts';
import { parseOptions } from '../src/cli/common.ts';
import type { Engine, EngineTools } from '../src/interpreter/api.ts';
import { loadSpecFolder } from '../src/loader/load-folder.ts';
import { AgentNameError, parseAgentList } from '../src/agents/named.ts';
import { effectiveOptions } from '../src/simulate/run.ts';
import { compileWithOverrides, OverrideError, overridesText, parseOverride, type Override } from '../src/simulate/setting.ts';
import { measureGame, scoreTerms, summarizeMeasures, type MeasuredGame, type MeasureRun, type MeasureSummary } from '../src/simulate/measure.ts';
import { pairedDifference } from '../src/stats/paired.ts';

const USAGE =
  'usage: bench/economy.ts <game> [--players N] [--games K] [--seed S] [--agents A] [--option k=v]… [--set var=expr]… [--shard K/N] [--out FILE] [--rules a,b] [--figure "s => expr"]… [--answers CHOICE]… [--json]\n' +
  '       bench/economy.ts --report FILE… [--against FILE…] [--rules a,b] [--json]';

/** what a file of measured games holds */
interface MeasureFile {
  game: string;
  run: MeasureRun;
  /** the data overrides of this setting (var=expression) */
  set: string[];
  games: MeasuredGame[];
}

interface Args {
  game?: string;
  players?: number;
  games: number;
  seed: number;
  agents: string;
  options: string[];
  set: Override[];
  shard?: [number, number];
  out?: string;
  report: string[];
  against: string[];
  rules?: string[];
  /** --answers <choice>: print how often each answer to these choices was given */
  answers: string[];
  /** --figure 's => expr': a seat's figure at the end */
  figures: string[];
  json: boolean;
  rulesDir: string;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { games: 20, seed: 1, agents: 'random', options: [], set: [], report: [], against: [], figures: [], answers: [], json: false, rulesDir: fileURLToPath(new URL('../rules/', import.meta.url)) };
  let list: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${x} needs a value\n${USAGE}`);
      return v;
    };
    if (x === '--players') a.players = positive(x, value());
    else if (x === '--games') a.games = positive(x, value());
    else if (x === '--seed') a.seed = Number(value());
    else if (x === '--agents') a.agents = value();
    else if (x === '--option') a.options.push(value());
    else if (x === '--set') {
      try {
        a.set.push(parseOverride(value()));
      } catch (e) {
        throw new UsageError(`--set ${(e as Error).message}`);
      }
    } else if (x === '--shard') {
      const m = /^(\d+)\/(\d+)$/.exec(value());
      if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new UsageError('--shard takes K/N with 1 ≤ K ≤ N');
      a.shard = [Number(m[1]), Number(m[2])];
    } else if (x === '--out') a.out = value();
    else if (x === '--rules') a.rules = value().split(',').map((s) => s.trim()).filter((s) => s !== '');
    else if (x === '--figure') a.figures.push(value());
    else if (x === '--answers') a.answers.push(value());
    else if (x === '--json') a.json = true;
    else if (x === '--rules-dir') a.rulesDir = resolve(value());
    else if (x === '--report') list = a.report;
    else if (x === '--against') list = a.against;
    else if (x.startsWith('--')) throw new UsageError(`unknown option ${x}\n${USAGE}`);
    else if (list !== undefined) list.push(x);
    else if (a.game === undefined) a.game = x;
    else throw new UsageError(USAGE);
  }
  if (!Number.isInteger(a.seed) || a.seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got '${a.seed}'`);
  if (a.report.length === 0 && a.game === undefined) throw new UsageError(USAGE);
  return a;
}

function play(a: Args): MeasureFile {
  const dir = resolve(a.rulesDir, a.game!);
  let engine: EngineTools;
  try {
    if (a.set.length > 0) engine = compileWithOverrides(dir, a.set);
    else {
      const checked = compileGameDir(dir);
      if (!checked.engine) throw new UsageError(`${a.game} does not compile (run \`npx rules validate\`)`);
      engine = checked.engine as EngineTools;
    }
  } catch (e) {
    if (e instanceof OverrideError) throw new UsageError(`--set: ${e.message}`);
    throw e;
  }
  const players = a.players ?? engine.maxPlayers;
  if (players < engine.minPlayers || players > engine.maxPlayers) throw new UsageError(`--players: ${engine.id} is played by ${engine.minPlayers} to ${engine.maxPlayers} players`);
  let agents;
  let options;
  try {
    agents = parseAgentList(a.agents, players);
    options = effectiveOptions(engine, parseOptions(engine, a.options));
  } catch (e) {
    if (e instanceof AgentNameError) throw new UsageError(`--agents: ${e.message}`);
    throw new UsageError((e as Error).message);
  }
  const score = loadSpecFolder(dir).spec?.spec.outcome?.score;
  const figures = a.figures.map((f) => {
    const m = /^\s*([a-z]\w*)\s*=>\s*(.+)$/s.exec(f);
    if (m === null) throw new UsageError(`--figure takes a lambda of one seat, e.g. 's => count(s.hand)', got '${f}'`);
    return { text: m[2]!.trim(), lambda: f.trim() };
  });
  const run: MeasureRun = { players, seed: a.seed, options, agents, terms: typeof score === 'string' ? scoreTerms(score) : [], ...(figures.length > 0 ? { figures } : {}) };
  const games: MeasuredGame[] = [];
  const [k, n] = a.shard ?? [1, 1];
  for (let i = k - 1; i < a.games; i += n) {
    const t0 = process.cpuUsage();
    games.push(measureGame(engine as Engine, run, i));
    const cpu = process.cpuUsage(t0);
    process.stderr.write(`game ${i}: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU\n`);
  }
  return { game: engine.id, run, set: overridesText(a.set), games };
}

function readFiles(files: string[]): MeasureFile {
  const parts = files.map((f) => {
    try {
      return JSON.parse(readFileSync(f, 'utf8')) as MeasureFile;
    } catch (e) {
      throw new UsageError(`${f}: not a file of measured games (${(e as Error).message})`);
    }
  });
  const first = parts[0]!;
  for (const p of parts) {
    if (p.game !== first.game || JSON.stringify(p.run) !== JSON.stringify(first.run) || JSON.stringify(p.set) !== JSON.stringify(first.set)) {
      throw new UsageError(`${files.join(', ')}: the files are not of one run (game, players, seed, options, agents and --set must agree)`);
    }
  }
  const seen = new Set<number>();
  const games = parts.flatMap((p) => p.games).filter((g) => (seen.has(g.index) ? false : (seen.add(g.index), true)));
  return { ...first, games: games.sort((x, y) => x.index - y.index) };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(1));

function printSummary(f: MeasureFile, s: MeasureSummary, rules: string[] | undefined, answers: string[]): void {
  const out: string[] = [];
  const opts = Object.entries(f.run.options).map(([k, v]) => `${k}=${String(v)}`).join(' ');
  out.push(`${f.game}: ${s.games} games, ${s.players} players, seed ${f.run.seed}, agents ${[...new Set(s.agents)].join(',')}${f.set.length ? `, set ${f.set.join(' ')}` : ''}`);
  out.push(`options ${opts}`);
  out.push(`ends: ${Object.entries(s.ends).map(([e, k]) => `${e} ${k} (${pct(k / s.games)})`).join(', ')}`);
  out.push(`rounds: median ${num(s.rounds.median)} (${num(s.rounds.min)}–${num(s.rounds.max)}); decisions per game: median ${num(s.steps.median)}`);
  const sp = (x: MeasureSummary['winningScore']): string => `median ${num(x.median)}, quartiles ${num(x.q1)} / ${num(x.q3)}, mean ${num(x.mean)}, min ${num(x.min)}, max ${num(x.max)}`;
  out.push(`winning score: ${sp(s.winningScore)}`);
  out.push(`final score (every seat): ${sp(s.finalScore)}; below its start: ${pct(s.belowStart)} of seats`);
  out.push(`win rate by seat: ${s.seats.map((r, i) => `${i}: ${pct(r.rate)} (${pct(r.interval.lo)}–${pct(r.interval.hi)})`).join('; ')}`);
  out.push(`first seat's edge over ${pct(1 / s.players)}: ${(100 * s.firstSeatEdge.x).toFixed(1)} points (${(100 * s.firstSeatEdge.lo).toFixed(1)} to ${(100 * s.firstSeatEdge.hi).toFixed(1)})`);
  for (const x of s.figures) out.push(`at the end, per seat: ${x.text}: median ${num(x.perSeat.median)}, quartiles ${num(x.perSeat.q1)} / ${num(x.perSeat.q3)}, mean ${num(x.perSeat.mean)}, max ${num(x.perSeat.max)}`);
  if (s.terms.length > 0) out.push(`score terms (share of all final scores): ${s.terms.map((t) => `${t.text} ${pct(t.share)} (median per seat ${num(t.perSeat.median)})`).join('; ')}`);
  const ids = rules ?? Object.keys(s.rules).sort((a, b) => s.rules[b]!.share - s.rules[a]!.share || (a < b ? -1 : 1));
  out.push('rule                         games   share   95% interval    effects/game (mean, median, max)');
  for (const id of ids) {
    const r = s.rules[id];
    if (r === undefined) {
      out.push(`${id.padEnd(28)} ${'0'.padStart(5)}    0.0 %   (took no effect)`);
      continue;
    }
    out.push(`${id.padEnd(28)} ${String(r.games).padStart(5)} ${pct(r.share).padStart(8)}   ${pct(r.interval.lo)}–${pct(r.interval.hi)}   ${num(r.perGame.mean)}, ${num(r.perGame.median)}, ${num(r.perGame.max)}`);
  }
  for (const choice of answers) {
    const byValue = s.answers[choice];
    if (byValue === undefined) {
      out.push(`answers to ${choice}: never asked`);
      continue;
    }
    out.push(`answers to ${choice}                games   share   95% interval    times/game (mean)`);
    for (const [v, r] of Object.entries(byValue).sort(([, x], [, y]) => y.share - x.share)) {
      out.push(`  ${v.padEnd(38)} ${String(r.games).padStart(5)} ${pct(r.share).padStart(8)}   ${pct(r.interval.lo)}–${pct(r.interval.hi)}   ${num(r.perGame.mean)}`);
    }
  }
  process.stdout.write(out.join('\n') + '\n');
}

function printDifference(a: MeasureFile, b: MeasureFile, rules: string[] | undefined, json: boolean): void {
  const seeds = new Map(a.games.map((g) => [g.seed, g]));
  const pairs = b.games.filter((g) => seeds.has(g.seed)).map((g) => [seeds.get(g.seed)!, g] as const);
  if (pairs.length === 0) throw new UsageError('--against: no game of B has a seed of A (play both with the same --seed and players)');
  const ids = rules ?? [...new Set(pairs.flatMap(([x, y]) => [...Object.keys(x.effects), ...Object.keys(y.effects)]))].sort();
  const figures: { figure: string; a: number[]; b: number[] }[] = [
    { figure: 'winning score', a: pairs.map(([x]) => Math.max(...x.scores)), b: pairs.map(([, y]) => Math.max(...y.scores)) },
    { figure: 'mean final score', a: pairs.map(([x]) => x.scores.reduce((p, q) => p + q, 0) / x.scores.length), b: pairs.map(([, y]) => y.scores.reduce((p, q) => p + q, 0) / y.scores.length) },
    ...ids.map((id) => ({ figure: `effects of ${id}`, a: pairs.map(([x]) => x.effects[id] ?? 0), b: pairs.map(([, y]) => y.effects[id] ?? 0) })),
  ];
  const rows = figures.map((f) => ({ figure: f.figure, ...pairedDifference(f.a, f.b) }));
  const same = pairs.filter(([x, y]) => JSON.stringify({ ...x, index: 0 }) === JSON.stringify({ ...y, index: 0 })).length;
  if (json) {
    process.stdout.write(JSON.stringify({ a: { set: a.set, options: a.run.options }, b: { set: b.set, options: b.run.options }, pairs: pairs.length, sameGames: same, figures: rows }) + '\n');
    return;
  }
  const out = [`B − A over ${pairs.length} games paired by seed (${same} games identical); A: ${a.set.join(' ') || 'as the rules are'}; B: ${b.set.join(' ') || 'as the rules are'}`];
  out.push('figure                                   A mean    B mean    B − A    95% interval');
  for (const r of rows) {
    const sig = r.interval.lo > 0 || r.interval.hi < 0 ? ' *' : '';
    out.push(`${r.figure.padEnd(40)} ${num(r.a).padStart(8)}  ${num(r.b).padStart(8)}  ${num(r.diff).padStart(7)}   ${num(r.interval.lo)} to ${num(r.interval.hi)}${sig}`);
  }
  out.push('(* the interval excludes 0)');
  process.stdout.write(out.join('\n') + '\n');
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const f = a.report.length > 0 ? readFiles(a.report) : play(a);
  if (a.out !== undefined) writeFileSync(a.out, JSON.stringify(f));
  if (a.against.length > 0) return printDifference(f, readFiles(a.against), a.rules, a.json);
  if (a.out !== undefined && a.report.length === 0) return;
  const s = summarizeMeasures(f.run, f.games);
  if (a.json) process.stdout.write(JSON.stringify({ game: f.game, run: f.run, set: f.set, summary: s }) + '\n');
  else printSummary(f, s, a.rules, a.answers);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await runMain('bench/economy', main);
