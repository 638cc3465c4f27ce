import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

/** No retry: a refusal (tickets sold) would only repeat. Its ticket types keep their own capacity. */
export async function deleteCapacityPool(eventId: string, poolId: string): Promise<undefined> {
  await api.delete<void>(eventPath(eventId, `/capacity-pools/${encodeURIComponent(poolId)}`), undefined, {
    retry: false,
  });
  return undefined;
}

export function useDeleteCapacityPool(eventId: string) {
  return useEventMutation(eventId, (poolId: string) => deleteCapacityPool(eventId, poolId));
}
