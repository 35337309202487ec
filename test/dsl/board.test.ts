import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { brokenFixture, errorsOf, open, play } from './helpers.ts';

const broken = (from: string, to: string): string => brokenFixture('board', from, to);

describe('structured props: lists and typed references', () => {
  it('reads a reference as a place and a list prop as a list', () => {
    const e = open('board');
    const s = e.create({ players: 2, seed: 1 });
    expect(e.evaluate(s, 'district["c"].region == region["south"]')).toBe(true);
    expect(e.evaluate(s, 'district["a"].region.payout[0]')).toBe(5);
    expect(e.evaluate(s, 'map(district["b"].adj, x => x.id)')).toEqual(['a', 'c', 'e']);
  });

  it('refuses a reference to an unknown place at its file:line:col, with a suggestion', () => {
    const errs = errorsOf(broken('props: {region: south, adj: [c]}', 'props: {region: suoth, adj: [c]}'));
    expect(errs).toEqual([expect.stringMatching(/^\d+:\d+ 'suoth' is not a place of 'region'$/)]);
    const { diagnostics } = compileGameDir(broken('props: {region: south, adj: [c]}', 'props: {region: suoth, adj: [c]}'));
    const d = diagnostics.find((x) => x.severity === 'error')!;
    expect(d.hint).toBe("did you mean 'south'?");
    expect(d.line).toBe(40); // the props of d
  });

  it('types card props too: a tile naming a district reads as that place', () => {
    const e = open('board');
    const s = e.create({ players: 2, seed: 1 });
    expect(e.evaluate(s, 'map(tiles, t => t.district.id)')).toEqual(['a', 'c']);
    expect(e.evaluate(s, 'first(tiles).district.region == region["north"]')).toBe(e.evaluate(s, 'district["a"].region == region["north"]'));
    expect(e.evaluate(s, 'map(last(tiles).near, x => x.id)')).toEqual(['b', 'd']);
  });

  it('refuses a card prop naming an unknown place, and a prop typed two ways', () => {
    expect(errorsOf(broken('props: {district: c, near: [b, d]}', 'props: {district: cc, near: [b, d]}'))).toEqual([
      expect.stringMatching(/^\d+:\d+ 'cc' is not a place of 'district'$/),
    ]);
    const twice = broken("    props: {district: c, near: [b, d]}\n", "    props: {district: c, near: [b, d]}\n    propTypes: {district: port}\n");
    expect(errorsOf(twice)).toEqual([expect.stringMatching(/prop 'district' is typed port here but district on another card kind/)]);
  });

  it('refuses edges that are not symmetric unless directed', () => {
    const dir = broken('props: {region: south, adj: [c]}\n', 'props: {region: south, adj: [c, a]}\n');
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/'d' lists 'a' as a neighbour, but 'a' does not list 'd'/)]);
    const directed = broken('    edges: adj\n', '    edges: adj\n    directed: true\n');
    expect(errorsOf(directed)).toEqual([]);
  });
});

describe('given values for place-typed and keyed vars (scenarios)', () => {
  it('takes a place by its id, and a keyed var as a map of the places to change', () => {
    const e = open('board');
    const s = e.arrange(e.create({ players: 2, seed: 1 }), { vars: { ship: 'p2', visits: { c: 2, a: 1 } }, seats: { '1': { vars: { truck: 'c' } } } });
    expect(e.evaluate(s, 'ship == port["p2"]')).toBe(true);
    expect(e.evaluate(s, 'seat(1).truck == district["c"]')).toBe(true);
    expect(e.evaluate(s, 'map(district, d => visits[d])')).toEqual([1, 0, 2, 0]); // e is not in play with 2 players
    // a second map changes only its own places
    const t = e.arrange(s, { vars: { visits: { b: 5 } } });
    expect(e.evaluate(t, 'map(district, d => visits[d])')).toEqual([1, 5, 2, 0]);
    // the old forms still work: an index, and one value per place in order
    const u = e.arrange(s, { vars: { ship: 0, visits: [0, 0, 0, 0, 9] } });
    expect(e.evaluate(u, 'ship == first(port) and visits[district["e"]] == 9')).toBe(true);
  });

  it('refuses an unknown place with a suggestion', () => {
    const e = open('board');
    const s = e.create({ players: 2, seed: 1 });
    expect(() => e.arrange(s, { vars: { ship: 'p22' } })).toThrow(/'p22' is not a place of 'port' \(for 'ship'\); did you mean 'p2'\?/);
    expect(() => e.arrange(s, { vars: { visits: { cc: 1 } } })).toThrow(/'cc' is not a place of 'district' \(a key of 'visits'\)/);
  });
});

describe('graph helpers', () => {
  it('neighbours, adjacent and distance follow the edges of the places in play', () => {
    const e = open('board');
    const two = e.create({ players: 2, seed: 1 });
    expect(e.evaluate(two, 'map(neighbours(district["b"]), x => x.id)')).toEqual(['a', 'c']); // e is not in play
    expect(e.evaluate(two, 'adjacent(district["c"], district["d"])')).toBe(true);
    expect(e.evaluate(two, 'adjacent(district["a"], district["c"])')).toBe(false);
    expect(e.evaluate(two, 'distance(district["a"], district["d"])')).toBe(3);
    expect(e.evaluate(two, 'distance(district["a"], district["a"])')).toBe(0);
    const three = e.create({ players: 3, seed: 1 });
    expect(e.evaluate(three, 'map(neighbours(district["b"]), x => x.id)')).toEqual(['a', 'c', 'e']);
    expect(e.evaluate(three, 'distance(district["e"], district["d"])')).toBe(3);
  });

  it('nextOf goes round the set in its order', () => {
    const e = open('board');
    const s = e.create({ players: 2, seed: 1 });
    expect(e.evaluate(s, 'nextOf(port["p2"], port).id')).toBe('p3');
    expect(e.evaluate(s, 'nextOf(port["p4"], port).id')).toBe('p1');
    expect(e.evaluate(s, 'nextOf(port["p1"], filter(port, p => p.id != "p2")).id')).toBe('p3');
    expect(e.evaluate(s, 'nextOf(port["p1"], [port["p1"]])')).toBe(null);
  });

  it('a set without edges has no neighbours: a clear error', () => {
    const dir = broken('options: neighbours(s.truck)', 'options: neighbours(ship)');
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/neighbours: the space set 'port' has no edges/)]);
  });
});

describe('effect lists on places', () => {
  it('runs the list of the place a truck stops at, its default where it has none, and lists that resolve others', () => {
    const e = open('board');
    let s = e.create({ players: 2, seed: 1 });
    const at = (id: string) => e.evaluate(s, `district["${id}"]`);
    s = play(e, s, [{ choice: 'step', value: at('b') }]); // seat 0: b gives 2
    s = play(e, s, [{ choice: 'step', value: at('b') }]); // seat 1: b gives 2
    s = play(e, s, [{ choice: 'step', value: at('c') }]); // seat 0: c has none: the default gives 0
    s = play(e, s, [{ choice: 'step', value: at('a') }]); // seat 1: a gives 1
    expect(e.result(s)!.scores).toEqual([2, 3]);
    expect(e.evaluate(s, 'ship.id')).toBe('p2'); // p4 → p1 → p2
  });

  it('type-checks every list, even one no resolve reaches', () => {
    const dir = broken('            - add: who.points\n              value: 4\n', '            - add: who.points\n              value: "at.region"\n');
    expect(errorsOf(dir)).toEqual([expect.stringMatching(/expected number, got region/)]);
  });

  it('refuses a list the declaration does not know, and a resolve of the wrong kind of thing', () => {
    expect(errorsOf(broken('          reward:\n            - add: who.points\n              value: 1', '          rewrad:\n            - add: who.points\n              value: 1'))).toEqual([
      expect.stringMatching(/unknown effect list 'rewrad'/),
    ]);
    expect(errorsOf(broken('              - resolve: to\n', '              - resolve: ship\n'))).toEqual([
      expect.stringMatching(/effect list 'reward' is carried by the places of 'district': resolve a district, not port/),
    ]);
  });
});
