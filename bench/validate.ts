/**
 * `npm run bench:validate`: how long `rules validate rules/` takes here against an earlier commit,
 * measured side by side in one run (a ratio, on this noisy machine, not a timing to assert).
 * The earlier commit is checked out into a temporary git worktree that borrows this node_modules;
 * the two commands run alternately, and the CPU time of each child (user + system, from
 * /proc/self/stat's children fields) is compared as medians.
 *
 *   npm run bench:validate -- --base 9d7ea79 --runs 5
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const base = arg('base', '9d7ea79');
const runs = Number(arg('runs', '5'));

/** CPU seconds used by reaped children so far (clock ticks of 1/100 s) */
function childCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime (fields 16, 17)
}

function timed(cwd: string): { cpu: number; wall: number; ok: boolean } {
  const c0 = childCpu();
  const w0 = performance.now();
  const r = spawnSync(process.execPath, ['bin/rules.js', 'validate', 'rules/'], { cwd, encoding: 'utf8' });
  return { cpu: childCpu() - c0, wall: (performance.now() - w0) / 1000, ok: r.status === 0 };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'validate-base-'));
try {
  execFileSync('git', ['worktree', 'add', '--detach', dir, base], { cwd: root, stdio: 'ignore' });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const before: { cpu: number; wall: number }[] = [];
  const after: { cpu: number; wall: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const b = timed(dir);
    const a = timed(root);
    if (!b.ok || !a.ok) throw new Error(`validate failed (${b.ok ? 'now' : base})`);
    before.push(b);
    after.push(a);
  }
  const cb = median(before.map((x) => x.cpu));
  const ca = median(after.map((x) => x.cpu));
  const wb = median(before.map((x) => x.wall));
  const wa = median(after.map((x) => x.wall));
  console.log(`rules validate rules/, ${runs} runs each, alternating; medians`);
  console.log(`  ${base}: ${cb.toFixed(2)} s CPU, ${wb.toFixed(2)} s wall (runs: ${before.map((x) => x.cpu.toFixed(2)).join(' ')})`);
  console.log(`  now:     ${ca.toFixed(2)} s CPU, ${wa.toFixed(2)} s wall (runs: ${after.map((x) => x.cpu.toFixed(2)).join(' ')})`);
  console.log(`  now / ${base}: ${(ca / cb).toFixed(2)} of the CPU time, ${(wa / wb).toFixed(2)} of the wall time`);
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
