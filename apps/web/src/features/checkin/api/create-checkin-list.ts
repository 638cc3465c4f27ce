import type { CheckinList, CreateCheckinListBody } from '@guichet/shared/scan';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useListMutation } from './list-mutation';

/** `POST /events/{id}/checkin-lists`. */
export function createCheckinList(eventId: string, body: CreateCheckinListBody): Promise<CheckinList> {
  return api.post<CheckinList>(eventPath(eventId, '/checkin-lists'), body);
}

export function useCreateCheckinList(eventId: string) {
  return useListMutation((body: CreateCheckinListBody) => createCheckinList(eventId, body));
}
