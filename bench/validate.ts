/**
 * `npm run bench:validate`: how long `rules validate` takes here against an earlier commit,
 * measured side by side in one run (a ratio, on this noisy machine, not a timing to assert).
 * The earlier commit is checked out into a temporary git worktree that borrows this node_modules;
 * the commands run alternately, round after round, and each is timed two ways: wall-clock time
 * (what the user waits: the target figure) and the CPU time of the child (user + system of all
 * its threads, from /proc/self/stat's children fields). Medians, with the spread of the per-round
 * ratios.
 *
 * The games compared are those under rules/ in both trees (`rules validate rules/<game>…`, the
 * same folders on both sides); here they run as a user runs them (`--workers` by default) and,
 * for comparison, on one thread (`--workers 1`). Since results are kept between runs
 * (src/cli/validate-cache.ts), "now" is timed three ways, each with its own cache folder:
 * checked afresh (`--no-cache`: every game's whole check, the figure against the base), with
 * every game kept from the run before (nothing changed since), and with the largest game changed
 * since (its kept result removed: the others come from the cache). A game only here (one written
 * since) is timed on its own, and so is `rules validate rules/` with every game here.
 *
 *   npm run bench:validate -- --base 7eb8d99 --runs 5 [--json FILE]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpu } from './child-cpu.ts';
import { positiveFlag } from './args.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
// the commit before issue 12's first commit (aa4d368, stop 16): the figure its targets are measured against
const base = arg('base', '7eb8d99');
const runs = Math.round(positiveFlag('bench:validate', '--runs', arg('runs', '5')));

function timed(cwd: string, paths: string[], extra: string[] = [], cache = 'off'): { cpu: number; wall: number; ok: boolean } {
  const c0 = childCpu();
  const w0 = performance.now();
  const r = spawnSync(process.execPath, ['bin/rules.js', 'validate', ...paths, ...extra], { cwd, encoding: 'utf8', env: { ...process.env, RULES_VALIDATE_CACHE: cache } });
  return { cpu: childCpu() - c0, wall: (performance.now() - w0) / 1000, ok: r.status === 0 };
}

/** the game folders directly under <tree>/rules */
const gamesIn = (tree: string): string[] =>
  readdirSync(join(tree, 'rules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** bytes of the files below a folder */
const bytesOf = (d: string): number =>
  readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? bytesOf(join(d, e.name)) : e.isFile() ? statSync(join(d, e.name)).size : 0), 0);

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
  const serial = ['--workers', '1'];
  const before: Run[] = [];
  const after: Run[] = [];
  const afterSerial: Run[] = [];
  const afterKept: Run[] = [];
  const afterOneChanged: Run[] = [];
  // the kept results: every game (primed below), and every game but the largest (by its files' bytes)
  const keptAll = join(dir, '.cache-all');
  const keptOthers = join(dir, '.cache-others');
  const largest = [...common].sort((a, b) => bytesOf(join(root, 'rules', b)) - bytesOf(join(root, 'rules', a)))[0]!;
  const alone = new Map<string, Run[]>(added.map((g) => [g, []]));
  const all: Run[] = [];
  const allSerial: Run[] = [];
  const ok = (r: ReturnType<typeof timed>, what: string): Run => {
    if (!r.ok) throw new Error(`${what} failed`);
    return { cpu: r.cpu, wall: r.wall };
  };
  // one run of each side first, not timed: each starts as a user's second command does (tsx's
  // transform cache at the base; the CLI bundle and the schema validators here, built once)
  timed(dir, paths);
  timed(root, paths);
  ok(timed(root, paths, [], keptAll), 'validate now (filling the cache)');
  ok(timed(root, paths.filter((p) => p !== `rules/${largest}`), [], keptOthers), 'validate now (filling the cache)');
  for (let i = 0; i < runs; i++) {
    before.push(ok(timed(dir, paths), `validate at ${base}`));
    after.push(ok(timed(root, paths, ['--no-cache']), 'validate now'));
    afterSerial.push(ok(timed(root, paths, [...serial, '--no-cache']), 'validate --workers 1 now'));
    afterKept.push(ok(timed(root, paths, [], keptAll), 'validate now, every game kept'));
    const round = join(dir, `.cache-round-${i}`);
    cpSync(keptOthers, round, { recursive: true });
    afterOneChanged.push(ok(timed(root, paths, [], round), `validate now, ${largest} changed`));
    for (const g of added) alone.get(g)!.push(ok(timed(root, [`rules/${g}`]), `validate rules/${g}`));
    all.push(ok(timed(root, ['rules/']), 'validate rules/'));
    allSerial.push(ok(timed(root, ['rules/'], serial), 'validate rules/ --workers 1'));
  }
  const cpu = (xs: Run[]): number => median(xs.map((x) => x.cpu));
  const wall = (xs: Run[]): number => median(xs.map((x) => x.wall));
  const spread = (xs: number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];
  const line = (label: string, xs: Run[]): string =>
    `  ${label}: ${wall(xs).toFixed(2)} s wall (runs: ${xs.map((x) => x.wall.toFixed(2)).join(' ')}), ${cpu(xs).toFixed(2)} s CPU (runs: ${xs.map((x) => x.cpu.toFixed(2)).join(' ')})`;
  /** now / base per round (the rounds interleave, so each ratio compares runs made close together) */
  const ratios = (xs: Run[], key: keyof Run): number[] => xs.map((a, i) => a[key] / before[i]![key]);
  const pct = (x: number): string => `${(x * 100).toFixed(0)} %`;
  const compare = (label: string, xs: Run[]): string => {
    const [wl, wh] = spread(ratios(xs, 'wall'));
    const [cl, ch] = spread(ratios(xs, 'cpu'));
    return `  ${label} / ${base}: ${pct(wall(xs) / wall(before))} of the wall time (per round ${pct(wl)}–${pct(wh)}), ${pct(cpu(xs) / cpu(before))} of the CPU time (per round ${pct(cl)}–${pct(ch)})`;
  };
  console.log(`rules validate ${paths.join(' ')}, ${runs} rounds, alternating; medians (${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)} at the end)`);
  console.log(line(base, before));
  console.log(line('now, checked afresh (--no-cache)', after));
  console.log(line('now --workers 1, checked afresh', afterSerial));
  console.log(line('now, every game kept from the run before', afterKept));
  console.log(line(`now, ${largest} changed since (the others kept)`, afterOneChanged));
  console.log(compare('now, checked afresh', after));
  console.log(compare('now --workers 1, checked afresh', afterSerial));
  console.log(compare('now, every game kept', afterKept));
  console.log(compare(`now, ${largest} changed`, afterOneChanged));
  for (const [g, xs] of alone) console.log(`rules validate rules/${g} (not at ${base}), now:\n${line('now', xs)}`);
  console.log(`rules validate rules/ (${gamesIn(root).length} games), now:\n${line('now', all)}\n${line('now --workers 1', allSerial)}`);
  const json = arg('json', '');
  if (json) {
    const fig = (xs: Run[]) => ({ cpu: cpu(xs), wall: wall(xs), runs: xs.map((x) => x.cpu), wallRuns: xs.map((x) => x.wall) });
    writeFileSync(
      json,
      JSON.stringify(
        {
          base,
          paths,
          before: fig(before),
          now: fig(after),
          nowWorkers1: fig(afterSerial),
          // the target figure: the user's wait, now against the base
          ratio: wall(after) / wall(before),
          ratioSpread: spread(ratios(after, 'wall')),
          cpuRatio: cpu(after) / cpu(before),
          cpuRatioSpread: spread(ratios(after, 'cpu')),
          kept: fig(afterKept),
          keptRatio: wall(afterKept) / wall(before),
          keptRatioSpread: spread(ratios(afterKept, 'wall')),
          oneChanged: { game: largest, ...fig(afterOneChanged) },
          oneChangedRatio: wall(afterOneChanged) / wall(before),
          oneChangedRatioSpread: spread(ratios(afterOneChanged, 'wall')),
          alone: Object.fromEntries([...alone].map(([g, xs]) => [g, fig(xs)])),
          all: fig(all),
          allWorkers1: fig(allSerial),
        },
        null,
        2,
      ),
    );
  }
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
