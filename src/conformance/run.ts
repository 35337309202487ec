/**
 * Run one loaded scenario against its game: create, arrange `given`, play the `do` steps, check
 * `expect` and `expectResult`. Every failure is a diagnostic at the step, key or character of
 * the scenario file it is about. The run stops at the first failing step (later steps depend on
 * it); the final expectations are all checked, each on its own.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveSeed, randomSeatAgents, type Agent } from '../agents/random-agent.ts';
import { describePending, nextDecider } from '../agents/playout.ts';
import { idHint, suggest } from '../expr/index.ts';
import { openGame } from '../games.ts';
import type { Action, EngineTools, Given, Pending } from '../interpreter/api.ts';
import { formatDiagnostic, hasErrors, type Diagnostic } from '../loader/diagnostics.ts';
import type { Located, YamlFile } from '../loader/yaml-file.ts';
import { checkExpectation, evaluate, show, type ExprProblem } from './expect.ts';
import type { LoadedScenario } from './load.ts';
import {
  isAnswersStep,
  isChoiceStep,
  isExpectStep,
  isGivenStep,
  isPlayStep,
  type AnswersStep,
  type ChoiceStep,
  type ExpectResult,
  type PlayStep,
  type Scenario,
  type StepValue,
} from './types.ts';

export const defaultRulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));

export interface RunOptions {
  /** where the games are (default: the repository's rules/) */
  rulesDir?: string;
  /** the scenario's game, already compiled (the rules site runs scenarios on the specs it just checked) */
  opened?: Opened;
  /** told the state after the given (step -1), after each step of `do` (with a checkpoint's
   *  expectations), and at the end (step `do.length`, with the final `expect`): the site steps
   *  through these on the table of the worked examples */
  onFrame?: (frame: ScenarioFrame) => void;
}

/** a scenario's state at one of its steps, with the expectations that must hold there */
export interface ScenarioFrame {
  step: number;
  state: unknown;
  expect: string[];
}

const DEFAULT_PLAY_STEPS = 10000;

type Opened = ReturnType<typeof openGame>;
const engines = new Map<string, Opened>();

/** Each game is loaded and compiled once per process. */
function engineFor(rulesDir: string, game: string): Opened {
  const key = `${resolve(rulesDir)}\u0000${game}`;
  let opened = engines.get(key);
  if (!opened) engines.set(key, (opened = openGame(rulesDir, game)));
  return opened;
}

/** A failure that ends the run. */
class Stop extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
  }
}

/** Run a scenario that loaded without errors; returns the problems found (none: it passed). */
export function runScenario(loaded: LoadedScenario, opts: RunOptions = {}): Diagnostic[] {
  const sc = loaded.scenario;
  if (!sc || hasErrors(loaded.diagnostics)) return [];
  const opened = opts.opened ?? engineFor(opts.rulesDir ?? defaultRulesDir, sc.game);
  const file = loaded.file;
  if (!opened.engine) {
    const first = opened.diagnostics.find((d) => d.severity === 'error');
    return [
      {
        ...file.whereInValue(sc, 'game', 0),
        severity: 'error',
        message: first && /^no game /.test(first.message) ? first.message : `game '${sc.game}' does not compile, so this scenario cannot run`,
        hint: first ? (first.hint ?? formatDiagnostic(first)) : `run: rules validate rules/${sc.game}`,
      },
    ];
  }
  const runner = new Runner(opened.engine, file, sc, opts.onFrame);
  try {
    runner.run();
    return [...runner.warnings, ...runner.finalChecks()];
  } catch (e) {
    if (e instanceof Stop) return [...runner.warnings, ...e.diagnostics];
    return [{ ...file.where(sc), severity: 'error', message: `the runner failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}` }];
  }
}

class Runner<S> {
  private state!: S;
  /** the flow stopped where a rule begins (`until: {enter}`): nothing is pending until it runs on */
  private stopped = false;
  /** the rule it stopped at */
  private stoppedAt: string | undefined;
  /** what does not stop the run but makes it doubtful (the suite fails on them too) */
  readonly warnings: Diagnostic[] = [];

  constructor(
    private readonly engine: EngineTools<S>,
    private readonly file: YamlFile,
    private readonly sc: Scenario,
    private readonly onFrame?: (frame: ScenarioFrame) => void,
  ) {}

  private fail(at: Located, message: string, hint?: string): never {
    throw new Stop([{ ...at, severity: 'error', message, ...(hint ? { hint } : {}) }]);
  }

  private exprFail(list: object, key: string | number, problems: ExprProblem[]): never {
    throw new Stop(problems.map((p) => this.exprDiagnostic(list, key, p)));
  }

  private exprDiagnostic(obj: object, key: string | number, p: ExprProblem): Diagnostic {
    return { ...this.file.whereInValue(obj, key, p.offset), severity: 'error', message: p.message, ...(p.hint ? { hint: p.hint } : {}) };
  }

  run(): void {
    const { sc, engine, file } = this;
    this.checkConfig();
    try {
      this.state = engine.create({ players: sc.players, seed: sc.seed ?? 1, ...(sc.options ? { options: sc.options } : {}) });
    } catch (e) {
      this.fail(file.where(sc, sc.options ? 'options' : 'players'), `the game cannot be created: ${messageOf(e)}`);
    }
    if (sc.given) this.arrange(sc.given, sc, 'given');
    this.onFrame?.({ step: -1, state: this.state, expect: [] });
    const steps = sc.do ?? [];
    steps.forEach((step, i) => {
      const at = file.where(steps, i);
      if (isExpectStep(step)) this.checkpoint(step.expect);
      else if (isGivenStep(step)) this.arrange(step.given, step, 'given');
      else if (isPlayStep(step)) this.play(step, i, at);
      else {
        this.runOn(at);
        if (isAnswersStep(step)) this.answers(step, at);
        else if (isChoiceStep(step)) this.choice(step, at);
      }
      this.onFrame?.({ step: i, state: this.state, expect: isExpectStep(step) ? step.expect : [] });
    });
    this.onFrame?.({ step: steps.length, state: this.state, expect: sc.expect ?? [] });
  }

  /** the final `expect` list (every failing one is reported) and `expectResult` */
  finalChecks(): Diagnostic[] {
    const { sc } = this;
    const out: Diagnostic[] = [];
    const list = sc.expect ?? [];
    list.forEach((src, i) => {
      for (const p of checkExpectation(this.engine, this.state, src)) out.push(this.exprDiagnostic(list, i, p));
    });
    if (sc.expectResult) out.push(...this.checkResult(sc.expectResult));
    return out;
  }

  // ---- setup

  private checkConfig(): void {
    const { sc, engine, file } = this;
    if (sc.players < engine.minPlayers || sc.players > engine.maxPlayers) {
      this.fail(file.whereInValue(sc, 'players', 0), `${engine.id} is for ${engine.minPlayers} to ${engine.maxPlayers} players, not ${sc.players}`);
    }
    const opts = sc.options ?? {};
    for (const [id, value] of Object.entries(opts)) {
      const decl = engine.options.find((o) => o.id === id);
      if (!decl) {
        this.fail(file.where(opts, id), `${engine.id} has no option '${id}'`, idHint(id, engine.options.map((o) => o.id), 'its options'));
      }
      const type = decl.type === 'bool' ? 'boolean' : decl.type;
      if (typeof value !== type) this.fail(file.whereInValue(opts, id, 0), `option '${id}' is a ${decl.type}, not ${show(value)}`);
      if (decl.values && !decl.values.includes(value)) this.fail(file.whereInValue(opts, id, 0), `option '${id}' must be one of ${decl.values.map((v) => show(v)).join(', ')}`);
    }
  }

  /** arrange the state as `given` says, after checking its names against the game */
  private arrange(given: Given, owner: object, key: string): void {
    const { engine, file } = this;
    const at = file.where(owner, key);
    const view = engine.view(this.state, 0);
    const names = {
      vars: Object.keys(view.vars),
      zones: Object.keys(view.zones),
      seatVars: Object.keys(view.seats[0]?.vars ?? {}),
      seatZones: Object.keys(view.seats[0]?.zones ?? {}),
    };
    const kinds = new Set(engine.kindsInPlay(this.state));
    const unknown = (obj: object, name: string, known: string[], what: string): never => {
      this.fail(file.where(obj, name), `${engine.id} has no ${what} '${name}'`, idHint(name, known, `the ${what}s`));
    };
    const checkZones = (zones: Record<string, string[]>, known: string[], what: string) => {
      for (const [z, list] of Object.entries(zones)) {
        // a keyed zone's entry is named zone[item]; the engine checks the item
        const zone = z.replace(/\[[^\]]*\]$/, '');
        if (!known.includes(z) && !known.includes(zone)) unknown(zones, z, known, what);
        list.forEach((k, i) => {
          if (kinds.has(k)) return;
          const guess = suggest(k, kinds);
          this.fail(file.whereInValue(list, i, 0), `there is no card of kind '${k}' in ${engine.id} (with these options and players)`, guess ? `did you mean '${guess}'?` : undefined);
        });
      }
    };
    for (const name of Object.keys(given.vars ?? {})) if (!names.vars.includes(name)) unknown(given.vars!, name, names.vars, 'variable');
    checkZones(given.zones ?? {}, names.zones, 'game zone');
    checkZones(given.shuffles ?? {}, names.zones, 'game zone');
    for (const [seatKey, seat] of Object.entries(given.seats ?? {})) {
      const n = Number(seatKey);
      if (n >= this.sc.players) this.fail(file.where(given.seats!, seatKey), `there is no seat ${seatKey}: seats are 0 to ${this.sc.players - 1}`);
      for (const name of Object.keys(seat.vars ?? {})) if (!names.seatVars.includes(name)) unknown(seat.vars!, name, names.seatVars, 'seat variable');
      checkZones(seat.zones ?? {}, names.seatZones, 'seat zone');
      checkZones(seat.shuffles ?? {}, names.seatZones, 'seat zone');
    }
    const stale = engine.pendingComputedReads(this.state);
    if (stale) {
      const lets = stale.locals.map((l) => `'${l}'`).join(', ');
      this.warnings.push({
        ...at,
        severity: 'warning',
        message: `this given re-asks the pending choice '${stale.choice}', but its options read ${lets}, which the flow worked out before it was asked: they keep their old values`,
        hint: `arrange before the rule that works them out: a step {play: random, until: {enter: ${stale.rule}}} (or an earlier stop), then this given`,
      });
    }
    try {
      this.state = engine.arrange(this.state, given);
    } catch (e) {
      this.fail(at, `cannot arrange this: ${messageOf(e)}`);
    }
  }

  // ---- steps

  private checkpoint(list: string[]): void {
    const problems: Diagnostic[] = [];
    list.forEach((src, i) => {
      for (const p of checkExpectation(this.engine, this.state, src)) problems.push(this.exprDiagnostic(list, i, p));
    });
    if (problems.length > 0) throw new Stop(problems);
  }

  /** the pending choice, which must be `choice` */
  private pendingChoice(choice: string, at: Located): Pending & { kind: 'choice' } {
    const p = this.engine.pending(this.state);
    if (p === null) this.fail(at, `expected choice '${choice}' to be pending, but the game is over (${this.resultSummary()})`);
    if (p.kind === 'chance') this.fail(at, `expected choice '${choice}' to be pending, but a chance draw of rule '${p.rule}' is`);
    if (p.choice !== choice) {
      this.fail(at, `expected choice '${choice}' to be pending, but ${describePending(p)} is now`, 'a choice the scenario skips must still be answered: add a step for it before this one');
    }
    return p;
  }

  /** why `seat` cannot answer the pending choice now, or undefined when it can */
  private notWaiting(p: Pending & { kind: 'choice' }, seat: number): string | undefined {
    if (p.waitingFor.includes(seat)) return undefined;
    if (p.seats.includes(seat)) return `seat ${seat} has already answered '${p.choice}'`;
    return `seat ${seat} does not decide in '${p.choice}' now; the deciding seat(s): ${p.seats.join(', ')}`;
  }

  private choice(step: ChoiceStep, at: Located): void {
    const { engine, file } = this;
    const p = this.pendingChoice(step.choice, at);
    const valueAt = file.whereInValue(step, 'value', 0);
    if (step.legal === false) {
      if (!p.waitingFor.includes(step.seat)) return; // the seat may not answer at all: refused
      const action = this.resolve(step.seat, step.choice, step.value);
      if (action) {
        this.fail(valueAt, `expected seat ${step.seat} not to be allowed to answer ${show(step.value)} to '${step.choice}' now, but it is a legal answer`, `legal answers: ${this.legalList(step.seat, step.value)}`);
      }
      return;
    }
    const why = this.notWaiting(p, step.seat);
    if (why) this.fail(file.whereInValue(step, 'seat', 0), why);
    const action = this.resolve(step.seat, step.choice, step.value);
    if (!action) this.fail(valueAt, `${show(step.value)} is not a legal answer of seat ${step.seat} to '${step.choice}' now`, `legal answers: ${this.legalList(step.seat, step.value)}`);
    this.apply(step.seat, action, at);
  }

  private answers(step: AnswersStep, at: Located): void {
    const { file } = this;
    const p = this.pendingChoice(step.choice, at);
    const explicit = Object.keys(step.answers).filter((k) => k !== '*');
    for (const k of explicit) {
      const why = this.notWaiting(p, Number(k));
      if (why) this.fail(file.where(step.answers, k), why);
    }
    const answerOf = (seat: number): { value: StepValue; key: string } | undefined => {
      if (String(seat) in step.answers) return { value: step.answers[String(seat)]!, key: String(seat) };
      if ('*' in step.answers) return { value: step.answers['*']!, key: '*' };
      return undefined;
    };
    const missing = p.waitingFor.filter((s) => !answerOf(s));
    if (missing.length > 0) {
      this.fail(file.where(step, 'answers'), `seat(s) ${missing.join(', ')} must answer '${step.choice}' too`, `add them to answers, or answer every other seat with "*": <value>`);
    }
    // answer one by one, in the engine's order, while this choice waits for a seat we have an answer for
    const done = new Set<number>();
    for (;;) {
      const now = this.engine.pending(this.state);
      if (now === null || now.kind !== 'choice' || now.choice !== step.choice) break;
      const seat = now.waitingFor.find((s) => !done.has(s) && answerOf(s));
      if (seat === undefined) break;
      done.add(seat);
      const { value, key } = answerOf(seat)!;
      const action = this.resolve(seat, step.choice, value);
      if (!action) {
        this.fail(file.whereInValue(step.answers, key, 0), `${show(value)} is not a legal answer of seat ${seat} to '${step.choice}' now`, `legal answers: ${this.legalList(seat, value)}`);
      }
      this.apply(seat, action, at);
    }
  }

  private play(step: PlayStep, index: number, at: Located): void {
    const { engine, file, sc } = this;
    const seed = step.seed ?? deriveSeed(sc.seed ?? 1, index + 1);
    const agents: Agent[] = randomSeatAgents(seed, sc.players).seats;
    const maxSteps = step.maxSteps ?? DEFAULT_PLAY_STEPS;
    const enter = typeof step.until === 'object' ? step.until.enter : undefined;
    if (enter !== undefined && !engine.enterableRules().includes(enter)) {
      const guess = suggest(enter, engine.enterableRules());
      this.fail(file.whereInValue(step.until as object, 'enter', 0), `${engine.id} has no rule '${enter}' that the flow can enter`, guess ? `did you mean '${guess}'?` : 'name a rule, procedure or trigger of the game that runs');
    }
    const until = typeof step.until === 'string' ? step.until : undefined;
    if (this.runOn(at, enter)) return;
    const holds = (): boolean => {
      if (until === undefined) return false;
      const r = evaluate(engine, this.state, until);
      if (!r.ok) this.exprFail(step, 'until', r.problems);
      if (typeof r.value !== 'boolean') {
        this.fail(file.whereInValue(step, 'until', 0), `'until' must be a condition, but ${until} is ${show(r.value)}`);
      }
      return r.value;
    };
    for (let n = 0; ; n++) {
      if (holds()) return;
      const p = engine.pending(this.state);
      if (p === null) {
        if (step.until === undefined) return;
        this.fail(file.where(step, 'until'), `the game ended (${this.resultSummary()}) before ${enter !== undefined ? `the flow entered rule '${enter}'` : `${until} held`}`);
      }
      if (n >= maxSteps) this.fail(at, `no end after ${maxSteps} decisions (still pending: ${describePending(p)})`);
      const seat = nextDecider(p);
      if (seat === null || seat < 0) this.fail(at, `cannot play ${describePending(p)}`);
      let action: Action | undefined;
      const preferred = p.kind === 'choice' ? step.prefer?.[p.choice] : undefined;
      if (preferred !== undefined && p.kind === 'choice') {
        for (const v of Array.isArray(preferred) ? preferred : [preferred]) {
          action = this.resolve(seat, p.choice, v);
          if (action) break;
        }
      }
      action ??= agents[seat]!.act(engine, this.state, seat);
      if (this.apply(seat, action, at, enter)) return;
    }
  }

  /** where the engine left the flow: stopped at `rule`'s entry, or at a decision or the end */
  private took(r: { state: S; stopped: boolean }, rule: string | undefined): boolean {
    this.state = r.state;
    this.stopped = r.stopped;
    if (r.stopped) this.stoppedAt = rule;
    return r.stopped;
  }

  /**
   * A state stopped where a rule begins runs on: to its next decision, or until it enters `rule`
   * (the rule it is stopped at counts only at its next entry; another rule that begins right here
   * has been entered already). True if it stopped at `rule`.
   */
  private runOn(at: Located, rule?: string): boolean {
    if (!this.stopped) return false;
    try {
      return this.took(this.engine.resume(this.state, rule, rule !== this.stoppedAt), rule);
    } catch (e) {
      this.fail(at, `the engine failed running on from the stop: ${messageOf(e)}`);
    }
  }

  /** apply an answer; with `rule`, stop where the flow enters it if it does before the next decision (true then) */
  private apply(seat: number, action: Action, at: Located, rule?: string): boolean {
    try {
      if (rule !== undefined) return this.took(this.engine.applyUntil(this.state, seat, action, rule), rule);
      this.state = this.engine.apply(this.state, seat, action);
      return false;
    } catch (e) {
      this.fail(at, `the engine failed on seat ${seat}'s answer ${this.engine.describe(action, 'en')} to '${action.choice}': ${messageOf(e)}`);
    }
  }

  // ---- answers

  /**
   * The legal action of `seat` that `value` names: the legal value itself, or, for a card
   * choice (legal values are card ids), the card of kind `value`.
   */
  private resolve(seat: number, choice: string, value: StepValue): Action | undefined {
    const legal = this.engine.legalActions(this.state, seat).filter((a) => a.choice === choice);
    const exact = legal.find((a) => a.value === value);
    if (exact) return exact;
    // cards are named by kind and places by id: the engine tells what each answer stands for
    if (typeof value === 'string') {
      const named = legal.find((a) => this.engine.answerId(this.state, a) === value);
      if (named) return named;
      // `none` is the word the hint prints for the none answer (Done, "no card")
      if (value === 'none') return legal.find((a) => a.value === null);
    }
    return undefined;
  }

  /** what the seat may answer, written the way the scenario wrote its value */
  private legalList(seat: number, like: StepValue): string {
    const legal = this.engine.legalActions(this.state, seat);
    if (legal.length === 0) return 'none (this seat has nothing to decide now)';
    const byId = typeof like === 'string';
    return legal
      .map((a) => {
        const name = this.engine.describe(a, 'en', this.state);
        const v = (byId ? this.engine.answerId(this.state, a) : undefined) ?? show(a.value);
        return name && name !== v && name !== show(a.value) ? `${v} (${name})` : v;
      })
      .join(', ');
  }



  // ---- results

  private checkResult(want: ExpectResult): Diagnostic[] {
    const { file, sc } = this;
    const r = this.engine.result(this.state);
    if (r === null) {
      const p = this.engine.pending(this.state);
      return [
        {
          ...file.where(sc, 'expectResult'),
          severity: 'error',
          message: `expected the game to be over, but it is not${p ? ` (pending: ${describePending(p)})` : ''}`,
          hint: 'play on to the end, e.g. with a step {play: random}',
        },
      ];
    }
    const out: Diagnostic[] = [];
    const summary = `the game ended with end '${r.end}', result '${r.result}', winners ${show(r.winners)}, scores ${show(r.scores)}`;
    const bad = (key: keyof ExpectResult, message: string) =>
      out.push({ ...file.whereInValue(want, key, 0), severity: 'error', message: `${message}`, hint: summary });
    if (want.end !== undefined && want.end !== r.end) bad('end', `expected end '${want.end}', but the game ended by '${r.end}'`);
    if (want.result !== undefined && want.result !== r.result) bad('result', `expected result '${want.result}', but the winners were picked by '${r.result}'`);
    if (want.winners !== undefined) {
      const a = [...want.winners].sort((x, y) => x - y);
      const b = [...r.winners].sort((x, y) => x - y);
      if (a.join(',') !== b.join(',')) bad('winners', `expected winners ${show(a)}, but the winners are ${show(b)}`);
    }
    if (want.scores !== undefined && want.scores.join(',') !== r.scores.join(',')) {
      bad('scores', `expected scores ${show(want.scores)}, but the scores are ${show(r.scores)}`);
    }
    return out;
  }

  private resultSummary(): string {
    const r = this.engine.result(this.state);
    return r ? `end '${r.end}', winners ${show(r.winners)}` : 'no result';
  }
}

/** an error's message; an engine error that knows where in the rules it failed says so (the
 *  scenario's step is where it is reported, the rule's expression is where to look) */
function messageOf(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const at = (e as { at?: { file: string; line: number; col: number } }).at;
  return at ? `${e.message} (at ${at.file}:${at.line}:${at.col})` : e.message;
}

