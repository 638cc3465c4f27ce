// A pool worker for pool.test.ts: answers each task with the heap limit V8 gave this worker's isolate.
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', ({ id }) => {
  parentPort?.postMessage({ id, result: v8.getHeapStatistics().heap_size_limit });
});
