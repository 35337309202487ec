/**
 * The names of one game, for the editor: every declared id (vars, zones, functions, procedures,
 * triggers, card kinds, options, space sets, effect lists, rule nodes, end and result rules) with
 * where its id is written. Built from the loaded spec (the loader's own walk and positions).
 */
import { ruleNodes, type AnyRuleNode, type Located, type LoadedSpec } from '../loader/load-folder.ts';

export type SymbolKind = 'option' | 'card kind' | 'space set' | 'var' | 'seat var' | 'zone' | 'function' | 'procedure' | 'trigger' | 'effect list' | 'rule' | 'end rule' | 'result rule';

export interface GameSymbol {
  id: string;
  kind: SymbolKind;
  /** the section it is declared in: "vars", "flow", … */
  section: string;
  node: AnyRuleNode;
  /** where the id's value is written */
  at: Located;
  /** the declared type, when it has one ("number", "seat", "per seat", …) */
  type?: string;
}

export interface SymbolIndex {
  all: GameSymbol[];
  byId: Map<string, GameSymbol[]>;
  /** the fragment files of the game, as shown in diagnostics */
  files: string[];
}

const kindOfSection: Record<string, SymbolKind> = {
  options: 'option',
  cards: 'card kind',
  spaces: 'space set',
  vars: 'var',
  seatVars: 'seat var',
  zones: 'zone',
  functions: 'function',
  procedures: 'procedure',
  triggers: 'trigger',
  effectLists: 'effect list',
  setup: 'rule',
  flow: 'rule',
  ends: 'end rule',
  'outcome.results': 'result rule',
};

export function buildSymbolIndex(loaded: LoadedSpec): SymbolIndex {
  const all: GameSymbol[] = [];
  const byId = new Map<string, GameSymbol[]>();
  // a `rule:` effect nested in a procedure (or a card, a trigger…) keeps its section but is a rule node
  const spec = loaded.spec as unknown as Record<string, unknown>;
  const direct = (section: string): unknown[] => {
    const list = section === 'outcome.results' ? (spec.outcome as { results?: unknown[] } | undefined)?.results : spec[section];
    return Array.isArray(list) ? list : [];
  };
  for (const { node, section } of ruleNodes(loaded.spec)) {
    const type = declaredType(node);
    const kind = direct(section).includes(node) ? (kindOfSection[section] ?? 'rule') : 'rule';
    const sym: GameSymbol = { id: node.id, kind, section, node, at: loaded.whereInValue(node, 'id', 0), ...(type ? { type } : {}) };
    all.push(sym);
    const list = byId.get(node.id);
    if (list) list.push(sym);
    else byId.set(node.id, [sym]);
  }
  return { all, byId, files: loaded.files };
}

/** Ids of the given kinds, each once, sorted. */
export function idsOf(index: SymbolIndex, kinds: readonly SymbolKind[]): GameSymbol[] {
  return index.all.filter((s) => kinds.includes(s.kind)).sort((a, b) => a.id.localeCompare(b.id));
}

function declaredType(node: AnyRuleNode): string | undefined {
  const n = node as { type?: unknown; returns?: unknown; per?: unknown; params?: { name: string; type: string }[] };
  if (typeof n.type === 'string') return n.type;
  if (typeof n.returns === 'string') return `(${(n.params ?? []).map((p) => `${p.name}: ${p.type}`).join(', ')}) → ${n.returns}`;
  if (n.per === 'seat' || n.per === 'game') return `zone per ${n.per}`;
  return undefined;
}
