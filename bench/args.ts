/** Command-line helpers shared by the bench scripts. */

/** a mistake on a bench script's command line (not a failure of what it measures) */
export class UsageError extends Error {}

/** the value of a numeric flag, which must be a positive number */
export function positive(name: string, v: string | undefined): number {
  const n = Number(v);
  if (!(n > 0)) throw new UsageError(`${name} must be a positive number, got '${v}'`);
  return n;
}

/** a bad command line said in one line, exit code 2: nothing failed but the typing, so no stack trace */
export function usageExit(script: string, message: string): never {
  process.stderr.write(`${script}: ${message}\n`);
  process.exit(2);
}

/** run a bench script's main; a UsageError it throws ends it as usageExit does (any other error stays as it is) */
export async function runMain(script: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (e) {
    if (e instanceof UsageError) usageExit(script, e.message);
    throw e;
  }
}

/** positive(), for a script that reads its flags at the top: a bad value ends it as usageExit does */
export function positiveFlag(script: string, name: string, v: string | undefined): number {
  try {
    return positive(name, v);
  } catch (e) {
    return usageExit(script, (e as Error).message);
  }
}
