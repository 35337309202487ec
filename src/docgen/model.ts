/**
 * What the site is built from: one game's loaded spec, with every rule node placed on a page
 * under a stable anchor (its id), its parent rule (for nested `rule:` effects) and its file.
 */
import { basename, dirname, relative, resolve, sep } from 'node:path';
import type { AnyRuleNode, LoadedSpec } from '../loader/load-folder.ts';
import { gameModel, type GameModel } from '../model/game-model.ts';
import type { Citation, Effect, Expr, Option, Spec, Text } from '../loader/types.generated.ts';
import { DocgenError } from './errors.ts';
import type { Example } from './examples.ts';
import type { GameSimulations } from './simulations/prepare.ts';
import type { GameChecks } from './checks/prepare.ts';

export type PageId = 'index' | 'components' | 'setup' | 'flow' | 'scoring' | 'assumptions' | 'glossary' | 'editions' | 'examples' | 'rules' | 'simulations' | 'checks' | 'files' | 'play';

/** the page each spec section is shown on */
export const SECTION_PAGE: Readonly<Record<string, PageId>> = {
  game: 'index',
  options: 'index',
  cards: 'components',
  spaces: 'components',
  vars: 'components',
  seatVars: 'components',
  zones: 'components',
  functions: 'components',
  effectLists: 'components',
  setup: 'setup',
  flow: 'flow',
  procedures: 'flow',
  triggers: 'flow',
  ends: 'scoring',
  outcome: 'scoring',
  'outcome.results': 'scoring',
};

/** the fields every documented node may carry */
export interface NodeLike {
  id?: string;
  text?: Text;
  source?: Citation[];
  assumption?: { why: string | Text };
  when?: Expr;
  do?: Effect[];
}

export interface DocNode {
  /** the heading anchor: the rule id; `Game` / `Outcome` for the two nodes without one */
  anchor: string;
  /** the id shown on the page */
  id: string;
  kind: 'rule' | 'game' | 'outcome';
  section: string;
  node: NodeLike;
  page: PageId;
  /** 0 for a top-level node, 1 for a `rule:` inside it, … */
  depth: number;
  parent?: DocNode;
  /** where it is written, e.g. `rules/my-game/flow.yaml:12` */
  location: string;
}

export interface GameDoc {
  /** the game's folder name: its URL segment and CLI id */
  id: string;
  dir: string;
  loaded: LoadedSpec;
  spec: Spec;
  name: Text;
  /** the game node, every rule node (spec order, nested rules after their parent), the outcome */
  nodes: DocNode[];
  byAnchor: Map<string, DocNode>;
  /** the option named `edition`, when the game has one */
  edition?: Option;
  /** its conformance scenarios, run on this spec (none: no scenario folder for the game) */
  examples?: Example[];
  /** its random-seat simulations with their charts, when the site was generated with them */
  simulations?: GameSimulations;
  /** its games with every seat searching, measured, for the page on how its assumed numbers were checked */
  checks?: GameChecks;
  /** its YAML files as written (the spec's, then its examples'), for the files page; paths as in `location` */
  files?: { path: string; text: string }[];
}

/** a game folder's name, as it stands in the site's addresses and file names */
const GAME_FOLDER = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** the pseudo-anchors of the game and outcome nodes: capitalised, so no rule id can take them */
export const GAME_ANCHOR = 'Game';
export const OUTCOME_ANCHOR = 'Outcome';

export function buildGameDoc(dir: string, loaded: LoadedSpec, rulesDir: string): GameDoc {
  const spec = loaded.spec;
  const game = spec.game;
  if (!game) throw new DocgenError(`${loaded.files[0] ?? dir}: the game has no 'game:' section`);
  const rulesRoot = dirname(resolve(rulesDir));
  const locate = (n: object): string => {
    const at = loaded.where(n, 'id');
    return `${relative(rulesRoot, resolve(at.file)).split(sep).join('/')}:${at.line}`;
  };

  const model = gameModel(loaded);
  const parents = parentMap(model);
  const nodes: DocNode[] = [];
  const byNode = new Map<object, DocNode>();
  nodes.push({ anchor: GAME_ANCHOR, id: game.id, kind: 'game', section: 'game', node: game, page: 'index', depth: 0, location: locate(game) });
  for (const { node, section } of model.rules) {
    const parent = parents.get(node);
    const p = parent ? byNode.get(parent) : undefined;
    const d: DocNode = {
      anchor: node.id,
      id: node.id,
      kind: 'rule',
      section,
      node: node as NodeLike,
      page: SECTION_PAGE[section] ?? 'components',
      depth: p ? p.depth + 1 : 0,
      location: locate(node),
    };
    if (p) d.parent = p;
    byNode.set(node, d);
    nodes.push(d);
  }
  if (spec.outcome) {
    nodes.push({
      anchor: OUTCOME_ANCHOR, id: 'outcome', kind: 'outcome', section: 'outcome', node: spec.outcome as NodeLike,
      page: 'scoring', depth: 0, location: locate(spec.outcome),
    });
  }
  const byAnchor = new Map<string, DocNode>();
  for (const n of nodes) {
    const first = byAnchor.get(n.anchor);
    if (first) throw new DocgenError(`${n.location}: the id '${n.anchor}' is also used at ${first.location}`);
    byAnchor.set(n.anchor, n);
  }
  const id = basename(resolve(dir));
  // the folder's name is the game's part of every address and file name of the site
  if (!GAME_FOLDER.test(id)) throw new DocgenError(`${dir}: a game's folder is named like an id (lowercase letters, digits and "-", e.g. my-game): '${id}' cannot be part of the site's addresses; rename the folder`);
  const doc: GameDoc = { id, dir, loaded, spec, name: game.name, nodes, byAnchor };
  const edition = (spec.options ?? []).find((o) => o.id === 'edition');
  if (edition) doc.edition = edition;
  return doc;
}

/** the rule node each nested `rule:` effect belongs to: the rule whose list holds it (from the typed form) */
function parentMap(model: GameModel): Map<object, AnyRuleNode> {
  const out = new Map<object, AnyRuleNode>();
  // a place is no rule node of its own: a rule in its effects belongs to its space set
  const setOf = new Map<object, AnyRuleNode>();
  for (const set of model.spec.spaces ?? []) for (const item of set.items ?? []) setOf.set(item, set);
  for (const site of model.effects) if (site.key === 'rule' && 'rule' in site.effect) out.set(site.effect.rule, setOf.get(site.rule) ?? (site.rule as AnyRuleNode));
  return out;
}

/** the nodes shown on one page, in spec order */
export function nodesOn(doc: GameDoc, page: PageId): DocNode[] {
  return doc.nodes.filter((n) => n.page === page);
}

/** the rule nodes (every node with a real id), in spec order */
export function ruleDocNodes(doc: GameDoc): DocNode[] {
  return doc.nodes.filter((n) => n.kind === 'rule');
}
