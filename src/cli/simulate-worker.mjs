// A worker thread of `rules simulate --workers N`: playChunk of simulate-worker.ts (worker-task.mjs).
import { workerTask } from './worker-task.mjs';

export default await workerTask('simulate-worker', 'playChunk');
