import type { EventsTranslation } from '../en-events';

export const frEventList: EventsTranslation['eventList'] = {
  title: '',
};
