/**
 * `npm run bench`: every speed and size figure of the project, each part in a process of its own,
 * then the figures against the targets of the speed work (issue 12), with their spread:
 *
 *   playouts   bench/playouts.ts (`npm run bench:playouts`): playouts/s of every game at its most
 *              players, generated code against the closures, the interpreter against the
 *              hand-written same-games references
 *   validate   bench/validate.ts: `rules validate` against the commit before the speed work
 *   simulate   bench/simulate.ts: `--workers 2` against one worker, and memory over 10³–10⁵ games
 *   docs       bench/docs.ts: `npm run docs:build`, wall time and peak memory
 *   where      bench/where.ts: where a playout's time goes, by part of the engine, and the most
 *              "generated / closures" can reach while only expressions and blocks are generated
 *
 *   npm run bench                                    # everything (several minutes)
 *   npm run bench -- --only playouts,validate        # some parts
 *   npm run bench -- --json figures.json             # and the figures as JSON
 *   npm run bench -- --playouts "--rounds 9"         # arguments for a part (likewise --validate …)
 *
 * A part that fails is reported and the others still run; the exit code is then 1. Nothing here
 * is asserted as a timing: the targets are printed as met or not, for the note that gives them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { usageExit } from './args.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const PARTS = ['playouts', 'validate', 'simulate', 'docs', 'where'] as const;
type Part = (typeof PARTS)[number];
const only = arg('only')?.split(',') ?? [...PARTS];
for (const p of only) if (!PARTS.includes(p as Part)) usageExit('bench', `--only: no part '${p}'; parts: ${PARTS.join(', ')}`);

const SCRIPTS: Record<Part, { file: string; node: string[]; args: string[] }> = {
  playouts: { file: 'bench/playouts.ts', node: [], args: [] },
  validate: { file: 'bench/validate.ts', node: [], args: ['--base', '7eb8d99', '--runs', '3'] },
  simulate: { file: 'bench/simulate.ts', node: ['--expose-gc'], args: [] },
  docs: { file: 'bench/docs.ts', node: [], args: [] },
  where: { file: 'bench/where.ts', node: [], args: [] },
};

const dir = mkdtempSync(join(tmpdir(), 'bench-all-'));
const figures: Partial<Record<Part, unknown>> = {};
const failed: string[] = [];
try {
  for (const part of only as Part[]) {
    const s = SCRIPTS[part];
    if (!existsSync(join(root, s.file))) {
      failed.push(`${part}: ${s.file} is missing`);
      continue;
    }
    const json = join(dir, `${part}.json`);
    const extra = arg(part)?.split(/\s+/).filter(Boolean) ?? [];
    console.log(`\n=== ${part}: node ${[...s.node, s.file, ...s.args, ...extra].join(' ')}`);
    const r = spawnSync(process.execPath, [...s.node, '--import', 'tsx', s.file, ...s.args, ...extra, '--json', json], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(json)) failed.push(`${part}: exit ${r.status ?? r.signal}`);
    if (existsSync(json)) figures[part] = JSON.parse(readFileSync(json, 'utf8'));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// ---- the targets (issue 12), from the figures above

type Fig = { median: number; min: number; max: number };
interface Row {
  target: string;
  figure: string;
  met: boolean | undefined;
}
const rows: Row[] = [];
const range = (f: Fig | undefined, digits: number): string => (f ? `${f.median.toFixed(digits)} (${f.min.toFixed(digits)}–${f.max.toFixed(digits)})` : 'not measured');

const playouts = figures.playouts as { games: { game: string; players: number; playouts: Record<string, Fig>; ratios: Record<string, Fig>; error?: string }[] } | undefined;
if (playouts) {
  for (const g of playouts.games) {
    if (g.error) {
      rows.push({ target: `${g.game}: plays`, figure: `error: ${g.error}`, met: false });
      continue;
    }
    const gen = g.ratios['interpreter/closures'];
    const bound = (figures.where as Record<string, { bound: number }> | undefined)?.[g.game]?.bound;
    const ceiling = bound !== undefined ? `; at most ${bound.toFixed(2)}× while only expressions and blocks are generated (where)` : '';
    // the hand-written same-games reference over the closures: generated code as fast as it would show this
    const refOverClosures = g.ratios['reference/closures'];
    const asReference = refOverClosures ? `; the same-games reference is ${range(refOverClosures, 2)}× the closures` : '';
    rows.push({ target: `${g.game} ${g.players}p: generated ≥ 6× closures`, figure: `${range(gen, 2)}×${ceiling}${asReference}`, met: gen ? gen.median >= 6 : undefined });
    const ref = g.ratios['interpreter/reference'];
    if (ref) rows.push({ target: `${g.game} ${g.players}p: interpreter ≥ 0.5× same-games reference`, figure: range(ref, 3), met: ref.median >= 0.5 });
    if (g.game === 'speakeasy' && g.players === 4) {
      const rate = g.playouts['interpreter'];
      rows.push({ target: 'speakeasy 4p: ≥ 200 random playouts/s', figure: `${range(rate, 0)} /s`, met: rate ? rate.median >= 200 : undefined });
    }
  }
}
type ValidateFigures = { base: string; ratio: number; ratioSpread: [number, number]; cpuRatio: number; now: { wall: number; cpu: number }; before: { wall: number; cpu: number }; all: { wall: number; cpu: number } };
type KeptFigures = { kept?: { wall: number }; keptRatio?: number; keptRatioSpread?: [number, number]; oneChanged?: { game: string; wall: number }; oneChangedRatio?: number; oneChangedRatioSpread?: [number, number] };
const validate = figures.validate as (ValidateFigures & KeptFigures) | undefined;
if (validate) {
  const pct = (x: number): string => `${(x * 100).toFixed(0)} %`;
  rows.push({
    target: `rules validate ≤ 25 % of ${validate.base} (wall time, the games both have), every game checked afresh (--no-cache)`,
    figure: `${pct(validate.ratio)} (${pct(validate.ratioSpread[0])}–${pct(validate.ratioSpread[1])}): ${validate.now.wall.toFixed(2)} s against ${validate.before.wall.toFixed(2)} s (CPU ${pct(validate.cpuRatio)}); all games ${validate.all.wall.toFixed(2)} s wall, ${validate.all.cpu.toFixed(2)} s CPU`,
    met: validate.ratio <= 0.25,
  });
  // the run a rule editor makes again: results kept from the run before (src/cli/validate-cache.ts)
  if (validate.kept && validate.keptRatio !== undefined && validate.keptRatioSpread && validate.oneChanged && validate.oneChangedRatio !== undefined && validate.oneChangedRatioSpread) {
    rows.push({
      target: `rules validate ≤ 25 % of ${validate.base}, run again with the results kept (nothing changed / one game changed)`,
      figure:
        `${pct(validate.keptRatio)} (${pct(validate.keptRatioSpread[0])}–${pct(validate.keptRatioSpread[1])}): ${validate.kept.wall.toFixed(2)} s; ` +
        `${validate.oneChanged.game} changed: ${pct(validate.oneChangedRatio)} (${pct(validate.oneChangedRatioSpread[0])}–${pct(validate.oneChangedRatioSpread[1])}), ${validate.oneChanged.wall.toFixed(2)} s`,
      met: validate.keptRatio <= 0.25,
    });
  }
}
const docs = figures.docs as { runs: { ok: boolean; wallS: number; maxProcessMb: number; maxTreeMb: number }[] } | undefined;
if (docs && docs.runs.length > 0) {
  const fig = (xs: number[]): Fig => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s.at(-1)! };
  };
  const wall = fig(docs.runs.map((r) => r.wallS));
  const peak = fig(docs.runs.map((r) => r.maxProcessMb));
  const tree = fig(docs.runs.map((r) => r.maxTreeMb));
  rows.push({ target: 'npm run docs:build < 60 s', figure: `${range(wall, 1)} s`, met: wall.median < 60 });
  rows.push({ target: 'npm run docs:build < 1 GB peak (largest process)', figure: `${range(peak, 0)} MB; whole process tree ${range(tree, 0)} MB`, met: peak.median < 1024 });
}
type WorkersRow = { game: string; games: number; speedup: number; min: number; max: number; same: boolean; quietEstimate?: { median: number; min: number; max: number } };
const simulate = figures.simulate as { workers?: WorkersRow; workersBySize?: WorkersRow[]; memory?: { rows: { games: number; streamedMb: number }[] } } | undefined;
// one row per run length: a worker thread's start-up (loading and compiling the game) is paid once per run
for (const w of simulate?.workersBySize ?? (simulate?.workers ? [simulate.workers] : [])) {
  rows.push({ target: `simulate --workers 2 ≥ 1.7× one worker (${w.game}, ${w.games.toLocaleString('en')} games), same bytes`, figure: `${w.speedup.toFixed(2)}× (${w.min.toFixed(2)}–${w.max.toFixed(2)}), same bytes: ${w.same ? 'yes' : 'NO'}${w.quietEstimate ? `; estimated for a quiet machine from the threads' CPU time: ${w.quietEstimate.median.toFixed(2)}× (${w.quietEstimate.min.toFixed(2)}–${w.quietEstimate.max.toFixed(2)})` : ''}`, met: w.speedup >= 1.7 && w.same });
}
if (simulate?.memory) {
  const m = simulate.memory.rows;
  const first = m[0];
  const last = m.at(-1);
  if (first && last) {
    // flat: the heap above the baseline after 10⁵ games within 8 MB of that after 10³ (a game's record is ~0.2 KB)
    rows.push({ target: `simulate memory flat from 10³ to 10⁵ games (within 8 MB)`, figure: m.map((r) => `${r.games.toLocaleString('en')}: ${r.streamedMb.toFixed(1)} MB`).join(', '), met: last.streamedMb - first.streamedMb <= 8 });
  }
}

console.log(`\n=== targets (${availableParallelism()} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} now; figures are medians with the min–max of their rounds)`);
const width = Math.max(...rows.map((r) => r.target.length), 6);
for (const r of rows) console.log(`  ${r.met === undefined ? '  ? ' : r.met ? ' met' : ' not'}  ${r.target.padEnd(width)}  ${r.figure}`);
for (const f of failed) console.log(`  part failed: ${f}`);
const out = arg('json');
if (out) writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), node: process.version, figures, targets: rows, failed }, null, 2) + '\n');
if (failed.length > 0) process.exitCode = 1;
