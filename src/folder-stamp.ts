/**
 * A hash of every file below a folder, names and contents — the one notion of "these files have
 * not changed": the games kept in memory (games.ts) and validate's results kept on disk
 * (cli/validate-cache.ts) are both keyed by it. `texts` stands for some files' contents (an
 * editor's unsaved buffers, by absolute path).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TextOverlay } from './loader/load-folder.ts';

export function folderStamp(dir: string, texts: TextOverlay = new Map()): string {
  const h = createHash('sha1');
  for (const [p, text] of [...texts].sort(([a], [b]) => a.localeCompare(b))) if (p.startsWith(dir)) h.update(`overlay ${p}\0${text}\0`);
  const walk = (d: string): void => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      h.update(`missing ${d}`);
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (texts.has(p)) continue;
      else if (e.isFile() || (e.isSymbolicLink() && linksToFile(p))) h.update(`${p}\0`).update(readFileSync(p)).update('\0');
      // a link to anything else (a device, a pipe: the loader refuses it) is hashed by its name
      else if (e.isSymbolicLink()) h.update(`link ${p}\0`);
    }
  };
  walk(dir);
  return h.digest('hex');
}

/** a link the loader reads as a file (a link to a folder is not followed, as listYaml does not) */
function linksToFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
