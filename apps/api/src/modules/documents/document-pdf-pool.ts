import { runsFromBuild } from '../../runtime';
import { DRAWING_WORKER_HEAP, WorkerPool } from '../../workers/pool';
import type { PrintedDocument } from './document-pdf';

/**
 * Receipts, invoices and credit notes are drawn off the event loop like tickets (decision 013): one
 * thread is enough for one-page documents, and it leaves the other cores to the tickets' pool.
 */
const pool = new WorkerPool<{ document: PrintedDocument }, Uint8Array>(
  new URL(runsFromBuild ? './document-pdf-worker.mjs' : './document-pdf-worker.ts', import.meta.url),
  1,
  DRAWING_WORKER_HEAP,
);

export function renderDocumentPdfOffThread(document: PrintedDocument): Promise<Uint8Array> {
  return pool.run({ document });
}
