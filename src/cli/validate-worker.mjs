// A worker thread of `rules validate --workers N`: the task function of validate-worker.ts, from
// the CLI's bundle when the command runs from one (bin/bundle.js), else through tsx (workers do
// not inherit the TypeScript loader in Node 20).
const bundle = process.env.RULES_CLI_BUNDLE;
let checkGameTask;
if (bundle) {
  ({ checkGameTask } = await import(`${bundle}/validate-worker.js`));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ checkGameTask } = await import('./validate-worker.ts'));
}
export default checkGameTask;
