/**
 * What a scenario controls besides answers: what the next shuffle of a zone puts on top
 * (`given: {shuffles: …}`), and stopping where a rule begins (`play: random, until: {enter: rule}`),
 * for a phase without decisions. On a fixture game (test/fixtures/conformance/reshuffle): each round
 * both seats say go, then `turn-over` reshuffles the deck and scores its top tile for seat 0.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fixtureRulesDir as rulesDir, fixtureScenarioRunner } from './fixture-scenario.ts';

const run = fixtureScenarioRunner('reshuffle');

describe('given: shuffles', () => {
  test('the next shuffle of the zone puts a card of each given kind on top, in order', () => {
    for (const n of [1, 2, 3]) {
      for (const seed of [1, 2, 3]) {
        const r = run(
          `given:
  shuffles: {deck: [tile-${n}]}
do:
  - play: random
    until: round == 2
expect:
  - seat(0).points == ${n}
`,
          seed,
        );
        expect(r.report, `tile-${n}, seed ${seed}`).toMatch(/passed$/);
      }
    }
  });

  test('several kinds stack in the order given', () => {
    const r = run(`do:
  - play: random
    until: round == 1
  - given:
      shuffles: {deck: [tile-2, tile-1]}
  - play: random
    until: round == 2
expect:
  - first(shown).number == 2
  - first(deck).number == 1
`);
    expect(r.report).toMatch(/passed$/);
  });

  test('it holds for the next shuffle only: later shuffles draw as usual', () => {
    // over many seeds, round 2's tile is not always the one given for round 1
    const seen = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      for (const n of [1, 2, 3]) {
        const r = run(
          `given:
  shuffles: {deck: [tile-3]}
do:
  - play: random
    until: round == 3
expect:
  - seat(0).points == ${3 + n}
`,
          seed,
        );
        if (r.ok) seen.add(n);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  test('an unknown zone or kind is reported at its place', () => {
    const zone = run(`given:\n  shuffles: {dekc: [tile-1]}\nexpect: [round == 0]\n`);
    expect(zone.report).toMatch(/s\d+\.yaml:11:\d+: error: reshuffle has no game zone 'dekc'/);
    expect(zone.report).toContain("did you mean 'deck'?");
    const kind = run(`given:\n  shuffles: {deck: [tile-9]}\nexpect: [round == 0]\n`);
    expect(kind.report).toMatch(/s\d+\.yaml:11:\d+: error: there is no card of kind 'tile-9' in reshuffle/);
  });

  test('a kind the zone does not hold when it is shuffled is an error of the step that shuffles', () => {
    // the deck has one tile-2 only
    const r = run(`given:\n  shuffles: {deck: [tile-2, tile-2]}\ndo:\n  - play: random\n    until: round == 2\nexpect: [round == 2]\n`);
    expect(r.ok).toBe(false);
    expect(r.report).toContain("the shuffle of 'deck' was to put 2 cards of kind 'tile-2' on top (given: shuffles), but the zone holds 1");
  });
});

describe('until: {enter: rule}', () => {
  test('play stops where the rule begins, before its first effect, with no decision in between', () => {
    const r = run(`do:
  - play: random
    until: {enter: turn-over}
  - expect:
      - round == 1
      - count(shown) == 0
      - seat(0).points == 0
  - given:
      vars: {bonus: 10}
  - play: random
    until: {enter: turn-over}
  - expect:
      - round == 2
      - seat(0).points >= 11 and seat(0).points <= 13
  - play: random
expect:
  - seat(0).points >= 33
`);
    expect(r.report).toMatch(/passed$/);
  });

  test('a shuffle given at the stop is the one the rule makes', () => {
    for (const n of [1, 2, 3]) {
      const r = run(`do:
  - play: random
    until: {enter: turn-over}
  - given:
      shuffles: {deck: [tile-${n}]}
  - play: random
    until: round == 2
expect:
  - seat(0).points == ${n}
`);
      expect(r.report, `tile-${n}`).toMatch(/passed$/);
    }
  });

  test('an unknown rule is reported at its place, with a suggestion', () => {
    const r = run(`do:\n  - play: random\n    until: {enter: turn-ovr}\nexpect: [round == 0]\n`);
    expect(r.report).toMatch(/s\d+\.yaml:12:\d+: error: reshuffle has no rule 'turn-ovr'/);
    expect(r.report).toContain("did you mean 'turn-over'?");
  });

  test('the game ending first is an error', () => {
    const r = run(`do:\n  - play: random\n    until: {enter: turn-over}\n  - play: random\n    until: {enter: rounds}\nexpect: [round == 0]\n`);
    expect(r.report).toMatch(/error: the game ended \(.*\) before the flow entered rule 'rounds'/);
  });
});

describe('the engine side', () => {
  test('with external chance, the stacked kinds go on top once the last draw is made', async () => {
    const { compileGameDir } = await import('../../src/games.ts');
    const engine = compileGameDir(join(rulesDir, 'reshuffle')).engine!;
    for (const n of [1, 2, 3]) {
      let s = engine.create({ players: 2, seed: 1, chance: 'external' });
      // the setup has no shuffle: the first decision is round 1's go
      s = engine.arrange(s, { shuffles: { deck: [`tile-${n}`] } });
      for (let k = 0; k < 2; k++) s = engine.apply(s, k, { choice: 'go', value: 'go' });
      while (engine.pending(s)?.kind === 'chance') s = engine.applyChance(s, 0);
      expect(engine.evaluate(s, 'first(shown).number')).toBe(n);
    }
  });
});

describe('until: {enter: rule} from a stop', () => {
  test('a later rule of the same stretch without decisions: the flow runs on to it, not to the next decision', () => {
    const r = run(`do:
  - play: random
    until: {enter: turn-over}
  - play: random
    until: {enter: tally}
  - expect:
      - round == 1
      - count(shown) == 1
      - seat(0).points >= 1
`);
    expect(r.report).toMatch(/passed$/);
  });

  test('the rule it is stopped at: its next entry', () => {
    const r = run(`do:
  - play: random
    until: {enter: turn-over}
  - play: random
    until: {enter: turn-over}
  - expect: [round == 2]
`);
    expect(r.report).toMatch(/passed$/);
  });

  test('a rule that begins where the flow is stopped (the first effect of the rule stopped at) is there already', () => {
    const r = run(`do:
  - play: random
    until: {enter: turn-over}
  - play: random
    until: {enter: put-back}
  - expect:
      - round == 1
      - count(shown) == 0
`);
    expect(r.report).toMatch(/passed$/);
  });
});
