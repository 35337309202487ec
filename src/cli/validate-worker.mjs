// A worker thread of `rules validate --workers N`: checkGameTask of validate-worker.ts (worker-task.mjs).
import { workerTask } from './worker-task.mjs';

export default await workerTask('validate-worker', 'checkGameTask');
