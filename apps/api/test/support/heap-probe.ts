// Run by pool.test.ts in a process started with `npm start`'s V8 flags: prints, as one JSON line, the main
// thread's heap limit before and after a pool starts a worker, and the worker's own limit (bytes).
import v8 from 'node:v8';
import { WorkerPool } from '../../src/workers/pool';

const young = Number(process.argv[2]);
const old = Number(process.argv[3]);
const mainBefore = v8.getHeapStatistics().heap_size_limit;
const pool = new WorkerPool<object, number>(new URL('./heap-probe-worker.mjs', import.meta.url), 1, {
  maxYoungGenerationSizeMb: young,
  maxOldGenerationSizeMb: old,
});
const worker = await pool.run({});
await pool.close();
console.log(JSON.stringify({ mainBefore, mainAfter: v8.getHeapStatistics().heap_size_limit, worker }));
