import type { EventSummary } from '@guichet/shared/events';

/** An event with a marker: kept free of Leaflet so the list can count them without loading the map. */
export interface LocatedEvent {
  id: string;
  name: string;
  position: [number, number];
}

/** Events at a venue with coordinates; online events and venues without a position have no marker. */
export function locatedEvents(events: EventSummary[]): LocatedEvent[] {
  return events.flatMap((event) => {
    const { venue } = event;
    if (event.locationType !== 'venue' || venue?.latitude == null || venue.longitude == null) return [];
    return [{ id: event.id, name: event.name, position: [venue.latitude, venue.longitude] }];
  });
}
