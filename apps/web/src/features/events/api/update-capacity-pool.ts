import type { EventDetail } from '@guichet/shared/events';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import type { PoolBody } from './create-capacity-pool';
import { useEventMutation } from './event-mutation';

export function updateCapacityPool(
  eventId: string,
  poolId: string,
  body: Partial<PoolBody>,
): Promise<EventDetail> {
  return api.patch<EventDetail>(eventPath(eventId, `/capacity-pools/${encodeURIComponent(poolId)}`), body);
}

export function useUpdateCapacityPool(eventId: string) {
  return useEventMutation(eventId, ({ id, body }: { id: string; body: Partial<PoolBody> }) =>
    updateCapacityPool(eventId, id, body),
  );
}
