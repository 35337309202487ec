/**
 * No spec text ever becomes code: a spec whose names and strings are made to break out of
 * JavaScript (test/fixtures/hostile/codegen-names) compiles to a source holding none of them,
 * the token check passes it, and it plays as the closures do. The check itself refuses any
 * source with a token outside the generator's grammar (so it can fail).
 */
import { describe, expect, it } from 'vitest';
import { compileGameDir } from '../../src/games.ts';
import { checkGeneratedSource, CodegenRefused } from '../../src/codegen/tokens.ts';
import type { Json } from '../../src/interpreter/api.ts';
import { internal } from '../interpreter/helpers.ts';
import { playBoth, twins } from './both.ts';

const DIR = 'test/fixtures/hostile/codegen-names';

/** texts of the fixture that must stay data */
const HOSTILE = ["'", '"', '`', '${', '\\', '*/', '/*', '//', '</script>', '\u2028', '__proto__', 'constructor', 'process', 'exit', 'require', 'eval', 'toString', 'valueOf', 'hasOwnProperty', 'alert', 'globalThis'];

function load() {
  const { loaded, engine, diagnostics } = compileGameDir(DIR);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { t: twins(loaded!), engine: engine! };
}

describe('hostile names and strings never reach the generated source', () => {
  it('the source is generated, holds none of the texts, and passes the token check', () => {
    const { t } = load();
    expect(t.report.mode, t.report.reason).toBe('generated');
    const source = t.report.source!;
    // the fixture's expressions are there: loops, members, constants from the table; and its instruction blocks
    expect(source).toMatch(/for\(let v\d+=0;/);
    expect(source).toMatch(/const g0=function\(c,M\)\{/);
    expect(t.report.blocks).toBeGreaterThan(0);
    expect(source).toContain('K[');
    for (const text of HOSTILE) expect(source.includes(text), `the source contains ${JSON.stringify(text)}`).toBe(false);
    expect(checkGeneratedSource(source)).toBeGreaterThan(100);
  });

  it('plays the same games on generated code and closures, the hostile values flowing through', () => {
    const { t } = load();
    const said = new Set<unknown>();
    for (const players of [2, 3]) {
      const settings: Record<string, Json>[] = [{}, { eval: "'; require('child_process'); '", constructor: 3 }, { eval: '`${process.exit(1)}`' }];
      for (const options of settings) {
        for (let seed = 1; seed <= 4; seed++) {
          expect(playBoth(t, players, options, seed)).toBeGreaterThan(0);
          const s = t.generated.create({ players, seed, options });
          said.add(internal(s).seats[0]!.v[1]);
        }
      }
    }
    // a state holds the strings as values (the initial seat var here)
    expect(said).toContain('"; process.exit(1); "');
  });
});

describe('the token check refuses what the generator never prints', () => {
  const refuses = (src: string, why: RegExp) => {
    expect(() => checkGeneratedSource(src)).toThrow(CodegenRefused);
    expect(() => checkGeneratedSource(src)).toThrow(why);
  };

  it('accepts the generator\'s own grammar', () => {
    expect(checkGeneratedSource('return [\nfunction(c){const L=c.locals;\nconst v0=c.s.g[3];\nif(v0==null)R.fail(K[0]);\nreturn v0 + 1;}\n];')).toBeGreaterThan(10);
  });

  it('refuses string and template literals, comments and backslashes', () => {
    refuses("return ['x'];", /U\+0027/);
    refuses('return ["x"];', /U\+0022/);
    refuses('return [`${c}`];', /U\+0060/);
    refuses('return [1];// c', /comment/);
    refuses('return [1];/* c */', /comment/);
    refuses('return [L\\u0061];', /U\+005C/);
  });

  it('accepts the blocks\' grammar (src/codegen/blocks.ts)', () => {
    expect(
      checkGeneratedSource(
        'const g0=function(c,M){const L=c.locals;let P=M.pc;let N=M.budget;\ntry{for(;;){switch(P){\ncase 3:P=3;N=N-1;if(N<0){N=0;return;}{\n' +
          'if(c.s.logging){K[1](c);}else{const v0=K[2](c);L[4]=R.isArray(v0)?v0.slice():v0;}}\ncase 4:P=4;N=N-1;if(N<0){N=0;return;}{P=3;continue;}\n' +
          'P=5;return;\ndefault:return;}}}finally{M.pc=P;M.budget=N;}};\nreturn [g0];',
      ),
    ).toBeGreaterThan(50);
  });

  it('refuses names near the blocks\' own', () => {
    refuses('return [M.constructor];', /identifier 'constructor'/);
    refuses('return [g0x];', /identifier 'g0x'/);
    refuses('return [Pn];', /identifier 'Pn'/);
    refuses('return [gx1];', /identifier 'gx1'/);
    refuses('switch(P){case 1:with(c){}}', /identifier 'with'/);
  });

  it('refuses identifiers and properties outside its lists', () => {
    refuses('return [process];', /identifier 'process'/);
    refuses('return [c.constructor];', /identifier 'constructor'/);
    refuses('return [R.exit];', /identifier 'exit'/);
    refuses('return [__proto__];', /identifier '__proto__'/);
    refuses('return [new Function];', /identifier 'new'/);
    refuses('return [x1];', /identifier 'x1'/);
  });

  it('refuses other characters and number forms', () => {
    refuses('return [1];\u2028', /U\+2028/);
    refuses('return [1e3];', /plain integer/);
    refuses('return [0x1];', /plain integer/);
    refuses('return [1.5];', /plain integer/);
    refuses('return [c=>1];', /'=>' is not a punctuator/);
    refuses('const v0=1;v0--;', /'--' is not a punctuator/);
    refuses('return [1<!--x\n];', /'<!--' is not a punctuator/);
    refuses('return [c?.s];', /'\?\.' is not a punctuator/);
    refuses('return [1%2];', /U\+0025/);
    refuses('return [c. 1];', /'\.' followed by/);
  });
});
