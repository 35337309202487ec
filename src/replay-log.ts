/**
 * The replay log written by `rules play --save FILE` and by the play page's Save, and checked by
 * `rules replay FILE` and the page's Load:
 *
 *   { format: 1, game, players, seed, options, actions: [{ seat, action }], result, stateHash }
 *
 * `options` holds every declared option with the value used; `stateHash` is the sha256 (hex) of
 * JSON.stringify(final state). Optional `chance: "external"` when the game ran with external
 * chance (then chance draws appear in `actions` with seat -1 and value = outcome index).
 *
 * Pure: the hash is handed in (node:crypto in the terminal, the page's Web Crypto), so the page
 * reads and writes the very format the command line checks.
 */
import { MAX_SEED } from './limits.ts';
import type { Action, Engine, GameConfig, GameResult, Json } from './interpreter/api.ts';
import type { LoggedAction } from './agents/playout.ts';
import { describePending } from './agents/playout.ts';
import { quoted, quotedJson } from './quote.ts';

export interface ReplayLog {
  format: 1;
  game: string;
  players: number;
  seed: number;
  options: Record<string, Json>;
  chance?: 'external';
  actions: LoggedAction[];
  result: GameResult | null;
  stateHash: string;
}

/** said when a log's actions all replay but its end does not come out the same */
const OTHER_VERSION = '; the log was made with other rules or another engine version, so it no longer reproduces: replay it with the version that wrote it';

/** JSON with every object's keys sorted: two equal values give one string */
export function stableStringify(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) => {
    if (val !== null && typeof val === 'object' && !Array.isArray(val)) {
      const o = val as Record<string, unknown>;
      return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
    }
    return val;
  });
}

export function makeReplayLog(
  engine: Engine,
  config: GameConfig,
  actions: LoggedAction[],
  finalState: unknown,
  hash: (state: unknown) => string,
): ReplayLog {
  const log: ReplayLog = {
    format: 1,
    game: engine.id,
    players: config.players,
    seed: config.seed,
    options: config.options ?? {},
    actions,
    result: engine.result(finalState),
    stateHash: hash(finalState),
  };
  if (config.chance === 'external') log.chance = 'external';
  return log;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Parse and shape-check a replay log; throws Error with a readable message. */
export function parseReplayLog(text: string): ReplayLog {
  let v: unknown;
  try {
    // a byte-order mark a text editor may put first is no part of the JSON (issue 30 §5)
    v = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new Error(`not JSON: ${(e as Error).message}`);
  }
  if (!isObj(v)) throw new Error('not a replay log (expected a JSON object)');
  if (v.format !== 1) throw new Error(`unsupported replay log format ${quotedJson(v.format)} (expected 1)`);
  if (typeof v.game !== 'string') throw new Error("missing 'game'");
  if (!Number.isInteger(v.players)) throw new Error("missing or bad 'players'");
  if (typeof v.seed !== 'number' || !Number.isSafeInteger(v.seed) || v.seed < 0 || v.seed > MAX_SEED) {
    throw new Error(`seed must be a whole number from 0 to ${MAX_SEED}, got ${typeof v.seed === 'number' ? BigInt(Math.trunc(v.seed)).toString() : quotedJson(v.seed)}`);
  }
  if (v.options !== undefined && !isObj(v.options)) throw new Error("'options' must be an object");
  if (!Array.isArray(v.actions)) throw new Error("missing 'actions'");
  v.actions.forEach((a: unknown, i: number) => {
    if (!isObj(a) || !Number.isInteger(a.seat) || !isObj(a.action) || typeof a.action.choice !== 'string' || !('value' in a.action)) {
      throw new Error(`actions[${i}] is not { seat, action: { choice, value } }`);
    }
  });
  if (typeof v.stateHash !== 'string') throw new Error("missing 'stateHash'");
  if (v.chance !== undefined && v.chance !== 'external') throw new Error("'chance' must be \"external\" when present");
  return { ...(v as unknown as ReplayLog), options: (v.options ?? {}) as Record<string, Json> };
}

export type ReplayOutcome =
  | { ok: true; steps: number; result: GameResult | null; stateHash: string }
  | { ok: false; step?: number; message: string };

function showAction(engine: Engine, a: Action): string {
  let label = '';
  try {
    label = engine.describe(a, 'en');
  } catch {
    /* describe is only decoration here */
  }
  return `${quotedJson(a)}${label ? ` ("${quoted(label)}")` : ''}`;
}

/** What in a log's players and options the game does not allow, or undefined (checked before the engine sees them). */
function logMisfit(engine: Engine, log: ReplayLog): string | undefined {
  const { minPlayers: min, maxPlayers: max } = engine;
  if (!Number.isInteger(log.players) || log.players < min || log.players > max) {
    return `players: ${log.players}, but ${engine.id} is for ${min === max ? min : `${min} to ${max}`} players`;
  }
  for (const [id, value] of Object.entries(log.options)) {
    const decl = engine.options.find((o) => o.id === id);
    if (!decl) return `unknown option '${quoted(id)}'; the options of ${engine.id} are: ${engine.options.map((o) => o.id).join(', ') || 'none'}`;
    const type = decl.type === 'bool' ? 'boolean' : decl.type;
    if (typeof value !== type) return `option '${id}' is a ${decl.type}, but the log has ${quotedJson(value)}`;
    if (decl.values && decl.values.length > 0 && !decl.values.includes(value)) {
      return `option '${id}' is one of ${decl.values.map((x) => JSON.stringify(x)).join(', ')}, but the log has ${quotedJson(value)}`;
    }
  }
  return undefined;
}

/** Re-run a log and compare: the first illegal/diverging action, or a different result/state
 *  (`hash`: the state hash, sha256 of its JSON as hex) */
export function verifyReplayWith(engine: Engine, log: ReplayLog, hash: (state: unknown) => string): ReplayOutcome {
  if (log.game !== engine.id) return { ok: false, message: `log is for game '${quoted(log.game)}', engine is '${engine.id}'` };
  const misfit = logMisfit(engine, log);
  if (misfit) return { ok: false, message: `this log does not fit ${engine.id}: ${misfit}` };
  const config: GameConfig = { players: log.players, seed: log.seed, options: log.options };
  if (log.chance === 'external') config.chance = 'external';
  let state = engine.create(config);
  for (let i = 0; i < log.actions.length; i++) {
    const { seat, action } = log.actions[i]!;
    const where = `action #${i} (seat ${seat}, ${showAction(engine, action)})`;
    const p = engine.pending(state);
    if (p === null) return { ok: false, step: i, message: `${where}: the game is already over` };
    if (seat === -1) {
      if (p.kind !== 'chance') return { ok: false, step: i, message: `${where}: no chance draw is pending (pending: ${describePending(p)})` };
      const idx = action.value;
      if (typeof idx !== 'number' || !Number.isInteger(idx) || idx < 0 || idx >= p.outcomes) {
        return { ok: false, step: i, message: `${where}: not an outcome index in [0, ${p.outcomes})` };
      }
      state = engine.applyChance(state, idx);
      continue;
    }
    if (p.kind !== 'choice' || !p.waitingFor.includes(seat)) {
      return { ok: false, step: i, message: `${where}: seat ${seat} is not asked now (pending: ${describePending(p)})` };
    }
    const key = stableStringify(action);
    const legal = engine.legalActions(state, seat);
    if (!legal.some((a) => stableStringify(a) === key)) {
      const shown = legal.slice(0, 8).map((a) => showAction(engine, a)).join(', ');
      return {
        ok: false,
        step: i,
        message: `${where}: illegal; legal now: ${shown}${legal.length > 8 ? `, … (${legal.length} in all)` : ''}`,
      };
    }
    try {
      engine.applyInPlace(state, seat, action);
    } catch (e) {
      return { ok: false, step: i, message: `${where}: rejected by the engine: ${(e as Error).message}` };
    }
  }
  const p = engine.pending(state);
  const result = engine.result(state);
  // every action was legal, yet the end differs: the rules (a changed default or datum) or the
  // engine's state layout are not those the log was made with
  if (p !== null && log.result !== null) {
    return { ok: false, message: `the log ends after ${log.actions.length} actions but the game goes on (pending: ${describePending(p)})` };
  }
  if (stableStringify(result) !== stableStringify(log.result)) {
    return {
      ok: false,
      message: `result differs: log has ${quotedJson(log.result, 400)}, replay gives ${JSON.stringify(result)}${OTHER_VERSION}`,
    };
  }
  const h = hash(state);
  if (h !== log.stateHash) {
    return { ok: false, message: `final state hash differs: log has ${quoted(log.stateHash)}, replay gives ${h}${OTHER_VERSION}` };
  }
  return { ok: true, steps: log.actions.length, result, stateHash: h };
}
