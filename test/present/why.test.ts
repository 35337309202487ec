/**
 * The "why" of every change (issue 35, Build 4): on a seat's screen, every sentence of the log and
 * every changed item names the rule that made it, and that rule comes with its words and the source
 * lines it cites (or the assumption made where the rulebook is silent), in English and Chinese; the
 * terminal prints them as text. Checked on random games of every game.
 */
import { describe, expect, it } from 'vitest';
import { randomSeatAgents } from '../../src/agents/random-agent.ts';
import { renderWhy } from '../../src/cli/render.ts';
import { listGames, openGame } from '../../src/games.ts';
import type { Spec } from '../../src/loader/types.generated.ts';
import { declarations } from '../../src/present/declarations.ts';
import { seatScreen } from '../../src/present/screen.ts';
import { limit } from '../limits.ts';

describe('why: every change names its rule and the rulebook lines behind it', () => {
  for (const id of listGames('rules')) {
    it(id, () => {
      const g = openGame('rules', id);
      const e = g.engine!;
      const spec = g.spec as Spec;
      const players = Math.min(e.maxPlayers, Math.max(e.minPlayers, 3));
      const options = Object.fromEntries(e.options.map((o) => [o.id, o.default]));
      const decl = declarations(spec, options, (c) => e.answerType(c));
      const agents = randomSeatAgents(11, players);
      const s = e.create({ players, seed: 11, options });
      let since = 0;
      let sentences = 0;
      let changed = 0;
      let cited = 0;
      let seen0 = 0;
      for (let p = e.pending(s), step = 0; p !== null && step < 300; p = e.pending(s), step++) {
        const seat = p.kind === 'choice' ? p.waitingFor[0]! : -1;
        // every third decision of seat 0 (its whole log each time: keep the test short)
        if (seat === 0 && (seen0++ % 3 === 0 || e.pending(s) === null)) {
          for (const lang of ['en', 'zh'] as const) {
            const screen = seatScreen({ view: e.view(s, 0), decl, lang, since });
            for (const x of [...screen.changes, ...screen.log]) {
              sentences++;
              const why = screen.why[x.rule];
              expect(why, `${id}: the rule of "${x.text}"`).toBeDefined();
              expect(why!.text).toBe(decl.rules.get(x.rule)!.text[lang]);
              // every rule has provenance: source lines, an assumption, or both
              expect(why!.cites.length > 0 || why!.assumption !== undefined, `${id}: ${x.rule} cites nothing`).toBe(true);
              if (why!.cites.length > 0) cited++;
            }
            const items = [...screen.table.items, ...screen.table.zones, ...screen.seats.flatMap((p) => [...p.items, ...p.zones])];
            for (const item of items.filter((i) => i.changedBy !== undefined)) {
              changed++;
              expect(screen.why[item.changedBy!], `${id}: the rule that changed ${item.key}`).toBeDefined();
            }
            // the terminal's why: each rule's words, its lines and the quote as the spec has it
            const text = renderWhy(screen, { width: 200 });
            for (const rule of new Set(screen.changes.filter((c) => !c.heading).map((c) => c.rule))) {
              const why = screen.why[rule]!;
              expect(text).toContain(why.text.slice(0, 30));
              for (const c of why.cites) {
                expect(text).toContain(c.seed);
                expect(text).toContain(c.quote.split('\n')[0]!.slice(0, 20));
              }
            }
          }
          since = e.view(s, 0).log.length;
        }
        e.applyInPlace(s, seat, agents.seats[seat]!.act(e, s, seat));
      }
      expect(sentences).toBeGreaterThan(20);
      expect(changed).toBeGreaterThan(5);
      expect(cited).toBeGreaterThan(10);
    }, limit(60_000));
  }

  it('a citation keeps its source, its lines and its quote as the spec writes them', () => {
    const g = openGame('rules', listGames('rules')[0]!);
    const e = g.engine!;
    const spec = g.spec as unknown as { flow: { id: string; source?: { ref: string; quote: string }[] }[] };
    const decl = declarations(g.spec as Spec, {}, (c) => e.answerType(c));
    const rule = spec.flow.find((r) => r.source && r.source.length > 0)!;
    const [seed, lines] = rule.source![0]!.ref.split(':');
    const [from, to] = lines!.split('-').map(Number);
    expect(decl.rules.get(rule.id)!.cites[0]).toEqual({ seed, from, to: to ?? from, quote: rule.source![0]!.quote });
  });
});
