import type { EventDetail } from '@guichet/shared/events';
import { api } from '../../../lib/api-client';
import { eventPath } from '../../../lib/event-resource';
import { useEventMutation } from './event-mutation';

export type StatusChange =
  | { action: 'publish' | 'unpublish' | 'archive' }
  | { action: 'cancel'; reason: string };

/** `POST /events/{id}/publish|unpublish|archive|cancel`: the same call with another verb. */
export function changeEventStatus(eventId: string, change: StatusChange): Promise<EventDetail> {
  const body = change.action === 'cancel' ? { reason: change.reason } : undefined;
  return api.post<EventDetail>(eventPath(eventId, `/${change.action}`), body);
}

export function useChangeEventStatus(eventId: string) {
  return useEventMutation(eventId, (change: StatusChange) => changeEventStatus(eventId, change));
}
