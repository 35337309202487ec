/**
 * Validate the specs and (re)generate the site's pages, the step shared by `npm start` (on every
 * save) and `npm run docs:build`.
 *
 * The generator (src/docgen) writes into a fresh temporary folder (its own atomic write swaps
 * whole folders such as games/, which a running `vitepress dev` sees as every page deleted and
 * added again); the result is then copied into the site folder file by file, each file written to a hidden temporary name beside its target and
 * renamed over it (atomic on one file system), only when its bytes changed. Generated files that
 * are no longer produced are removed. So a running `vitepress dev` never reads a half-written page,
 * and it reloads only the pages that changed. Nothing is written when validation or generation
 * reports an error: the last good site stays.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { generateSite, GENERATED_ROOTS, SIDEBAR_FILE } from '../docgen/index.ts';
import { buildPlayEngine } from '../web/bundle.ts';
import { validatePaths } from '../games.ts';
import { prepareSimulations, type SiteSimulations } from '../docgen/simulations/prepare.ts';
import { prepareChecks, type SiteChecks } from '../docgen/checks/prepare.ts';
import { dedupeDiagnostics, hasErrors, sortDiagnostics, type Diagnostic } from '../loader/diagnostics.ts';
import type { ScenarioOutcome } from '../conformance/report.ts';

export { GENERATED_ROOTS, SIDEBAR_FILE };

/** what produces the pages: src/docgen's generateSite (tests may pass another) */
export type GenerateSite = (o: { rulesDir: string; outDir: string; simulations?: SiteSimulations; checks?: SiteChecks; playEngine?: string }) => { ok: boolean; diagnostics: Diagnostic[]; examples?: ScenarioOutcome[] };

/** every file under dir, as paths relative to base with '/' separators */
function listFiles(dir: string, base: string = dir, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  if (statSync(dir).isFile()) {
    out.push(relative(base, dir).split(sep).join('/'));
    return out;
  }
  for (const name of readdirSync(dir)) listFiles(join(dir, name), base, out);
  return out;
}

function generatedFilesIn(siteDir: string): string[] {
  return GENERATED_ROOTS.flatMap((r) => listFiles(join(siteDir, r), siteDir)).sort();
}

export interface SyncResult {
  /** files written (new or changed), relative to the site folder */
  written: string[];
  /** generated files removed because the generator no longer makes them */
  removed: string[];
}

/** Make the generated part of siteDir equal to fromDir, touching only files that differ. */
export function syncGenerated(fromDir: string, siteDir: string): SyncResult {
  const fresh = listFiles(fromDir).sort();
  const freshSet = new Set(fresh);
  const written: string[] = [];
  const removed: string[] = [];
  for (const rel of fresh) {
    const target = join(siteDir, rel);
    const bytes = readFileSync(join(fromDir, rel));
    if (existsSync(target) && statSync(target).isFile() && readFileSync(target).equals(bytes)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const tmp = join(dirname(target), `.${process.pid}.${Date.now()}.tmp`);
    writeFileSync(tmp, bytes);
    renameSync(tmp, target);
    written.push(rel);
  }
  for (const rel of generatedFilesIn(siteDir)) {
    if (freshSet.has(rel)) continue;
    unlinkSync(join(siteDir, rel));
    removed.push(rel);
  }
  // drop folders left empty
  for (const root of GENERATED_ROOTS) pruneEmpty(join(siteDir, root));
  return { written, removed };
}

function pruneEmpty(dir: string): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  let empty = true;
  for (const name of readdirSync(dir)) if (!pruneEmpty(join(dir, name))) empty = false;
  if (empty) rmSync(dir, { recursive: true });
  return empty;
}

export interface GenerateOutcome {
  /** false when validation or generation reported an error (the site was left untouched) */
  ok: boolean;
  /** every diagnostic, validation's then the generator's, sorted */
  diagnostics: Diagnostic[];
  /** the worked examples the generator ran (failing ones do not stop the site: their page says so) */
  examples?: ScenarioOutcome[];
  sync?: SyncResult;
  /** milliseconds spent validating, simulating (Simulations pages; 0 when all were cached) and generating */
  validateMs: number;
  simulateMs?: number;
  generateMs: number;
}

export interface GenerateOptions {
  rulesDir: string;
  siteDir: string;
  /** skip the validation step (default false) */
  skipValidation?: boolean;
  /** random playouts during validation (default true, as `rules validate`) */
  smoke?: boolean;
  /**
   * play the random games only for the games these files belong to (the files just saved);
   * every game still gets the static checks. Default: all games.
   */
  smokeOnly?: string[];
  generator?: GenerateSite;
  /** run (or read from the cache) each game's simulations for its Simulations page (default true) */
  simulations?: boolean;
  /** with them, the search agent's studies (minutes of CPU for a changed game: the dev server,
   *  which regenerates on every save, leaves them to `npm run docs:build`; default true) */
  searchStudies?: boolean;
}

/** Validate rulesDir; when there are no errors, regenerate the pages into siteDir. */
export async function validateAndGenerate(o: GenerateOptions): Promise<GenerateOutcome> {
  const t0 = performance.now();
  let diagnostics: Diagnostic[] = [];
  if (!o.skipValidation) {
    const smoke = o.smoke !== false;
    if (smoke && o.smokeOnly !== undefined) {
      // a removed file: its folder, if the game is still there
      const changed = o.smokeOnly.map((f) => (existsSync(f) ? f : dirname(f))).filter((f) => existsSync(f));
      diagnostics = validatePaths([o.rulesDir], { smoke: false });
      if (!hasErrors(diagnostics) && changed.length > 0) {
        diagnostics = dedupeDiagnostics([...diagnostics, ...validatePaths([...new Set(changed)], { smoke: true })]);
      }
    } else {
      diagnostics = validatePaths([o.rulesDir], { smoke });
    }
  }
  const t1 = performance.now();
  if (hasErrors(diagnostics)) return { ok: false, diagnostics, validateMs: t1 - t0, generateMs: 0 };
  const generate = o.generator ?? generateSite;
  let simulations: SiteSimulations | undefined;
  let checks: SiteChecks | undefined;
  let simulateMs = 0;
  if (o.simulations !== false) {
    try {
      simulations = await prepareSimulations(resolve(o.rulesDir), o.searchStudies === false ? { searchGames: 0 } : {});
    } catch (e) {
      const message = `the simulations of the Simulations pages failed: ${(e as Error).message}`;
      return { ok: false, diagnostics: [...diagnostics, { file: o.rulesDir, line: 1, col: 1, severity: 'error', message }], validateMs: t1 - t0, generateMs: 0 };
    }
    // the games with every seat searching, measured: like the search studies, left to docs:build by the dev server
    try {
      checks = prepareChecks(resolve(o.rulesDir), o.searchStudies === false ? { games: 0 } : {});
    } catch (e) {
      const message = `the games of the pages on assumed numbers failed: ${(e as Error).message}`;
      return { ok: false, diagnostics: [...diagnostics, { file: o.rulesDir, line: 1, col: 1, severity: 'error', message }], validateMs: t1 - t0, generateMs: 0 };
    }
    simulateMs = performance.now() - t1;
  }
  const outDir = mkdtempSync(join(tmpdir(), 'rules-site-'));
  try {
    let genDiagnostics: Diagnostic[];
    let genOk: boolean;
    let examples: ScenarioOutcome[] | undefined;
    try {
      const r = generate({ rulesDir: resolve(o.rulesDir), outDir, ...(simulations ? { simulations } : {}), ...(checks && checks.size > 0 ? { checks } : {}), playEngine: buildPlayEngine() });
      genDiagnostics = r.diagnostics;
      examples = r.examples;
      genOk = r.ok && !hasErrors(r.diagnostics);
    } catch (e) {
      const err = e as Error;
      genOk = false;
      genDiagnostics = [
        { file: o.rulesDir, line: 1, col: 1, severity: 'error', message: `the site generator failed: ${err.message}` },
      ];
      if (process.env.DEBUG && err.stack) process.stderr.write(err.stack + '\n');
    }
    // the generator checks the specs again: report each problem once
    const all = sortDiagnostics(dedupeDiagnostics([...diagnostics, ...genDiagnostics]));
    const ran = examples ? { examples } : {};
    const t2 = performance.now();
    if (!genOk) return { ok: false, diagnostics: all, ...ran, validateMs: t1 - t0, simulateMs, generateMs: t2 - t1 - simulateMs };
    if (!existsSync(join(outDir, SIDEBAR_FILE))) {
      all.push({ file: o.rulesDir, line: 1, col: 1, severity: 'error', message: `the site generator wrote no ${SIDEBAR_FILE}` });
      return { ok: false, diagnostics: all, ...ran, validateMs: t1 - t0, simulateMs, generateMs: t2 - t1 - simulateMs };
    }
    const sync = syncGenerated(outDir, resolve(o.siteDir));
    return { ok: true, diagnostics: all, ...ran, sync, validateMs: t1 - t0, simulateMs, generateMs: performance.now() - t1 - simulateMs };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
