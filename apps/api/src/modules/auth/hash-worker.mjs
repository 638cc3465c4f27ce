// Runs argon2 for the API's hash pool (hash-pool.ts), on a thread of its own at a lower priority.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

// On Linux every thread has its own nice value: lowering this one lets the event loop thread take the CPU
// at once whenever both want it, so a burst of sign-ins cannot slow down cheap requests.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId)) setPriority(threadId, 10);
} catch {
  // Not Linux, or not allowed: the pool still works, at normal priority.
}

parentPort?.on('message', ({ id, op, password, hash, options }) => {
  try {
    const result = op === 'hash' ? hashSync(password, options) : verifySync(hash, password);
    parentPort?.postMessage({ id, result });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
