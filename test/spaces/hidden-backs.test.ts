import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import type { EngineTools, Json } from '../../src/interpreter/api.ts';

const dir = 'test/fixtures/hidden/stacks';

function open(): EngineTools {
  const { engine, diagnostics } = compileGameDir(dir, { smoke: true });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return engine!;
}

const json = (x: unknown) => JSON.stringify(x);

describe('card fronts, top-card stacks, peek and reveal', () => {
  it('shows only the top card of a top stack, and only its front', () => {
    const e = open();
    const s = e.create({ players: 2, seed: 5 });
    const stack = e.view(s, 0).zones['stack']!;
    expect(stack).toHaveLength(6);
    expect(stack[0]).toEqual({ card: expect.any(Number), front: 'tip' });
    expect(stack.slice(1)).toEqual([null, null, null, null, null]);
  });

  it('gives the same view whatever the backs are: card ids do not tell kinds apart', () => {
    const e = open();
    // many seeds: the hidden order and the id->kind mapping differ, the views must not
    const views = new Set<string>();
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const s = e.create({ players: 2, seed });
      const v = e.view(s, 0);
      const top = v.zones['stack']![0] as { card: number };
      views.add(json({ ...v, zones: { ...v.zones, stack: v.zones['stack']!.map((c) => (c ? { front: (c as { front: string }).front } : c)) } }));
      kinds.add(`${top.card}:${String(e.evaluate(s, 'first(stack).kind'))}`);
    }
    expect(views.size).toBe(1);
    // the same id is a true tip in some games and a false one in others
    const byId = new Map<string, Set<string>>();
    for (const k of kinds) {
      const [id, kind] = k.split(':') as [string, string];
      byId.set(id, (byId.get(id) ?? new Set()).add(kind));
    }
    expect([...byId.values()].some((set) => set.size === 2)).toBe(true);
  });

  it('peek shows the back to the peeking seat only', () => {
    const e = open();
    let s = e.create({ players: 2, seed: 5 });
    s = e.apply(s, 0, { choice: 'act', value: 'peek' });
    const mine = e.view(s, 0).zones['stack']![0] as Record<string, Json>;
    const theirs = e.view(s, 1).zones['stack']![0] as Record<string, Json>;
    expect(mine['kind']).toBe(e.evaluate(s, 'first(stack).kind'));
    expect(theirs).toEqual({ card: mine['card'], front: 'tip' });
    const peekFor = (seat: number) => e.view(s, seat).log.find((l) => l.event === 'peek')!.data;
    expect(peekFor(0)).toMatchObject({ seat: 0, kinds: [mine['kind']] });
    expect(peekFor(1)).toEqual({ seat: 0, count: 1 });
    // seat 1 takes that card: seat 0 still knows it (ids are stable), seat 1 sees only its front
    s = e.apply(s, 1, { choice: 'act', value: 'take' });
    expect(e.view(s, 0).seats[1]!.zones['hand']).toEqual([null]); // another seat's hand: unseen
    expect(e.view(s, 1).seats[1]!.zones['hand']).toEqual([{ card: mine['card'], front: 'tip' }]); // own hand, back unread
  });

  it('legal actions offer one card per front when the backs are unseen, and a label shows the front', () => {
    const e = open();
    let s = e.create({ players: 2, seed: 9 });
    for (const seat of [0, 1, 0, 1]) s = e.apply(s, seat, { choice: 'act', value: 'take' });
    const legal = e.legalActions(s, 0);
    expect(legal).toHaveLength(1);
    expect(e.describe(legal[0]!, 'en', s)).toBe('A tip');
  });

  it('reveal shows the back to everyone', () => {
    const e = open();
    let s = e.create({ players: 2, seed: 9 });
    for (const seat of [0, 1, 0, 1]) s = e.apply(s, seat, { choice: 'act', value: 'take' });
    const card = e.legalActions(s, 0)[0]!.value as number;
    const kind = e.evaluate(s, `first(filter(seat(0).hand, c => true)).kind`);
    s = e.apply(s, 0, { choice: 'cash', value: card });
    const sold = e.view(s, 1).zones['sold']!;
    expect(sold).toEqual([{ card, kind, front: 'tip' }]);
  });
});
