/**
 * The rule nodes of a spec (everything that carries an id, a text and its source or assumption):
 * a walk over the plain data, with nothing of the files it came from, so the page that plays a
 * game can import it too.
 */
import type { Card, EffectList, Effect, EndRule, FunctionDef, Option, Procedure, ResultRule, RuleNode, SeatVar, SpaceSet, Spec, Trigger, Var, Zone } from './types.generated.ts';
import { walkEffects } from '../effects/walk.ts';

/** Any node that carries id, text and source/assumption. */
export type AnyRuleNode = Option | Card | SpaceSet | Var | SeatVar | Zone | FunctionDef | Procedure | Trigger | EffectList | RuleNode | EndRule | ResultRule;

export interface RuleNodeEntry {
  node: AnyRuleNode;
  /** the section it is in: "flow", "outcome.results", …; nested `rule:` effects keep their section */
  section: string;
}

/** Every rule node of a spec, in section order, nested `rule:` effects after their parent. */
export function ruleNodes(spec: Spec): RuleNodeEntry[] {
  const out: RuleNodeEntry[] = [];
  const withEffects = (section: string, node: AnyRuleNode, effects: Effect[] | undefined) => {
    out.push({ node, section });
    nestedRules(effects ?? [], (r) => withEffects(section, r, r.do));
  };
  for (const n of spec.options ?? []) out.push({ node: n, section: 'options' });
  const carried = (effects: Record<string, Effect[]> | undefined): Effect[] => Object.values(effects ?? {}).flat();
  for (const n of spec.cards ?? []) withEffects('cards', n, carried(n.effects));
  for (const n of spec.spaces ?? []) {
    out.push({ node: n, section: 'spaces' });
    for (const item of n.items) nestedRules(carried(item.effects), (r) => withEffects('spaces', r, r.do));
  }
  for (const n of spec.vars ?? []) out.push({ node: n, section: 'vars' });
  for (const n of spec.seatVars ?? []) out.push({ node: n, section: 'seatVars' });
  for (const n of spec.zones ?? []) out.push({ node: n, section: 'zones' });
  for (const n of spec.functions ?? []) out.push({ node: n, section: 'functions' });
  for (const n of spec.procedures ?? []) withEffects('procedures', n, n.do);
  for (const n of spec.triggers ?? []) withEffects('triggers', n, n.do);
  for (const n of spec.effectLists ?? []) withEffects('effectLists', n, n.do);
  for (const n of spec.setup ?? []) withEffects('setup', n, n.do);
  for (const n of spec.flow ?? []) withEffects('flow', n, n.do);
  for (const n of spec.ends ?? []) out.push({ node: n, section: 'ends' });
  for (const n of spec.outcome?.results ?? []) out.push({ node: n, section: 'outcome.results' });
  return out;
}

// the `rule:` effects directly inside a list of effects, looking through branches, loops and menus
function nestedRules(effects: Effect[], found: (r: RuleNode) => void): void {
  walkEffects(effects, (e) => {
    if (!('rule' in e)) return true;
    found(e.rule);
    return false; // its own nested rules are found from it
  });
}

