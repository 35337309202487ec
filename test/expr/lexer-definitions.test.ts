/** The expression lexer skips Chevrotain's checks of its token definitions at run time (src/expr/lexer.ts); they are made here. */
import { Lexer } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { allTokens, lexerOptions } from '../../src/expr/lexer.ts';

describe('the expression lexer', () => {
  it("has token definitions that pass Chevrotain's checks", () => {
    const checked = new Lexer(allTokens, { ...lexerOptions, deferDefinitionErrorsHandling: true });
    expect(checked.lexerDefinitionErrors).toEqual([]);
  });

  it('the checks find a broken definition (so the test above can fail)', () => {
    const broken = new Lexer([...allTokens, { name: 'Empty', PATTERN: /(?:)/ } as never], { ...lexerOptions, deferDefinitionErrorsHandling: true });
    expect(broken.lexerDefinitionErrors.length).toBeGreaterThan(0);
  });
});
