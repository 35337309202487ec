/**
 * `npm run bench:docs`: the wall time and peak memory of `npm run docs:build` (src/site/build.ts)
 * on this machine, printed, not asserted (issue 12's target: under 60 s and under 1 GB).
 *
 * The build runs as a child process with its output folder in a temporary directory. While it
 * runs, the resident memory of every process of its tree is read from /proc every 100 ms (Linux):
 * printed are the largest single process (what `/usr/bin/time -v` reports as "Maximum resident
 * set size": the VitePress step) and the largest sum over the tree at one moment (the VitePress
 * step, esbuild's service process beside it and the parent). Each step's own peak, as it prints
 * it (process.resourceUsage().maxRSS), is shown too.
 *
 *   npm run bench:docs [-- --runs 3] [--json FILE]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { positiveFlag } from './args.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Math.round(positiveFlag('bench:docs', '--runs', arg('runs') ?? '1'));
const jsonFile = arg('json');

/** resident MB of each process in the tree under `pid` (empty when /proc cannot be read) */
function treeRss(pid: number): number[] {
  const parent = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      (parent.get(ppid) ?? parent.set(ppid, []).get(ppid)!).push(Number(d));
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  const todo = [pid];
  while (todo.length > 0) {
    const p = todo.pop()!;
    todo.push(...(parent.get(p) ?? []));
    try {
      const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) out.push(Number(m[1]) / 1024);
    } catch {
      // ended
    }
  }
  return out;
}

interface Run {
  ok: boolean;
  wallS: number;
  /** the largest single process (MB) */
  maxProcessMb: number;
  /** the largest sum over the process tree at one moment (MB) */
  maxTreeMb: number;
  /** each step's line with its own figures, as printed */
  steps: string[];
}

function buildOnce(): Promise<Run> {
  const out = mkdtempSync(join(tmpdir(), 'rules-bench-docs-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/site/build.ts', '--out-dir', out], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
  let text = '';
  child.stdout.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr.on('data', (b: Buffer) => (text += b.toString()));
  let maxProcessMb = 0;
  let maxTreeMb = 0;
  const sample = (): void => {
    if (child.pid === undefined || !existsSync('/proc')) return;
    const rss = treeRss(child.pid);
    maxProcessMb = Math.max(maxProcessMb, ...rss);
    maxTreeMb = Math.max(maxTreeMb, rss.reduce((a, b) => a + b, 0));
  };
  const timer = setInterval(sample, 100);
  return new Promise((done) => {
    child.on('exit', (code) => {
      clearInterval(timer);
      rmSync(out, { recursive: true, force: true });
      if (code !== 0) process.stderr.write(text);
      const steps = text.split('\n').filter((l) => /peak memory|site built in/.test(l));
      done({ ok: code === 0, wallS: (performance.now() - t0) / 1000, maxProcessMb, maxTreeMb, steps });
    });
  });
}

const results: Run[] = [];
for (let i = 0; i < runs; i++) {
  const r = await buildOnce();
  results.push(r);
  process.stdout.write(
    `run ${i + 1}/${runs}: ${r.ok ? 'ok' : 'FAILED'}, wall ${r.wallS.toFixed(1)} s, ` +
      `peak RSS ${Math.round(r.maxProcessMb)} MB (largest process), ${Math.round(r.maxTreeMb)} MB (whole tree)\n` +
      r.steps.map((s) => `  ${s.trim()}\n`).join(''),
  );
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
if (runs > 1) {
  process.stdout.write(
    `median of ${runs}: wall ${median(results.map((r) => r.wallS)).toFixed(1)} s, ` +
      `largest process ${Math.round(median(results.map((r) => r.maxProcessMb)))} MB, whole tree ${Math.round(median(results.map((r) => r.maxTreeMb)))} MB\n`,
  );
}
process.stdout.write('targets (issue 12): under 60 s and under 1 GB\n');
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ runs: results }, null, 2) + '\n');
if (results.some((r) => !r.ok)) process.exitCode = 1;
