// What a worker thread of the CLI runs (`simulate --workers`, `validate --workers`): a task function
// of one of src/cli's modules, from the CLI's bundle when the command runs from one
// (bin/bundle.js), else through tsx (workers do not inherit the TypeScript loader in Node 20).
export async function workerTask(module, name) {
  const bundle = process.env.RULES_CLI_BUNDLE;
  if (bundle) return (await import(`${bundle}/${module}.js`))[name];
  const { register } = await import('tsx/esm/api');
  register();
  return (await import(new URL(`./${module}.ts`, import.meta.url).href))[name];
}
