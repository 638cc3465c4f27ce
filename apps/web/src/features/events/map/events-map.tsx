import 'leaflet.markercluster/dist/MarkerCluster.css';
import type { EventSummary } from '@guichet/shared/events';
import L, { type LeafletKeyboardEvent } from 'leaflet';
import { memo, useEffect, useMemo } from 'react';
import { Marker, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { BaseMap } from './base-map';
import { type LocatedEvent, locatedEvents } from './located-events';
import { pinIcon } from './markers';

export interface EventsMapProps {
  events: EventSummary[];
  /** Called with the event's id when its marker is clicked, or activated with Enter or Space. */
  onOpen: (eventId: string) => void;
  height?: number | string;
}

/** The whole world, a little north of the equator where most land is, when no event has a position. */
const WORLD_CENTER: [number, number] = [25, 0];
const WORLD_ZOOM = 2;
/** One venue on its own: the neighbourhood around it. */
const SINGLE_ZOOM = 14;
/** Spec §9: markers closer than 60 px are grouped; the plugin makes a cluster of two or more. */
const CLUSTER_RADIUS = 60;

/** A disc with the count; its accessible name says what pressing it does. */
function clusterIcon(t: TFunction) {
  // The plugin's types are not installed: this is the one method of a cluster used here.
  return (cluster: { getChildCount(): number }) => {
    const count = cluster.getChildCount();
    const size = count < 10 ? 36 : count < 100 ? 44 : 52;
    return L.divIcon({
      className: 'guichet-map-cluster',
      html: `<span aria-hidden="true">${count}</span><span class="guichet-map-sr">${t('eventList.map.cluster', { count })}</span>`,
      iconSize: L.point(size, size),
    });
  };
}

/** Frames the markers whenever the set of positions changes (a filter, the next page). */
function FitToMarkers({ events }: { events: LocatedEvent[] }) {
  const map = useMap();
  const positions = events.map((event) => event.position.join(',')).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `positions` stands for the events' coordinates
  useEffect(() => {
    if (events.length === 0) map.setView(WORLD_CENTER, WORLD_ZOOM);
    else if (events.length === 1) map.setView(events[0]!.position, Math.min(SINGLE_ZOOM, map.getMaxZoom()));
    else map.fitBounds(L.latLngBounds(events.map((event) => event.position)), { padding: [40, 40] });
  }, [map, positions]);
  return null;
}

const EventMarker = memo(function EventMarker({
  event,
  onOpen,
}: {
  event: LocatedEvent;
  onOpen: (eventId: string) => void;
}) {
  const handlers = useMemo(
    () => ({
      click: () => onOpen(event.id),
      // Leaflet makes markers focusable buttons but leaves their keys to us.
      keydown: (keyboard: LeafletKeyboardEvent) => {
        const { key } = keyboard.originalEvent;
        if (key !== 'Enter' && key !== ' ') return;
        keyboard.originalEvent.preventDefault();
        onOpen(event.id);
      },
    }),
    [event.id, onOpen],
  );
  return <Marker position={event.position} icon={pinIcon} title={event.name} eventHandlers={handlers} />;
});

/** The venues of the given events on a map; close markers are clustered, clicking a marker opens its event. */
export default function EventsMap({ events, onOpen, height = 420 }: EventsMapProps) {
  const { t } = useTranslation();
  const located = useMemo(() => locatedEvents(events), [events]);
  const iconCreateFunction = useMemo(() => clusterIcon(t), [t]);
  return (
    <BaseMap label={t('eventList.map.eventsRegion')} height={height} center={WORLD_CENTER} zoom={WORLD_ZOOM}>
      <FitToMarkers events={located} />
      <MarkerClusterGroup
        maxClusterRadius={CLUSTER_RADIUS}
        iconCreateFunction={iconCreateFunction}
        showCoverageOnHover={false}
        zoomToBoundsOnClick
        spiderfyOnMaxZoom
        chunkedLoading
      >
        {located.map((event) => (
          <EventMarker key={event.id} event={event} onOpen={onOpen} />
        ))}
      </MarkerClusterGroup>
    </BaseMap>
  );
}
