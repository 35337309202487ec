// A worker thread of `rules simulate --workers N`: the task function of simulate-worker.ts, from
// the CLI's bundle when the command runs from one (bin/bundle.js), else through tsx (workers do
// not inherit the TypeScript loader in Node 20).
const bundle = process.env.RULES_CLI_BUNDLE;
let playChunk;
if (bundle) {
  ({ playChunk } = await import(`${bundle}/simulate-worker.js`));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ playChunk } = await import('./simulate-worker.ts'));
}
export default playChunk;
