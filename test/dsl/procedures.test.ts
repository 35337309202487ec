import { describe, expect, it } from 'vitest';
import { fixture, open, play, refused } from './helpers.ts';

describe('re-entrant procedures', () => {
  it('runs a procedure inside itself and keeps the outer call\'s loop counting', () => {
    const e = open('rewards');
    let s = e.create({ players: 2, seed: 1 });
    // seat 0 raises 3 from level 1: level 2, then 3 gives a reward, taken as one more level (4);
    // back in the outer raise, its third step gives 5 (its counter survived the inner call)
    s = play(e, s, [
      { choice: 'how-far', value: 3 },
      { choice: 'reward-kind', value: 'level' },
    ]);
    expect(e.evaluate(s, 'seat(0).level')).toBe(5);
    expect(e.evaluate(s, 'seat(0).points')).toBe(0);
  });

  it('chains rewards through each other, with a decision pending deep inside the chain', () => {
    const e = open('rewards');
    let s = e.create({ players: 2, seed: 1 });
    // level 1 → 2 → 3 (reward: level → 4) → 5 → 6 (reward, inside the outer raise: points)
    s = play(e, s, [{ choice: 'how-far', value: 3 }, { choice: 'reward-kind', value: 'level' }]);
    expect(e.evaluate(s, 'seat(0).level')).toBe(5);
    s = play(e, s, [{ choice: 'how-far', value: 1 }]); // seat 1: 1 → 2
    s = play(e, s, [{ choice: 'how-far', value: 1 }, { choice: 'reward-kind', value: 'level' }]);
    // seat 0: 5 → 6 (reward: level → 7)
    expect(e.evaluate(s, 'seat(0).level')).toBe(7);
    // the pending choice sits inside two nested calls: the state is plain JSON and survives a copy
    const copy = JSON.parse(JSON.stringify(s));
    expect(copy.calls).toEqual([]);
  });

  it('keeps the return stack in the state, so a game saved mid-chain resumes the same', () => {
    const e = open('rewards');
    let s = e.create({ players: 2, seed: 1 });
    s = play(e, s, [{ choice: 'how-far', value: 2 }]); // level 1 → 2 → 3: reward pending inside raise
    const st = s as { calls: unknown[] };
    expect(st.calls.length).toBe(2); // raise, then reward
    const resumed = play(e, JSON.parse(JSON.stringify(s)), [{ choice: 'reward-kind', value: 'points' }]);
    const direct = play(e, s, [{ choice: 'reward-kind', value: 'points' }]);
    expect(resumed).toEqual(direct);
    expect(e.evaluate(direct, 'seat(0).points')).toBe(5);
  });

  it('stops a body that never returns at the depth limit, naming the procedure at its file:line:col', () => {
    const errors = refused('runaway');
    expect(errors).toHaveLength(1);
    const d = errors[0]!;
    expect(d.file).toContain(`${fixture('runaway')}/game.yaml`);
    expect([d.line, d.col]).toEqual([17, 5]); // `- id: again`
    expect(d.message).toMatch(/'again' was entered 64 times/);
    expect(d.message).not.toMatch(/\n\s+at /); // no stack trace
  });
});
