// Renders documents' PDFs for the pool in document-pdf-pool.ts, on a thread of its own at a lower priority.
import { lowerThreadPriority } from '../../workers/lower-priority.mjs';
import { serveTasks } from '../../workers/serve-tasks';
import { type PrintedDocument, renderDocumentPdf } from './document-pdf';

lowerThreadPriority();
serveTasks<{ document: PrintedDocument }>(({ document }) => renderDocumentPdf(document));
