/**
 * The flow diagram (Mermaid flowchart TD), generated from the setup and flow rules: rules and
 * called procedures as boxes (subgraphs when they hold steps worth drawing), repeat / while /
 * forEach as loops, choose and if as decisions, endGame and the end rules as end nodes.
 * Assignments and card moves are left to the rule readings below the diagram.
 */
import type { Effect, Procedure, RuleNode, Spec } from '../spec/types.generated.ts';
import { ui } from './i18n.ts';
import { Reader, effectKind } from './readings/reader.ts';
import type { Templates } from './readings/templates.ts';

type Exit = { id: string; label?: string };

const MAX_LABEL = 40;
/** procedures called from procedures are drawn inside them; one level further they are a box */
const MAX_CALL_DEPTH = 2;

/** a label for a quoted Mermaid string: no quotes, brackets or HTML get through */
export function mermaidLabel(s: string): string {
  const short = [...s].length > MAX_LABEL ? [...s].slice(0, MAX_LABEL - 1).join('') + '…' : s;
  return short.replace(/[#"<>&`]/g, (c) => ({ '#': '#35;', '"': '#quot;', '<': '#lt;', '>': '#gt;', '&': '#amp;', '`': '#96;' })[c]!);
}

class Diagram {
  private n = 0;
  readonly lines: string[] = [];
  readonly edges: string[] = [];
  private indent = '  ';

  node(shape: 'box' | 'round' | 'stadium' | 'diamond' | 'hex' | 'flag', label: string, sub?: string): string {
    const id = `n${++this.n}`;
    const text = mermaidLabel(label) + (sub ? `<br/><small>${mermaidLabel(sub)}</small>` : '');
    const [a, b] = { box: ['[', ']'], round: ['(', ')'], stadium: ['([', '])'], diamond: ['{', '}'], hex: ['{{', '}}'], flag: ['>', ']'] }[shape];
    this.lines.push(`${this.indent}${id}${a}"${text}"${b}`);
    return id;
  }

  edge(from: Exit[], to: string, dotted = false): void {
    for (const f of from) {
      const arrow = dotted ? '-.->' : '-->';
      this.edges.push(`  ${f.id} ${arrow}${f.label ? `|"${mermaidLabel(f.label)}"|` : ''} ${to}`);
    }
  }

  subgraph<T>(title: string, body: () => T): T {
    const id = `g${++this.n}`;
    this.lines.push(`${this.indent}subgraph ${id}["${mermaidLabel(title)}"]`);
    const outer = this.indent;
    this.indent += '  ';
    try {
      return body();
    } finally {
      this.indent = outer;
      this.lines.push(`${outer}end`);
    }
  }
}

/** the Mermaid source of a game's flow, with labels in `lang` */
export function flowDiagram(spec: Spec, templates: Templates): string {
  const lang = templates.lang;
  const d = new Diagram();
  const reader = new Reader(spec, templates);
  const procedures = new Map<string, Procedure>((spec.procedures ?? []).map((p) => [p.id, p]));
  const stack: string[] = [];
  // a procedure's steps are drawn at its first call; later calls are a box
  const expanded = new Set<string>();

  const colon = lang === 'zh' ? '：' : ': ';
  const guard = (when: unknown) => (when === undefined ? undefined : `${ui('onlyWhen', lang)}${colon}${reader.expr(when as string)}`);

  // does a list of effects hold anything the diagram draws?
  const drawn = (effects: readonly Effect[] | undefined): boolean =>
    (effects ?? []).some((e) => {
      const k = effectKind(e);
      if (k === 'choose' || k === 'call' || k === 'endGame' || k === 'emit' || k === 'rule') return true;
      if ('if' in e) return drawn(e.then) || drawn(e.else);
      if ('do' in e && Array.isArray(e.do)) return drawn(e.do);
      return false;
    });

  // a rule or procedure: a subgraph when it holds drawn steps and subgraphs are not nested too deep
  // (deep clusters make the layout sprawl); else a box followed by its steps
  let depth = 0;
  const block = (title: string, sub: string | undefined, effects: readonly Effect[] | undefined, from: Exit[], params: string[] = []): Exit[] => {
    if (drawn(effects) && depth < 1) {
      depth++;
      try {
        return d.subgraph(sub ? `${title} (${sub})` : title, () => seq(effects ?? [], from, params));
      } finally {
        depth--;
      }
    }
    const id = d.node('box', title, sub);
    d.edge(from, id);
    return seq(effects ?? [], [{ id }], params);
  };

  const seq = (effects: readonly Effect[], from: Exit[], params: string[] = []): Exit[] => {
    reader.bind(...params);
    let cur = from;
    for (const e of effects) cur = one(e, cur);
    return cur;
  };

  const one = (e: Effect, from: Exit[]): Exit[] => {
    if (from.length === 0) return from;
    if ('rule' in e) return rule(e.rule, from);
    if ('call' in e) {
      const p = procedures.get(e.call);
      if (!p || stack.includes(e.call) || expanded.has(e.call) || stack.length >= MAX_CALL_DEPTH) {
        const id = d.node('box', e.call, p && (stack.includes(e.call) || expanded.has(e.call)) ? ui('again', lang) : undefined);
        d.edge(from, id);
        return [{ id }];
      }
      expanded.add(e.call);
      stack.push(e.call);
      try {
        return block(p.id, guard(p.when), p.do, from, p.params ?? []);
      } finally {
        stack.pop();
      }
    }
    if ('choose' in e) {
      const id = d.node('diamond', `${ui('choice', lang)}${colon}${e.choose}`);
      d.edge(from, id);
      return [{ id }];
    }
    if ('endGame' in e) {
      const id = d.node('stadium', `${ui('end', lang)}${colon}${e.endGame}`);
      d.edge(from, id);
      return [];
    }
    if ('emit' in e) {
      const id = d.node('flag', `${ui('event', lang)} ${e.emit}`);
      d.edge(from, id);
      let cur: Exit[] = [{ id }];
      for (const t of (spec.triggers ?? []).filter((t) => t.on === e.emit)) cur = block(t.id, guard(t.when), t.do, cur, t.params ?? []);
      return cur;
    }
    if ('if' in e) {
      if (!drawn(e.then) && !drawn(e.else)) return from;
      const id = d.node('diamond', reader.expr(e.if));
      d.edge(from, id);
      const yes = seq(e.then, [{ id, label: ui('yes', lang) }]);
      const no = e.else && e.else.length > 0 ? seq(e.else, [{ id, label: ui('no', lang) }]) : [{ id, label: ui('no', lang) }];
      return [...yes, ...no];
    }
    if ('forEach' in e || 'repeat' in e || 'while' in e) {
      if (!drawn(e.do)) return from;
      const label = reader.effects([e])[0]!.text;
      const id = d.node('hex', label.replace(/[:：]$/, ''));
      d.edge(from, id);
      const body = seq(e.do, [{ id }]);
      d.edge(body.map((b) => ({ id: b.id, label: b.label ?? ui('next', lang) })), id, true);
      return [{ id, label: ui('done', lang) }];
    }
    return from;
  };

  const rule = (r: RuleNode, from: Exit[]): Exit[] => block(r.id, guard(r.when), r.do, from);

  const start = d.node('stadium', ui('start', lang));
  let cur: Exit[] = [{ id: start }];
  if ((spec.setup ?? []).length > 0) {
    cur = d.subgraph(ui('setup', lang), () => {
      let c = cur;
      for (const r of spec.setup ?? []) {
        const id = d.node('box', r.id, guard(r.when));
        d.edge(c, id);
        c = [{ id }];
      }
      return c;
    });
  }
  for (const r of spec.flow ?? []) {
    const id = d.node('box', r.id, guard(r.when));
    d.edge(cur, id);
    cur = seq(r.do, [{ id }]);
  }
  const ends = spec.ends ?? [];
  const last = [...ends].reverse().find((e) => e.when === undefined);
  if (last) {
    const id = d.node('stadium', `${ui('end', lang)}${colon}${last.id}`);
    d.edge(cur, id);
  }
  for (const e of ends.filter((x) => x.when !== undefined)) {
    const id = d.node('stadium', `${ui('end', lang)}${colon}${e.id}`, `${reader.expr(e.when!)} (${ui('anyTime', lang)})`);
    d.edge([{ id: start }], id, true);
  }
  return ['flowchart TD', ...d.lines, ...d.edges].join('\n');
}
