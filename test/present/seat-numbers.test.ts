/**
 * People count seats from 1: the table's words (terminal and page alike) show seat index 0 as
 * "Seat 1", while the engine, its logs and the JSON keep the 0-based index.
 */
import { describe, expect, it } from 'vitest';
import { tableWords } from '../../src/present/words.ts';
import { Namer } from '../../src/present/narrate.ts';
import { terminalText } from '../../src/cli/terminal-text.ts';

describe('seats are shown numbered from 1', () => {
  it('names seat index 0 as Seat 1, in English and Chinese', () => {
    expect(tableWords('en').seatName(0)).toBe('Seat 1');
    expect(tableWords('en').youAre(0)).toBe('Seat 1 (you)');
    expect(tableWords('zh').seatName(2)).toBe('座位 3');
    expect(tableWords('zh').youAre(0)).toBe('座位 1(你)');
  });

  it('names several seats in a sentence by the same numbers', () => {
    expect(new Namer('en', 0, undefined).seats([0, 1, 2])).toBe('You and Seats 2 and 3');
    expect(new Namer('en', 3, undefined).seats([1])).toBe('Seat 2');
    expect(new Namer('zh', 0, undefined).seats([1, 2])).toBe('座位 2和座位 3');
  });

  it('hands the keyboard to the seat by its shown number', () => {
    expect(terminalText('en').pass(0)).toBe('Pass the keyboard to seat 1, then press Enter');
    expect(terminalText('zh').pass(1)).toBe('請把鍵盤交給座位 2,然後按 Enter');
  });
});
