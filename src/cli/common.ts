/**
 * Command-line parsing shared by the subcommands: game lookup, --players, --seed, --option.
 * Every bad input raises UsageError (exit 2) with a message that says what is allowed.
 */
import { resolve } from 'node:path';
import type { Engine, Json } from '../interpreter/api.ts';
import { formatDiagnostic } from '../loader/diagnostics.ts';
import type { Spec } from '../loader/types.generated.ts';
import { CliExit, UsageError, type CliContext } from './context.ts';
import { quoted } from '../quote.ts';
import { isRuleNumber } from '../rule-numbers.ts';

export function rulesDirOf(ctx: CliContext, dir: string | undefined): string {
  return dir === undefined ? ctx.defaultRulesDir : resolve(dir);
}

/** Open a game by id: unknown id → UsageError listing the known games; spec errors → diagnostics, exit 1. */
export function loadEngine(ctx: CliContext, rulesDir: string, id: string): Engine {
  return loadGame(ctx, rulesDir, id).engine;
}

/** loadEngine, with the spec the engine was made from when the game source gives it */
export function loadGame(ctx: CliContext, rulesDir: string, id: string): { engine: Engine; spec?: Spec } {
  let known: string[];
  try {
    known = ctx.games.listGames(rulesDir);
  } catch (e) {
    throw new UsageError(`cannot list the games in ${rulesDir}: ${(e as Error).message}`);
  }
  if (!known.includes(id)) {
    throw new UsageError(
      `unknown game '${quoted(id)}'; known games in ${rulesDir}: ${known.length ? known.join(', ') : '(none)'}`,
    );
  }
  const { engine, diagnostics, spec } = ctx.games.openGame(rulesDir, id);
  if (engine === undefined) {
    for (const d of diagnostics) ctx.io.err(formatDiagnostic(d) + '\n');
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    ctx.io.err(`error: game '${quoted(id)}' does not compile (${errors} error${errors === 1 ? '' : 's'})\n`);
    throw new CliExit(1);
  }
  return spec === undefined ? { engine } : { engine, spec };
}

export function parseIntArg(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, got '${quoted(raw)}'`);
  }
  return n;
}

/** seeds are uint32 */
export { MAX_SEED } from '../limits.ts';
import { MAX_SEED } from '../limits.ts';

export function parseSeed(raw: string | undefined): number | undefined {
  return parseIntArg('--seed', raw, 0, MAX_SEED);
}

export function parsePlayers(engine: Engine, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const range = engine.minPlayers === engine.maxPlayers ? `${engine.minPlayers}` : `${engine.minPlayers} to ${engine.maxPlayers}`;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < engine.minPlayers || n > engine.maxPlayers) {
    throw new UsageError(`--players: ${engine.id} is played by ${range} players, got '${quoted(raw)}'`);
  }
  return n;
}

type OptionDecl = Engine['options'][number];

function describeOption(o: OptionDecl): string {
  const kind =
    o.values !== undefined && o.values.length > 0
      ? `${o.type}, one of ${o.values.map((v) => JSON.stringify(v)).join('|')}`
      : o.type === 'bool'
        ? 'bool, true|false'
        : o.type;
  return `  ${o.id} (${kind}; default ${JSON.stringify(o.default)})`;
}

export function describeOptions(engine: Engine): string {
  if (engine.options.length === 0) return `${engine.id} declares no options`;
  return `options of ${engine.id}:\n` + engine.options.map(describeOption).join('\n');
}

/** commander collector for a repeatable option */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Parse `k=v` pairs to the declared option types. Keys are returned in the engine's declaration order. */
export function parseOptions(engine: Engine, pairs: string[] | undefined): Record<string, Json> {
  const given = new Map<string, Json>();
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option expects k=v, got '${quoted(pair)}'\n${describeOptions(engine)}`);
    const key = pair.slice(0, eq).trim();
    const raw = pair.slice(eq + 1).trim();
    const decl = engine.options.find((o) => o.id === key);
    if (decl === undefined) throw new UsageError(`unknown option '${quoted(key)}'\n${describeOptions(engine)}`);
    let value: Json;
    if (decl.type === 'bool') {
      if (raw !== 'true' && raw !== 'false') {
        throw new UsageError(`option '${quoted(key)}' is a bool (true|false), got '${quoted(raw)}'\n${describeOptions(engine)}`);
      }
      value = raw === 'true';
    } else if (decl.type === 'number') {
      const n = Number(raw);
      // (a number a rule may hold: finite, within ±9,007,199,254,740,991)
      if (raw === '' || !isRuleNumber(n)) {
        throw new UsageError(`option '${quoted(key)}' is a number, got '${quoted(raw)}'\n${describeOptions(engine)}`);
      }
      value = n;
    } else {
      value = raw;
    }
    if (decl.values !== undefined && decl.values.length > 0 && !decl.values.some((v) => v === value)) {
      throw new UsageError(
        `option '${quoted(key)}' must be one of ${decl.values.map((v) => JSON.stringify(v)).join(', ')}, got '${quoted(raw)}'\n${describeOptions(engine)}`,
      );
    }
    if (given.has(key)) throw new UsageError(`option '${key}' given twice`);
    given.set(key, value);
  }
  const out: Record<string, Json> = {};
  for (const o of engine.options) if (given.has(o.id)) out[o.id] = given.get(o.id)!;
  return out;
}

// the full option set (declared defaults + given values): one home, with the runs that use it
export { effectiveOptions } from '../simulate/run.ts';

/** JSON.stringify with object keys sorted (for comparisons that must ignore key order) */
export { stableStringify } from '../replay-log.ts';

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
