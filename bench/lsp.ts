/**
 * `npm run bench:lsp`: the time from `didChange` to the diagnostics of that file, driven over stdio
 * as an editor drives `rules lsp`, on Speakeasy (the largest game) and Downtown (the next), and the
 * ratio of the two (the check after a change should cost what the change touches, not what the game
 * holds). Each run edits the game's largest file and awaits its diagnostics, in two kinds of edit:
 * `label`, a label's English text gets a new word (a change of prose: the file is parsed and checked
 * again, the compile's diagnostics placed anew: src/lsp/compile-reuse.ts), and `expression`, a
 * condition is written otherwise (the game is compiled again). The figure is the server's own CPU time per change (from /proc, 10 ms ticks: on a shared
 * machine the wall time is mostly waiting for a core), median of the runs, with the check started
 * at once (debounce 0); the wall time with the server's usual debounce is printed beside it.
 *
 *   npm run bench:lsp -- [--runs 20] [--game speakeasy --game downtown] [--edit label,expression] [--json FILE]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DEBOUNCE_MS } from '../src/lsp/server.ts';
import { copyGames, LspClient } from '../test/lsp/client.ts';
import { positiveFlag } from './args.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const games = argv.flatMap((x, i) => (x === '--game' && argv[i + 1] ? [argv[i + 1]!] : []));
if (games.length === 0) games.push('speakeasy', 'downtown');
const runs = Math.round(positiveFlag('bench:lsp', '--runs', arg('runs', '20')));
const json = arg('json', '');
const edits = arg('edit', 'label,expression').split(',');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** CPU milliseconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 1/100 s) */
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14, 15)
};
const yamlFiles = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? yamlFiles(join(d, f)) : f.endsWith('.yaml') ? [join(d, f)] : []));

/**
 * The i-th edit of a file. `label`: the first flow-map label `{en: …, zh: …}` gets the word
 * `edit<i>` (prose: the server says again what its compile said). `expression`: the first `- if:`
 * condition written plainly becomes `(…) and true` on every other edit (the game is compiled again).
 */
function edited(text: string, i: number, kind: string): string {
  if (kind === 'expression') {
    const at = /^(\s+- if: )([^'"{\n][^\n]*)$/m.exec(text);
    if (!at) throw new Error('the file has no plain `- if:` condition to edit');
    if (i % 2 === 0) return text;
    const start = at.index + at[1]!.length;
    return `${text.slice(0, start)}(${at[2]}) and true${text.slice(start + at[2]!.length)}`;
  }
  const at = /\{en: ([^,{}"\n]+), zh:/.exec(text);
  if (!at) throw new Error('the file has no {en: …, zh: …} label to edit');
  const end = at.index + 5 + at[1]!.length;
  return `${text.slice(0, end)} edit${i}${text.slice(end)}`;
}

async function measure(game: string, debounceMs: number, kind: string): Promise<{ wall: number[]; cpu: number[]; file: string; lines: number }> {
  const copy = copyGames(game);
  const dir = join(copy.root, 'rules', game);
  const files = yamlFiles(dir);
  // the biggest file of the game is the one edited
  const file = files.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
  const lines = files.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
  const text = readFileSync(file, 'utf8');
  const client = await LspClient.start(copy.root, { debounceMs });
  try {
    const first = client.nextDiagnostics(file);
    await client.open(file, text);
    await first;
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const next = client.nextDiagnostics(file);
      const c0 = cpuMs(client.child.pid!);
      const t0 = performance.now();
      // (an expression edit's even runs give the text back: each run changes the file)
      await client.change(file, edited(text, kind === 'expression' ? i + 1 : i, kind));
      const ds = await next;
      if (ds.some((d) => d.severity === 1)) throw new Error(`unexpected errors: ${JSON.stringify(ds)}`);
      if (i > 0) {
        // the first change warms the server up
        wall.push(performance.now() - t0);
        cpu.push(cpuMs(client.child.pid!) - c0);
      }
    }
    return { wall, cpu, file: file.slice(copy.root.length + 1), lines };
  } finally {
    await client.stop();
    copy.remove();
  }
}

const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`;
type Figures = Record<string, { file: string; lines: number; cpu: number; cpuRuns: number[]; wallDebounced: number }>;
const byEdit: Record<string, { games: Figures; ratio?: number }> = {};
for (const kind of edits) {
  const figures: Figures = {};
  for (const game of games) {
    const checkOnly = await measure(game, 0, kind);
    const withDebounce = await measure(game, DEFAULT_DEBOUNCE_MS, kind);
    console.log(`rules lsp, didChange → diagnostics of the changed file, ${game} (${checkOnly.lines} lines of YAML; ${checkOnly.file} edited: ${kind === 'label' ? 'a label\'s text' : 'a condition'}):`);
    console.log(`  the server's CPU time per change (debounce 0): ${fmt(checkOnly.cpu)} (10 ms ticks)`);
    console.log(`  wall time with the server's ${DEFAULT_DEBOUNCE_MS} ms debounce: ${fmt(withDebounce.wall)}`);
    figures[game] = { file: checkOnly.file, lines: checkOnly.lines, cpu: median(checkOnly.cpu), cpuRuns: checkOnly.cpu, wallDebounced: median(withDebounce.wall) };
  }
  const [a, b] = games;
  const ratio = a && b && figures[a] && figures[b] ? figures[a].cpu / figures[b].cpu : undefined;
  if (ratio !== undefined) console.log(`  ${kind} edits, ${a} / ${b}: ${ratio.toFixed(2)} (server CPU, medians)`);
  byEdit[kind] = { games: figures, ...(ratio !== undefined ? { ratio } : {}) };
}
console.log(`  (load average now: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
// the label edit is the figure `npm run bench` holds against the target; the expression edit beside it
const first = byEdit[edits[0]!];
if (json) writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), runs, edit: edits[0], games: first?.games, ratio: first?.ratio, byEdit }, null, 2) + '\n');
