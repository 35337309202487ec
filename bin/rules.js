#!/usr/bin/env node
// The `rules` command: the CLI's bundle (bin/bundle.js: built once, rebuilt when a source
// changes), or, where it cannot be built, the TypeScript sources through tsx's ESM loader.
import { pathToFileURL } from 'node:url';
import { bundleDir } from './bundle.js';

const dir = await bundleDir();
let main;
if (dir !== undefined) {
  // worker threads of `simulate --workers` load the same bundle (src/cli/simulate-worker.mjs)
  process.env.RULES_CLI_BUNDLE = pathToFileURL(dir).href;
  // stacks in the sources' lines, for DEBUG=1 (reading the maps costs every run otherwise)
  if (process.env.DEBUG) process.setSourceMapsEnabled(true);
  ({ main } = await import(pathToFileURL(`${dir}/main.js`).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
await main(process.argv.slice(2));
