/** Shared by the docgen tests: the real Cash'n Guns spec, temp copies of rules folders, page lookups. */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { buildGameDoc, type GameDoc } from '../../src/docgen/model.ts';
import { loadSpecFolder } from '../../src/loader/load-folder.ts';

export const REAL_GAME = 'rules/cash-n-guns';
export const EDITION_RULES = 'test/docgen/fixtures/edition-rules';

export function loadDoc(dir: string, rulesDir = posix.dirname(dir)): GameDoc {
  const { spec, diagnostics } = loadSpecFolder(dir);
  if (!spec) throw new Error(`cannot load ${dir}: ${diagnostics.map((d) => d.message).join('; ')}`);
  return buildGameDoc(dir, spec, rulesDir);
}

const temps: string[] = [];

export function tempDir(prefix = 'docgen-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}

export function cleanTemps(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** a rules folder holding copies of the given game folders */
export function copyRules(...gameDirs: string[]): string {
  const rules = join(tempDir('docgen-rules-'), 'rules');
  mkdirSync(rules, { recursive: true });
  for (const g of gameDirs) cpSync(g, join(rules, posix.basename(g)), { recursive: true });
  return rules;
}

/** every file under dir: relative path → content */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      const r = rel ? `${rel}/${e}` : e;
      if (statSync(p).isDirectory()) walk(p, r);
      else out.set(r, readFileSync(p, 'utf8'));
    }
  };
  walk(dir, '');
  return out;
}

/** the anchors a generated page defines: `{#id}` headings and `id="…"` elements */
export function anchorsIn(md: string): string[] {
  return [...[...md.matchAll(/ \{#([^}\s]+)\}$/gm)].map((m) => m[1]!), ...[...md.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!)];
}

/**
 * The anchors of generated page `file` in `files`, with those of the text it imports (`?raw`)
 * and shows as inner HTML (a game's files page shows its listing so).
 */
export function pageAnchors(files: ReadonlyMap<string, string>, file: string): string[] {
  const md = files.get(file) ?? '';
  const shown = [...md.matchAll(/^import \w+ from ["']([^"']+)\?raw["'];$/gm)].map((m) => files.get(posix.normalize(posix.join(posix.dirname(file), m[1]!))) ?? '');
  return anchorsIn([md, ...shown].join('\n'));
}

/** the generated file and anchor a link on `page` points at (`../games/x/` → games/x/index.md) */
export function linkTarget(page: string, href: string): { file: string; hash?: string } {
  const [path, hash] = unescapeHtml(href).split('#') as [string, string | undefined];
  let file = path === '' ? page : posix.normalize(posix.join(posix.dirname(page), path));
  if (path !== '') file = path.endsWith('/') || path === '.' ? posix.join(file, 'index.md') : `${file}.md`;
  return hash ? { file, hash } : { file };
}

/** undo the HTML escaping of esc() */
export function unescapeHtml(s: string): string {
  return s
    .replace(/<br>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** a page's HTML with the marks around the spec's names in readings taken off (their words as plain text) */
export function unmarkNames(html: string): string {
  return html.replace(/<span class="reading-name">([^<]*)<\/span>/g, '$1').replace(/<var class="reading-local"[^>]*>([^<]*)<\/var>/g, '$1');
}
