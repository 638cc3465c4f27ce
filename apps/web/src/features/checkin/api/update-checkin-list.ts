import type { CheckinList, UpdateCheckinListBody } from '@guichet/shared/scan';
import { api } from '../../../lib/api-client';
import { itemPath } from './keys';
import { useListMutation } from './list-mutation';

/** `PATCH /checkin-lists/{id}`: only the fields sent change. */
export function updateCheckinList(listId: string, body: UpdateCheckinListBody): Promise<CheckinList> {
  return api.patch<CheckinList>(itemPath('checkin-lists', listId), body);
}

export function useUpdateCheckinList() {
  return useListMutation(({ id, body }: { id: string; body: UpdateCheckinListBody }) =>
    updateCheckinList(id, body),
  );
}
