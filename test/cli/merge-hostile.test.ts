/**
 * `rules merge` reads shards that may come from other machines (issue 30 §2): it checks them,
 * never trusts them. Every figure that can be recomputed from the game lines is (the tally must
 * agree), every seat index, count and name is checked against the run's header (and the game,
 * when it is at hand), and anything else is refused with the file, the line and the reason —
 * exit 2, nothing printed on stdout, memory bounded whatever the numbers say. Honest shards
 * still merge to the bytes of the plain run (simulate-shards.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import * as games from '../../src/games.ts';
import { limit } from '../limits.ts';

const rulesDir = fileURLToPath(new URL('../../rules/', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/rules.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'rules-merge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function rules(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = bufferIO();
  const ctx: CliContext = { games, io, defaultRulesDir: rulesDir, now: () => 0 };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let honest: string[][] = [];
const files: string[] = [];

beforeAll(async () => {
  for (let k = 1; k <= 2; k++) {
    const r = await rules(['simulate', 'cash-n-guns', '--players', '4', '--games', '6', '--seed', '1', '--shard', `${k}/2`]);
    expect(r.code).toBe(0);
    files.push(join(tmp, `honest-${k}.jsonl`));
    writeFileSync(files[k - 1]!, r.stdout);
  }
  honest = files.map((f) => readFileSync(f, 'utf8').trimEnd().split('\n'));
});

/** shard 1 with line `line` (1-based) changed by `edit`, as a file; shard 2 as it was */
function tampered(name: string, line: number, edit: (j: Json) => void): [string, string] {
  const lines = honest[0]!.map((l, i) => {
    if (i !== line - 1) return l;
    const j = JSON.parse(l);
    edit(j);
    return JSON.stringify(j);
  });
  const f = join(tmp, `${name}.jsonl`);
  writeFileSync(f, `${lines.join('\n')}\n`);
  return [f, files[1]!];
}

const TALLY = 5; // header, three games, the tally

async function refused(args: string[], message: RegExp): Promise<void> {
  const r = await rules(['merge', ...args]);
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('rules merge checks what it reads', () => {
  it('merges the honest shards (the check refuses nothing that simulate writes)', async () => {
    const r = await rules(['merge', ...files, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.games).toBe(6);
  });

  it('a histogram count of 10^15 is refused, not laid out until the process dies', () => {
    const [bad, other] = tampered('huge-count', TALLY, (j) => {
      j.tally.scores[0][0][1] = 1e15;
    });
    // a child process with little memory: before, this ended in 'Fatal JavaScript invalid size error' (exit 133)
    const r = spawnSync(process.execPath, ['--max-old-space-size=256', bin, 'merge', bad, other], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/huge-count\.jsonl:5: the tally's scores of seat 0 .* are not those of the shard's 3 games/);
    expect(r.status).toBe(2);
  }, limit(60_000));

  it('a tally that contradicts the game lines is refused, whatever field it is', async () => {
    const [bad, other] = tampered('wins', TALLY, (j) => {
      j.tally.wins = [5, 5, 5, 5];
    });
    await refused([bad, other], /wins\.jsonl:5: the tally's wins \[5,5,5,5\] are not those of the shard's 3 games \[\d+,\d+,\d+,\d+\]: the file was changed/);
    for (const [field, value] of [['noWinner', 2], ['sharedWins', 1], ['rounds', 1], ['ends', { 'one-left': 3 }], ['results', {}], ['roundsHistogram', [[8, 2], [9, 1]]]] as const) {
      const [b, o] = tampered(`field-${field}`, TALLY, (j) => {
        j.tally[field] = value;
      });
      await refused([b, o], new RegExp(`field-${field}\\.jsonl:5: the tally's ${field} .* are not those of the shard's 3 games`));
    }
  });

  it('a tally with games -5 says so', async () => {
    const [bad, other] = tampered('minus-five', TALLY, (j) => {
      j.tally.games = -5;
    });
    await refused([bad, other], /minus-five\.jsonl:5: the tally counts -5 games, the shard holds 3/);
  });

  it('the actions, which the game lines do not hold, must add up', async () => {
    const [bad, other] = tampered('actions', TALLY, (j) => {
      j.tally.actionsHistogram = [[96, 2], [1e15, 1]];
    });
    await refused([bad, other], /actions\.jsonl:5: the tally's actions histogram .*: the file was changed/);
    const [bad2, other2] = tampered('actions-sum', TALLY, (j) => {
      j.tally.actions += 1;
    });
    await refused([bad2, other2], /actions-sum\.jsonl:5: the tally's actions .* are not the sum of its actions histogram/);
  });

  it('a seat index outside the run is refused at its line', async () => {
    for (const [name, winners] of [['ninety-nine', [99]], ['minus-one', [-1]], ['twice', [1, 1]], ['half', [0.5]]] as const) {
      const [bad, other] = tampered(`winners-${name}`, 2, (j) => {
        j.winners = winners;
      });
      await refused([bad, other], new RegExp(`winners-${name}\\.jsonl:2: winners \\[.*\\]: .*seats? of the run's 4 players \\(0–3\\)`));
    }
    const [bad, other] = tampered('out-seven', 3, (j) => {
      j.out = [7];
    });
    await refused([bad, other], /out-seven\.jsonl:3: out \[7\]: .*of the run's 4 players \(0–3\)/);
  });

  it('a score that is no number a rule may hold, or one too few, is refused', async () => {
    const [bad, other] = tampered('scores-three', 2, (j) => {
      j.scores = [1, 2, 3];
    });
    await refused([bad, other], /scores-three\.jsonl:2: scores \[1,2,3\]: one score per seat of the run's 4 players/);
    const f = join(tmp, 'scores-infinite.jsonl');
    writeFileSync(f, honest[0]!.map((l, i) => (i === 1 ? l.replace(/"scores":\[[^\]]*\]/, '"scores":[1e400,0,0,0]') : l)).join('\n') + '\n');
    await refused([f, files[1]!], /scores-infinite\.jsonl:2: scores .*: .*not a number a rule may hold/);
  });

  it('an end or result that is not one of the game\'s rules is refused: __proto__, constructor, toString', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const [bad, other] = tampered(`end-${name}`, 2, (j) => {
        j.end = name;
      });
      await refused([bad, other], new RegExp(`end-${name}\\.jsonl:2: end '${name}' is not an end rule of cash-n-guns`));
      const [bad2, other2] = tampered(`result-${name}`, 3, (j) => {
        j.result = name;
      });
      await refused([bad2, other2], new RegExp(`result-${name}\\.jsonl:3: result '${name}' is not a result rule of cash-n-guns`));
    }
  });

  it('without the game at hand, a name must still be a rule id, and honest shards merge', async () => {
    const elsewhere = mkdtempSync(join(tmp, 'no-games-'));
    const r = await rules(['merge', ...files, '--json', '--rules-dir', elsewhere]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe((await rules(['merge', ...files, '--json'])).stdout);
    for (const name of ['__proto__', 'toString']) {
      const [bad, other] = tampered(`elsewhere-${name}`, 2, (j) => {
        j.end = name;
      });
      await refused([bad, other, '--rules-dir', elsewhere], new RegExp(`elsewhere-${name}\\.jsonl:2: end '${name}' is not the id of a rule`));
    }
  });

  it('a run its game could not have made: players or options it does not allow', async () => {
    /** both shards with the same header edit (else they are shards of different runs) */
    const both = (name: string, edit: (j: Json) => void): string[] =>
      honest.map((lines, k) => {
        const f = join(tmp, `${name}-${k + 1}.jsonl`);
        const head = JSON.parse(lines[0]!);
        edit(head);
        writeFileSync(f, `${[JSON.stringify(head), ...lines.slice(1)].join('\n')}\n`);
        return f;
      });
    await refused(both('players-seven', (j) => (j.run.players = 7)), /players-seven-1\.jsonl:1: players 7: cash-n-guns is for 4 to 6 players/);
    await refused(both('option-proto', (j) => (j.run.options = { ...JSON.parse('{"__proto__": true}'), ...j.run.options })), /option-proto-1\.jsonl:1: option "__proto__" is not an option of cash-n-guns/);
    await refused(both('option-value', (j) => (j.run.options.tokenSupply = 'endless')), /option-value-1\.jsonl:1: option tokenSupply is "endless": not a value cash-n-guns allows for it/);
  });

  it('a header whose counts would take all memory is refused at line 1', async () => {
    for (const [name, edit, message] of [
      ['players', (j: Json) => (j.run.players = 1e9), /players 1000000000: a game has 1 to 100 players/],
      ['of', (j: Json) => ((j.of = 1e15), (j.games = 1e15)), /1000000000000000 games: a run has at most 10,000,000/],
      ['seed', (j: Json) => (j.run.seed = -1), /seed -1: a seed is a whole number from 0 to 4294967295/],
    ] as const) {
      const [bad, other] = tampered(`head-${name}`, 1, edit);
      await refused([bad, other], new RegExp(`head-${name}\\.jsonl:1: ${message.source}`));
    }
  });
});
