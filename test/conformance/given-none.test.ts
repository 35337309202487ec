/**
 * `none` in a scenario's given is the empty value of the var it is given to, whatever its type
 * (test/conformance/README.md "given"); where the type has no empty value (a bool, a list) the
 * given is refused, saying what to write. On a fixture game (test/fixtures/conformance/givens)
 * with vars of every kind of type.
 *
 * Speakeasy met it: `given: {vars: {bOwner: {b14c: none}}}` stored the text "none" in a
 * seat-typed keyed var, so `bOwner[b] == none` was then false, with no error (issue 36).
 */
import { describe, expect, test } from 'vitest';
import { fixtureScenarioRunner } from './fixture-scenario.ts';

const probe = fixtureScenarioRunner('givens');

describe('none in a given', () => {
  test('is the empty value of a seat, a place, a number or a string var, keyed or not', () => {
    const r = probe(`do:
  - {seat: 0, choice: go, value: go}
  - expect:
      - owner[spot["b"]] == seat(0) and leader == seat(1) and best == spot["b"] and seat(1).rival == seat(0)
  - given:
      vars: {owner: {b: none}, leader: none, best: none, height: none, word: none}
      seats:
        "1": {vars: {rival: none}}
  - expect:
      - owner[spot["b"]] == none and owner[spot["a"]] == seat(0)
      - leader == none and best == none and height == none and word == none
      - seat(1).rival == none
  - given:
      vars: {owner: [none, 1, none]}
  - expect:
      - owner[spot["a"]] == none and owner[spot["b"]] == seat(1) and owner[spot["c"]] == none
`);
    expect(r.report).toMatch(/passed$/);
  });

  test('is the word none for a string var that lists it among its words', () => {
    const r = probe(`given:
  vars: {mood: none}
do:
  - expect:
      - mood == "none"
`);
    expect(r.report).toMatch(/passed$/);
  });

  test('is refused for a bool or a list var, saying what to give instead', () => {
    const bool = probe(`given:
  vars: {open: none}
do:
  - expect:
      - open
`);
    expect(bool.ok).toBe(false);
    expect(bool.report).toContain(`${bool.name}:10:1: error: cannot arrange this: given: 'open' is a bool, which has no none: give true or false`);
    const list = probe(`given:
  vars: {crowd: none}
do:
  - expect:
      - count(crowd) == 0
`);
    expect(list.ok).toBe(false);
    expect(list.report).toContain(`cannot arrange this: given: 'crowd' is a list (seats), which has no none: give [] for an empty list`);
    const places = probe(`given:
  vars: {route: none}
do:
  - expect:
      - count(route) == 0
`);
    expect(places.report).toContain(`cannot arrange this: given: 'route' is a list (spot[]), which has no none: give [] for an empty list`);
  });
});
