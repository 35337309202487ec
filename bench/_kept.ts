import { compileGameDir, gameDirsFor } from '../src/games.ts';
import { compileProgram } from '../src/interpreter/compile/index.ts';
for (const dir of gameDirsFor('rules')) {
  const { loaded } = compileGameDir(dir);
  process.env.RULES_SHARED_CALLS = 'on'; const a = compileProgram(loaded!, {}).program!.slots;
  process.env.RULES_SHARED_CALLS = 'off'; const b = compileProgram(loaded!, {}).program!.slots;
  console.log(dir, a - b);
}
