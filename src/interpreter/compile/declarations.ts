/**
 * Declarations → program tables: options, card kinds, vars, seat vars, zones.
 * Initial values and card counts are `static` expressions (options and players only), evaluated
 * when a game is created.
 */
import type { Json, Text } from '../api.ts';
import type { BackVisibility, OptionDecl, Program, Run, VarType, VarVisibility, Visibility } from '../program.ts';
import { MAX_CARDS } from '../../limits.ts';
import { Env, isNode, type Compiler, type Node } from './compiler.ts';
import { idHint, type Type } from '../../expr/index.ts';
import { wantsName, type Declared } from '../../model/labels.ts';
import { BUILTIN_TYPES, T, defaultValue, spaceSetOf, varType } from './types.ts';


export function list(spec: Node, key: string): Node[] {
  const v = spec[key];
  return Array.isArray(v) ? v.filter(isNode) : [];
}

export function compileDeclarations(cc: Compiler, spec: Node): void {
  const p = cc.program;
  const env = new Env();

  for (const o of list(spec, 'options')) {
    const type = o['type'] as OptionDecl['type'];
    const decl: OptionDecl = { id: String(o['id']), type, default: (o['default'] ?? defaultFor(type)) as Json };
    if (Array.isArray(o['values'])) decl.values = o['values'] as Json[];
    if (typeof decl.default !== (type === 'bool' ? 'boolean' : type)) cc.error(o, 'default', `the default of a ${type} option must be a ${type}`);
    if (decl.values && !decl.values.includes(decl.default)) cc.error(o, 'default', `the default '${String(decl.default)}' is not one of the values: ${decl.values.join(', ')}`);
    p.options.push(decl);
  }

  // Card kinds first: zone contents name them.
  for (const k of list(spec, 'cards')) {
    // a copy: typed references are turned into item indices, the spec keeps its ids
    const props = { ...(isNode(k['props']) ? (k['props'] as Record<string, Json>) : {}) };
    for (const name of Object.keys(props)) if (!p.propNames.includes(name)) p.propNames.push(name);
    const count = k['count'] === undefined ? constant(0) : (cc.expr(k, 'count', env, T.number, 'static')?.fn as Run<number> | undefined);
    checkCount(cc, k, 'count');
    const front = isNode(k['front']) ? { id: String(k['front']['id']), name: k['front']['name'] as Text } : undefined;
    p.cards.push({ id: String(k['id']), name: (k['name'] ?? k['text']) as Text, count: count ?? constant(0), props, ...(front ? { front } : {}) });
  }
  checkPropTypes(cc, spec);

  for (const set of list(spec, 'spaces')) {
    const items = list(set, 'items').map((item) => {
      const when = item['when'] !== undefined ? cc.expr(item, 'when', env, T.bool, 'static')?.fn : undefined;
      return {
        id: String(item['id']),
        name: (item['name'] ?? { en: String(item['id']), zh: String(item['id']) }) as Text,
        // a copy: typed references are turned into item indices, the spec keeps its ids
        props: { ...(isNode(item['props']) ? item['props'] : {}) } as Record<string, Json>,
        ...(when ? { when } : {}),
      };
    });
    const propNames = [...new Set(items.flatMap((i) => Object.keys(i.props)))];
    const ids = new Set<string>();
    list(set, 'items').forEach((item, i) => {
      if (ids.has(String(item['id']))) cc.error(set['items'] as object, i, `item '${String(item['id'])}' is listed twice in space set '${String(set['id'])}'`);
      ids.add(String(item['id']));
    });
    p.spaces.push({ id: String(set['id']), items, propNames, propTypes: {} });
  }
  // after every set is known: references between sets may point either way
  list(spec, 'spaces').forEach((set, i) => typeProps(cc, set, p.spaces[i]!));
  typeCardProps(cc, spec);
  const keyOf = (node: Node): number | undefined => {
    if (node['by'] === undefined) return undefined;
    const i = p.spaces.findIndex((s) => s.id === node['by']);
    if (i < 0) cc.error(node, 'by', `'${String(node['by'])}' is not a space set`, idHint(String(node['by']), p.spaces.map((s) => s.id), 'space sets (declared under spaces:)'));
    return i < 0 ? undefined : i;
  };

  for (const [key, target] of [['vars', p.vars], ['seatVars', p.seatVars]] as const) {
    for (const v of list(spec, key)) {
      const type = v['type'] as VarType;
      const set = spaceSetOf(type);
      if (set !== undefined && !p.spaces.some((s) => s.id === set)) {
        cc.error(v, 'type', `unknown type '${type}'`, `types: ${BUILTIN_TYPES.join(', ')}, or a space set (${p.spaces.map((s) => s.id).join(', ') || 'none declared'}) with or without []`);
        continue;
      }
      const visibility = (v['visibility'] ?? 'public') as VarVisibility;
      if (key === 'vars' && visibility === 'owner') cc.error(v, 'visibility', "a global var has no owner: use 'public' or 'hidden'");
      let initial: Run<Json> = constant(defaultValue(type));
      if (v['initial'] !== undefined) {
        const lit = v['initial'];
        const isExpr = typeof lit === 'string' && type !== 'string';
        if (isExpr) {
          const c = cc.expr(v, 'initial', env, varType(type), 'static');
          if (c) initial = c.fn as Run<Json>;
        } else if (literalFits(lit, type)) {
          initial = constant(lit as Json);
        } else {
          cc.error(v, 'initial', `the initial value of a ${type} var must be a ${type}`);
        }
      }
      const by = keyOf(v);
      const values = Array.isArray(v['values']) ? v['values'].map(String) : undefined;
      if (values && type !== 'string') cc.error(v, 'values', `only a string var lists the words it may hold; '${String(v['id'])}' is ${type}`);
      if (values && typeof v['initial'] === 'string' && v['initial'] !== '' && !values.includes(v['initial'])) cc.error(v, 'initial', `'${v['initial']}' is not one of its words: ${values.join(', ')}`);
      target.push({ id: String(v['id']), type, visibility, initial, ...(by !== undefined ? { by } : {}), ...(values ? { values } : {}) });
    }
  }

  // a var or zone is named to readers (the rules site, the terminal) by its name, else the start of its text
  for (const [key, what] of [['vars', 'var'], ['seatVars', 'seat var'], ['zones', 'zone']] as const) {
    for (const v of list(spec, key)) {
      const why = isNode(v['text']) ? wantsName(v as unknown as Declared) : undefined;
      if (why) cc.warn(v, 'id', `${what} '${String(v['id'])}' has no name for readers: ${why}`, 'give it a short one beside its text: name: {en: …, zh: …} (the rules site and the terminal show it instead of the id)');
    }
  }

  for (const z of list(spec, 'zones')) {
    const per = (z['per'] ?? 'game') as 'game' | 'seat';
    const visibility = (z['visibility'] ?? 'public') as Visibility;
    if (per === 'game' && visibility === 'owner') cc.error(z, 'visibility', "a game zone has no owner: use 'public' or 'hidden'");
    const initial: { kind: number; count: Run<number> }[] = [];
    const items = Array.isArray(z['initial']) ? (z['initial'] as unknown[]) : [];
    items.forEach((item, i) => {
      const kindId = typeof item === 'string' ? item : isNode(item) ? String(item['kind']) : '';
      const kind = p.cards.findIndex((c) => c.id === kindId);
      if (kind < 0) {
        cc.error(z['initial'] as object, i, `unknown card kind '${kindId}'`, idHint(kindId, p.cards.map((c) => c.id), 'declared kinds'));
        return;
      }
      let count = p.cards[kind]!.count;
      if (isNode(item) && item['count'] !== undefined) {
        count = (cc.expr(item, 'count', env, T.number, 'static')?.fn as Run<number> | undefined) ?? count;
        checkCount(cc, item, 'count');
      }
      else if (per === 'seat' && z['by'] === undefined) cc.error(z['initial'] as object, i, 'a seat zone starts with cards made for each seat: give {kind, count}');
      initial.push({ kind, count });
    });
    const by = keyOf(z);
    const size = by === undefined ? 1 : p.spaces[by]!.items.length;
    const slot = per === 'game' ? p.gameSlots : p.seatSlots;
    if (per === 'game') p.gameSlots += size;
    else p.seatSlots += size;
    if (by !== undefined && items.some((it) => typeof it === 'string')) cc.error(z, 'initial', 'a keyed zone starts with cards made for each item: give {kind, count}');
    const backs = (z['backs'] ?? 'visible') as BackVisibility;
    p.zones.push({ id: String(z['id']), per, visibility, initial, slot, size, backs, ...(by !== undefined ? { by } : {}) });
  }

  checkNameClashes(cc, spec);
}

/** a literal card count is a whole number of cards within the limit (an expression is checked when a game is made) */
function checkCount(cc: Compiler, node: Node, key: string): void {
  const n = node[key];
  if (typeof n !== 'number') return;
  if (!Number.isInteger(n) || n < 0 || n > MAX_CARDS)
    cc.error(node, key, `a card count must be a whole number from 0 to ${MAX_CARDS.toLocaleString('en')}, got ${n}`);
}

function defaultFor(type: OptionDecl['type']): Json {
  return type === 'bool' ? false : type === 'number' ? 0 : '';
}

function constant<V>(v: V): Run<V> {
  return () => v;
}

function literalFits(v: unknown, type: VarType): boolean {
  switch (type) {
    case 'number':
      return typeof v === 'number';
    case 'bool':
      return typeof v === 'boolean';
    case 'string':
      return typeof v === 'string';
    case 'seat':
      return v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0); // seat numbers are 0-based
    case 'card':
      return v === null;
    case 'numbers':
      return Array.isArray(v) && v.every((x) => typeof x === 'number');
    case 'strings':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
    case 'seats':
      return Array.isArray(v) && v.every((x) => Number.isInteger(x) && (x as number) >= 0);
    case 'cards':
      return Array.isArray(v) && v.length === 0; // card ids are made when the game starts
    default:
      return type.endsWith('[]') ? Array.isArray(v) && v.length === 0 : v === null;
  }
}

function checkPropTypes(cc: Compiler, spec: Node): void {
  const seen = new Map<string, string>();
  for (const k of list(spec, 'cards')) {
    const props = isNode(k['props']) ? k['props'] : {};
    for (const [name, value] of Object.entries(props)) {
      const t = typeof value;
      const before = seen.get(name);
      if (before && before !== t) cc.error(props, name, `property '${name}' is a ${t} here but a ${before} on another card kind`);
      else seen.set(name, t);
    }
  }
}

/**
 * Names that are built into expressions cannot be declared. (Two declarations sharing a name are
 * already refused by the loader: every id is unique in a game.)
 */
function checkNameClashes(cc: Compiler, spec: Node): void {
  const builtins = ['seats', 'alive', 'players', 'options', 'me'];
  for (const section of ['vars', 'zones', 'functions', 'spaces']) {
    for (const item of list(spec, section)) {
      const id = String(item['id']);
      if (builtins.includes(id)) cc.error(item, 'id', `'${id}' is a built-in name; choose another`);
    }
  }
  for (const section of ['seatVars', 'zones']) {
    for (const item of list(spec, section)) {
      if (item['id'] === 'out') cc.error(item, 'id', "'out' is built in (a seat is out when eliminated); choose another name");
    }
  }
}

/** a declared prop type (`region`, `district[]`, `kind`, `number`…), resolved; undefined (reported) if unknown */
interface PropType { name: string; many: boolean; base: string; target?: import('../program.ts').SpaceSet; type: Type }

function propType(cc: Compiler, declared: Node, prop: string, t: string): PropType | undefined {
  const p = cc.program;
  const many = t.endsWith('[]');
  const base = many ? t.slice(0, -2) : t;
  const target = p.spaces.find((x) => x.id === base);
  const scalar = ['number', 'string', 'bool'].includes(base);
  if (!target && !scalar && base !== 'kind') {
    cc.error(declared, prop, `unknown prop type '${t}'`, `a space set (${p.spaces.map((x) => x.id).join(', ')}), kind (a card kind id), number, string or bool, each with or without []`);
    return undefined;
  }
  const one: Type = target ? T.space(target.id) : base === 'kind' ? T.string : T[base as 'number'];
  return { name: t, many, base, ...(target ? { target } : {}), type: many ? T.list(one) : one };
}

/** props[prop] checked against its declared type: places become item indices; undefined (reported) when wrong */
function typedValue(cc: Compiler, props: Node, prop: string, pt: PropType): Json | undefined {
  const p = cc.program;
  const { many, base, target, name } = pt;
  const raw = props[prop];
  const values = many ? raw : [raw];
  if (!Array.isArray(values)) {
    cc.error(props, prop, `'${prop}' is typed ${name}: give a list, e.g. [${target ? target.items[0]?.id ?? 'x' : '…'}]`);
    return undefined;
  }
  const out: Json[] = [];
  for (const v of values) {
    if (target) {
      const at = target.items.findIndex((x) => x.id === v);
      if (at < 0) {
        cc.error(props, prop, `'${String(v)}' is not a place of '${target.id}'`, idHint(String(v), target.items.map((x) => x.id), `places of ${target.id}`));
        return undefined;
      }
      out.push(at);
    } else if (base === 'kind') {
      if (!p.cards.some((k) => k.id === v)) {
        cc.error(props, prop, `'${String(v)}' is not a card kind`, idHint(String(v), p.cards.map((k) => k.id), 'card kinds'));
        return undefined;
      }
      out.push(v as Json);
    } else if (typeof v !== (base === 'bool' ? 'boolean' : base)) {
      cc.error(props, prop, `'${prop}' is typed ${name}, but holds ${JSON.stringify(v)}`);
      return undefined;
    } else out.push(v as Json);
  }
  return many ? out : out[0]!;
}

/**
 * Typed props of card kinds: a kind's `propTypes` types that prop for every kind (kinds share
 * their props' types), so a tile naming a district (`district: d14`) is checked and read as that
 * place. Two kinds typing one prop differently is an error.
 */
function typeCardProps(cc: Compiler, spec: Node): void {
  const p = cc.program;
  const kinds = list(spec, 'cards');
  const types = new Map<string, { type: PropType; at: Node }>();
  for (const k of kinds) {
    const declared = isNode(k['propTypes']) ? k['propTypes'] : undefined;
    if (!declared) continue;
    for (const [prop, typeName] of Object.entries(declared)) {
      const before = types.get(prop);
      if (before) {
        if (before.type.name !== String(typeName)) cc.error(declared, prop, `prop '${prop}' is typed ${String(typeName)} here but ${before.type.name} on another card kind`, 'card kinds share their props\' types: type it once');
        continue;
      }
      const type = propType(cc, declared, prop, String(typeName));
      if (type) types.set(prop, { type, at: declared });
    }
  }
  for (const [prop, { type }] of types) {
    p.cardPropTypes[prop] = type.type;
    kinds.forEach((k, i) => {
      const props = isNode(k['props']) ? k['props'] : undefined;
      if (!props || !(prop in props)) return;
      const v = typedValue(cc, props, prop, type);
      if (v !== undefined) p.cards[i]!.props[prop] = v;
    });
  }
}

/**
 * Typed props of a space set: a reference to a place of a set (`region: region`) or a list of
 * them (`adj: district[]`) is checked item by item and kept as item indices, so a typo is an
 * error with its file:line:col, not a silent none when the game runs; `kind` names a card kind.
 * The `edges` prop becomes the set's graph, checked for symmetry unless `directed`.
 */
function typeProps(cc: Compiler, node: Node, set: import('../program.ts').SpaceSet): void {
  const declared = isNode(node['propTypes']) ? node['propTypes'] : {};
  const itemNodes = list(node, 'items');
  for (const [prop, typeName] of Object.entries(declared)) {
    const type = propType(cc, declared, prop, String(typeName));
    if (!type) continue;
    set.propTypes[prop] = type.type;
    itemNodes.forEach((itemNode, i) => {
      const props = isNode(itemNode['props']) ? itemNode['props'] : undefined;
      if (!props || !(prop in props)) return;
      const v = typedValue(cc, props, prop, type);
      if (v !== undefined) set.items[i]!.props[prop] = v;
    });
  }
  const edges = node['edges'];
  if (typeof edges !== 'string') return;
  const et = set.propTypes[edges];
  if (!et || et.k !== 'list' || et.of.k !== 'space' || et.of.set !== set.id) {
    cc.error(node, 'edges', `the edges prop '${edges}' must be typed '${set.id}[]' in propTypes (each place lists its neighbours)`);
    return;
  }
  set.edges = set.items.map((item) => (Array.isArray(item.props[edges]) ? (item.props[edges] as number[]) : []));
  if (node['directed'] === true) return;
  set.edges.forEach((ns, a) => {
    for (const b of ns) {
      if (set.edges![b]!.includes(a)) continue;
      const props = itemNodes[a]!['props'] as Node;
      cc.error(props, edges, `'${set.items[a]!.id}' lists '${set.items[b]!.id}' as a neighbour, but '${set.items[b]!.id}' does not list '${set.items[a]!.id}'`, `add it to '${set.items[b]!.id}', or say 'directed: true' if the edges go one way`);
    }
  });
}

/** A trigger's event (`event:`; not `on:`, which YAML 1.1 tools read as `true`). */
export function triggerEvent(t: Node): string | undefined {
  const ev = t['event'];
  return typeof ev === 'string' ? ev : undefined;
}
