import type { EventsTranslation } from './en-events';
import { frEventEditor } from './events/fr-editor';
import { frEventList } from './events/fr-list';

export const frEvents: EventsTranslation = {
  eventList: frEventList,
  eventEditor: frEventEditor,
};

export default frEvents;
