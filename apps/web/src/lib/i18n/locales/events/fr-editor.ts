import type { EventsTranslation } from '../en-events';

export const frEventEditor: EventsTranslation['eventEditor'] = {
  title: '',
};
