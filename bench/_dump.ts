import { compileGameDir } from '../src/games.ts';
import { compileProgram } from '../src/interpreter/compile/index.ts';
import { codegenReport } from '../src/codegen/unit.ts';
const { loaded } = compileGameDir(`rules/${process.argv[2]}`);
const r = codegenReport(compileProgram(loaded!, { codegen: true }).program!);
console.log(r?.source);
