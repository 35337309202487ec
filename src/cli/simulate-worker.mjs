// A worker thread of `rules simulate --workers N`: workers do not inherit the TypeScript loader
// (Node 20), so register tsx here, then hand tinypool the task function of the TypeScript module.
import { register } from 'tsx/esm/api';

register();
const { playChunk } = await import('./simulate-worker.ts');
export default playChunk;
