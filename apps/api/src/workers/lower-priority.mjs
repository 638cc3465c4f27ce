// Lowers the OS priority of the calling thread (a worker of one of the API's pools).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * On Linux every thread has its own nice value: lowering a worker's lets the event loop thread take the CPU
 * at once whenever both want it, so CPU-heavy work (argon2, PDF rendering) cannot slow down cheap requests.
 */
export function lowerThreadPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the pool still works, at normal priority.
  }
}
