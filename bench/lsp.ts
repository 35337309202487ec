/**
 * `npm run bench:lsp`: the time from `didChange` to the diagnostics of that file, on the largest
 * game (by lines of YAML), driven over stdio as an editor drives `rules lsp`. Each run changes
 * the buffer (a new comment line, so nothing is cached) and waits for the file's diagnostics;
 * the median of the runs is printed, with the server's debounce and without it (the check alone).
 *
 *   npm run bench:lsp -- --runs 9 [--game downtown]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DEBOUNCE_MS } from '../src/lsp/server.ts';
import { copyGames, LspClient } from '../test/lsp/client.ts';
import { positiveFlag } from './args.ts';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const rulesDir = fileURLToPath(new URL('../rules/', import.meta.url));

const yamlLines = (d: string): number =>
  readdirSync(d).reduce((n, f) => {
    const p = join(d, f);
    return n + (statSync(p).isDirectory() ? yamlLines(p) : f.endsWith('.yaml') ? readFileSync(p, 'utf8').split('\n').length : 0);
  }, 0);
const largest = readdirSync(rulesDir).filter((g) => statSync(join(rulesDir, g)).isDirectory()).sort((a, b) => yamlLines(join(rulesDir, b)) - yamlLines(join(rulesDir, a)))[0]!;
const game = arg('game', largest);
const runs = Math.round(positiveFlag('bench:lsp', '--runs', arg('runs', '9')));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** CPU milliseconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 1/100 s) */
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14, 15)
};

async function measure(debounceMs: number): Promise<{ wall: number[]; cpu: number[] }> {
  const copy = copyGames(game);
  const dir = join(copy.root, 'rules', game);
  // the biggest file of the game is the one edited
  const file = readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
  const text = readFileSync(file, 'utf8');
  const client = await LspClient.start(copy.root, { debounceMs });
  try {
    const first = client.nextDiagnostics(file);
    await client.open(file, text);
    await first;
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const next = client.nextDiagnostics(file);
      const c0 = cpuMs(client.child.pid!);
      const t0 = performance.now();
      await client.change(file, `${text}\n# edit ${i}\n`);
      const ds = await next;
      if (ds.some((d) => d.severity === 1)) throw new Error(`unexpected errors: ${JSON.stringify(ds)}`);
      if (i > 0) {
        // the first change warms the server up
        times.push(performance.now() - t0);
        cpu.push(cpuMs(client.child.pid!) - c0);
      }
    }
    return { wall: times, cpu };
  } finally {
    await client.stop();
    copy.remove();
  }
}

const withDebounce = await measure(DEFAULT_DEBOUNCE_MS);
const checkOnly = await measure(0);
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`;
console.log(`rules lsp, didChange → diagnostics on ${game} (${yamlLines(join(rulesDir, game))} lines of YAML):`);
console.log(`  with the server's ${DEFAULT_DEBOUNCE_MS} ms debounce: ${fmt(withDebounce.wall)}`);
console.log(`  the check alone (debounce 0):       ${fmt(checkOnly.wall)}`);
// wall time on a shared machine is mostly waiting for a core; the server's own CPU time is not
console.log(`  the server's CPU time per change:   ${fmt(checkOnly.cpu)} (10 ms ticks)`);
console.log(`  (load average now: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
