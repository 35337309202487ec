/** The one error docgen throws on purpose: something in the data it cannot render faithfully. */
export class DocgenError extends Error {
  override readonly name = 'DocgenError';
}
