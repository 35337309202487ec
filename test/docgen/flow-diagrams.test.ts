/**
 * The flow charts of every game under rules/, in both languages: an overview at the top of the
 * Flow page whose boxes link to the sections of the rules it names, one small chart per rule
 * worth drawing under that rule's heading, and no chart big enough to be unreadable. A box says
 * its rule in words (a short reading of the rule's text); the rule's id is only its link target,
 * never a label.
 */
import { describe, expect, it } from 'vitest';
import { inScript } from '../../src/chinese-script.ts';
import { LANGS } from '../../src/docgen/i18n.ts';
import { balancedLines, mermaidLabel, overviewDiagram, ruleDiagram } from '../../src/docgen/mermaid.ts';
import { nodeTitle } from '../../src/docgen/rule-block.ts';
import { buildSite, DEFAULT_TEMPLATES } from '../../src/docgen/site.ts';
import { findGameDirs } from '../../src/loader/load-folder.ts';
import type { Effect, Spec } from '../../src/loader/types.generated.ts';
import { loadDoc } from './helpers.ts';

/** the most nodes one chart may have: beyond that its text gets small or the chart very tall */
const MAX_NODES = 20;

const docs = findGameDirs('rules').map((d) => loadDoc(d, 'rules'));
const { files } = buildSite(docs);

interface Chart {
  /** the anchor of the heading the chart stands under */
  under: string;
  /** whether the chart comes right after that heading */
  first: boolean;
  source: string;
  /** node id → label (with HTML entities and <br/> as written) */
  labels: Map<string, string>;
  /** node id → href */
  clicks: Map<string, string>;
}

function chartsOf(md: string): Chart[] {
  const out: Chart[] = [];
  let under = '';
  let sinceHeading = false;
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const h = /^#{1,6} .* \{#([^}]+)\}$/.exec(line);
    if (h) {
      under = h[1]!;
      sinceHeading = false;
      continue;
    }
    if (line === '```mermaid') {
      const end = lines.indexOf('```', i);
      const source = lines.slice(i + 1, end).join('\n');
      const labels = new Map([...source.matchAll(/^ {2}(n\d+)(?:\(\[|\[\[|\[\/|\{\{|[[({>])"([^"]*)"/gm)].map((m) => [m[1]!, m[2]!] as const));
      for (const m of source.matchAll(/^ {2}(n\d+)@\{/gm)) labels.set(m[1]!, '');
      const clicks = new Map([...source.matchAll(/^ {2}click (n\d+) href "([^"]*)"$/gm)].map((m) => [m[1]!, m[2]!] as const));
      out.push({ under, first: !sinceHeading, source, labels, clicks });
      i = end;
    }
    if (line.trim() !== '') sinceHeading = true;
  }
  return out;
}

/** the procedures and rules a list of effects names itself (not inside the rules it names) */
function named(effects: readonly Effect[] | undefined): string[] {
  return (effects ?? []).flatMap((e) => {
    if ('call' in e) return [e.call];
    if ('rule' in e) return [e.rule.id];
    if ('if' in e) return [...named(e.then), ...named(e.else)];
    if ('do' in e && Array.isArray(e.do)) return named(e.do);
    return [];
  });
}

/** does a body hold a step a chart shows, inside a decision or a loop, or two such steps? */
function worthAChart(effects: readonly Effect[] | undefined): boolean {
  const steps = (list: readonly Effect[] | undefined): number =>
    (list ?? []).reduce((n, e) => {
      if ('call' in e || 'rule' in e || 'choose' in e || 'emit' in e || 'endGame' in e) return n + 1;
      if ('if' in e) return n + (steps(e.then) + steps(e.else) > 0 ? 2 : 0);
      if ('do' in e && Array.isArray(e.do)) return n + (steps(e.do) > 0 ? 2 : 0);
      return n;
    }, 0);
  return steps(effects) >= 2;
}

const unescape = (s: string) => s.replace(/<br\/>/g, ' ').replace(/#quot;/g, '"').replace(/#lt;/g, '<').replace(/#gt;/g, '>').replace(/#amp;/g, '&').replace(/#35;/g, '#').replace(/#96;/g, '`');

describe('the flow charts of every game', () => {
  it('finds the games', () => {
    expect(docs.length).toBeGreaterThan(0);
  });

  for (const doc of docs) {
    for (const lang of LANGS) {
      const md = files.get(`${lang === 'zh' ? 'zh-hant/' : ''}games/${doc.id}/flow.md`)!;
      const charts = chartsOf(md);
      const anchors = new Set([...md.matchAll(/ \{#([^}\s]+)\}$/gm)].map((m) => m[1]!));
      const flowNodes = doc.nodes.filter((n) => n.page === 'flow');
      /** the first line of a rule's box: its title, as a chart label (on the Traditional page, in Traditional) */
      const title = (id: string): string => {
        const t = mermaidLabel(nodeTitle(doc.byAnchor.get(id)!, lang));
        return lang === 'zh' ? inScript(t, 'zh-Hant') : t;
      };
      const ruleIds = new Set(doc.nodes.map((n) => n.id));

      describe(`${doc.id} (${lang})`, () => {
        it('starts with an overview naming every procedure and rule the flow calls, each as a box linking to its section', () => {
          const overview = charts[0]!;
          expect(overview.under).toBe('Diagram');
          expect(charts.filter((c) => c.under === 'Diagram')).toHaveLength(1);
          const callSites = (doc.spec.flow ?? []).flatMap((r) => [r.id, ...named(r.do)]);
          expect(callSites.length).toBeGreaterThan(1);
          for (const id of new Set(callSites)) {
            const boxes = [...overview.clicks].filter(([, href]) => href === `#${id}`).map(([n]) => n);
            expect(boxes, `${id} in the overview`).toHaveLength(callSites.filter((c) => c === id).length);
            for (const n of boxes) expect(overview.labels.get(n)!.split('<br/>')[0], `${id}'s box says its rule in words`).toBe(title(id));
          }
          // called procedures are boxes, not expanded: no step of theirs is drawn here
          for (const p of doc.spec.procedures ?? []) {
            for (const inner of named(p.do)) {
              if (!callSites.includes(inner)) expect([...overview.clicks.values()], `${p.id} → ${inner}`).not.toContain(`#${inner}`);
            }
          }
        });

        it('gives every procedure, trigger and nested rule worth drawing a chart of its own, right under its heading', () => {
          const charted = charts.slice(1);
          for (const c of charted) {
            expect(c.first, `the chart under ${c.under} comes right after the heading`).toBe(true);
            expect(flowNodes.some((n) => n.anchor === c.under), `a chart under ${c.under}`).toBe(true);
          }
          expect(new Set(charted.map((c) => c.under)).size, 'one chart per rule').toBe(charted.length);
          for (const n of flowNodes) {
            if (n.kind !== 'rule' || (n.section === 'flow' && n.depth === 0)) continue;
            const has = charted.some((c) => c.under === n.anchor);
            if (worthAChart(n.node.do)) expect(has, `${n.id} has a chart`).toBe(true);
            if (has) expect(charted.find((c) => c.under === n.anchor)!.labels.get('n1')!.split('<br/>')[0], `${n.id}'s chart starts with its title`).toBe(title(n.id));
          }
          expect(charted.length).toBeGreaterThan(2);
        });

        it(`keeps every chart at ${MAX_NODES} nodes or fewer`, () => {
          for (const c of charts) expect(c.labels.size, `the chart under ${c.under}`).toBeLessThanOrEqual(MAX_NODES);
        });

        it('links only to sections on the page', () => {
          let links = 0;
          for (const c of charts) {
            for (const [n, href] of c.clicks) {
              links++;
              expect(href, `${n} under ${c.under}`).toMatch(/^#/);
              expect(anchors.has(href.slice(1)), `${href} is a heading on the page`).toBe(true);
              expect(c.labels.get(n)!.split('<br/>')[0], `${n} is labelled with the rule it links to`).toBe(title(href.slice(1)));
            }
          }
          expect(links).toBeGreaterThan(charts.length);
        });

        it('labels no box with a bare rule id, nor a choice with its id', () => {
          for (const c of charts) {
            for (const [n, label] of c.labels) {
              const lines = unescape(label).replace(/<\/?small>/g, '\n').split('\n').map((l) => l.trim()).filter((l) => l !== '');
              for (const l of lines) expect(ruleIds.has(l) || ruleIds.has(l.replace(/^.*[:：]\s*/, '')), `${n} under ${c.under}: "${l}"`).toBe(false);
            }
          }
        });

        it('words the charts in the page language', () => {
          const edgeLabels = charts.flatMap((c) => [...c.source.matchAll(/\|"([^"]*)"\|/g)].map((m) => m[1]!));
          const words = lang === 'en' ? ['yes', 'no', 'next', 'done'] : ['是', '否', '下一次', '完成'];
          for (const l of edgeLabels) expect(words).toContain(l);
          expect(edgeLabels.length).toBeGreaterThan(0);
          const all = charts.map((c) => c.source).join('\n');
          if (lang === 'zh') {
            expect(all).not.toMatch(/"(choice|Only when|End|Start)[:\s]/);
            expect(all).toContain('"開始"');
          } else {
            expect(all).not.toMatch(/選擇|僅當|結束|開始/);
            expect(all).toContain('"Start"');
          }
        });
      });
    }
  }
});

describe('chart details', () => {
  const t = (en: string, zh: string) => ({ en, zh });
  const spec = {
    game: { id: 'tiny', name: t('Tiny', '小'), seeds: [], players: { min: 2, max: 2 } },
    procedures: [
      { id: 'one-choice', do: [{ choose: 'pick', seats: 'current', options: '[1, 2]', as: 'x' }] },
      { id: 'loop', params: ['n'], do: [{ repeat: 'n', do: [{ call: 'one-choice' }] }, { call: 'loop', args: { n: 'n - 1' } }] },
    ],
    flow: [{ id: 'main', do: [{ call: 'loop', args: { n: 2 } }, { call: 'loop', args: { n: 3 } }] }],
  } as unknown as Spec;
  const links = { rule: (id: string) => `#${id}` };

  it('draws a call as a linked box, once per call, never expanded', () => {
    const o = overviewDiagram(spec, DEFAULT_TEMPLATES.en, links);
    expect(o.match(/\[\["loop"\]\]/g)).toHaveLength(2);
    expect(o).not.toContain('one-choice');
    expect(o.match(/href "#loop"/g)).toHaveLength(2);
  });

  it('gives a rule a chart of its own only when it draws two steps or more', () => {
    expect(ruleDiagram(spec, DEFAULT_TEMPLATES.en, spec.procedures![0]!, links)).toBeUndefined();
    const loop = ruleDiagram(spec, DEFAULT_TEMPLATES.zh, spec.procedures![1]!, links)!;
    expect(loop).toContain('n1(["loop"])');
    expect(loop).toContain('{{"重複 n 次"}}');
    expect(loop).toContain('[["one-choice"]]');
    // a recursive call is a box linking to the rule itself
    expect(loop).toContain('click n4 href "#loop"');
    expect(loop).toMatch(/@\{ shape: fr-circ \}/);
  });

  it('refuses links to other pages (VitePress cannot prefetch them from an SVG link)', () => {
    expect(() => overviewDiagram(spec, DEFAULT_TEMPLATES.en, { rule: (id) => `other#${id}` })).toThrow(/anchors on its own page/);
  });

  it('breaks a decision label into lines about as wide as they are tall', () => {
    const long = 'the number of placeable(the chooser) is more than 0';
    const lines = balancedLines(long);
    expect(lines.join(' ')).toBe(long);
    expect(lines.length).toBeGreaterThan(2);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(16);
    expect(balancedLines('wants')).toEqual(['wants']);
    // CJK text breaks between characters, never before closing punctuation
    const zh = balancedLines('存活座位中有某個座位的 phone 為「true」且其他條件都成立');
    expect(zh.join('').replace(/\s/g, '')).toBe('存活座位中有某個座位的phone為「true」且其他條件都成立');
    for (const l of zh) expect(l).not.toMatch(/^[」，。）]/);
    expect(zh.length).toBeGreaterThan(2);
  });
});
