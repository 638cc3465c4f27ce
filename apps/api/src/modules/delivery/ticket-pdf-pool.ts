import { availableParallelism } from 'node:os';
import { runsFromBuild } from '../../runtime';
import { DRAWING_WORKER_HEAP, WorkerPool } from '../../workers/pool';
import type { TicketsDocument } from './ticket-pdf';

/**
 * Tickets' PDFs are drawn in worker threads: a 60-ticket document costs about 0.7 s of CPU, which on the
 * event loop would stall every request in flight (decision 021).
 */
const pool = new WorkerPool<{ document: TicketsDocument }, Uint8Array>(
  new URL(runsFromBuild ? './ticket-pdf-worker.mjs' : './ticket-pdf-worker.ts', import.meta.url),
  Math.max(1, availableParallelism() - 1),
  DRAWING_WORKER_HEAP,
);

export function renderTicketsPdfOffThread(document: TicketsDocument): Promise<Uint8Array> {
  return pool.run({ document });
}
