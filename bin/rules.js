#!/usr/bin/env node
// The `rules` command: runs the TypeScript CLI through tsx's ESM loader (no build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
await main(process.argv.slice(2));
