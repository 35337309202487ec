/**
 * The on-ramp: `rules new my-game` writes a game that validates, plays and passes its scenario
 * with `rules test`; a broken scenario is reported as file:line:col. Everything is written under a
 * temporary rules root (`--rules-dir`), removed at the end.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import * as games from '../../src/games.ts';

async function rules(args: string[], rulesDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0 };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('rules new / rules test', () => {
  it('rules new my-game validates, plays and passes rules test; the folder is removed again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rules-new-'));
    const rulesDir = join(root, 'rules');
    mkdirSync(rulesDir);
    const gameDir = join(rulesDir, 'my-game');
    const scenario = join(root, 'test', 'conformance', 'my-game', 'first-game.yaml');
    try {
      const made = await rules(['new', 'my-game', '--rules-dir', rulesDir], rulesDir);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      for (const f of [join(gameDir, 'game.yaml'), join(gameDir, 'flow.yaml'), scenario]) {
        expect(readFileSync(f, 'utf8')).toMatch(/^# yaml-language-server: \$schema=\S+\/schema\/(spec|scenario)\.schema\.json\n/);
      }
      const spec = readFileSync(join(gameDir, 'flow.yaml'), 'utf8') + readFileSync(join(gameDir, 'game.yaml'), 'utf8');
      expect(spec).toMatch(/source:\n\s+- ref: "\d{3}:\d+"\n\s+quote: \S+/);
      expect(spec).toMatch(/assumption:/);

      const validated = await rules(['validate', gameDir], rulesDir);
      expect(validated.stdout + validated.stderr).toMatch(/0 errors, 0 warnings in 1 game/);
      expect(validated.code).toBe(0);

      const tested = await rules(['test', 'my-game', '--rules-dir', rulesDir], rulesDir);
      expect(tested.stdout).toMatch(/^my-game\/first-game: passed$/m);
      expect(tested.stdout).toMatch(/1 scenario passed, 0 failed/);
      expect(tested.code).toBe(0);
      // the game's folder names its scenarios too
      const byFolder = await rules(['test', gameDir, '--rules-dir', rulesDir], rulesDir);
      expect(byFolder.stdout).toMatch(/^my-game\/first-game: passed$/m);
      expect(byFolder.code).toBe(0);

      const played = await rules(['play', 'my-game', '--seats', 'random,random,random', '--players', '3', '--seed', '5', '--rules-dir', rulesDir], rulesDir);
      expect(played.code).toBe(0);
      expect(played.stdout).toMatch(/Game over/);

      // a scenario that no longer holds: the same file:line:col report as the conformance suite
      writeFileSync(scenario, readFileSync(scenario, 'utf8').replace('seat(0).coins == 9', 'seat(0).coins == 8'));
      const failing = await rules(['test', scenario, '--rules-dir', rulesDir], rulesDir);
      expect(failing.code).toBe(1);
      expect(failing.stderr).toMatch(/my-game\/first-game: FAILED/);
      expect(failing.stderr).toMatch(/first-game\.yaml:\d+:\d+: error: .*seat\(0\)\.coins == 8/);
      expect(failing.stdout).toMatch(/0 scenarios passed, 1 failed/);

      // never overwrites
      const again = await rules(['new', 'my-game', '--rules-dir', rulesDir], rulesDir);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/already exists/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    expect(existsSync(gameDir)).toBe(false);
    expect(existsSync(scenario)).toBe(false);
  });

  it('writes all the files or none: a scenarios folder that cannot be made takes back the game folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rules-new-'));
    const rulesDir = join(root, 'rules');
    mkdirSync(rulesDir);
    writeFileSync(join(root, 'test'), 'a file where the scenarios folder would go\n');
    try {
      const r = await rules(['new', 'my-game', '--rules-dir', rulesDir], rulesDir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: cannot write the new game \(.*test\/conformance\/my-game\): a folder on the way is a file; nothing was written\n$/);
      expect(r.stdout).toBe('');
      expect(existsSync(join(rulesDir, 'my-game'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses an id that is not lower-case words joined by -', async () => {
    const r = await rules(['new', 'My_Game', '--rules-dir', '/nonexistent'], '/nonexistent');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/lower-case words joined by '-'/);
  });

  it('rules test names the games with scenarios when an argument is none of them', async () => {
    const rulesDir = new URL('../../rules/', import.meta.url).pathname;
    const r = await rules(['test', 'no-such-game'], rulesDir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/games with scenarios: .*the-boss/);
  });
});
