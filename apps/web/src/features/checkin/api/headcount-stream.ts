import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, staffSession } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { API_BASE_URL } from '../../../lib/http-client';
import { openEventStream, type StreamStatus } from '../../../lib/live/event-stream';
import { applyHeadcount, headcountOf } from './headcount-cache';
import { checkinKeys } from './keys';

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
      headers: () => api.authHeaders(),
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
      onUnauthorized: staffSession.onUnauthorized,
    });
  }, [eventId, queryClient]);
  return status;
}
