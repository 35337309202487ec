/**
 * Load a game's rules folder: read every fragment, check each against the schema, merge them
 * into one Spec, then check what spans files (unique ids) and what spans the seeds (quotes).
 * Bad input never throws: every problem comes back as a diagnostic with a file position.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../limits.ts';
import { readRegularFile } from '../file-io.ts';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import { checkFragmentSchema, schemaPath } from './schema-check.ts';
import { seedFileProblem, seedInfo, verifyQuote, verifyRef } from './seeds.ts';
import type { Spec } from './types.generated.ts';
import { displayPath, readYamlFile, type Located, type YamlFile } from './yaml-file.ts';

export type { Located } from './yaml-file.ts';
// the rule nodes of a spec are a walk over plain data, kept where a page can import them without the files
export { ruleNodes, type AnyRuleNode, type RuleNodeEntry } from './rule-nodes.ts';
import { ruleNodes, type AnyRuleNode } from './rule-nodes.ts';

export interface LoadedSpec {
  /** the folder as given */
  dir: string;
  /** the fragment files, as shown in diagnostics, in merge order */
  files: string[];
  /** all fragments merged */
  spec: Spec;
  /** where an object or array of `spec` stands; with a key, that key (map) or item (list) */
  where(obj: object, key?: string | number): Located;
  /** where character `offset` of the string at obj[key] stands (for expression errors) */
  whereInValue(obj: object, key: string | number, offset: number): Located;
}

export interface LoadedFragment {
  file: YamlFile;
  /** the fragment, when it parsed and matched the schema */
  fragment?: Spec;
  diagnostics: Diagnostic[];
}

/** loadSpecFile, or one that hands back a fragment it read before from the same text (the
 *  language server's, src/lsp/fragment-cache.ts): what loadSpecFolder reads each file with */
export type FragmentLoader = (path: string, text?: string) => LoadedFragment;

/** Texts that stand for some files' contents (an editor's unsaved buffers), by absolute path. */
export type TextOverlay = ReadonlyMap<string, string>;

/**
 * Load every `*.yaml` under `dir` (recursively, sorted by path) as one game; a file named in
 * `texts` is read from there instead of the disk (and counts even when it is not saved yet).
 * `spec` is returned whenever every file parsed, matched the schema and merged; the content
 * checks (duplicate ids, quotes) add diagnostics but still return it. Check
 * `diagnostics` for errors before using the spec for anything that matters.
 */
export function loadSpecFolder(dir: string, texts: TextOverlay = new Map(), opts: { loadFile?: FragmentLoader } = {}): { spec?: LoadedSpec; diagnostics: Diagnostic[] } {
  const shown = displayPath(dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    return { diagnostics: [problem(shown, 'error', `there is no rules folder "${shown}"`)] };
  }
  const { yaml, ignored } = listYaml(dir, texts);
  const diagnostics: Diagnostic[] = ignored.map((f) =>
    problem(displayPath(f), 'warning', 'this file is ignored: rules files must end in ".yaml"', 'rename it to end in .yaml'),
  );
  if (yaml.length === 0) {
    diagnostics.push(problem(shown, 'error', `no .yaml files in "${shown}"`, 'a game folder holds at least a game.yaml'));
    return { diagnostics };
  }

  const loadFile = opts.loadFile ?? loadSpecFile;
  const loaded = yaml.map((p) => loadFile(p, texts.get(resolve(p))));
  for (const l of loaded) diagnostics.push(...l.diagnostics);
  if (hasErrors(diagnostics)) return { diagnostics: sortDiagnostics(diagnostics) };

  const files = loaded.map((l) => l.file);
  const merged = mergeFragments(loaded);
  diagnostics.push(...merged.diagnostics);
  if (hasErrors(merged.diagnostics)) return { diagnostics: sortDiagnostics(diagnostics) };

  const spec = makeLoadedSpec(dir, files, merged.spec, merged.sectionOrigin);
  diagnostics.push(...checkUniqueIds(spec), ...checkSources(spec));
  return { spec, diagnostics: sortDiagnostics(diagnostics) };
}

/** Read one fragment: YAML syntax, the schema line, the schema; `text` stands for the file's when given. */
export function loadSpecFile(path: string, text?: string): LoadedFragment {
  const file = readYamlFile(path, text);
  const diagnostics = [...file.diagnostics];
  // a file that could not be read (no file, too large) has no first line to speak of
  const unread = file.text === '' && hasErrors(file.diagnostics);
  if (!unread) diagnostics.push(...checkSchemaLine(path, file));
  if (hasErrors(file.diagnostics)) return { file, diagnostics };
  const schemaProblems = checkFragmentSchema(file);
  diagnostics.push(...schemaProblems);
  if (schemaProblems.length > 0) return { file, diagnostics };
  const fragment = (file.data ?? {}) as Spec;
  return { file, fragment, diagnostics };
}

/** The first line a fragment at `path` needs for the editor to find the schema. */
export function schemaLine(path: string): string {
  const rel = relative(dirname(resolve(path)), schemaPath).split(sep).join('/');
  return `# yaml-language-server: $schema=${rel}`;
}

function checkSchemaLine(path: string, file: YamlFile): Diagnostic[] {
  const expected = schemaLine(path);
  const first = file.text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const m = /^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$/.exec(first);
  if (m && resolve(dirname(resolve(path)), m[1]!) === resolve(schemaPath)) return [];
  const message = m
    ? `the schema line points at "${m[1]}", which is not schema/spec.schema.json from here`
    : 'the first line should name the schema, so your editor can check this file as you type';
  return [problem(file.file, 'warning', message, m ? `make the first line: ${expected}` : `add this first line: ${expected}`)];
}

// list sections are concatenated in file order; a map section may come from one file only
function mergeFragments(loaded: LoadedFragment[]): {
  spec: Spec;
  diagnostics: Diagnostic[];
  sectionOrigin: Map<object, { file: YamlFile; fragment: object; key: string }>;
} {
  const spec: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];
  const origin = new Map<string, { file: YamlFile; fragment: object }>();
  const sectionOrigin = new Map<object, { file: YamlFile; fragment: object; key: string }>();
  for (const { file, fragment } of loaded) {
    if (!fragment) continue;
    for (const [key, value] of Object.entries(fragment)) {
      if (Array.isArray(value)) {
        let list = spec[key] as unknown[] | undefined;
        if (!list) {
          spec[key] = list = [];
          sectionOrigin.set(list, { file, fragment, key });
        }
        for (const item of value) list.push(item); // not push(...value): a long list would overflow the stack
        continue;
      }
      const first = origin.get(key);
      if (first) {
        const at = first.file.where(first.fragment, key);
        diagnostics.push({
          ...file.where(fragment, key),
          severity: 'error',
          message: `the '${key}' section is already given in ${at.file}:${at.line}:${at.col}; it may appear in one file only`,
          hint: `keep one '${key}:' section and move everything it needs there`,
        });
        continue;
      }
      origin.set(key, { file, fragment });
      spec[key] = value;
    }
  }
  return { spec: spec as Spec, diagnostics, sectionOrigin };
}

function makeLoadedSpec(
  dir: string,
  files: YamlFile[],
  spec: Spec,
  sectionOrigin: Map<object, { file: YamlFile; fragment: object; key: string }>,
): LoadedSpec {
  // what belongs to no one file (a section missing from all of them) is reported at the first
  const fallback: Located = { file: files[0]?.file ?? displayPath(dir), line: 1, col: 1 };
  const owner = (obj: object) => files.find((f) => f.has(obj));
  const loadedSpec: LoadedSpec = {
    dir,
    files: files.map((f) => f.file),
    spec,
    where(obj, key) {
      const f = owner(obj);
      if (f) return f.where(obj, key);
      // a merged section list belongs to no single file: an item is where it was written
      const item = typeof key === 'number' && Array.isArray(obj) ? (obj[key] as unknown) : undefined;
      if (item !== null && typeof item === 'object') return loadedSpec.where(item);
      const o = sectionOrigin.get(obj);
      if (o) return o.file.where(o.fragment, o.key);
      return fallback;
    },
    whereInValue(obj, key, offset) {
      const f = owner(obj);
      return f ? f.whereInValue(obj, key, offset) : loadedSpec.where(obj, key);
    },
  };
  return loadedSpec;
}

function checkUniqueIds(loaded: LoadedSpec): Diagnostic[] {
  const seen = new Map<string, AnyRuleNode>();
  const out: Diagnostic[] = [];
  for (const { node } of ruleNodes(loaded.spec)) {
    const first = seen.get(node.id);
    if (!first) {
      seen.set(node.id, node);
      continue;
    }
    const a = loaded.where(first, 'id');
    out.push({
      ...loaded.where(node, 'id'),
      severity: 'error',
      message: `the id '${node.id}' is used twice: here and at ${a.file}:${a.line}:${a.col}`,
      hint: 'every rule needs its own id (it names the rule in logs, tests and web addresses): rename one of them',
    });
  }
  return out;
}

// every quote stands on its lines; refs of nonRules and game.seeds name real seeds
function checkSources(loaded: LoadedSpec): Diagnostic[] {
  const { spec } = loaded;
  const out: Diagnostic[] = [];
  const gameSeeds = spec.game?.seeds ?? [];
  // a seed whose file is missing is one problem, said once, not one per quote from it
  const unreadable = new Set<string>();
  const fileMissing = (seed: string, at: Located): boolean => {
    if (unreadable.has(seed)) return true;
    const problem = seedFileProblem(seed);
    if (problem === undefined) return false;
    unreadable.add(seed);
    out.push({ ...at, severity: 'error', message: problem, hint: 'restore the file (its quotes are not checked until then)' });
    return true;
  };
  gameSeeds.forEach((id, i) => {
    if (fileMissing(id, loaded.whereInValue(gameSeeds, i, 0))) return;
    if (!seedInfo(id)) {
      out.push({
        ...loaded.whereInValue(gameSeeds, i, 0),
        severity: 'error',
        message: `there is no source text with id "${id}"`,
        hint: 'see seeds/index.yaml for the ids',
      });
    }
  });
  const report = (citation: object, check: ReturnType<typeof verifyQuote>) => {
    if (check.ok) return;
    const d: Diagnostic = {
      ...loaded.whereInValue(citation, check.field, check.field === 'quote' ? (check.offset ?? 0) : 0),
      severity: 'error',
      message: check.message,
    };
    if (check.hint) d.hint = check.hint;
    out.push(d);
  };
  // the game section cites its sources too
  const cited = spec.game ? [spec.game as { source?: { ref: string; quote: string }[] }, ...ruleNodes(spec).map((e) => e.node)] : ruleNodes(spec).map((e) => e.node);
  for (const node of cited) {
    for (const c of node.source ?? []) {
      if (fileMissing(c.ref.slice(0, 3), loaded.whereInValue(c, 'ref', 0))) continue;
      const check = verifyQuote(c.ref, c.quote);
      report(c, check);
      const seed = c.ref.slice(0, 3);
      if (check.ok && spec.game && !gameSeeds.includes(seed)) {
        out.push({
          ...loaded.whereInValue(c, 'ref', 0),
          severity: 'warning',
          message: `this quote is from source text ${seed}, which is not listed in game.seeds`,
          hint: `add "${seed}" to seeds in the game section, or cite one of ${gameSeeds.join(', ')}`,
        });
      }
    }
  }
  for (const n of spec.nonRules ?? []) if (!fileMissing(n.ref.slice(0, 3), loaded.whereInValue(n, 'ref', 0))) report(n, verifyRef(n.ref));
  return out;
}

/**
 * Game folders under `rulesDir` (sorted): sub-folders holding a game.yaml, or any .yaml file
 * with a top-level `game:` section. Missing `rulesDir`: none.
 */
export function findGameDirs(rulesDir: string): string[] {
  if (!existsSync(rulesDir)) return [];
  return readdirSync(rulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(rulesDir, e.name))
    .filter((d) => existsSync(join(d, 'game.yaml')) || listYaml(d).yaml.some(hasGameSection))
    .sort();
}

/** whether a YAML file holds a top-level `game:` section (a file that cannot be read does not) */
export function hasGameSection(path: string): boolean {
  try {
    // (leniently: a file that is not UTF-8 is still the game's, and reported when it is read)
    return /^game:/m.test(readRegularFile(path, MAX_FILE_BYTES).toString('utf8'));
  } catch {
    return false;
  }
}

// *.yaml files under dir (and the overlay's), recursively, sorted by path; *.yml files are reported, not read
function listYaml(dir: string, texts: TextOverlay = new Map()): { yaml: string[]; ignored: string[] } {
  const yaml: string[] = [];
  const ignored: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.yaml')) yaml.push(p);
      else if (e.name.endsWith('.yml')) ignored.push(p);
    }
  };
  walk(dir);
  const inside = resolve(dir) + sep;
  const onDisk = new Set(yaml.map((p) => resolve(p)));
  for (const p of texts.keys()) if (p.startsWith(inside) && p.endsWith('.yaml') && !onDisk.has(p)) yaml.push(join(dir, relative(resolve(dir), p)));
  const key = (p: string) => p.split(sep).join('/');
  const byPath = (a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  return { yaml: yaml.sort(byPath), ignored: ignored.sort(byPath) };
}

function problem(file: string, severity: 'error' | 'warning', message: string, hint?: string): Diagnostic {
  return hint ? { file, line: 1, col: 1, severity, message, hint } : { file, line: 1, col: 1, severity, message };
}
