/**
 * `rules validate` keeps each game's result between runs (src/cli/validate-cache.ts): a second run
 * prints the same bytes from the kept results and does read them; a changed game file, worked
 * example, engine input or engine switch is checked again; `--no-cache` and RULES_VALIDATE_CACHE=off read nothing;
 * a broken kept file or an unwritable folder only costs time; a result that depends on the
 * thread's stack is never kept; the folder holds at most MAX_KEPT results.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_KEPT, openValidateCache } from '../../src/cli/validate-cache.ts';
import type { ValidatedGame } from '../../src/cli/validate.ts';
import { limit, spawnWithin } from '../limits.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'rules.js');
const tmp = mkdtempSync(join(tmpdir(), 'validate-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const validate = (cache: string, ...args: string[]) => {
  const r = spawnWithin(120_000, process.execPath, [bin, 'validate', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, DEBUG: '', RULES_VALIDATE_CACHE: cache } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const kept = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('rules validate keeps results between runs', () => {
  const games = join(tmp, 'games');
  const game = join(games, 'cash-n-guns');
  cpSync(join(root, 'rules', 'cash-n-guns'), game, { recursive: true });
  const components = join(game, 'components.yaml');
  const sound = readFileSync(components, 'utf8');

  it('prints the same bytes from the kept result, and does read it (a planted warning shows); --no-cache and RULES_VALIDATE_CACHE=off read nothing', () => {
    const cache = join(tmp, 'cache-1');
    const first = validate(cache, game, '--verbose');
    expect(first.status).toBe(0);
    // (a copy outside rules/ is warned about its schema lines)
    const warnings = Number(/^0 errors, (\d+) warnings? in 1 game$/m.exec(first.stdout)?.[1]);
    expect(Number.isInteger(warnings)).toBe(true);
    expect(first.stdout).toMatch(/random games under \d+ option settings/);
    expect(kept(cache)).toHaveLength(1);
    expect(validate(cache, game, '--verbose')).toEqual(first);

    // plant a warning in the kept result: a run that reads it prints it
    const file = join(cache, kept(cache)[0]!);
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { game: ValidatedGame };
    entry.game.diagnostics.push({ file: 'planted.yaml', line: 1, col: 1, severity: 'warning', message: 'planted in the kept result' });
    writeFileSync(file, JSON.stringify(entry));
    const planted = validate(cache, game);
    expect(planted.stdout).toContain('planted in the kept result');
    expect(planted.stdout).toContain(`0 errors, ${warnings + 1} warnings in 1 game`);

    for (const fresh of [validate(cache, game, '--no-cache'), validate('off', game)]) {
      expect(fresh.status).toBe(0);
      expect(fresh.stdout).not.toContain('planted');
      expect(fresh.stdout).toContain(`0 errors, ${warnings} warnings in 1 game`);
    }
  }, limit(240_000));

  it('checks a game again when one of its files changed, and reads the first result again once it is back', () => {
    const cache = join(tmp, 'cache-2');
    const clean = validate(cache, game);
    expect(clean.status).toBe(0);
    try {
      writeFileSync(components, sound.replace('quote: 15張$5,000', 'quote: 16張$5,000'));
      const broken = validate(cache, game);
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain('error: the quote does not stand on line');
      expect(kept(cache)).toHaveLength(2);
    } finally {
      writeFileSync(components, sound);
    }
    expect(validate(cache, game)).toEqual(clean);
    expect(kept(cache)).toHaveLength(2);
  }, limit(240_000));

  it('checks a game again when one of its worked examples (the scenarios beside its rules folder) changed', () => {
    const cache = join(tmp, 'cache-examples');
    const scenarios = join(tmp, 'test', 'conformance', 'cash-n-guns');
    cpSync(join(root, 'test', 'conformance', 'cash-n-guns'), scenarios, { recursive: true });
    try {
      const first = validate(cache, game);
      expect(first.stdout).toMatch(/in 1 game; \d+ worked examples/);
      const scenario = join(scenarios, 'death-at-three-wounds.yaml');
      writeFileSync(scenario, readFileSync(scenario, 'utf8').replace('- seat(1).wounds == 3', '- seat(1).wounds == 4'));
      const broken = validate(cache, game);
      expect(broken.status).toBe(1);
      expect(broken.stdout).toMatch(/death-at-three-wounds\.yaml:\d+:\d+: error: expected seat\(1\)\.wounds == 4/);
      expect(broken.stdout).toMatch(/worked examples: 1 fails/);
      expect(kept(cache)).toHaveLength(2);
    } finally {
      rmSync(join(tmp, 'test'), { recursive: true, force: true });
    }
  }, limit(240_000));

  it('treats a broken kept file as missing, and runs without a cache where its folder cannot be made', () => {
    const cache = join(tmp, 'cache-3');
    const clean = validate(cache, game);
    writeFileSync(join(cache, kept(cache)[0]!), '{"format": 1, "game": ');
    expect(validate(cache, game)).toEqual(clean);
    const notAFolder = join(tmp, 'a-file');
    writeFileSync(notAFolder, 'not a folder\n');
    expect(validate(join(notAFolder, 'cache'), game)).toEqual(clean);
  }, limit(240_000));
});

describe('openValidateCache', () => {
  const engine = join(tmp, 'engine');
  mkdirSync(join(engine, 'src'), { recursive: true });
  writeFileSync(join(engine, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(engine, 'lock.json'), '{}\n');
  const inputs = [join(engine, 'src'), join(engine, 'lock.json')];
  const dir = join(tmp, 'some-game');
  const result: ValidatedGame = { dir, diagnostics: [] };

  it('reuses a result only while the engine inputs and switches are unchanged', () => {
    const at = join(tmp, 'unit-1');
    openValidateCache({ dir: at, engine: inputs, env: {} })!.put(dir, result);
    expect(openValidateCache({ dir: at, engine: inputs, env: {} })!.get(dir)).toEqual(result);
    expect(openValidateCache({ dir: at, engine: inputs, env: { RULES_CODEGEN: 'off' } })!.get(dir)).toBeUndefined();
    expect(openValidateCache({ dir: at, engine: inputs, env: {} })!.get(join(tmp, 'another-game'))).toBeUndefined();
    writeFileSync(join(engine, 'src', 'a.ts'), 'export const a = 2;\n');
    expect(openValidateCache({ dir: at, engine: inputs, env: {} })!.get(dir)).toBeUndefined();
    writeFileSync(join(engine, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(engine, 'lock.json'), '{"b": 1}\n');
    expect(openValidateCache({ dir: at, engine: inputs, env: {} })!.get(dir)).toBeUndefined();
    writeFileSync(join(engine, 'lock.json'), '{}\n');
    expect(openValidateCache({ dir: at, engine: inputs, env: {} })!.get(dir)).toEqual(result);
  });

  it('keeps no result when a file of the game changed while it was checked', () => {
    const at = join(tmp, 'unit-3');
    const game = join(tmp, 'saved-meanwhile');
    mkdirSync(game, { recursive: true });
    writeFileSync(join(game, 'game.yaml'), 'game: {id: a}\n');
    const cache = openValidateCache({ dir: at, engine: inputs, env: {} })!;
    expect(cache.get(game)).toBeUndefined();
    writeFileSync(join(game, 'game.yaml'), 'game: {id: b}\n');
    cache.put(game, { dir: game, diagnostics: [] });
    expect(kept(at)).toHaveLength(0);
    // unchanged between the look-up and the check: kept
    expect(cache.get(game)).toBeUndefined();
    cache.put(game, { dir: game, diagnostics: [] });
    expect(kept(at)).toHaveLength(1);
  });

  it('is off with RULES_VALIDATE_CACHE=off, keeps no result that depends on the stack, and keeps at most MAX_KEPT', () => {
    expect(openValidateCache({ engine: inputs, env: { RULES_VALIDATE_CACHE: 'off' } })).toBeUndefined();
    const at = join(tmp, 'unit-2');
    const cache = openValidateCache({ dir: at, engine: inputs, env: {} })!;
    cache.put(dir, { dir, diagnostics: [{ file: 'a.yaml', line: 1, col: 1, severity: 'error', message: 'the mappings nest too deeply to read' }] });
    expect(kept(at)).toHaveLength(0);
    for (let i = 0; i < MAX_KEPT + 5; i++) cache.put(join(tmp, `game-${i}`), { dir: join(tmp, `game-${i}`), diagnostics: [] });
    expect(kept(at)).toHaveLength(MAX_KEPT);
    expect(readdirSync(at).filter((f) => f.endsWith('.tmp'))).toHaveLength(0);
  });
});
