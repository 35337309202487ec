/**
 * A game's public declarations as a seat's screen needs them, built once from the spec and the
 * options of the game being played: short names for vars and zones (from their texts), card names
 * and effect texts, choice prompts and labels, place names and their graph, each rule's text with
 * the source lines it cites (the "why" of a change), and which vars and zones matter (read by a
 * rule that is on under these options). Nothing here depends on a game state, so a screen made
 * from a view and these shows only what the view holds.
 */
import type { Json } from '../interpreter/api.ts';
import type { Spec, Text } from '../loader/types.generated.ts';
import { holdsUnder, namesRead } from '../docgen/guards.ts';
import { shortLabel } from '../docgen/readings/events.ts';
import { parse, spaceSets, type SpaceSetLike } from '../docgen/readings/reader.ts';
import { walkEffects } from '../effects/walk.ts';
import { effectRoots } from '../model/game-model.ts';

export interface VarInfo {
  id: string;
  label: Text;
  type: string;
  /** the declared starting value, when it is a literal (a value not worth showing) */
  initial?: Json;
  /** the choice whose answers go into this var: its labels word the value */
  labels?: Record<string, Text>;
}

export interface ZoneInfo {
  id: string;
  label: Text;
  per: 'game' | 'seat';
}

export interface CardInfo {
  name: Text;
  /** what the card does, when its text says more than what it is */
  effect?: Text;
  /** the numeric props (a banknote's value) */
  numbers: Record<string, number>;
}

export interface ChoiceInfo {
  prompt: Text;
  labels: Record<string, Text>;
  /** what its answers are: `seat`, `card`, or a space set's id (the engine's answerType) */
  type?: string;
}

/** one source line range a rule cites: `seed` is the source text's id, lines from..to */
export interface Cite {
  seed: string;
  from: number;
  to: number;
  quote: string;
}

/** a rule as the "why" of a change shows it: its words, the source lines it cites, and, where
 *  the rulebook is silent, the assumption made */
export interface RuleInfo {
  text: Text;
  cites: Cite[];
  assumption?: Text;
}

/** a set of places: its items' names in order (an answer among places is an item's index), and
 *  the graph its `edges` prop draws (item index -> neighbour indices) */
export interface PlaceSet {
  id: string;
  label: Text;
  /** its places' ids, in order (a view keys the values kept per place by them) */
  ids: string[];
  names: Text[];
  edges?: number[][];
}

export interface RankKey {
  /** the seat var the key reads (`s => s.shame`), when it is that simple */
  var?: string;
  desc: boolean;
}

export interface Declarations {
  name: Text;
  roundVar?: string;
  /** the vars that matter under the options, in declaration order */
  vars: Map<string, VarInfo>;
  seatVars: Map<string, VarInfo>;
  /** the zones that matter under the options */
  zones: Map<string, ZoneInfo>;
  cards: Map<string, CardInfo>;
  choices: Map<string, ChoiceInfo>;
  /** rule id -> its text and citations (procedures, rules, setup, flow, ends, results, choices) */
  rules: Map<string, RuleInfo>;
  /** result rule id -> its ranking keys (for saying which tie-break decided) */
  rankings: Map<string, RankKey[]>;
  /** space set id -> its places */
  spaces: Map<string, PlaceSet>;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** keys whose strings are not read as expressions: names, texts, written paths */
const NOT_READ = new Set(['id', 'text', 'source', 'assumption', 'prompt', 'labels', 'name', 'set', 'add', 'into', 'let', 'as', 'choose', 'call', 'emit', 'endGame', 'on', 'log', 'type', 'visibility', 'per', 'order', 'params', 'returns', 'seeds', 'summary', 'front', 'by', 'backs', 'why']);

/** every expression read by the parts of the spec that are on under `options` */
function activeReads(spec: Spec, options: Record<string, Json>): { names: Set<string>; members: Set<string> } {
  // functions whose value the options decide: `options.powers and …` is false without powers
  const consts = new Map<string, boolean>();
  for (const f of spec.functions ?? []) {
    const v = holdsUnder(f.body, options);
    if (v !== undefined) consts.set(f.id, v);
  }
  const names = new Set<string>();
  const members = new Set<string>();
  const read = (e: string): void => {
    try {
      const r = namesRead(e, options, consts);
      r.names.forEach((n) => names.add(n));
      r.members.forEach((m) => members.add(m));
    } catch {
      /* a plain word (a zone id, a card id) is read as a name below */
      names.add(e);
    }
  };
  const procs = new Map((spec.procedures ?? []).map((p) => [p.id, p as unknown as Node]));
  const fns = new Map((spec.functions ?? []).map((f) => [f.id, f.body]));
  const done = new Set<string>();
  const walk = (v: unknown, key?: string): void => {
    if (typeof v === 'string') {
      if (key === undefined || !NOT_READ.has(key)) read(v);
      return;
    }
    if (typeof v === 'number' || typeof v === 'boolean') return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, key));
    if (!isNode(v)) return;
    if (holdsUnder(v['when'] as string | undefined, options, consts) === false) return;
    if ('if' in v && typeof v['if'] !== 'object') {
      const c = holdsUnder(v['if'] as string, options, consts);
      walk(v['if'], 'if');
      if (c !== false) walk(v['then'], 'then');
      if (c !== true) walk(v['else'], 'else');
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      if (k === 'when' || NOT_READ.has(k)) continue;
      walk(x, k);
    }
    if (typeof v['call'] === 'string') visitProc(v['call']);
  };
  const visitProc = (id: string): void => {
    if (done.has(id)) return;
    done.add(id);
    walk(procs.get(id));
  };
  for (const section of [spec.setup, spec.flow, spec.triggers, spec.ends, spec.outcome]) walk(section);
  // a function read somewhere that is on reads its body (under the same options)
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, body] of fns) {
      if (!names.has(id) || done.has(`fn:${id}`)) continue;
      done.add(`fn:${id}`);
      read(String(body));
      changed = true;
    }
  }
  return { names, members };
}

/**
 * Every choice of the spec (in every effect list, nested ones included), with each step of a
 * choice in steps as a choice of its own: its prompt, or the choice's prompt when it has none.
 */
function forChoices(spec: Spec, found: (c: { choose: string; prompt: Text; labels?: Record<string, Text>; into?: string; options?: unknown }) => void): void {
  for (const root of effectRoots(spec)) {
    walkEffects(root.effects, (e) => {
      if (!('choose' in e)) return;
      found(e as never);
      for (const st of e.steps ?? []) found({ ...st, prompt: st.prompt ?? e.prompt });
    });
  }
}

const literal = (v: unknown): Json | undefined => (typeof v === 'number' || typeof v === 'boolean' ? v : typeof v === 'string' && !/[()=<>+*]/.test(v) ? v : undefined);

/** does a card's text say what it does, not only what it is (`Each robber has 2 BANG! cards`)? */
function effectText(name: Text | undefined, text: Text, props: Record<string, unknown> | undefined): Text | undefined {
  if (props && Object.values(props).some((p) => typeof p === 'number')) return undefined;
  if (name && (text.en.toLowerCase().includes(name.en.toLowerCase()) || text.zh.includes(name.zh))) return undefined;
  return text;
}

/** `s => s.shame` reads the seat var `shame` */
function seatVarOfKey(key: string): string | undefined {
  const n = parse(key);
  if (n.kind !== 'Lambda' || n.params.length !== 1) return undefined;
  const b = n.body;
  return b.kind === 'Member' && b.object.kind === 'Name' && b.object.name === n.params[0]!.name ? b.name : undefined;
}

/** "003:80-82" -> the seed and its lines */
function parseRef(ref: string): { seed: string; from: number; to: number } | undefined {
  const m = /^(\w+):(\d+)(?:-(\d+))?$/.exec(ref.trim());
  return m ? { seed: m[1]!, from: Number(m[2]), to: Number(m[3] ?? m[2]) } : undefined;
}

function ruleInfo(v: Node): RuleInfo {
  const cites: Cite[] = [];
  for (const c of Array.isArray(v['source']) ? (v['source'] as unknown[]) : []) {
    if (!isNode(c) || typeof c['ref'] !== 'string') continue;
    const at = parseRef(c['ref']);
    if (at) cites.push({ ...at, quote: typeof c['quote'] === 'string' ? c['quote'] : '' });
  }
  const info: RuleInfo = { text: v['text'] as unknown as Text, cites };
  const why = isNode(v['assumption']) ? v['assumption']['why'] : undefined;
  if (typeof why === 'string') info.assumption = { en: why, zh: why };
  else if (isNode(why) && typeof why['en'] === 'string') info.assumption = { en: why['en'], zh: typeof why['zh'] === 'string' ? why['zh'] : why['en'] };
  return info;
}

/**
 * The names of a set's places: a place's own `name`, else words made from what it is — its set's
 * short label and the names of the places its props point at (`region: north` → North) —
 * so no screen ever offers a place by its id.
 */
function placeNames(set: SpaceSetLike, setLabel: Text, named: Map<string, Map<string, Text>>, propTypes: Record<string, string>): Text[] {
  return set.items.map((item, i) => {
    if (item.name) return item.name;
    const parts: Text[] = [];
    for (const [prop, v] of Object.entries(item.props ?? {})) {
      const target = propTypes[prop];
      const name = target !== undefined && typeof v === 'string' ? named.get(target)?.get(v) : undefined;
      if (name) parts.push(name);
    }
    const of = (lang: 'en' | 'zh'): string => (parts.length > 0 ? `${setLabel[lang]}: ${parts.map((p) => p[lang]).join(lang === 'zh' ? '、' : ', ')}` : `${setLabel[lang]} ${i + 1}`);
    return { en: of('en'), zh: of('zh') };
  });
}

/** `answerType`: the engine's (Engine.answerType), what each choice's answers are */
export function declarations(spec: Spec, options: Record<string, Json>, answerType: (choice: string) => string | undefined): Declarations {
  const { names, members } = activeReads(spec, options);
  const choices = new Map<string, ChoiceInfo>();
  const intoLabels = new Map<string, Record<string, Text>>();
  forChoices(spec, (c) => {
    const labels = (c as { labels?: Record<string, Text> }).labels ?? {};
    const into = (c as { into?: string }).into;
    // what the answers are (a seat, a card, a place of a set) as the compiled game typed them
    const type = answerType(c.choose);
    const prompt = (c as { prompt: Text }).prompt;
    choices.set(c.choose, type !== undefined ? { prompt, labels, type } : { prompt, labels });
    if (into !== undefined && Object.keys(labels).length > 0) intoLabels.set(into, labels);
  });
  // a short `name` the spec gives, else the start of its text (or its id)
  const labelOf = (x: { id: string; text: Text; name?: Text }): Text => x.name ?? { en: shortLabel(x.text, 'en', x.id), zh: shortLabel(x.text, 'zh', x.id) };
  const varInfo = (v: { id: string; text: Text; name?: Text; type: string; initial?: unknown }): VarInfo => {
    const info: VarInfo = { id: v.id, label: labelOf(v), type: v.type };
    const init = literal(v.initial);
    if (init !== undefined) info.initial = init;
    const labels = intoLabels.get(v.id);
    if (labels) info.labels = labels;
    return info;
  };
  const vars = new Map<string, VarInfo>();
  for (const v of spec.vars ?? []) if (names.has(v.id) && v.visibility !== 'hidden') vars.set(v.id, varInfo(v));
  const seatVars = new Map<string, VarInfo>();
  for (const v of spec.seatVars ?? []) if (members.has(v.id) && v.visibility !== 'hidden') seatVars.set(v.id, varInfo(v));
  const zones = new Map<string, ZoneInfo>();
  for (const z of spec.zones ?? []) {
    const per = z.per ?? 'game';
    if (per === 'game' ? names.has(z.id) || members.has(z.id) : members.has(z.id) || names.has(z.id)) {
      zones.set(z.id, { id: z.id, label: labelOf(z), per });
    }
  }
  const cards = new Map<string, CardInfo>();
  for (const c of spec.cards ?? []) {
    const name = c.name ?? { en: c.id, zh: c.id };
    const numbers: Record<string, number> = {};
    for (const [k, p] of Object.entries(c.props ?? {})) if (typeof p === 'number') numbers[k] = p;
    const effect = effectText(c.name, c.text, c.props);
    cards.set(c.id, effect ? { name, effect, numbers } : { name, numbers });
  }
  for (const c of spec.cards ?? []) {
    const front = (c as { front?: { id: string; name: Text } }).front;
    if (front && !cards.has(front.id)) cards.set(front.id, { name: front.name, numbers: {} });
  }
  const spaces = new Map<string, PlaceSet>();
  // names of the named places first: an unnamed place is worded by the places its props point at
  const named = new Map(spaceSets(spec).map((set) => [set.id, new Map(set.items.flatMap((i) => (i.name ? [[i.id, i.name] as const] : [])))]));
  for (const set of spaceSets(spec)) {
    const label = labelOf(set as { id: string; text: Text; name?: Text });
    const propTypes = ((set as { propTypes?: Record<string, string> }).propTypes ?? {}) as Record<string, string>;
    const names = placeNames(set, label, named, propTypes);
    const index = new Map(set.items.map((item, i) => [item.id, i]));
    // the set's `edges` names the prop that lists each place's neighbours
    const edgeProp = (set as { edges?: string }).edges;
    const edgesOf = (item: SpaceSetLike['items'][number]): number[] | undefined => {
      const e = edgeProp === undefined ? undefined : item.props?.[edgeProp];
      return Array.isArray(e) ? e.flatMap((x) => (typeof x === 'string' && index.has(x) ? [index.get(x)!] : [])) : undefined;
    };
    const edges = set.items.map(edgesOf);
    const place: PlaceSet = { id: set.id, label, ids: set.items.map((i) => i.id), names };
    if (edges.some((e) => e !== undefined)) place.edges = edges.map((e) => e ?? []);
    spaces.set(set.id, place);
    set.items.forEach((item, i) => cards.set(item.id, { name: names[i]!, numbers: {} }));
  }
  const rules = new Map<string, RuleInfo>();
  const addRule = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(addRule);
    if (!isNode(v)) return;
    if (typeof v['id'] === 'string' && isNode(v['text'])) rules.set(v['id'], ruleInfo(v));
    for (const x of Object.values(v)) if (typeof x === 'object') addRule(x);
  };
  addRule([spec.setup, spec.flow, spec.procedures, spec.triggers, spec.ends, spec.outcome?.results, spec.effectLists, spec.cards, spec.spaces]);
  const rankings = new Map<string, RankKey[]>();
  for (const r of spec.outcome?.results ?? []) {
    const w = r.winners as unknown;
    if (!isNode(w) || !Array.isArray(w['by'])) continue;
    rankings.set(
      r.id,
      (w['by'] as { key: string; order?: string }[]).map((k) => {
        const v = seatVarOfKey(k.key);
        return v !== undefined ? { var: v, desc: k.order === 'desc' } : { desc: k.order === 'desc' };
      }),
    );
  }
  const model: Declarations = { name: spec.game?.name ?? { en: '', zh: '' }, vars, seatVars, zones, cards, choices, rules, rankings, spaces };
  if (spec.game?.roundVar !== undefined) model.roundVar = spec.game.roundVar;
  return model;
}
