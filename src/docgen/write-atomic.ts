/**
 * Write the generated site without ever leaving it half-written: every file goes into a temp
 * folder next to the output first; then each generated root (index.md, games/, sources/, zh/,
 * .vitepress/generated/) is swapped in by rename, and rolled back if a swap fails. Whatever else
 * is in the output (the VitePress config, theme, cache, dist) is never touched. Stale generated
 * files disappear with the roots they were in.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** the paths (relative to the output folder) that belong to the generator; `zh` held the Chinese
 *  pages before they came in two scripts (zh-hans, zh-hant): still listed, so a site generated
 *  before loses it */
export const GENERATED_ROOTS: readonly string[] = ['index.md', 'games', 'sources', 'zh', 'zh-hans', 'zh-hant', '.vitepress/generated', 'public/play'];

export interface WriteOptions {
  /** called after every file is written to the temp folder, before anything in the output changes (tests) */
  beforeSwap?: () => void;
}

export function writeSiteAtomic(outDir: string, files: ReadonlyMap<string, string>, opts: WriteOptions = {}): void {
  const out = resolve(outDir);
  for (const path of files.keys()) {
    if (!GENERATED_ROOTS.some((r) => path === r || path.startsWith(`${r}/`))) {
      throw new Error(`internal: '${path}' is outside the generated roots ${GENERATED_ROOTS.join(', ')}`);
    }
  }
  mkdirSync(dirname(out), { recursive: true });
  const tmp = mkdtempSync(join(dirname(out), `.${basename(out)}.docgen-`));
  try {
    const fresh = join(tmp, 'new');
    const old = join(tmp, 'old');
    for (const [path, content] of files) {
      const target = join(fresh, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    opts.beforeSwap?.();
    mkdirSync(out, { recursive: true });
    const done: { root: string; hadOld: boolean; hasNew: boolean }[] = [];
    try {
      for (const root of GENERATED_ROOTS) {
        const dst = join(out, root);
        const src = join(fresh, root);
        const hadOld = existsSync(dst);
        const hasNew = existsSync(src);
        if (hadOld) {
          mkdirSync(dirname(join(old, root)), { recursive: true });
          renameSync(dst, join(old, root));
        }
        done.push({ root, hadOld, hasNew: false });
        if (hasNew) {
          mkdirSync(dirname(dst), { recursive: true });
          renameSync(src, dst);
          done[done.length - 1]!.hasNew = true;
        }
      }
    } catch (e) {
      for (const d of done.reverse()) {
        const dst = join(out, d.root);
        if (d.hasNew) rmSync(dst, { recursive: true, force: true });
        if (d.hadOld) renameSync(join(old, d.root), dst);
      }
      throw e;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
