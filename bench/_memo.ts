import { compileGameDir } from '../src/games.ts';
import { compileProgram } from '../src/interpreter/compile/index.ts';
const { loaded } = compileGameDir(`rules/${process.argv[2]}`);
const p = compileProgram(loaded!, {}).program!;
for (const [id, f] of p.functions) console.log(id, f.loops ? 'loops' : '', f.memo ? 'KEPT' : '', f.params.map((x) => x.type.k).join(','));
