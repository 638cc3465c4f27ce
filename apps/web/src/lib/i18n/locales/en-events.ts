import { enCheckin } from './events/en-checkin';
import { enEventEditor } from './events/en-editor';
import { enEventList } from './events/en-list';
import { enOrders } from './events/en-orders';

/**
 * The events pages' strings, loaded only when one of them opens, so the back office's shell does not carry
 * them (it has a size budget).
 */
export const enEvents = {
  eventList: enEventList,
  eventEditor: enEventEditor,
  orders: enOrders,
  checkin: enCheckin,
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language must fill completely for the events pages. */
export type EventsTranslation = DeepStrings<typeof enEvents>;

export default enEvents;
