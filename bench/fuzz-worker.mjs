// A worker of bench/fuzz.ts: workers do not inherit the TypeScript loader (Node 20), so register
// tsx here, then load the fuzz module, which plays its shard (it sees it is not the main thread).
import { register } from 'tsx/esm/api';

register();
await import('./fuzz.ts');
