import type { DashboardFigures } from '@guichet/shared/dashboard';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, staffSession } from '../../../lib/api-client';
import { API_BASE_URL } from '../../../lib/http-client';
import { openEventStream, type StreamStatus } from '../../../lib/live/event-stream';
import { dashboardKeys } from './keys';

/**
 * Keeps the period's figures live from `GET /dashboard/stream` while the page is open: the server sends
 * them at once and again within 2 s of any order, refund or scan, and each message replaces the cached
 * figures. Read with fetch(), since EventSource cannot send the Bearer token and the organisation header.
 */
export function useDashboardStream(query: string): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  useEffect(
    () =>
      openEventStream({
        url: `${API_BASE_URL}/dashboard/stream?${query}`,
        headers: () => api.authHeaders(),
        onMessage: (message) => {
          if (message.event !== 'figures') return;
          try {
            const { figures } = JSON.parse(message.data) as { figures: DashboardFigures };
            queryClient.setQueryData(dashboardKeys.figures(query), figures);
            // What moved the figures may move the events' sales, headcounts and what needs attention.
            void queryClient.invalidateQueries({ queryKey: dashboardKeys.events });
            void queryClient.invalidateQueries({ queryKey: dashboardKeys.attention });
          } catch {
            // A message that is not figures changes nothing on screen.
          }
        },
        onStatus: setStatus,
        onUnauthorized: staffSession.onUnauthorized,
      }),
    [query, queryClient],
  );
  return status;
}
