import { parentPort } from 'node:worker_threads';
import type { TaskAnswer } from './pool';

/**
 * The worker side of a `WorkerPool`: answers each task with the handler's result (binary results are
 * transferred, not copied) or with the error's message.
 */
export function serveTasks<Task>(handle: (task: Task) => Promise<unknown> | unknown): void {
  parentPort?.on('message', async ({ id, ...task }: { id: number } & Task) => {
    try {
      const result = await handle(task as Task);
      const transfer = ArrayBuffer.isView(result) ? [result.buffer as ArrayBuffer] : [];
      parentPort?.postMessage({ id, result } satisfies TaskAnswer, transfer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      parentPort?.postMessage({ id, error: message } satisfies TaskAnswer);
    }
  });
}
