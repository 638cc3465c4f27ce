// Preloaded into the built API (`node --import`) by bench/built-api.ts, or imported by targets/guichet.ts,
// when BENCH_MEMORY_LOG=<ms> is set:
// prints the process's memory (resident, V8 heap used and total, young generation, external and array
// buffers, in MB) on stderr at that interval, to see what a resident-memory peak is made of.
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const mb = (bytes) => Math.round(bytes / 1_048_576);
// `--import` runs in every worker thread too: the figures are the main thread's heap.
if (isMainThread) {
  setInterval(() => {
    const usage = process.memoryUsage();
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    console.error(
      `memory rss ${mb(usage.rss)} heapUsed ${mb(usage.heapUsed)} heapTotal ${mb(usage.heapTotal)} young ${mb(young?.space_size ?? 0)} external ${mb(usage.external)} arrayBuffers ${mb(usage.arrayBuffers)}`,
    );
  }, Number(process.env.BENCH_MEMORY_LOG)).unref();
}
