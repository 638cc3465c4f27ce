// Starts a worker written in TypeScript when the API runs from its sources (development, tests): Node 20
// does not pass tsx's loader on to worker threads, so the worker loads its entry through tsx's API. The
// build bundles each worker into plain JavaScript and never uses this file.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.typescriptEntry, import.meta.url);
