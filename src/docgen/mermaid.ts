/**
 * The flow diagrams (Mermaid flowcharts), generated from the specs. A big game drawn as one
 * chart is too tall and too wide to read at page width, so the flow is drawn in small charts:
 *
 * - the overview: the setup as one box, then the flow rules with their loops and decisions;
 * - one chart per rule with steps worth drawing (a procedure, a trigger, a nested rule), in
 *   that rule's section.
 *
 * In every chart a called procedure, a nested `rule:` and a trigger run by an event are one box
 * linking to the section that draws them; nothing is expanded in place. A box reads as a short
 * reading of its rule's text in the chart's language (its id is only the link target), a
 * decision as its condition in words (decisions.ts). repeat / while / forEach
 * are loops (hexagons), if a decision (diamond), choose a player's choice (parallelogram),
 * endGame and the end rules end nodes. Assignments and card moves are left to the readings.
 * Charts are drawn top-down: in a page-wide column a left-to-right chart of a turn's steps
 * would be wider than the page and shrunk; top-down, each of these charts fits at full size.
 */
import type { Effect, Expr, Spec, Text } from '../loader/types.generated.ts';
import { kindOf } from '../effects/registry.ts';
import { mermaidText } from './escape.ts';
import { someEffect } from '../effects/walk.ts';
import type { ChartCx, Exit } from './chart-cx.ts';
import { decisionPhrase, emptyBindings, fixedWords, fold, type Bindings } from './decisions.ts';
import { ui } from './i18n.ts';
import { Reader, effectKind, parse } from './readings/reader.ts';
import type { Templates } from './readings/templates.ts';

type Shape = 'box' | 'call' | 'stadium' | 'diamond' | 'choice' | 'hex' | 'flag' | 'stop';

const MAX_LABEL = 64;
/** a rule gets a chart of its own when it draws at least this many nodes (besides its entry) */
const MIN_RULE_NODES = 2;

/**
 * Where the boxes of a chart link to. Only anchors on the same page (`#id`): VitePress 1.6
 * prefetches the pages that links in view point to, and reads `link.pathname`, which an SVG
 * <a> does not have, so a link from a chart to another page throws in the browser.
 */
export interface DiagramLinks {
  /** `#anchor` of a rule's section on this page, or undefined when it is not on this page */
  rule?: (id: string) => string | undefined;
  /** what a rule's box says: a short reading of its text (default: the id) */
  title?: (id: string) => string | undefined;
}

/** something drawn as a chart of its own: a procedure, a trigger or a rule */
export interface Drawable {
  id: string;
  when?: Expr;
  do?: Effect[];
}

/** a label for a quoted Mermaid string, cut short: escaped by escape.ts (no quote, HTML or directive gets through) */
export function mermaidLabel(s: string): string {
  return mermaidText(shortLabel(s));
}

function shortLabel(s: string): string {
  const flat = s.replace(/\s+/g, ' ');
  return [...flat].length > MAX_LABEL ? [...flat].slice(0, MAX_LABEL - 1).join('') + '…' : flat;
}

const IDEOGRAPH = /[\u3400-\u9fff\uf900-\ufaff]/;
const OPENING = /[「『（《〈“‘([]/;
const CLOSING = /[」』）》〉”’)\]，。、：；？！,.:;?!]/;

/** the pieces a line may break between: words, and each CJK character (punctuation kept on) */
function breakPieces(s: string): string[] {
  const out: string[] = [];
  for (const word of s.split(/\s+/).filter((w) => w !== '')) {
    const cs = [...word];
    let piece = cs[0]!;
    for (let i = 1; i < cs.length; i++) {
      const a = cs[i - 1]!;
      const b = cs[i]!;
      if ((IDEOGRAPH.test(a) || IDEOGRAPH.test(b)) && !OPENING.test(a) && !CLOSING.test(b)) {
        out.push(piece);
        piece = '';
      }
      piece += b;
    }
    out.push(piece + ' ');
  }
  return out;
}

/**
 * A decision's label in lines about as wide as they are tall: a diamond's side is its text's
 * width plus its height, so one long line makes a huge diamond. Widths in half-ems (a CJK
 * character is two); lines break between words and between CJK characters.
 */
export function balancedLines(s: string): string[] {
  const units = (t: string) => [...t.trimEnd()].reduce((n, c) => n + (IDEOGRAPH.test(c) || /[\u3000-\u303f\uff00-\uffef]/.test(c) ? 2 : 1), 0);
  const target = Math.max(16, Math.ceil(Math.sqrt(3 * units(s))));
  const lines: string[] = [];
  let line = '';
  for (const p of breakPieces(s)) {
    if (line !== '' && units(line + p) > target) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += p;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

class Chart {
  private n = 0;
  private readonly lines: string[] = [];
  private readonly edges: string[] = [];
  private readonly clicks: string[] = [];

  /** the number of nodes drawn so far */
  get size(): number {
    return this.n;
  }

  /** `sub`: smaller lines under the label (a guard, a condition) */
  node(shape: Shape, label: string, sub?: string | string[], href?: string): string {
    const id = `n${++this.n}`;
    if (shape === 'stop') {
      this.lines.push(`  ${id}@{ shape: fr-circ }`);
      return id;
    }
    const main = shape === 'diamond' ? balancedLines(shortLabel(label)).map(mermaidText).join('<br/>') : mermaidLabel(label);
    const subs = sub === undefined ? [] : typeof sub === 'string' ? [sub] : sub;
    const text = main + subs.map((l) => `<br/><small>${mermaidLabel(l)}</small>`).join('');
    const [a, b] = { box: ['[', ']'], call: ['[[', ']]'], stadium: ['([', '])'], diamond: ['{', '}'], choice: ['[/', '/]'], hex: ['{{', '}}'], flag: ['>', ']'] }[shape];
    this.lines.push(`  ${id}${a}"${text}"${b}`);
    if (href !== undefined) {
      if (!/^#[A-Za-z][\w-]*$/.test(href)) throw new Error(`a chart links to anchors on its own page only, not to "${href}"`);
      this.clicks.push(`  click ${id} href "${href}"`);
    }
    return id;
  }

  edge(from: Exit[], to: string, dotted = false): void {
    for (const f of from) {
      const arrow = dotted ? '-.->' : '-->';
      this.edges.push(`  ${f.id} ${arrow}${f.label ? `|"${mermaidLabel(f.label)}"|` : ''} ${to}`);
    }
  }

  source(): string {
    return ['flowchart TD', ...this.lines, ...this.edges, ...this.clicks].join('\n');
  }
}

/** draws effect lists into a chart, every rule they name as a linked box */
class Drawer implements ChartCx {
  readonly chart = new Chart();
  readonly lang;
  private readonly reader: Reader;
  private readonly colon: string;
  private readonly bindings: Bindings = emptyBindings();

  constructor(
    private readonly spec: Spec,
    templates: Templates,
    private readonly links: DiagramLinks,
  ) {
    this.lang = templates.lang;
    this.reader = new Reader(spec, templates, { phrase: decisionPhrase(spec, this.lang, this.bindings) });
    this.colon = this.lang === 'zh' ? '：' : ': ';
  }

  /** the words of a rule's box */
  title(id: string): string {
    return this.links.title?.(id) ?? id;
  }

  guard(when: Expr | undefined): string | undefined {
    return when === undefined ? undefined : `${ui('onlyWhen', this.lang)}${this.colon}${this.reader.expr(when)}`;
  }

  expr(e: Expr): string {
    return this.reader.expr(e);
  }

  href(id: string): string | undefined {
    return this.links.rule?.(id);
  }

  /** a box for a rule drawn elsewhere, linking to its section */
  ruleBox(shape: 'box' | 'call', id: string, when: Expr | undefined, from: Exit[]): Exit[] {
    const n = this.chart.node(shape, this.title(id), this.guard(when), this.href(id));
    this.chart.edge(from, n);
    return [{ id: n }];
  }

  seq(effects: readonly Effect[], from: Exit[]): Exit[] {
    let cur = from;
    for (const e of effects) cur = this.one(e, cur);
    return cur;
  }

  private one(e: Effect, from: Exit[]): Exit[] {
    if (from.length === 0) return from;
    const chart = kindOf(effectKind(e)).chart as ((x: Effect, d: ChartCx, f: Exit[]) => Exit[]) | 'in-box';
    return chart === 'in-box' ? from : chart(e, this, from);
  }

  procedureWhen(id: string): Expr | undefined {
    return (this.spec.procedures ?? []).find((x) => x.id === id)?.when;
  }

  choice(prompt: Text | undefined, as: string | undefined, labels: Record<string, Text> | undefined, from: Exit[]): Exit[] {
    if (as && labels) this.bindings.answers.set(as, labels);
    const id = this.chart.node('choice', prompt?.[this.lang] ?? ui('choice', this.lang));
    this.chart.edge(from, id);
    return [{ id }];
  }

  end(endId: string, from: Exit[]): Exit[] {
    const id = this.chart.node('stadium', `${ui('end', this.lang)}${this.colon}${this.title(endId)}`);
    this.chart.edge(from, id);
    return [];
  }

  event(name: string, from: Exit[]): Exit[] {
    // the triggers' boxes after the flag say what the event does; an event nothing listens to is named
    const triggers = (this.spec.triggers ?? []).filter((t) => t.event === name);
    const id = this.chart.node('flag', triggers.length > 0 ? ui('event', this.lang) : `${ui('event', this.lang)} ${name}`);
    this.chart.edge(from, id);
    let cur: Exit[] = [{ id }];
    for (const t of triggers) cur = this.ruleBox('box', t.id, t.when, cur);
    return cur;
  }

  branch(condSrc: Expr, then: readonly Effect[], otherwise: readonly Effect[] | undefined, from: Exit[]): Exit[] {
    const { chart, lang } = this;
    if (!this.drawn(then) && !this.drawn(otherwise)) return from;
    const cond = fold(parse(condSrc), this.bindings);
    if (cond === true) return this.seq(then, from);
    if (cond === false) return this.seq(otherwise ?? [], from);
    const id = chart.node('diamond', this.reader.expr(cond));
    chart.edge(from, id);
    const yes = this.seq(then, [{ id, label: ui('yes', lang) }]);
    const no = otherwise && otherwise.length > 0 ? this.seq(otherwise, [{ id, label: ui('no', lang) }]) : [{ id, label: ui('no', lang) }];
    return [...yes, ...no];
  }

  loop(e: Effect, body: readonly Effect[], from: Exit[], unroll?: { as: string; over: Expr }): Exit[] {
    const { chart, lang } = this;
    if (!this.drawn(body)) return from;
    const words = unroll ? fixedWords(unroll.over) : undefined;
    if (unroll && words) return this.unrolled(unroll.as, words, body, from);
    const label = this.reader.effects([e])[0]!.text;
    const id = chart.node('hex', label.replace(/[:：]$/, ''));
    chart.edge(from, id);
    const out = this.seq(body, [{ id }]);
    chart.edge(out.map((b) => ({ id: b.id, label: b.label ?? ui('next', lang) })), id, true);
    return [{ id, label: ui('done', lang) }];
  }

  drawn(effects: readonly Effect[] | undefined): boolean {
    return drawn(effects);
  }

  /** a loop over a few fixed words, drawn as its steps once per word (decisions.ts) */
  private unrolled(as: string, words: string[], body: readonly Effect[], from: Exit[]): Exit[] {
    let cur = from;
    for (const w of words) {
      this.bindings.fixed.set(as, w);
      cur = this.seq(body, cur);
    }
    this.bindings.fixed.delete(as);
    return cur;
  }
}

/** does a list of effects hold anything a chart draws (a nested rule is drawn as its box)? */
function drawn(effects: readonly Effect[] | undefined): boolean {
  return someEffect(effects, (_e, key) => {
    const kind = key && kindOf(key);
    return !!kind && kind.chart !== 'in-box' && !kind.chartsThrough;
  }, (b) => !b.rule);
}

/**
 * The overview of a game's flow, with labels in the templates' language: the setup as one box,
 * then the flow rules with their loops and decisions, every procedure and rule they name as a
 * linked box; the end rules as end nodes (the setup and the end rules are on other pages, so
 * they are not linked).
 */
export function overviewDiagram(spec: Spec, templates: Templates, links: DiagramLinks = {}): string {
  const d = new Drawer(spec, templates, links);
  const { chart, lang } = d;
  const colon = lang === 'zh' ? '：' : ': ';
  const start = chart.node('stadium', ui('start', lang));
  let cur: Exit[] = [{ id: start }];
  if ((spec.setup ?? []).length > 0) {
    const id = chart.node('box', ui('setup', lang));
    chart.edge(cur, id);
    cur = [{ id }];
  }
  for (const r of spec.flow ?? []) {
    cur = d.ruleBox('box', r.id, r.when, cur);
    cur = d.seq(r.do, cur);
  }
  const ends = spec.ends ?? [];
  const last = [...ends].reverse().find((e) => e.when === undefined);
  if (last) {
    const id = chart.node('stadium', `${ui('end', lang)}${colon}${d.title(last.id)}`);
    chart.edge(cur, id);
  }
  for (const e of ends.filter((x) => x.when !== undefined)) {
    const id = chart.node('stadium', `${ui('end', lang)}${colon}${d.title(e.id)}`, [d.expr(e.when!), lang === 'zh' ? `（${ui('anyTime', lang)}）` : `(${ui('anyTime', lang)})`]);
    chart.edge([{ id: start }], id, true);
  }
  return chart.source();
}

/**
 * The chart of one rule (a procedure, a trigger, a nested rule): its id, then its own steps,
 * every procedure and rule it names as a linked box. Undefined when it draws too little to be
 * worth a chart (its reading says it all).
 */
export function ruleDiagram(spec: Spec, templates: Templates, rule: Drawable, links: DiagramLinks = {}): string | undefined {
  const d = new Drawer(spec, templates, links);
  const { chart } = d;
  const entry = chart.node('stadium', d.title(rule.id), d.guard(rule.when));
  const exits = d.seq(rule.do ?? [], [{ id: entry }]);
  if (chart.size - 1 < MIN_RULE_NODES) return undefined;
  if (exits.length > 0) chart.edge(exits, chart.node('stop', ''));
  return chart.source();
}
