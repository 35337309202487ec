/**
 * Which test files can depend on the compiler a program gets (RULES_CODEGEN: generated code or
 * closures): those that load, directly or through the modules they import, the one module that
 * reads the switch, src/interpreter/compile/index.ts. A test file that does not load it cannot
 * compile a program in its own process, whatever it does. The compilers run
 * (`npm run test:compilers`, vitest.config.ts) runs these files on both compilers at once.
 *
 * Imports are read from the source text: `import … from './x.ts'`, `export … from`, `import './x'`
 * and `import('./x')` with a relative path; `import type` loads nothing and is left out. Packages
 * are not followed (none of them imports the project's modules).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** the module that reads RULES_CODEGEN (src/codegen/unit.ts's codegenMode, called by compileProgram) */
export const COMPILER = 'src/interpreter/compile/index.ts';

const IMPORT = /\b(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)|\bimport\s+['"](\.[^'"]+)['"]/g;

/** the project files a module loads when it runs (relative imports, resolved; type-only ones left out) */
export function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    if (m[1]) continue; // import type / export type
    const spec = m[2] ?? m[3] ?? m[4]!;
    const base = resolve(dirname(file), spec);
    const found = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
    if (found) out.push(found);
  }
  return out;
}

/** every test file under `root`/test, relative to root, that loads the compiler */
export function compilerTests(root: string): string[] {
  const target = resolve(root, COMPILER);
  const tests = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(root, 'test', f));
  // the modules the tests load, with who loads each; then back from the compiler to the tests
  const loadedBy = new Map<string, string[]>();
  const queue = [...tests];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const dep of runtimeImports(file)) {
      loadedBy.set(dep, [...(loadedBy.get(dep) ?? []), file]);
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  const reaches = new Set([target]);
  const back = [target];
  while (back.length > 0) {
    for (const f of loadedBy.get(back.pop()!) ?? []) {
      if (!reaches.has(f)) {
        reaches.add(f);
        back.push(f);
      }
    }
  }
  return tests.filter((t) => reaches.has(t)).map((f) => relative(root, f).split('\\').join('/')).sort();
}
