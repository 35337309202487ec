/**
 * The typed form of a game, built once from its loaded files and shared by every pass that reads
 * the spec (compiler, choice prover, reachability, docgen, the language server):
 *
 * - every rule node with its section (the loader's list);
 * - every effect list (a root: a flow or setup rule, a procedure, a trigger, an effect list's
 *   default, what a card kind or place carries) and every effect in it, with its kind and the
 *   rule node that holds it — found by the one effect walker (src/effects/walk.ts);
 * - every expression field of the spec (as the schema types it: Expr, Lambda, ZoneRef, Path)
 *   parsed once to an AST, with where it stands in the YAML;
 * - the references between them resolved: procedures, triggers by event, effect lists, end rules.
 *
 * The spec objects themselves stay the schema-typed data (types.generated.ts); the model adds
 * what each pass used to work out again with a walker of its own.
 */
import { parseExpr, type Ast, type ExprError } from '../expr/index.ts';
import type { EffectKey } from '../effects/kind.ts';
import { walkEffects } from '../effects/walk.ts';
import type { LoadedSpec, Located } from '../loader/load-folder.ts';
import { ruleNodes, type AnyRuleNode, type RuleNodeEntry } from '../loader/rule-nodes.ts';
import type { Effect, EffectList, EndRule, Procedure, Spec, Trigger } from '../loader/types.generated.ts';
import { effectFields, specFields, type ExprField } from './schema-fields.ts';

/** one effect list of the spec that nothing else holds */
export interface EffectRoot {
  /** the rule node (or card kind, or place) whose list it is */
  owner: AnyRuleNode | { id: string };
  section: string;
  /** for a list carried by a card kind or place: the effect list's id */
  list?: string;
  effects: Effect[];
}

export interface EffectSite {
  effect: Effect;
  /** undefined for a map that is no effect (the schema has reported it) */
  key: EffectKey | undefined;
  /** the nearest rule node around it (a nested rule for the effects in its body) */
  rule: AnyRuleNode | { id: string };
  section: string;
  depth: number;
}

export interface ExprSite {
  obj: object;
  key: string | number;
  kind: ExprField;
  src: string;
  /** the AST (frozen, shared by every pass), or the parse errors */
  parsed: { ast: Ast } | { errors: ExprError[] };
}

export interface GameModel {
  loaded: LoadedSpec;
  spec: Spec;
  rules: readonly RuleNodeEntry[];
  roots: readonly EffectRoot[];
  effects: readonly EffectSite[];
  /** every expression field of the spec, in document order */
  exprs: readonly ExprSite[];
  /** the expression at obj[key], parsed (undefined when that field holds no expression) */
  expr(obj: object, key: string | number): ExprSite | undefined;
  /** where obj (or its key) stands in the YAML */
  where(obj: object, key?: string | number): Located;
  procedure(id: string): Procedure | undefined;
  triggersOn(event: string): readonly Trigger[];
  effectList(id: string): EffectList | undefined;
  end(id: string): EndRule | undefined;
  /** the ids of the procedures some effect calls, and the events some effect emits */
  called: ReadonlySet<string>;
  emitted: ReadonlySet<string>;
}

const built = new WeakMap<LoadedSpec, GameModel>();

/** the model of a loaded game, built on first use and then shared */
export function gameModel(loaded: LoadedSpec): GameModel {
  const known = built.get(loaded);
  if (known) return known;
  const model = build(loaded);
  built.set(loaded, model);
  return model;
}

/** every effect list of a spec that no effect holds: rule bodies, effect lists' defaults, what card kinds and places carry */
export function effectRoots(spec: Spec): EffectRoot[] {
  const out: EffectRoot[] = [];
  const rules = (section: string, nodes: readonly { id: string; do?: Effect[] }[] | undefined) => {
    for (const n of nodes ?? []) if (Array.isArray(n.do)) out.push({ owner: n as AnyRuleNode, section, effects: n.do });
  };
  rules('setup', spec.setup);
  rules('flow', spec.flow);
  rules('procedures', spec.procedures);
  rules('triggers', spec.triggers);
  rules('effectLists', spec.effectLists);
  const carried = (section: string, owner: { id: string; effects?: Record<string, Effect[]> }) => {
    for (const [list, effects] of Object.entries(owner.effects ?? {})) if (Array.isArray(effects)) out.push({ owner: owner as AnyRuleNode, section, list, effects });
  };
  for (const k of spec.cards ?? []) carried('cards', k);
  for (const set of spec.spaces ?? []) for (const item of set.items ?? []) carried('spaces', item);
  return out;
}

function build(loaded: LoadedSpec): GameModel {
  const spec = loaded.spec;
  const roots = effectRoots(spec);
  const effects: EffectSite[] = [];
  const exprs: ExprSite[] = [];
  const byObj = new WeakMap<object, Map<string | number, ExprSite>>();
  const addExpr = (obj: object, key: string | number, kind: ExprField) => {
    const src = (obj as Record<string | number, unknown>)[key] as string;
    const site: ExprSite = { obj, key, kind, src, parsed: parseExpr(src) };
    exprs.push(site);
    let m = byObj.get(obj);
    if (!m) byObj.set(obj, (m = new Map()));
    m.set(key, site);
  };
  const called = new Set<string>();
  const emitted = new Set<string>();
  const walkRoot = (owner: EffectSite['rule'], section: string, list: readonly Effect[]) => {
    walkEffects(list, (e, step) => {
      effects.push({ effect: e, key: step.key, rule: owner, section, depth: step.depth });
      effectFields(e, { expr: addExpr });
      if ('call' in e && typeof e.call === 'string') called.add(e.call);
      if ('emit' in e && typeof e.emit === 'string') emitted.add(e.emit);
      if ('rule' in e && typeof e.rule === 'object' && e.rule !== null) {
        walkRoot(e.rule, section, e.rule.do ?? []); // its effects belong to the nested rule
        return false;
      }
      return true;
    });
  };
  for (const r of roots) walkRoot(r.owner, r.section, r.effects);
  // the declarations' expressions (var values, function bodies, guards, ends, the outcome)
  specFields(spec, { expr: (obj, key, kind) => { if (!byObj.get(obj)?.has(key)) addExpr(obj, key, kind); } });

  const index = <T extends { id: string }>(nodes: readonly T[] | undefined) => new Map((nodes ?? []).map((n) => [n.id, n]));
  const procedures = index(spec.procedures);
  const lists = index(spec.effectLists);
  const ends = index(spec.ends);
  const triggers = new Map<string, Trigger[]>();
  for (const t of spec.triggers ?? []) if (typeof t.event === 'string') triggers.set(t.event, [...(triggers.get(t.event) ?? []), t]);

  return {
    loaded,
    spec,
    rules: ruleNodes(spec),
    roots,
    effects,
    exprs,
    expr: (obj, key) => byObj.get(obj)?.get(key),
    where: (obj, key) => loaded.where(obj, key),
    procedure: (id) => procedures.get(id),
    triggersOn: (event) => triggers.get(event) ?? [],
    effectList: (id) => lists.get(id),
    end: (id) => ends.get(id),
    called,
    emitted,
  };
}
