import type { Headcount } from '@guichet/shared/scan';
import type { QueryClient } from '@tanstack/react-query';
import type { StreamMessage } from '../../../lib/live/sse-parser';
import { checkinKeys } from './keys';

/**
 * The headcount as the stream sends it, or null for a message of another kind. Only its shape is checked
 * (no zod here: the schema library would weigh more than this whole section).
 */
export function headcountOf(message: StreamMessage): Headcount | null {
  if (message.event !== 'headcount') return null;
  try {
    const parsed = JSON.parse(message.data) as { type?: unknown; headcount?: Partial<Headcount> };
    const headcount = parsed.headcount;
    if (parsed.type !== 'headcount' || !headcount || typeof headcount !== 'object') return null;
    if (typeof headcount.checkedIn !== 'number' || typeof headcount.insideNow !== 'number') return null;
    if (!Array.isArray(headcount.lists) || !Array.isArray(headcount.ticketTypes)) return null;
    return headcount as Headcount;
  } catch {
    return null;
  }
}

/**
 * A new headcount replaces the cached one. Something was scanned or undone, so the log is read again; the
 * conflicts only when their number moved.
 */
export function applyHeadcount(queryClient: QueryClient, eventId: string, headcount: Headcount): void {
  const previous = queryClient.getQueryData<Headcount>(checkinKeys.headcount(eventId));
  queryClient.setQueryData(checkinKeys.headcount(eventId), headcount);
  if (!previous) return;
  const refetch = { cancelRefetch: false } as const;
  void queryClient.invalidateQueries({ queryKey: checkinKeys.log(eventId) }, refetch);
  if (previous.openConflicts !== headcount.openConflicts) {
    void queryClient.invalidateQueries({ queryKey: checkinKeys.conflicts(eventId) }, refetch);
  }
}
