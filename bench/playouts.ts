/**
 * `npm run bench`: random playouts per game for ~3 s each at the game's max player count.
 * Prints playouts/s, actions/s and mean actions per game; when bench/reference/<game>.ts exists
 * (a hand-written implementation exporting `playout(players, seed)`), runs it the same way and
 * prints the speed ratio interpreter/reference (playouts/s).
 *
 *   npm run bench                      # every game under rules/
 *   npm run bench -- <game> ... --seconds 1 --rules-dir DIR
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listGames, openGame } from '../src/games.ts';
import { agentSeedFor } from '../src/agents/random-agent.ts';
import { playout } from '../src/agents/playout.ts';

type RefPlayout = (players: number, seed: number) => { winners: number[]; scores: number[]; actions: number };

interface Speed {
  playouts: number;
  actions: number;
  seconds: number;
}

function timeLoop(seconds: number, one: (i: number) => number): Speed {
  // short warm-up so the JIT has seen the code
  const warm = performance.now();
  for (let i = 0; performance.now() - warm < Math.min(300, seconds * 100); i++) one(1_000_000 + i);
  const t0 = performance.now();
  const budget = seconds * 1000;
  let playouts = 0;
  let actions = 0;
  let now = t0;
  while (now - t0 < budget) {
    actions += one(playouts);
    playouts++;
    now = performance.now();
  }
  return { playouts, actions, seconds: (now - t0) / 1000 };
}

function parseArgs(argv: string[]): { games: string[]; seconds: number; rulesDir: string } {
  const games: string[] = [];
  let seconds = 3;
  let rulesDir = fileURLToPath(new URL('../rules', import.meta.url));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--seconds') seconds = Number(argv[++i]);
    else if (a === '--rules-dir') rulesDir = resolve(argv[++i] ?? '.');
    else games.push(a);
  }
  if (!(seconds > 0)) throw new Error('--seconds must be a positive number');
  return { games, seconds, rulesDir };
}

const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r, ri) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
      return ri === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

async function main(): Promise<void> {
  const { games: wanted, seconds, rulesDir } = parseArgs(process.argv.slice(2));
  const ids = wanted.length ? wanted : listGames(rulesDir);
  const rows: string[][] = [
    ['game', 'players', 'playouts/s', 'actions/s', 'actions/game', 'ref playouts/s', 'ref actions/s', 'ref actions/game', 'interp/ref'],
  ];
  for (const id of ids) {
    const { engine, diagnostics } = openGame(rulesDir, id);
    if (engine === undefined) {
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      rows.push([id, '-', `does not compile (${errors} errors)`, '', '', '', '', '', '']);
      continue;
    }
    const players = engine.maxPlayers;
    process.stderr.write(`${id}: ${players} players, ${seconds}s…\n`);
    let interp: Speed;
    try {
      interp = timeLoop(seconds, (i) => playout(engine, { players, seed: i, log: false }, agentSeedFor(i), { record: false }).steps);
    } catch (e) {
      rows.push([id, String(players), `error: ${(e as Error).message}`, '', '', '', '', '', '']);
      continue;
    }
    const row = [
      id,
      String(players),
      fmt(interp.playouts / interp.seconds, 1),
      fmt(interp.actions / interp.seconds),
      fmt(interp.actions / Math.max(interp.playouts, 1), 1),
      '',
      '',
      '',
      '',
    ];
    const refFile = fileURLToPath(new URL(`./reference/${id}.ts`, import.meta.url));
    if (existsSync(refFile)) {
      const mod = (await import(pathToFileURL(refFile).href)) as { playout: RefPlayout };
      process.stderr.write(`${id}: reference, ${seconds}s…\n`);
      const ref = timeLoop(seconds, (i) => mod.playout(players, i).actions);
      const refRate = ref.playouts / ref.seconds;
      row[5] = fmt(refRate, 1);
      row[6] = fmt(ref.actions / ref.seconds);
      row[7] = fmt(ref.actions / Math.max(ref.playouts, 1), 1);
      row[8] = (interp.playouts / interp.seconds / refRate).toPrecision(3);
    }
    rows.push(row);
  }
  process.stdout.write(table(rows) + '\n');
  process.stdout.write('interp/ref = interpreter playouts/s ÷ reference playouts/s (1 = as fast as hand-written code)\n');
}

await main();
