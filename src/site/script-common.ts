/**
 * What the two site scripts, `npm run docs:build` (build.ts) and `npm start` (dev-server.ts),
 * share: their folder options and how they report a validate + generate step.
 */
import { relative } from 'node:path';
import { examplesSummary, tallyExamples } from '../conformance/report.ts';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../loader/diagnostics.ts';
import type { GenerateOutcome } from './generate.ts';

/** the options both scripts take, for node:util parseArgs */
export const folderOptions = {
  'rules-dir': { type: 'string', default: 'rules' },
  'site-dir': { type: 'string', default: 'site' },
} as const;

export type Write = (text: string) => void;

/** where progress and diagnostics go: the given functions, else stdout and stderr */
export function writers(o: { out?: Write | undefined; err?: Write | undefined }): { out: Write; err: Write } {
  return {
    out: o.out ?? ((t: string) => void process.stdout.write(t)),
    err: o.err ?? ((t: string) => void process.stderr.write(t)),
  };
}

/** a path as shown: relative to the current directory, '.' for it */
export const rel = (p: string): string => relative(process.cwd(), p) || '.';

export const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** bytes as "812 MB" */
export const mb = (bytes: number): string => `${Math.round(bytes / 1048576)} MB`;

/** "1 file", "2 files" */
export function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** each diagnostic, errors to `err` and warnings to `out` */
export function printDiagnostics(ds: readonly Diagnostic[], out: Write, err: Write): void {
  for (const d of ds) (d.severity === 'error' ? err : out)(formatDiagnostic(d) + '\n');
}

/** what a validate + generate step reports: the specs' diagnostics and those of its failing or warning worked examples, sorted */
export function reported(g: Pick<GenerateOutcome, 'diagnostics' | 'examples'>): Diagnostic[] {
  return sortDiagnostics([...g.diagnostics, ...(g.examples ?? []).flatMap((e) => e.diagnostics)]);
}

/** "1 error, 2 warnings" (the specs'), and a step's worked examples after them: "…; 184 worked examples: 2 fail" */
export function summary(ds: readonly Diagnostic[], g?: Pick<GenerateOutcome, 'examples'>): string {
  const errors = ds.filter((d) => d.severity === 'error').length;
  const examples = g?.examples ? examplesSummary(tallyExamples(g.examples)) : '';
  return `${count(errors, 'error')}, ${count(ds.length - errors, 'warning')}${examples ? `; ${examples}` : ''}`;
}

/** "(validate 1.2 s, simulate 3.1 s, generate 0.4 s)"; simulate only when it ran */
export function timings(g: GenerateOutcome): string {
  const sim = g.simulateMs !== undefined && g.simulateMs >= 50 ? `, simulate ${secs(g.simulateMs)}` : '';
  return `(validate ${secs(g.validateMs)}${sim}, generate ${secs(g.generateMs)})`;
}
