import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { errorsOf, play, tinyGame } from './helpers.ts';

const menu = tinyGame({
  body: `      - choose: actions
        seats: seat(0)
        menu: '["card", "tiles", "books"]'
        max: 2
        as: a
        prompt: {en: Up to two different actions, zh: 至多兩個不同的行動}
        do:
          - add: seat(0).points
            value: 'if a == "card" then 1 else if a == "tiles" then 10 else 100'`,
});

const pick = tinyGame({
  body: `      - choose: protect
        seats: seat(0)
        pick: {from: 'range(1, 6)', min: 1}
        where: 'l => sum(l) <= 7'
        as: l
        prompt: {en: Pick numbers worth at most 7, zh: 選出總和不超過7的數}
      - set: seat(0).points
        to: sum(l) * 10 + count(l)`,
});

const values = (e: ReturnType<typeof compileGameDir>['engine'], s: unknown) => e!.legalActions(s, 0).map((a) => a.value);

describe('menus: each action at most once, in any order, up to max', () => {
  it('offers what is left and Done, and ends after max picks', () => {
    const { engine: e, diagnostics } = compileGameDir(menu, { smoke: true });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    let s = e!.create({ players: 2, seed: 1 });
    expect(values(e, s)).toEqual(['card', 'tiles', 'books', null]);
    expect(e!.describe({ choice: 'actions', value: null }, 'en')).toBe('Done');
    s = play(e!, s, [{ choice: 'actions', value: 'books' }]);
    expect(values(e, s)).toEqual(['card', 'tiles', null]);
    s = play(e!, s, [{ choice: 'actions', value: 'card' }]);
    expect(e!.pending(s)).toBeNull(); // two taken: the menu is over
    expect(e!.result(s)!.scores[0]).toBe(101);
  });

  it('stops when the seat says Done', () => {
    const { engine: e } = compileGameDir(menu);
    let s = e!.create({ players: 2, seed: 1 });
    s = play(e!, s, [{ choice: 'actions', value: 'tiles' }, { choice: 'actions', value: null }]);
    expect(e!.result(s)!.scores[0]).toBe(10);
  });
});

describe('subset picks with a budget', () => {
  it('offers only values the budget still allows, Done from min on, and binds the list', () => {
    const { engine: e, diagnostics } = compileGameDir(pick, { smoke: true });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    let s = e!.create({ players: 2, seed: 1 });
    expect(values(e, s)).toEqual([1, 2, 3, 4, 5]); // min 1: no Done yet
    s = play(e!, s, [{ choice: 'protect', value: 4 }]);
    expect(values(e, s)).toEqual([1, 2, 3, null]); // 4 + 5 > 7
    s = play(e!, s, [{ choice: 'protect', value: 2 }]);
    expect(values(e, s)).toEqual([1, null]); // 4 + 2 + 1 = 7
    s = play(e!, s, [{ choice: 'protect', value: 1 }]);
    expect(e!.pending(s)).toBeNull(); // nothing more fits: the pick ends by itself
    expect(e!.result(s)!.scores[0]).toBe(73);
  });

  it('refuses a budget that is not a function of the list', () => {
    const dir = tinyGame({
      body: `      - choose: protect
        seats: seat(0)
        pick: {from: 'range(1, 6)'}
        where: 'l => l'
        as: l
        prompt: {en: Pick, zh: 選}`,
    });
    expect(errorsOf(dir)[0]).toMatch(/the lambda must give a bool, got list<number>/);
  });
});

describe('choices over cards that offer none (Done, or "no card")', () => {
  const cards = `cards:
  - id: coin
    count: 4
    text: {en: A coin., zh: 硬幣。}
    assumption: {why: test fixture}
zones:
  - id: purse
    per: seat
    visibility: owner
    text: {en: Coins in hand., zh: 手上的硬幣。}
    assumption: {why: test fixture}
  - id: bank
    initial: [coin]
    text: {en: The bank., zh: 銀行。}
    assumption: {why: test fixture}
setup:
  - id: deal
    text: {en: Two coins each., zh: 每人兩枚。}
    assumption: {why: test fixture}
    do:
      - deal: bank
        to: purse
        count: 2`;
  const spend = tinyGame({
    extra: cards,
    body: `      - choose: spend
        seats: seat(0)
        menu: seat(0).purse
        max: 2
        as: c
        prompt: {en: Spend up to two coins, zh: 至多花兩枚}
        do:
          - move: seat(0).purse
            to: bank
            cards: '[c]'
          - add: seat(0).points
            value: 1
      - choose: maybe
        seats: seat(1)
        options: 'concat([none], seat(1).purse)'
        as: m
        prompt: {en: A coin or none, zh: 一枚或不要}`,
  });

  it('validates (random games included) and offers Done and one coin, then a coin or none', () => {
    const { engine: e, diagnostics } = compileGameDir(spend, { smoke: true });
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    const s = e!.create({ players: 2, seed: 1 });
    const first = e!.legalActions(s, 0).map((a) => a.value);
    expect(first).toContain(null);
    expect(first.filter((v) => v !== null)).toHaveLength(1); // the coins are alike: one is offered
    expect(e!.describe({ choice: 'spend', value: null }, 'en')).toBe('Done');
    expect(() => e!.view(s, 0)).not.toThrow();
    const t = e!.apply(s, 0, { choice: 'spend', value: null });
    const second = e!.legalActions(t, 1).map((a) => a.value);
    expect(second).toContain(null);
    expect(second.filter((v) => v !== null)).toHaveLength(1);
  });
});
