/**
 * `npm run bench:validate`: how long `rules validate` takes here against an earlier commit,
 * measured side by side in one run (a ratio, on this noisy machine, not a timing to assert).
 * The earlier commit is checked out into a temporary git worktree that borrows this node_modules;
 * the commands run alternately, and the CPU time of each child (user + system, from
 * /proc/self/stat's children fields) is compared as medians.
 *
 * The games compared are those under rules/ in both trees (`rules validate rules/<game>…`, the
 * same folders on both sides); a game only here (one written since) is timed on its own, and so
 * is `rules validate rules/` with every game here.
 *
 *   npm run bench:validate -- --base 7eb8d99 --runs 3 [--json FILE]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpu } from './child-cpu.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
// the commit before issue 12's first commit (aa4d368, stop 16): the figure its targets are measured against
const base = arg('base', '7eb8d99');
const runs = Number(arg('runs', '5'));

function timed(cwd: string, paths: string[]): { cpu: number; wall: number; ok: boolean } {
  const c0 = childCpu();
  const w0 = performance.now();
  const r = spawnSync(process.execPath, ['bin/rules.js', 'validate', ...paths], { cwd, encoding: 'utf8' });
  return { cpu: childCpu() - c0, wall: (performance.now() - w0) / 1000, ok: r.status === 0 };
}

/** the game folders directly under <tree>/rules */
const gamesIn = (tree: string): string[] =>
  readdirSync(join(tree, 'rules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'validate-base-'));
try {
  execFileSync('git', ['worktree', 'add', '--detach', dir, base], { cwd: root, stdio: 'ignore' });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const old = gamesIn(dir);
  const common = gamesIn(root).filter((g) => old.includes(g));
  const added = gamesIn(root).filter((g) => !old.includes(g));
  const paths = common.map((g) => `rules/${g}`);
  type Run = { cpu: number; wall: number };
  const before: Run[] = [];
  const after: Run[] = [];
  const alone = new Map<string, Run[]>(added.map((g) => [g, []]));
  const all: Run[] = [];
  // one run of each side first, not timed: each starts as a user's second command does (tsx's
  // transform cache at the base; the CLI bundle and the schema validators here, built once)
  timed(dir, paths);
  timed(root, paths);
  for (let i = 0; i < runs; i++) {
    const b = timed(dir, paths);
    const a = timed(root, paths);
    if (!b.ok || !a.ok) throw new Error(`validate failed (${b.ok ? 'now' : base})`);
    before.push(b);
    after.push(a);
    for (const g of added) {
      const r = timed(root, [`rules/${g}`]);
      if (!r.ok) throw new Error(`validate rules/${g} failed`);
      alone.get(g)!.push(r);
    }
    const r = timed(root, ['rules/']);
    if (!r.ok) throw new Error('validate rules/ failed');
    all.push(r);
  }
  const cpu = (xs: Run[]): number => median(xs.map((x) => x.cpu));
  const wall = (xs: Run[]): number => median(xs.map((x) => x.wall));
  const line = (label: string, xs: Run[]): string =>
    `  ${label}: ${cpu(xs).toFixed(2)} s CPU, ${wall(xs).toFixed(2)} s wall (runs: ${xs.map((x) => x.cpu.toFixed(2)).join(' ')})`;
  console.log(`rules validate ${paths.join(' ')}, ${runs} runs each, alternating; medians`);
  console.log(line(base, before));
  console.log(line('now', after));
  const ratios = after.map((a, i) => a.cpu / before[i]!.cpu);
  console.log(`  now / ${base}: ${(cpu(after) / cpu(before)).toFixed(2)} of the CPU time (per run ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), ${(wall(after) / wall(before)).toFixed(2)} of the wall time`);
  for (const [g, xs] of alone) console.log(`rules validate rules/${g} (not at ${base}), now:\n${line('now', xs)}`);
  console.log(`rules validate rules/ (${gamesIn(root).length} games), now:\n${line('now', all)}`);
  const json = arg('json', '');
  if (json) {
    const fig = (xs: Run[]) => ({ cpu: cpu(xs), wall: wall(xs), runs: xs.map((x) => x.cpu) });
    writeFileSync(json, JSON.stringify({ base, paths, before: fig(before), now: fig(after), ratio: cpu(after) / cpu(before), ratioSpread: [Math.min(...ratios), Math.max(...ratios)], alone: Object.fromEntries([...alone].map(([g, xs]) => [g, fig(xs)])), all: fig(all) }, null, 2));
  }
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
