/**
 * Reading a table keyed by a spec's names (card props, labels, given options): only what the
 * table itself holds counts, so a name such as `toString` or `constructor` never reads
 * Object.prototype.
 */
export function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
