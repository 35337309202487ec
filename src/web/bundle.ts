/**
 * The engine the play pages load (public/play/engine.js): src/web/entry.ts and everything it
 * imports, bundled for the browser by esbuild — one ES module, minified. Built when the site is
 * generated (`rules docs`, `npm start`, `npm run docs:build`), never by hand.
 */
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url));

let built: string | undefined;

/** the bundle, built once per process (a dev server regenerates the pages on every save) */
export function buildPlayEngine(): string {
  built ??= build();
  return built;
}

function build(): string {
  const out = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    // nothing of Node reaches the page: a module that needs it would fail here, not in a browser
    define: { 'process.env.RULES_CODEGEN': 'undefined' },
  });
  return out.outputFiles[0]!.text;
}
