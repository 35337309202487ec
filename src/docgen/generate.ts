/**
 * `rules docs`: validate every game under the rules folder and, only if none has an error,
 * generate the site into the output folder (atomically).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compileGameDir } from '../games.ts';
import { dedupeDiagnostics, hasErrors, sortDiagnostics, type Diagnostic } from '../loader/diagnostics.ts';
import { findGameDirs } from '../loader/load-folder.ts';
import { displayPath } from '../loader/yaml-file.ts';
import { defaultScenariosDir, type ScenarioOutcome } from '../conformance/index.ts';
import { gameExamples, type Example } from './examples.ts';
import { LANGS, type Lang } from './i18n.ts';
import { buildGameDoc, type GameDoc } from './model.ts';
import type { Templates } from './readings/templates.ts';
import { buildSite, DEFAULT_TEMPLATES } from './site.ts';
import type { SiteModel } from './site-model.ts';
import type { SiteSimulations } from './simulations/prepare.ts';
import type { SiteChecks } from './checks/prepare.ts';
import { writeSiteAtomic, type WriteOptions } from './write-atomic.ts';
import { PLAY_ENGINE_PATH } from './paths.ts';

export interface GenerateOptions extends WriteOptions {
  rulesDir: string;
  /** the conformance scenarios shown as worked examples (default: test/conformance beside the rules folder) */
  scenariosDir?: string;
  outDir: string;
  templates?: Readonly<Record<Lang, Templates>>;
  /** each game's simulations (prepareSimulations): a game found here gets a Simulations page */
  simulations?: SiteSimulations;
  /** each game's measured search games (prepareChecks): a game found here gets the page on its assumed numbers */
  checks?: SiteChecks;
  /** the engine the play pages load (src/web/bundle.ts), written beside the games' play data */
  playEngine?: string;
}

export interface GenerateResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** the files written, relative to the output folder, sorted */
  files: string[];
  site?: SiteModel;
  /** every worked example (scenario) of the games documented, as run: failing ones included */
  examples: ScenarioOutcome[];
}

/**
 * Load and check every game; a game with errors is reported, not documented. Each game's
 * scenarios under `scenariosDir/<game>/` are run on the compiled spec and kept as its examples.
 */
export function loadGames(rulesDir: string, scenariosDir = defaultScenariosDir(rulesDir)): { games: GameDoc[]; diagnostics: Diagnostic[]; examples: ScenarioOutcome[] } {
  const dirs = findGameDirs(rulesDir);
  if (dirs.length === 0) {
    return {
      games: [],
      examples: [],
      diagnostics: [{ file: displayPath(rulesDir), line: 1, col: 1, severity: 'error', message: `no games in "${displayPath(rulesDir)}"`, hint: 'a game is a folder holding a game.yaml' }],
    };
  }
  const games: GameDoc[] = [];
  const diagnostics: Diagnostic[] = [];
  const outcomes: ScenarioOutcome[] = [];
  for (const dir of dirs) {
    const compiled = compileGameDir(dir);
    diagnostics.push(...compiled.diagnostics);
    if (hasErrors(compiled.diagnostics)) continue;
    const loaded = compiled.loaded; // the same load the check made: each game is read once
    if (!loaded) continue;
    const doc = buildGameDoc(dir, loaded, rulesDir);
    const { examples, outcomes: ran } = gameExamples(join(scenariosDir, doc.id), compiled.engine!, rulesDir);
    outcomes.push(...ran);
    if (examples.length > 0) doc.examples = examples;
    doc.files = gameFiles(rulesDir, loaded.files, examples);
    diagnostics.push(...missingTranslations(doc));
    games.push(doc);
  }
  return { games, diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics)), examples: outcomes };
}

/** the game's YAML files, paths relative to the rules folder's parent (as rule locations are) */
function gameFiles(rulesDir: string, specFiles: readonly string[], examples: readonly Example[]): { path: string; text: string }[] {
  const root = dirname(resolve(rulesDir));
  const rel = (f: string) => relative(root, resolve(f)).split(sep).join('/');
  const paths = [...specFiles.map(rel).sort(), ...examples.map((e) => e.file)];
  return [...new Set(paths)].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/** every text the site shows needs both languages */
function missingTranslations(doc: GameDoc): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const n of doc.nodes) {
    const t = n.node.text;
    if (!t) continue;
    for (const lang of LANGS) {
      if (typeof t[lang] === 'string' && t[lang].trim() !== '') continue;
      out.push({
        ...doc.loaded.where(t),
        severity: 'error',
        message: `the text of '${n.id}' has no ${lang === 'en' ? 'English (en)' : 'Chinese (zh)'} version`,
        hint: 'the rules site shows every rule in English and Chinese: write both',
      });
    }
  }
  return out;
}

export function generateSite(opts: GenerateOptions): GenerateResult {
  const { games, diagnostics, examples } = loadGames(opts.rulesDir, opts.scenariosDir);
  if (hasErrors(diagnostics)) return { ok: false, diagnostics, files: [], examples };
  for (const g of games) {
    const sims = opts.simulations?.get(g.id);
    if (sims) g.simulations = sims;
    const checks = opts.checks?.get(g.id);
    if (checks) g.checks = checks;
  }
  const { files, site } = buildSite(games, opts.templates ?? DEFAULT_TEMPLATES);
  if (opts.playEngine !== undefined) files.set(PLAY_ENGINE_PATH, opts.playEngine);
  writeSiteAtomic(opts.outDir, files, opts.beforeSwap ? { beforeSwap: opts.beforeSwap } : {});
  return { ok: true, diagnostics, files: [...files.keys()].sort(), site, examples };
}
