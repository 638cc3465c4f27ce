import type { OrderSummary } from '@guichet/shared/orders';
import { getOrders } from './api/list-orders';
import type { OrderFilters } from './filters';

/** The API's largest page: fewest round trips for a long export. */
const EXPORT_PAGE_SIZE = 100;

/**
 * Every order that matches the filters, page after page by cursor; `onProgress` hears the count read so
 * far. Aborting the signal stops between or during pages (the fetch rejects with an AbortError).
 */
export async function fetchAllOrders(
  eventId: string,
  filters: OrderFilters,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (count: number) => void },
): Promise<OrderSummary[]> {
  const orders: OrderSummary[] = [];
  let cursor: string | null = null;
  do {
    signal.throwIfAborted();
    const page = await getOrders(eventId, filters, cursor, { limit: EXPORT_PAGE_SIZE, signal });
    orders.push(...page.items);
    onProgress(orders.length);
    cursor = page.nextCursor;
  } while (cursor);
  return orders;
}

/** Hands a text file to the browser's download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Hands a file (a CSV the API wrote, say) to the browser's download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `orders-jazz-on-the-seine-2026-11-23.csv`: the event's name made file-safe, and today's date. */
export function exportFileName(prefix: string, eventName: string, today: Date): string {
  const slug = eventName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const day = today.toISOString().slice(0, 10);
  return `${[prefix, slug, day].filter(Boolean).join('-')}.csv`;
}
