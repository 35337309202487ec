/**
 * Find and load scenario files: YAML syntax, the schema line, the schema, the quotes (verified
 * verbatim against the seeds, like the specs'), and that the file sits in its game's folder.
 * Never throws: every problem is a diagnostic with a file position.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../loader/diagnostics.ts';
import { verifyQuote } from '../loader/seeds.ts';
import { readYamlFile, type YamlFile } from '../loader/yaml-file.ts';
import { checkScenarioSchema, scenarioSchemaPath } from './schema.ts';
import { isExpectStep, type Scenario } from './types.ts';

export interface LoadedScenario {
  /** the path as given */
  path: string;
  file: YamlFile;
  /** the scenario, when the file parsed and matched the schema */
  scenario?: Scenario;
  diagnostics: Diagnostic[];
}

/** where scenarios are looked for when no folder is given: `test/conformance` beside the rules folder */
export function defaultScenariosDir(rulesDir: string): string {
  return join(resolve(rulesDir), '..', 'test', 'conformance');
}

/** the scenarios of the game in `gameDir`: `<scenarios>/<game folder's name>` */
export function scenariosDirOf(gameDir: string): string {
  return join(defaultScenariosDir(dirname(resolve(gameDir))), basename(gameDir));
}

/** Every `*.yaml` under `dir`, recursively, sorted. */
export function findScenarioFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.yaml')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The first line a scenario at `path` needs for the editor to find the schema. */
export function scenarioSchemaLine(path: string): string {
  const rel = relative(dirname(resolve(path)), scenarioSchemaPath).split(sep).join('/');
  return `# yaml-language-server: $schema=${rel}`;
}

/** Load one scenario file; `text` stands for its contents when given (an editor's unsaved buffer). */
export function loadScenario(path: string, text?: string): LoadedScenario {
  const file = readYamlFile(path, text);
  const diagnostics: Diagnostic[] = [...file.diagnostics];
  const done = (scenario?: Scenario): LoadedScenario => ({ path, file, diagnostics: sortDiagnostics(diagnostics), ...(scenario ? { scenario } : {}) });
  if (hasErrors(diagnostics) || file.data === undefined) return done();

  diagnostics.push(...checkSchemaLine(path, file));
  const schemaProblems = checkScenarioSchema(file);
  diagnostics.push(...schemaProblems);
  if (schemaProblems.length > 0) return done();
  const scenario = file.data as Scenario;

  for (const c of scenario.source) {
    const check = verifyQuote(c.ref, c.quote);
    if (check.ok) continue;
    const at = check.field === 'quote' && check.offset !== undefined ? file.whereInValue(c, 'quote', check.offset) : file.whereInValue(c, check.field, 0);
    diagnostics.push({ ...at, severity: 'error', message: check.message, ...(check.hint ? { hint: check.hint } : {}) });
  }

  const folder = basename(dirname(resolve(path)));
  if (folder !== scenario.game) {
    diagnostics.push({
      ...file.whereInValue(scenario, 'game', 0),
      severity: 'error',
      message: `this scenario is for game '${scenario.game}' but sits in folder '${folder}'`,
      hint: `scenarios live in test/conformance/<game>/: move the file to a folder named '${scenario.game}', or fix 'game'`,
    });
  }

  const checks = (scenario.expect?.length ?? 0) > 0 || scenario.expectResult !== undefined || (scenario.do ?? []).some(isExpectStep);
  if (!checks) {
    diagnostics.push({
      ...file.where(scenario, 'id'),
      severity: 'error',
      message: 'this scenario checks nothing',
      hint: 'add expect: [<expressions>], expectResult: {…}, or an {expect: […]} step',
    });
  }
  return done(scenario);
}

function checkSchemaLine(path: string, file: YamlFile): Diagnostic[] {
  const expected = scenarioSchemaLine(path);
  const first = file.text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const m = /^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$/.exec(first);
  if (m && resolve(dirname(resolve(path)), m[1]!) === resolve(scenarioSchemaPath)) return [];
  return [
    {
      file: file.file,
      line: 1,
      col: 1,
      severity: 'warning',
      message: m
        ? `the schema line points at "${m[1]}", which is not schema/scenario.schema.json from here`
        : 'the first line should name the scenario schema, so your editor can check this file as you type',
      hint: m ? `make the first line: ${expected}` : `add this first line: ${expected}`,
    },
  ];
}
