import type { EventsTranslation } from './en-events';
import { frCheckin } from './events/fr-checkin';
import { frEventEditor } from './events/fr-editor';
import { frEventList } from './events/fr-list';
import { frOrders } from './events/fr-orders';

export const frEvents: EventsTranslation = {
  eventList: frEventList,
  eventEditor: frEventEditor,
  orders: frOrders,
  checkin: frCheckin,
};

export default frEvents;
