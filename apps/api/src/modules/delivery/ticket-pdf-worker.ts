// Renders tickets' PDFs for the pool in ticket-pdf-pool.ts, on a thread of its own at a lower priority.
import { lowerThreadPriority } from '../../workers/lower-priority.mjs';
import { serveTasks } from '../../workers/serve-tasks';
import { renderTicketsPdf, type TicketsDocument } from './ticket-pdf';

lowerThreadPriority();
serveTasks<{ document: TicketsDocument }>(({ document }) => renderTicketsPdf(document));
