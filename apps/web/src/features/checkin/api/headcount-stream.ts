import type { Headcount } from '@guichet/shared/scan';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE_URL, handleUnauthorized, tokenManager } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session/store';
import { eventPath } from '../../events/api/event-mutation';
import { openEventStream, type StreamStatus } from '../live/event-stream';
import type { StreamMessage } from '../live/sse-parser';
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

/**
 * Keeps the event's headcount live from `GET /events/{id}/headcount/stream` while the section is on screen,
 * and says whether it is. The stream is read with fetch(), since EventSource cannot send the Bearer token
 * and the organisation header. After a reconnection the log and the conflicts are read again: scans made
 * meanwhile announced themselves on the stream that was down.
 */
export function useHeadcountStream(eventId: string): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  useEffect(() => {
    let opened = 0;
    return openEventStream({
      url: `${API_BASE_URL}${eventPath(eventId, '/headcount/stream')}`,
      headers: async () => {
        const headers: Record<string, string> = {};
        const token = await tokenManager.getValidToken();
        if (token) headers.Authorization = `Bearer ${token}`;
        const organizationId = sessionStore.getState().organizationId;
        if (organizationId) headers['X-Organization-ID'] = organizationId;
        return headers;
      },
      onMessage: (message) => {
        const headcount = headcountOf(message);
        if (headcount && headcount.eventId === eventId) applyHeadcount(queryClient, eventId, headcount);
      },
      onOpen: () => {
        opened += 1;
        if (opened === 1) return;
        void queryClient.invalidateQueries({ queryKey: checkinKeys.log(eventId) });
        void queryClient.invalidateQueries({ queryKey: checkinKeys.conflicts(eventId) });
      },
      onStatus: setStatus,
      onUnauthorized: handleUnauthorized,
    });
  }, [eventId, queryClient]);
  return status;
}
