/**
 * A list's length set by pop and push. `list.length = n` is a generic runtime call that V8 does not
 * inline (a few percent of a playout that splits money every round went to it, from the split's
 * buffers: docs/architecture.md); pop and push are inlined, and the machine's buffers change by a
 * few items at a time.
 */
export function resize<T>(list: T[], n: number, fill: T): void {
  while (list.length > n) list.pop();
  while (list.length < n) list.push(fill);
}
