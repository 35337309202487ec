/**
 * A setting of a game to compare another against: its options, and changed data — a var's
 * starting value given anew, e.g. a table `stillOutput=[20, 20, 20, 20, 20]` — without editing
 * the rules folder. The value is an expression of the spec language, put where the var's
 * `initial` stands and checked by the same compiler (an error is reported at that var, with what
 * was given): data, never code.
 */
import { compileProgram } from '../interpreter/compile/index.ts';
import { makeEngine } from '../interpreter/engine.ts';
import type { EngineTools } from '../interpreter/api.ts';
import { formatDiagnostic, hasErrors } from '../loader/diagnostics.ts';
import { loadSpecFolder } from '../loader/load-folder.ts';

/** a var (game or seat var) whose starting value is given anew */
export interface Override {
  /** the var's id */
  id: string;
  /** an expression of the spec language, as a var's `initial` takes it */
  value: string;
}

/** what is wrong with an override, in words (the caller says where it was given) */
export class OverrideError extends Error {}

/** `name=expression` → an override (the expression is checked when the game is compiled) */
export function parseOverride(raw: string): Override {
  const eq = raw.indexOf('=');
  const id = eq > 0 ? raw.slice(0, eq).trim() : '';
  const value = eq > 0 ? raw.slice(eq + 1).trim() : '';
  if (!/^[a-z][A-Za-z0-9]*$/.test(id) || value === '') throw new OverrideError(`expects var=expression (e.g. stillOutput=[20, 20, 20, 20, 20]), got '${raw}'`);
  return { id, value };
}

/**
 * The game in `dir` with the overrides applied, compiled; throws OverrideError naming a var the
 * game does not declare, or with the compiler's messages when a value does not fit its var.
 */
export function compileWithOverrides(dir: string, overrides: readonly Override[]): EngineTools {
  const loaded = loadSpecFolder(dir);
  if (!loaded.spec || hasErrors(loaded.diagnostics)) throw new OverrideError(`the game in ${dir} does not load: run rules validate`);
  // a copy of the spec's var lists, the changed vars replaced (the loaded spec is not written)
  const spec = { ...loaded.spec.spec, vars: [...(loaded.spec.spec.vars ?? [])], seatVars: [...(loaded.spec.spec.seatVars ?? [])] };
  for (const o of overrides) {
    const list = spec.vars.some((v) => v.id === o.id) ? spec.vars : spec.seatVars.some((v) => v.id === o.id) ? spec.seatVars : undefined;
    if (list === undefined) {
      const names = [...spec.vars, ...spec.seatVars].map((v) => v.id);
      throw new OverrideError(`no var '${o.id}' in ${loaded.spec.spec.game?.id ?? dir}; vars: ${names.join(', ')}`);
    }
    const at = list.findIndex((v) => v.id === o.id);
    const original = list[at]!;
    const changed = { ...original, initial: o.value };
    list[at] = changed;
    // diagnostics about the changed var point where the original stands
    const where = loaded.spec.where.bind(loaded.spec);
    const whereInValue = loaded.spec.whereInValue.bind(loaded.spec);
    loaded.spec = {
      ...loaded.spec,
      where: (obj, key) => where(obj === changed ? original : obj, key),
      whereInValue: (obj, key, offset) => whereInValue(obj === changed ? original : obj, key, offset),
    };
  }
  const compiled = compileProgram({ ...loaded.spec, spec });
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  if (!compiled.program || errors.length > 0) {
    throw new OverrideError(`the changed values do not compile:\n${errors.map((d) => formatDiagnostic(d)).join('\n')}`);
  }
  return makeEngine(compiled.program);
}

/** `name=expression` pairs written the one way, for a report's header */
export function overridesText(overrides: readonly Override[]): string[] {
  return overrides.map((o) => `${o.id}=${o.value}`);
}
