/**
 * Every id reference that names nothing — a procedure, an end rule, a zone, a var, a card kind, a
 * place, a space set, an effect list, a parameter, an option — gets "did you mean 'x'?" when one
 * id is near, and otherwise at most a dozen ids to choose from, never the whole list.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { tinyGame } from './helpers.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const A = 'assumption: {why: test fixture}';
const seatVars = `  - {id: coins, type: number, initial: 0, text: {en: Coins., zh: 錢幣。}, ${A}}`;
const extra = `
options:
  - {id: fastGame, type: bool, default: false, text: {en: A fast game., zh: 快速遊戲。}, ${A}}
vars:
  - {id: round, type: number, initial: 0, text: {en: The round., zh: 回合。}, ${A}}
spaces:
  - id: district
    text: {en: Districts., zh: 街區。}
    ${A}
    propTypes: {near: district}
    items:
      - {id: harbour, props: {near: market}}
      - {id: market, props: {near: harbour}}
cards:
  - {id: gold-coin, count: 2, text: {en: A coin., zh: 一枚錢幣。}, ${A}}
zones:
  - {id: supply, per: game, initial: [gold-coin], text: {en: The supply., zh: 供應區。}, ${A}}
  - {id: hand, per: seat, text: {en: A hand., zh: 手牌。}, ${A}}
effectLists:
  - {id: reward, for: district, as: at, text: {en: A reward., zh: 獎勵。}, ${A}, do: [{add: round, value: 0}]}
procedures:
  - id: gain-money
    params: [{name: amount, type: number}]
    text: {en: Gain money., zh: 獲得金錢。}
    ${A}
    do:
      - add: seats[0].coins
        value: amount
`;

/** the errors of a game folder, each as its message and hint on one line */
function errorsOf(dir: string): string[] {
  const { diagnostics } = compileGameDir(dir, { smoke: true });
  return diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.col} ${d.message}${d.hint ? ` (hint: ${d.hint})` : ''}`);
}

/** a tiny game whose flow runs `body` (YAML lines indented 6), with `from` replaced by `to` in the sections above */
function game(body: string, from?: string, to?: string): string {
  const dir = tinyGame({ body, seatVars, extra: from === undefined ? extra : extra.replace(from, to!) });
  made.push(dir);
  return dir;
}

describe('"did you mean" for every id reference', () => {
  it('the fixture itself is valid', () => {
    expect(errorsOf(game('      - call: gain-money\n        with: {amount: 1}'))).toEqual([]);
  });

  const cases: [string, string, RegExp][] = [
    ['a procedure', '      - call: gain-mony\n        with: {amount: 1}', /unknown procedure 'gain-mony'.*did you mean 'gain-money'\?/],
    ['an end rule', '      - endGame: dne', /unknown end rule 'dne'.*did you mean 'done'\?/],
    ['a game zone', '      - move: suply\n        to: seats[0].hand', /'suply' is not a game zone.*did you mean 'supply'\?/],
    ['a seat zone', '      - move: supply\n        to: seats[0].hnad', /'hnad' is not a seat zone.*did you mean 'hand'\?/],
    ['a var', '      - set: rond\n        to: 1', /'rond' is not a variable.*did you mean 'round'\?/],
    ['a seat var', '      - add: seats[0].cions\n        value: 1', /'cions' is not a seat var.*did you mean 'coins'\?/],
    ['a parameter', '      - call: gain-money\n        with: {amount: 1, amout: 1}', /has no parameter 'amout'.*did you mean 'amount'\?/],
    ['an effect list', '      - resolve: district["market"]\n        list: rewrd', /unknown effect list 'rewrd'.*did you mean 'reward'\?/],
    ['a place in an expression', '      - resolve: district["markte"]\n        list: reward', /no item 'markte'.*did you mean 'market'\?/],
    ['an option', '      - if: options.fastGam\n        then: [{add: round, value: 1}]', /no option 'fastGam'.*did you mean 'fastGame'\?/],
  ];
  for (const [what, body, message] of cases) {
    it(`${what}`, () => {
      const errors = errorsOf(game(body));
      expect(errors).toEqual([expect.stringMatching(message)]);
    });
  }

  const declared: [string, string, string, RegExp][] = [
    ['a card kind in a zone', 'initial: [gold-coin]', 'initial: [gold-con]', /unknown card kind 'gold-con'.*did you mean 'gold-coin'\?/],
    ['a place in a typed prop', '{near: market}', '{near: markt}', /'markt' is not a place of 'district'.*did you mean 'market'\?/],
    ['a space set', '{id: hand, per: seat,', '{id: hand, per: seat, by: distrct,', /'distrct' is not a space set.*did you mean 'district'\?/],
  ];
  for (const [what, from, to, message] of declared) {
    it(`${what}`, () => {
      const errors = errorsOf(game('      - log: {en: x, zh: x}', from, to));
      expect(errors).toEqual([expect.stringMatching(message)]);
    });
  }

  it('a name near nothing lists the ids, at most a dozen, with how many there are', () => {
    const many = Array.from({ length: 20 }, (_, i) => `  - {id: step-${i}, text: {en: A step., zh: 一步。}, ${A}, do: [{add: round, value: 1}]}`).join('\n');
    const dir = tinyGame({ body: '      - call: xyzzy', seatVars, extra: extra.replace('procedures:\n', `procedures:\n${many}\n`) });
    made.push(dir);
    const [error, ...rest] = errorsOf(dir);
    expect(rest).toEqual([]);
    expect(error).toMatch(/unknown procedure 'xyzzy'/);
    expect(error).toMatch(/procedures: step-0, step-1, .*step-11, … \(21 in all\)/);
    expect(error).not.toMatch(/step-12|gain-money/);
  });
});
