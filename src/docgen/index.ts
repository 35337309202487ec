/** The rules site generator: specs → VitePress pages (English at the root, Chinese under zh/). */
export { generateSite, loadGames, type GenerateOptions, type GenerateResult } from './generate.ts';
export { buildSite, DEFAULT_TEMPLATES, SIDEBAR_FILE } from './site.ts';
export { DocgenError } from './errors.ts';
export { GENERATED_ROOTS, writeSiteAtomic } from './write-atomic.ts';
export { percent, type SeedModel } from './coverage.ts';
