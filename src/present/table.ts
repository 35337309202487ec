/**
 * A game at a table of humans and agents, as the play page runs it (and tests drive it): who sits
 * where, whose turn it is, each human seat's screen (screen.ts), answers by option index, undo,
 * and the replay log that `rules replay` checks.
 *
 * - Agents and the chance player answer by themselves until a human seat must decide (`advance`).
 * - Chance draws are external (`chance: 'external'`): each is a step of the history, so undo can
 *   see it.
 * - Undo goes back to before the asking seat's last decision, never across a chance draw, a
 *   reveal (a card whose face some seat had not seen becomes seen by it) or another human's
 *   decision — as Board Game Arena does.
 * - Hot seat: with more than one human, or a human and hidden things, the next human is asked
 *   after a hand-over (`handOver`), so a screen never shows one seat's secrets to the next.
 */
import type { Action, Engine, GameConfig, Json, SeatView } from '../interpreter/api.ts';
import { AGENT_KINDS, isAgentName, makeAgent, type AgentName } from '../agents/named.ts';
import { RandomAgent, seatAgentSeed, type Agent } from '../agents/random-agent.ts';
import { chanceAction, describePending, nextDecider, type LoggedAction } from '../agents/playout.ts';
import { makeReplayLog, parseReplayLog, stableStringify, type ReplayLog } from '../replay-log.ts';
import type { Declarations } from './declarations.ts';
import { optionLabels } from './options.ts';
import { seatScreen, type SeatScreen } from './screen.ts';
import type { Lang } from './words.ts';

/** a human, or an agent by name (`random`, `search:64`: src/agents/named.ts) */
export type SeatKind = 'human' | AgentName;

/** every kind a seat can be: a human, or any agent the engine has */
export const SEAT_KINDS: readonly SeatKind[] = ['human', ...AGENT_KINDS];

export const isSeatKind = (x: string): x is SeatKind => x === 'human' || isAgentName(x);

export interface TableSetup {
  players: number;
  seed: number;
  options: Record<string, Json>;
  seats: SeatKind[];
  /** the agents' seed: secret when a human plays (their moves must not follow from the game seed) */
  agentSeed: number;
}

interface Step {
  seat: number;
  action: Action;
  /** the state before it */
  before: unknown;
  /** a human's decision: where its screen's "since your last decision" began before it */
  seen?: number;
}

/** a limit on answers in a row without a human (a game that does not end is a bug, said as one) */
const MAX_STEPS = 200_000;

export class Table<S = unknown> {
  private state: S;
  private readonly steps: Step[] = [];
  private readonly agents: (Agent | undefined)[];
  private readonly chance: Agent;
  /** per seat: the log length at its last decision (what changed since is told as new) */
  private readonly seen: number[];
  /** the human seat that decided last (a different one next is handed the device) */
  private lastHuman = -1;
  readonly config: GameConfig;

  constructor(
    readonly engine: Engine<S>,
    readonly setup: TableSetup,
    readonly decl?: Declarations,
  ) {
    if (setup.seats.length !== setup.players) throw new Error(`${setup.seats.length} seat kinds for ${setup.players} players`);
    this.config = { players: setup.players, seed: setup.seed, options: setup.options, chance: 'external' };
    this.state = engine.create(this.config);
    this.agents = setup.seats.map((k, s) => (k === 'human' ? undefined : makeAgent(k, seatAgentSeed(setup.agentSeed, s))));
    this.chance = new RandomAgent(seatAgentSeed(setup.agentSeed, -1));
    this.seen = new Array<number>(setup.players).fill(0);
  }

  get humans(): number[] {
    return this.setup.seats.flatMap((k, s) => (k === 'human' ? [s] : []));
  }

  /** the human seat that must decide now, or null (the game is over) */
  get turn(): number | null {
    const p = this.engine.pending(this.state);
    if (p === null) return null;
    const seat = nextDecider(p);
    if (seat === null || seat < 0 || this.setup.seats[seat] !== 'human') return null;
    return seat;
  }

  get over(): boolean {
    return this.engine.result(this.state) !== null;
  }

  /** the game so far, as the state the engine keeps (tests; the page never shows it) */
  get current(): S {
    return this.state;
  }

  /** answers so far (chance draws as seat -1) */
  get actions(): LoggedAction[] {
    return this.steps.map(({ seat, action }) => ({ seat, action }));
  }

  /** agents and chance answer until a human seat must decide or the game ends */
  advance(): void {
    for (let n = 0; n < MAX_STEPS; n++) {
      const p = this.engine.pending(this.state);
      if (p === null) return;
      if (p.kind === 'chance') {
        const index = this.chance.chance(p.outcomes);
        this.record(-1, chanceAction(p, index), () => this.engine.applyChance(this.state, index));
        continue;
      }
      const seat = nextDecider(p)!;
      const agent = this.agents[seat];
      if (agent === undefined) return;
      const action = agent.act(this.engine, this.state, seat);
      this.record(seat, action, () => this.engine.apply(this.state, seat, action));
    }
    throw new Error(`no human decision and no end after ${MAX_STEPS} answers (${describePending(this.engine.pending(this.state)!)})`);
  }

  private record(seat: number, action: Action, next: () => S): void {
    const before = this.state;
    this.state = next();
    this.steps.push({ seat, action, before });
  }

  /** must the device be handed to `turn` first (another human decided last)? */
  get handOver(): boolean {
    const t = this.turn;
    return t !== null && this.humans.length > 1 && this.lastHuman !== -1 && t !== this.lastHuman;
  }

  /** a seat's view (what it may see, nothing else) */
  view(seat: number): SeatView {
    return this.engine.view(this.state, seat);
  }

  /** a seat's screen: its view in words, its options when it is asked */
  screen(seat: number, lang: Lang): SeatScreen {
    const view = this.engine.view(this.state, seat);
    const asked = this.turn === seat;
    const options = asked ? optionLabels(this.engine, this.state, seat, this.engine.legalActions(this.state, seat), this.decl, lang) : undefined;
    return seatScreen({ view, decl: this.decl, lang, since: this.seen[seat]!, ...(options ? { options } : {}) });
  }

  /** the seat whose turn it is answers with its option `index` (as listed on its screen) */
  act(seat: number, index: number): void {
    if (this.turn !== seat) throw new Error(`seat ${seat} is not asked now`);
    const legal = this.engine.legalActions(this.state, seat);
    const action = legal[index];
    if (action === undefined) throw new Error(`no option ${index} (seat ${seat} has ${legal.length})`);
    const seen = this.seen[seat]!;
    this.seen[seat] = this.engine.view(this.state, seat).log.length;
    this.lastHuman = seat;
    this.record(seat, action, () => this.engine.apply(this.state, seat, action));
    this.steps[this.steps.length - 1]!.seen = seen;
  }

  /**
   * Where undo for `seat` would go back to: the step of its last decision, if nothing between it
   * and now is a chance draw, a reveal or another human's decision (else undefined).
   */
  undoPoint(seat: number): number | undefined {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const st = this.steps[i]!;
      if (st.seat === -1) return undefined;
      if (st.seat !== seat && this.setup.seats[st.seat] === 'human') return undefined;
      const after = i + 1 < this.steps.length ? this.steps[i + 1]!.before : this.state;
      if (this.reveals(st.before, after)) return undefined;
      if (st.seat === seat) return i;
    }
    return undefined;
  }

  canUndo(seat: number): boolean {
    return this.undoPoint(seat) !== undefined;
  }

  /** back to before `seat`'s last decision (see undoPoint); false when it may not */
  undo(seat: number): boolean {
    const at = this.undoPoint(seat);
    if (at === undefined) return false;
    this.state = this.steps[at]!.before as S;
    this.seen[seat] = this.steps[at]!.seen ?? this.seen[seat]!;
    this.steps.length = at;
    this.lastHuman = seat;
    return true;
  }

  /** did some seat see the face of a card between the two states that it had not seen before? */
  private reveals(before: unknown, after: unknown): boolean {
    for (let seat = 0; seat < this.setup.players; seat++) {
      const known = faces(this.engine.view(before as S, seat));
      for (const f of faces(this.engine.view(after as S, seat))) if (!known.has(f)) return true;
    }
    return false;
  }

  /** the replay log of the game so far, as `rules replay` checks it (`hash`: sha256 hex of a state's JSON) */
  replayLog(hash: (state: unknown) => string): ReplayLog {
    return makeReplayLog(this.engine, this.config, this.actions, this.state, hash);
  }

  /**
   * A table from a replay log: its game replayed answer by answer (each checked legal), the seats
   * as given. Throws an Error saying what is wrong. The state hash is the caller's to compare.
   */
  static fromLog<S>(engine: Engine<S>, text: string, seats: SeatKind[], agentSeed: number, decl?: Declarations): Table<S> {
    const log = parseReplayLog(text);
    if (log.game !== engine.id) throw new Error(`this log is for the game '${log.game}', not '${engine.id}'`);
    if (log.chance !== 'external') throw new Error('this log was played without external chance draws: load it with `rules replay`');
    if (log.players !== seats.length) throw new Error(`this log is for ${log.players} players`);
    const table = new Table(engine, { players: log.players, seed: log.seed, options: log.options, seats, agentSeed }, decl);
    log.actions.forEach(({ seat, action }, i) => {
      const p = engine.pending(table.state);
      if (p === null) throw new Error(`action ${i}: the game is already over`);
      if (seat === -1) {
        if (p.kind !== 'chance' || typeof action.value !== 'number' || action.value < 0 || action.value >= p.outcomes) throw new Error(`action ${i}: not a chance draw here`);
        const index = action.value;
        table.record(-1, action, () => engine.applyChance(table.state, index));
        return;
      }
      if (p.kind !== 'choice' || !p.waitingFor.includes(seat)) throw new Error(`action ${i}: seat ${seat} is not asked here`);
      const key = stableStringify(action);
      if (!engine.legalActions(table.state, seat).some((a) => stableStringify(a) === key)) throw new Error(`action ${i}: not a legal answer of seat ${seat}`);
      table.record(seat, action, () => engine.apply(table.state, seat, action));
    });
    for (let s = 0; s < table.seen.length; s++) table.seen[s] = engine.view(table.state, s).log.length;
    return table;
  }
}

/** the faces of the cards a view shows: `card:kind` or `card:front` */
function faces(v: SeatView): Set<string> {
  const out = new Set<string>();
  const note = (cards: Json[]): void => {
    for (const c of cards) {
      if (c === null || typeof c !== 'object' || Array.isArray(c)) continue;
      out.add(`${String(c['card'])}:${String(c['kind'] ?? c['front'])}`);
    }
  };
  Object.values(v.zones).forEach(note);
  v.seats.forEach((s) => Object.values(s.zones).forEach(note));
  return out;
}
