/** Command-line helpers shared by the bench scripts. */

/** the value of a numeric flag, which must be a positive number */
export function positive(name: string, v: string | undefined): number {
  const n = Number(v);
  if (!(n > 0)) throw new Error(`${name} must be a positive number, got '${v}'`);
  return n;
}
