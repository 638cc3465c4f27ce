// Runs argon2 for the API's hash pool (hash-pool.ts), on a thread of its own at a lower priority.
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';
import { lowerThreadPriority } from '../../workers/lower-priority.mjs';

lowerThreadPriority();

parentPort?.on('message', ({ id, op, password, hash, options }) => {
  try {
    const result = op === 'hash' ? hashSync(password, options) : verifySync(hash, password);
    parentPort?.postMessage({ id, result });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
