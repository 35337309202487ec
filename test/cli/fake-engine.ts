/**
 * A tiny fake Engine for CLI tests: "pick a number". Every round each seat secretly picks 1, 2
 * or 3 (a simultaneous choice); the highest pick that nobody else made scores its value (doubled
 * with option double=true) plus a chance bonus of 0 or 1 drawn at the start of the round.
 * After `rounds` rounds the highest total wins (ties share the win).
 */
import type { Action, Engine, GameConfig, GameResult, Json, LogEntry, Pending, SeatView } from '../../src/interpreter/api.ts';
import type { GameSource } from '../../src/cli/context.ts';
import type { Diagnostic } from '../../src/loader/diagnostics.ts';

export interface PickState {
  players: number;
  rounds: number;
  double: boolean;
  mode: string;
  round: number;
  picks: (number | null)[];
  scores: number[];
  bonus: number | null;
  rng: number;
  external: boolean;
  log: LogEntry[];
  over: GameResult | null;
}

function nextRand(s: PickState): number {
  // a small LCG kept in the state (the game's own RNG)
  s.rng = (Math.imul(s.rng, 1664525) + 1013904223) >>> 0;
  return s.rng;
}

function startRound(s: PickState): void {
  s.picks = new Array<number | null>(s.players).fill(null);
  s.bonus = null;
  if (!s.external) drawBonus(s, nextRand(s) % 2);
}

function drawBonus(s: PickState, index: number): void {
  s.bonus = index;
  s.log.push({ rule: 'bonus', event: 'chance', data: { bonus: index } });
}

function finish(s: PickState): void {
  const best = Math.max(...s.scores);
  const winners = s.scores.flatMap((v, i) => (v === best ? [i] : []));
  s.over = { end: 'after-rounds', result: 'most-points', winners, scores: [...s.scores], out: [], rounds: s.rounds };
  s.log.push({ rule: 'after-rounds', event: 'end', data: { winners } });
}

function resolve(s: PickState): void {
  const picks = s.picks as number[];
  s.log.push({ rule: 'reveal', event: 'reveal', data: { picks } });
  const unique = picks.filter((p) => picks.indexOf(p) === picks.lastIndexOf(p));
  if (unique.length > 0) {
    const v = s.mode === 'low' ? Math.min(...unique) : Math.max(...unique);
    const seat = picks.indexOf(v);
    const pts = v * (s.double ? 2 : 1) + (s.bonus ?? 0);
    s.scores[seat]! += pts;
    s.log.push({ rule: 'score', event: 'set', data: { seat, points: pts } });
  }
  s.round++;
  if (s.round > s.rounds) finish(s);
  else startRound(s);
}

export interface FakeOptions {
  id?: string;
  minPlayers?: number;
  maxPlayers?: number;
}

export function makePickEngine(fo: FakeOptions = {}): Engine<PickState> {
  const engine: Engine<PickState> = {
    id: fo.id ?? 'pick',
    name: { en: 'Pick a number', zh: '選個數字' },
    minPlayers: fo.minPlayers ?? 2,
    maxPlayers: fo.maxPlayers ?? 3,
    options: [
      { id: 'rounds', type: 'number', default: 3 },
      { id: 'double', type: 'bool', default: false },
      { id: 'mode', type: 'string', default: 'high', values: ['high', 'low'] },
    ],
    create(config: GameConfig): PickState {
      const o = config.options ?? {};
      const s: PickState = {
        players: config.players,
        rounds: typeof o.rounds === 'number' ? o.rounds : 3,
        double: o.double === true,
        mode: typeof o.mode === 'string' ? o.mode : 'high',
        round: 1,
        picks: [],
        scores: new Array<number>(config.players).fill(0),
        bonus: null,
        rng: config.seed >>> 0,
        external: config.chance === 'external',
        log: [],
        over: null,
      };
      startRound(s);
      return s;
    },
    pending(s): Pending | null {
      if (s.over) return null;
      if (s.bonus === null) return { kind: 'chance', rule: 'bonus', seat: -1, outcomes: 2 };
      const seats = s.picks.map((_, i) => i);
      return {
        kind: 'choice',
        choice: 'pick',
        rule: 'pick-round',
        prompt: { en: `Round ${s.round}: pick a number`, zh: `第 ${s.round} 回合:選個數字` },
        seats,
        waitingFor: seats.filter((i) => s.picks[i] === null),
        simultaneous: true,
      };
    },
    legalActions(s, seat): Action[] {
      if (s.over || s.bonus === null || s.picks[seat] !== null) return [];
      return [1, 2, 3].map((value) => ({ choice: 'pick', value }));
    },
    apply(s, seat, action) {
      const c = structuredClone(s);
      engine.applyInPlace(c, seat, action);
      return c;
    },
    applyInPlace(s, seat, action) {
      if (s.over) throw new Error('game over');
      if (action.choice !== 'pick' || ![1, 2, 3].includes(action.value as number)) throw new Error('illegal action');
      if (s.picks[seat] !== null) throw new Error(`seat ${seat} already picked`);
      s.picks[seat] = action.value as number;
      s.log.push({ rule: 'pick-round', event: 'choose', data: { seat, value: action.value } });
      if (s.picks.every((p) => p !== null)) resolve(s);
    },
    applyChance(s, index) {
      const c = structuredClone(s);
      drawBonus(c, index);
      return c;
    },
    view(s, seat): SeatView {
      const log = s.log.map((e) =>
        e.event === 'choose' && e.data.seat !== seat ? { ...e, data: { seat: e.data.seat as Json } } : e,
      );
      const pick = s.picks[seat];
      return {
        seat,
        players: s.players,
        vars: { round: s.round },
        seats: s.scores.map((score, i) => ({
          vars: { score },
          zones: { hand: i === seat ? [1, 2, 3] : [null, null, null] },
          out: false,
        })),
        zones: {},
        pending: engine.pending(s),
        myAnswers: pick === null || pick === undefined ? {} : { pick },
        log,
        result: s.over,
      };
    },
    result: (s) => s.over,
    log: (s) => s.log,
    describe: (a, lang) => (lang === 'zh' ? `選 ${String(a.value)}` : `pick ${String(a.value)}`),
    answerType: () => undefined, // its answers are plain numbers
  };
  return engine;
}

/** a GameSource holding fake engines, for the CLI commands */
export function fakeSource(engines: Engine<any>[] = [makePickEngine()], diagnostics: Diagnostic[] = []): GameSource {
  return {
    listGames: () => engines.map((e) => e.id),
    validatePaths: () => diagnostics,
    checkGames: () => [{ dir: 'rules', diagnostics, ...(engines[0] ? { engine: engines[0] as Engine } : {}) }],
    openGame: (_dir, id) => {
      const engine = engines.find((e) => e.id === id);
      return engine ? { engine: engine as Engine, diagnostics: [] } : { diagnostics: [] };
    },
  };
}
