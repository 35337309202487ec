/**
 * The engine in the page: what site/.vitepress/theme/PlayTable.vue loads (as /play/engine.js,
 * built by src/web/bundle.ts). A game arrives as its checked spec (plain JSON: no YAML parsing and
 * no schema check here) and is compiled here — into generated code where the page allows it, on the
 * closures where it does not (a Content-Security-Policy without 'unsafe-eval': the Function
 * constructor throws, and the closures run the same game).
 */
import { compileProgram } from '../interpreter/compile/index.ts';
import { makeEngine } from '../interpreter/engine.ts';
import type { Engine, EngineTools, Json } from '../interpreter/api.ts';
import type { LoadedSpec } from '../loader/load-folder.ts';
import type { Spec } from '../loader/types.generated.ts';
import { codegenReport } from '../codegen/unit.ts';
import { declarations, type Declarations } from '../present/declarations.ts';
import { SEAT_KINDS, Table, type SeatKind, type TableSetup } from '../present/table.ts';

export { SEAT_KINDS, Table, type SeatKind, type TableSetup };
import { seatScreen, type SeatScreen } from '../present/screen.ts';
export type { SeatScreen };

/** what the site ships for one game (public/play/<game>.json, src/docgen/play-data.ts) */
export interface PlayData {
  id: string;
  name: { en: string; zh: string };
  /** the checked spec (validated when the site was generated) */
  spec: unknown;
  /** rule id -> the page of the game's rules site it is on (its anchor is its id) */
  rulePages: Record<string, string>;
}

export interface LoadedGame {
  engine: Engine<unknown>;
  /** 'generated': the game runs on generated code; 'closures': on the closure compiler's functions */
  code: 'generated' | 'closures';
  /** why the closures run, when they do */
  why?: string;
  declarations(options: Record<string, Json>): Declarations;
}

/** may this page make functions from strings (no CSP forbids it)? asked once */
function codeFromStringsAllowed(): boolean {
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
}

/** a spec that was checked when the site was built: positions are not known here */
function loadedFrom(spec: Spec, id: string): LoadedSpec {
  const nowhere = { file: `${id} (as shipped)`, line: 1, col: 1 };
  return { dir: id, files: [], spec, where: () => nowhere, whereInValue: () => nowhere };
}

export function loadGame(data: PlayData): LoadedGame {
  const spec = data.spec as Spec;
  const allowed = codeFromStringsAllowed();
  const { program, diagnostics } = compileProgram(loadedFrom(spec, data.id), { codegen: allowed ? 'eager' : 'off' });
  if (!program) throw new Error(`the game ${data.id} does not compile here: ${diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('; ')}`);
  const engine = makeEngine(program);
  const report = codegenReport(program);
  const code = report?.mode === 'generated' ? 'generated' : 'closures';
  const loaded: LoadedGame = { engine, code, declarations: (options) => declarations(spec, options, (c) => engine.answerType(c)) };
  if (code === 'closures') loaded.why = report?.reason ?? 'code generation from strings is not allowed in this page';
  return loaded;
}

/** sha256 (hex) of a state's JSON, as `rules replay` computes it; undefined where the page has no Web Crypto */
export async function stateHash(state: unknown): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const bytes = await subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(state)));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** a seed nobody can guess (the page's crypto), in [0, 2^31) */
export function secretSeed(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0]! & 0x7fffffff;
}

/** an option of the game as the setup form offers it: its words from the spec */
export interface OptionChoice {
  id: string;
  label: string;
  type: 'bool' | 'number' | 'string';
  default: Json;
  values?: Json[];
}

/** what the setup form offers: player counts, the options in words, the seat kinds */
export function setupChoices(game: LoadedGame, data: PlayData, lang: 'en' | 'zh'): { minPlayers: number; maxPlayers: number; options: OptionChoice[]; seatKinds: readonly SeatKind[] } {
  const texts = new Map(((data.spec as Spec).options ?? []).map((o) => [o.id, o.text?.[lang]]));
  const options = game.engine.options.map((o) => {
    const c: OptionChoice = { id: o.id, label: texts.get(o.id) ?? o.id, type: o.type, default: o.default };
    if (o.values) c.values = o.values;
    return c;
  });
  return { minPlayers: game.engine.minPlayers, maxPlayers: game.engine.maxPlayers, options, seatKinds: SEAT_KINDS };
}

/**
 * A seat's screen of a state the worked examples step through (an example's state after a step):
 * `since` is the log length of the step before, so what the step changed is told as new.
 */
export function stateScreen(game: LoadedGame, decl: Declarations, state: unknown, seat: number, since: number, lang: 'en' | 'zh'): SeatScreen {
  return seatScreen({ view: game.engine.view(state, seat), decl, lang, since });
}

/** the length of a seat's log in a state (where the next step's changes begin) */
export function logLength(game: LoadedGame, state: unknown, seat: number): number {
  return game.engine.view(state, seat).log.length;
}

/** does an expectation of a worked example hold in this state (evaluated here, by the page's engine)? */
export function holds(game: LoadedGame, state: unknown, expr: string): boolean {
  try {
    return (game.engine as EngineTools<unknown>).evaluate(state, expr) === true;
  } catch {
    return false;
  }
}
