/**
 * What a number in a rule may be: finite, and within ±Number.MAX_SAFE_INTEGER (9,007,199,254,740,991),
 * where every whole number is exact. Fractions are allowed (`7 / 2` is 3.5). A literal outside that
 * is refused where it is written (the expression parser, src/expr/parser.ts; the YAML loader,
 * src/loader/yaml-file.ts); a result outside it — a division by zero (Infinity, or NaN for
 * `0 / 0`), a product that overflows — is an error at the operator that made it (src/expr/numbers.ts).
 * Silently, NaN would compare false with everything, and a score of NaN made every seat a winner.
 */

/** the largest magnitude a number in a rule may have */
export const MAX_NUMBER = Number.MAX_SAFE_INTEGER;

/** whether x is a number a rule may hold (false for NaN and ±Infinity) */
export function isRuleNumber(x: number): boolean {
  return x <= MAX_NUMBER && x >= -MAX_NUMBER;
}

/** the range, for messages */
export const NUMBER_RANGE = `±${MAX_NUMBER.toLocaleString('en')}`;

/** a number for a message: short, whatever it is */
export function showNumber(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  return Math.abs(x) > MAX_NUMBER ? x.toExponential(3) : String(x);
}

/** why a literal is refused (as `written`), or undefined when it is a number a rule may hold */
export function literalProblem(x: number, written: string): string | undefined {
  if (isRuleNumber(x)) return undefined;
  const shown = written.length > 24 ? `${written.slice(0, 12)}…${written.slice(-6)} (${written.length} characters)` : written;
  if (Number.isNaN(x)) return `${shown} is not a number (NaN): a number in a rule lies within ${NUMBER_RANGE}`;
  return `the number ${shown} is outside ${NUMBER_RANGE}, the numbers a rule may hold`;
}
