/**
 * Spec → Program. Stages: declarations, functions, end rules, outcome, then the setup and flow
 * rules into one instruction list, then static checks over the instructions.
 */
import type { Diagnostic } from '../../loader/diagnostics.ts';
import type { LoadedSpec } from '../../loader/load-folder.ts';
import type { Program } from '../program.ts';
import { Compiler, Env, isNode, type Node } from './compiler.ts';
import { compileDeclarations, list } from './declarations.ts';
import { EffectCompiler } from './effects.ts';
import { compileEnds, compileFunctions, compileOutcome } from './outcome.ts';
import { checkReachable } from './reachability.ts';
import { MAX_PLAYERS } from '../../limits.ts';
import { codegenMode, type CodegenMode } from '../../codegen/unit.ts';

/**
 * `codegen`: when the expressions become generated code (CodegenMode in src/codegen/unit.ts;
 * `true` is `eager`, `false` is `off`; default: RULES_CODEGEN, else `tiered`);
 * `makeFunction`: the Function constructor generated code is made with (tests: one that refuses)
 */
export function compileProgram(
  loaded: LoadedSpec,
  opts: { onExpression?: Compiler['onExpression']; codegen?: boolean | CodegenMode; makeFunction?: FunctionConstructor } = {},
): { program?: Program; diagnostics: Diagnostic[] } {
  const mode: CodegenMode = opts.codegen === true ? 'eager' : opts.codegen === false ? 'off' : (opts.codegen ?? codegenMode());
  const spec = loaded.spec as unknown as Node;
  const game = isNode(spec['game']) ? spec['game'] : {};
  const players = isNode(game['players']) ? game['players'] : {};
  const program: Program = {
    id: String(game['id'] ?? ''),
    name: (game['name'] ?? { en: '', zh: '' }) as Program['name'],
    minPlayers: Number(players['min'] ?? 1),
    maxPlayers: Number(players['max'] ?? 1),
    options: [],
    cards: [],
    propNames: [],
    cardPropTypes: {},
    spaces: [],
    vars: [],
    seatVars: [],
    zones: [],
    gameSlots: 0,
    seatSlots: 0,
    code: [],
    slots: 0,
    scratch: [],
    ends: [],
    results: [],
    chooses: new Map(),
    functions: new Map(),
    choiceProofs: [],
  };
  const cc = new Compiler(loaded, program, mode !== 'off', opts.makeFunction);
  cc.onExpression = opts.onExpression;
  if (!isNode(spec['game'])) cc.error(spec, undefined, "the game has no 'game:' section (id, name, players)");
  else checkPlayers(cc, players, program);

  compileDeclarations(cc, spec);
  if (typeof game['roundVar'] === 'string') {
    const i = program.vars.findIndex((v) => v.id === game['roundVar']);
    if (i < 0 || program.vars[i]!.type !== 'number') cc.error(game, 'roundVar', `roundVar '${String(game['roundVar'])}' must name a number var`);
    else program.roundVar = i;
  }
  compileFunctions(cc, spec);
  compileEnds(cc, spec);
  compileOutcome(cc, spec);

  const effects = new EffectCompiler(cc, spec);
  for (const section of ['setup', 'flow']) for (const rule of list(spec, section)) effects.ruleNode(rule, new Env());
  cc.emit({ op: 'finish' }, 'flow');
  effects.compileBodies(); // after the flow: procedures and triggers it calls, each once

  checkReachable(cc, spec);
  program.code = cc.code;
  program.ruleAt = cc.ruleAt;
  program.ruleEntry = cc.ruleEntry;
  program.placeOf = placesOf(loaded, cc.siteAt);
  const outcome = spec['outcome'];
  if (isNode(outcome) && typeof outcome['score'] === 'string')
    program.scorePlace = (span) => (span ? loaded.whereInValue(outcome, 'score', span.offset) : loaded.where(outcome, 'score'));
  program.functions = cc.functions;
  program.slots = cc.slots;
  const hasErrors = cc.diagnostics.some((d) => d.severity === 'error');
  // all expressions are known now: one generated source for the program (closures where that cannot
  // be), now or, tiered, when the engine finds the program has run long enough to repay it
  const unit = cc.unit;
  if (!hasErrors && unit !== undefined) {
    if (mode === 'eager') unit.finish(program);
    else
      program.generate = () => {
        program.generate = undefined;
        unit.finish(program);
      };
  }
  return hasErrors ? { diagnostics: cc.diagnostics } : { program, diagnostics: cc.diagnostics };
}

/** pc -> the effect that emitted it; with a run-time error's span, the character in the one
 *  expression of that effect the span fits in (when only one does) */
function placesOf(loaded: LoadedSpec, sites: (object | undefined)[]): NonNullable<Program['placeOf']> {
  return (pc, span) => {
    const node = sites[pc];
    if (!node) return undefined;
    if (span) {
      const fits = Object.entries(node).filter(([, v]) => typeof v === 'string' && span.offset + span.length <= v.length);
      if (fits.length === 1) return loaded.whereInValue(node, fits[0]![0], span.offset);
    }
    return loaded.where(node);
  };
}

function checkPlayers(cc: Compiler, players: Node, p: Program): void {
  if (p.maxPlayers > MAX_PLAYERS) cc.error(players, 'max', `a game may be for at most ${MAX_PLAYERS} players, not ${p.maxPlayers}`);
  else if (p.minPlayers > p.maxPlayers)
    cc.error(players, 'min', `players.min (${p.minPlayers}) is more than players.max (${p.maxPlayers}): no player count is allowed`, 'swap them, or give the same number for a game of exactly that many players');
}
