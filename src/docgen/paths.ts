/** Where each generated page lives (paths relative to the output folder) and how pages link. */
import { localePrefix, type Lang } from './i18n.ts';
import { relLink } from './markdown.ts';
import type { PageId } from './model.ts';

export function gamePage(lang: Lang, game: string, page: PageId): string {
  return `${localePrefix(lang)}games/${game}/${page}.md`;
}

export function sourcePage(lang: Lang, seed: string): string {
  return `${localePrefix(lang)}sources/${seed}.md`;
}

export function homePage(lang: Lang): string {
  return `${localePrefix(lang)}index.md`;
}

/** the link from page `from` to line `line` of a source page */
export function lineHref(from: string, lang: Lang, seed: string, line: number): string {
  return relLink(from, sourcePage(lang, seed), `L${line}`);
}

/** what a game's play page loads: its checked spec and its rules' pages (public/, served as is) */
export function playDataPath(game: string): string {
  return `public/play/${game}.json`;
}

/** what a game's worked examples page steps through on the table */
export function playExamplesPath(game: string): string {
  return `public/play/${game}.examples.json`;
}

/**
 * What the Chinese play pages put their text into their script with, a character at a time
 * (src/chinese-script.ts, scriptChars): the table joins its words as it plays, in the browser
 */
export function playScriptPath(script: string): string {
  return `public/play/script/${script.toLowerCase()}.json`;
}

/** the engine the play pages load (src/web/bundle.ts builds it) */
export const PLAY_ENGINE_PATH = 'public/play/engine.js';

/** the listing of a game's files (shared by its files pages in both languages; see pages/files.ts) */
export function filesListingPath(game: string): string {
  return `.vitepress/generated/files/${game}.html`;
}
