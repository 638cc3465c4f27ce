import { api } from '../../../lib/api-client';
import { itemPath } from './keys';
import { useListMutation } from './list-mutation';

/** `DELETE /checkin-lists/{id}`: the list and its check-in log. */
export function deleteCheckinList(listId: string): Promise<undefined> {
  return api.delete<undefined>(itemPath('checkin-lists', listId));
}

export function useDeleteCheckinList() {
  return useListMutation(deleteCheckinList);
}
