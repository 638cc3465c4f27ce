import type { EventDetail } from '@guichet/shared/events';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

export type PoolBody = { name: string; capacity: number };

export function createCapacityPool(eventId: string, body: PoolBody): Promise<EventDetail> {
  return api.post<EventDetail>(eventPath(eventId, '/capacity-pools'), body);
}

export function useCreateCapacityPool(eventId: string) {
  return useEventMutation(eventId, (body: PoolBody) => createCapacityPool(eventId, body));
}
