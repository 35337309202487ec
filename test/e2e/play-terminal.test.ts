/**
 * `rules play` on a real pseudo-terminal (tmux, on a server of its own): a human seat plays
 * Cash'n Guns to the end against three random seats, in English on a 160-column terminal and in
 * Chinese on an 80-column one, always taking the first option (Enter) — once first asking for why
 * and for the whole table; then the whole screen history is checked: the width used, the seat's own
 * values, after its first screen only what changed. A third game is stopped with Ctrl-C and must
 * have been saved.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit, limitInWords } from '../limits.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOCKET = `rules-e2e-${process.pid}`;
let tmp: string;
let conf: string;

function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', SOCKET, '-f', conf, ...args], { encoding: 'utf8' });
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** the whole history of a session's pane (escapes kept with `escapes`) */
const capture = (name: string, escapes = false): string => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', name, '-S', '-', '-E', '-');
const dead = (name: string): boolean => tmux('display-message', '-p', '-t', name, '#{pane_dead}').trim() === '1';
/** the command's exit status, as the shell around it printed it (`[exit N]`, see start) */
const status = (name: string): number => {
  const printed = [...capture(name).matchAll(/^\[exit (\d+)\]$/gm)].pop();
  return printed ? Number(printed[1]) : NaN;
};

/** start `rules play …` in a terminal of `width` columns */
function start(name: string, args: string[], env: Record<string, string> = {}, width = 80): void {
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  // through a shell that survives Ctrl-C itself (a trap, which the command does not inherit) and
  // prints the command's `$?` on the screen: 130 whether it exited with 130 or was stopped by SIGINT
  // (tmux's own pane status is empty for a death by signal, and was seen read as 0 too early)
  const quote = (x: string): string => `'${x.replace(/'/g, `'\\''`)}'`;
  const command = ['env', ...vars, process.execPath, join(ROOT, 'bin', 'rules.js'), 'play', ...args].map(quote).join(' ');
  tmux('new-session', '-d', '-s', name, '-x', String(width), '-y', '40', '-c', ROOT, 'sh', '-c', `trap true INT; ${command}; s=$?; echo "[exit $s]"; exit $s`);
}

/** the key hint of a waiting select prompt (`↑↓ … ⏎ …`) when it is the last line on screen */
function waitingHint(name: string): string | undefined {
  const lines = capture(name).split('\n').filter((l) => l.trim() !== '');
  const last = lines[lines.length - 1] ?? '';
  return /⏎/.test(last) ? last.trim() : undefined;
}
const waiting = (name: string): boolean => waitingHint(name) !== undefined;

/** answer every prompt with Enter (its first option) until the game is over; the screen's
 *  history (`flat`: wrapped lines joined again) and the key hints seen (inquirer erases them) */
async function playToEnd(name: string, limitMs = 150_000): Promise<{ screen: string; flat: string; hints: Set<string> }> {
  const until = Date.now() + limit(limitMs);
  const hints = new Set<string>();
  while (!dead(name)) {
    if (Date.now() > until) throw new Error(`waited ${limitInWords(limitMs)} for the game in ${name} to end:\n${capture(name).slice(-2000)}`);
    const hint = waitingHint(name);
    if (hint !== undefined) {
      hints.add(hint);
      tmux('send-keys', '-t', name, 'Enter');
      await sleep(150);
    } else await sleep(100);
  }
  const screen = capture(name);
  return { screen, flat: screen.replace(/\n {3,}(?=\S)/g, ' '), hints };
}

beforeAll(() => {
  if (!hasTmux()) throw new Error('this test drives a pseudo-terminal with tmux: install tmux (apt-get install tmux)');
  tmp = mkdtempSync(join(tmpdir(), 'rules-pty-'));
  conf = join(tmp, 'tmux.conf');
  // a server of our own: big history, and the pane stays after the game for the last capture
  writeFileSync(conf, 'set -g history-limit 100000\nset -g remain-on-exit on\n');
});

afterAll(() => {
  try {
    tmux('kill-server');
  } catch {
    /* no server was started */
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const GAME = ['cash-n-guns', '--players', '4', '--seats', 'human,random,random,random'];

/** what both languages must show: checked on the plain text of the whole history */
function commonChecks(screen: string, over: string, lastRound: string, roundHeading: RegExp, width = 80): void {
  expect(screen).not.toContain('{card:');
  expect(screen).not.toMatch(/var=/);
  expect(screen).not.toMatch(/\[phase-\d/);
  const end = screen.indexOf(over);
  const last = screen.lastIndexOf(lastRound);
  expect(end).toBeGreaterThan(0);
  expect(last).toBeGreaterThan(0);
  expect(last).toBeLessThan(end);
  expect(screen.slice(last, end)).toMatch(roundHeading);
  // the seed only after the game
  expect(screen.slice(0, end)).not.toMatch(/seed|種子/i);
  for (const line of screen.split('\n')) expect(widthOf(line)).toBeLessThanOrEqual(width);
  // the terminal's width is used
  if (width > 80) expect(screen.split('\n').some((l) => widthOf(l) > 80)).toBe(true);
}

/** at the first prompt, pick the last entries of the list (Down to the end, Enter): why, then the
 *  whole table; the game goes on from the same prompt */
async function askWhyAndTable(name: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (!waiting(name) && Date.now() < until) await sleep(100);
  for (const up of [0, 1]) {
    tmux('send-keys', '-t', name, ...new Array<string>(60).fill('Down'), ...new Array<string>(up).fill('Up'));
    await sleep(300);
    tmux('send-keys', '-t', name, 'Enter');
    await sleep(800);
    while (!waiting(name) && Date.now() < until) await sleep(100);
  }
}

/** terminal columns of a line (CJK characters take two) */
function widthOf(s: string): number {
  let n = 0;
  for (const ch of s) n += /[\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(ch) ? 2 : 1;
  return n;
}

describe('rules play on a pseudo-terminal (tmux)', () => {
  it('English, 160 columns: own cards by name, own values at 0, loot totals, aims in words, only what changed, why and the whole table, the last round before the result', async () => {
    start('en', [...GAME, '--seed', '5'], {}, 160);
    await askWhyAndTable('en');
    const { screen, flat, hints } = await playToEnd('en');
    expect(status('en')).toBe(0);
    commonChecks(screen, 'Game over', 'The last round:', /── Round \d ──/, 160);
    // the seat's own counters, 0 included, on its first screen
    expect(flat).toMatch(/^ {2}Wound tokens taken: 0 · Shame tokens taken: 0/m);
    // after the first screen, only what changed
    expect(screen).toMatch(/^Changed on the table:$/m);
    expect(screen).toMatch(/more things on the table are as they were/);
    // why: the rule in words, its source line and quote; and the whole table again
    expect(screen).toMatch(/^Why: the rules behind what changed:$/m);
    expect(flat).toMatch(/Source 003, lines? \d+(–\d+)?: 「/);
    expect(screen.split('\n').filter((l) => /^Table:$/.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(screen).toContain('hand: BANG! BANG! BANG!, BANG! ×2, CLiC CLiC CLiC ×5');
    expect(flat).toMatch(/loot: [^\n]*\(total [\d,]+\)/);
    expect(flat).toMatch(/(Seat \d|You) — Point your gun at a player: (you|Seat \d)/);
    expect(screen).toMatch(/━━ Cash'n Guns · Round \d · Seat 1 \(you\)/);
    expect(screen).toMatch(/^Winners: (Seat \d(, Seat \d)*|none)$/m);
    expect(screen).toMatch(/^Why: The game ends/m);
    expect(screen).toMatch(/seed 5 \(replay it with --seed 5\)/);
    expect([...hints]).toContain('↑↓ move • ⏎ choose');
    // colours on a terminal
    expect(capture('en', true)).toMatch(/\x1b\[[0-9;]*m━━ Cash'n Guns/);
  }, limit(180_000));

  it('Chinese: the same screen in Chinese, inquirer hints too; NO_COLOR leaves the screen plain', async () => {
    start('zh', [...GAME, '--lang', 'zh'], { NO_COLOR: '1' });
    const { screen, flat, hints } = await playToEnd('zh');
    expect(status('zh')).toBe(0);
    commonChecks(screen, '遊戲結束', '最後一回合:', /── 第 \d 回合 ──/);
    expect(screen).toContain('每位搶匪的8張子彈卡: BANG! BANG! BANG!, BANG! ×2, CLiC CLiC CLiC ×5');
    expect(flat).toMatch(/搶匪分到的鈔票[^\n]*\(合計 [\d,]+\)/);
    expect(flat).toMatch(/座位 \d — 用槍指向一位目標玩家:(你|座位 \d)/);
    expect([...hints]).toContain('↑↓ 移動 • ⏎ 選擇');
    expect(screen).toMatch(/種子 \d+/);
    // none of the screen's own English words
    expect(screen).not.toMatch(/\b(Seat|Since your|Game over|Winners|Waiting for|navigate|select|Table|Other seats|human|random|players)\b/);
    expect(screen).toMatch(/0:真人 1:隨機 2:隨機 3:隨機/);
    expect(capture('zh', true)).not.toMatch(/\x1b\[[0-9;]*m━━/);
  }, limit(180_000));

  it('Ctrl-C at a prompt saves the game so far and says so (in Chinese)', async () => {
    const file = join(tmp, 'stopped.json');
    start('stop', [...GAME, '--lang', 'zh', '--save', file]);
    const until = Date.now() + limit(60_000);
    // one answer, then Ctrl-C at the next prompt: the random seats play from a secret seed, so a
    // later prompt may never come (the human may be shot), but the first round's aim always does
    // one answer, then Ctrl-C at the next prompt: the random seats play from a secret seed, so a
    // later prompt may never come (the human may be shot), but the first round's aim always does
    let answered = 0;
    while (answered < 1 && Date.now() < until) {
      if (waiting('stop')) {
        tmux('send-keys', '-t', 'stop', 'Enter');
        answered++;
      }
      await sleep(150);
    }
    // at a prompt: the next one is on screen once the hint is back after a pause
    await sleep(1500);
    while (!waiting('stop') && Date.now() < until) await sleep(100);
    tmux('send-keys', '-t', 'stop', 'C-c');
    while (!dead('stop') && Date.now() < until) await sleep(100);
    expect(dead('stop')).toBe(true);
    expect(status('stop')).toBe(130);
    const screen = capture('stop');
    expect(screen).toMatch(/已中斷:目前為止的遊戲\(\d+ 個動作\)已存到/);
    expect(existsSync(file)).toBe(true);
    const log = JSON.parse(readFileSync(file, 'utf8')) as { result: unknown; actions: { seat: number }[] };
    expect(log.result).toBeNull();
    expect(log.actions.filter((a) => a.seat === 0).length).toBeGreaterThanOrEqual(1);
  }, limit(120_000));

  it('Ctrl-C right after an answer (between two prompts) saves too', async () => {
    const file = join(tmp, 'between.json');
    start('between', [...GAME, '--save', file]);
    const until = Date.now() + limit(60_000);
    while (!waiting('between') && Date.now() < until) await sleep(100);
    tmux('send-keys', '-t', 'between', 'Enter');
    tmux('send-keys', '-t', 'between', 'C-c');
    // a Ctrl-C that lands while inquirer closes its prompt is read by it and lost (as a key, not a
    // signal); a player presses it again
    for (let tries = 0; !dead('between') && Date.now() < until; tries++) {
      await sleep(100);
      if (tries % 30 === 29) tmux('send-keys', '-t', 'between', 'C-c');
    }
    expect(status('between')).toBe(130);
    expect(capture('between')).toMatch(/Interrupted: the game so far \(\d+ actions\) is saved to /);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { result: unknown }).result).toBeNull();
  }, limit(120_000));

  it('Speakeasy, 3 players: a human seat plays the whole game (every prompt answered with Enter), saved and replayed', async () => {
    const file = join(tmp, 'speakeasy.json');
    start('se', ['speakeasy', '--players', '3', '--seats', 'human,random,random', '--seed', '5', '--save', file]);
    const { screen, hints } = await playToEnd('se', 400_000);
    expect(status('se')).toBe(0);
    // the human was asked many times (each prompt seen leaves its hint), and the game ran to its end
    expect(hints.size).toBeGreaterThan(0);
    expect(screen).toMatch(/━━ Game over: Speakeasy ━━/);
    expect(screen).toMatch(/^Winners: (Seat \d(, Seat \d)*|none)$/m);
    expect(screen).not.toContain('{card:');
    for (const line of screen.split('\n')) expect(widthOf(line)).toBeLessThanOrEqual(80);
    const log = JSON.parse(readFileSync(file, 'utf8')) as { result: { end: string } | null; actions: { seat: number }[] };
    expect(log.result?.end).toBe('after-act-4');
    expect(log.actions.filter((a) => a.seat === 0).length).toBeGreaterThan(50);
    const replay = execFileSync(process.execPath, [join(ROOT, 'bin', 'rules.js'), 'replay', file], { encoding: 'utf8' });
    expect(replay).toMatch(/^replay ok: speakeasy, 3 players, seed 5/);
  }, limit(450_000));
});
