// A worker of bench/simulate.ts's machine check: a pure CPU loop of workerData iterations (no
// allocation, no I/O), to see what two threads can gain on this machine right now.
import { parentPort, workerData } from 'node:worker_threads';

let x = 0;
for (let i = 0; i < workerData; i++) x = (x * 31 + i) | 0;
parentPort.postMessage(x);
