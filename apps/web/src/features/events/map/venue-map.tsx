import { Stack, Text } from '@mantine/core';
import type { LatLng, LeafletKeyboardEvent, Marker as LeafletMarker } from 'leaflet';
import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { useTranslation } from '../../../lib/i18n';
import { BaseMap } from './base-map';
import { pinIcon, roundCoordinate } from './markers';

export interface VenuePosition {
  latitude: number;
  longitude: number;
}

export interface VenueMapProps {
  latitude: number;
  longitude: number;
  /** Called with the new position when the marker is dragged, moved with the keyboard, or the map clicked. */
  onMove: (position: VenuePosition) => void;
  /** The venue's name: the marker's title and part of the map's accessible name. */
  label?: string;
  height?: number;
}

/** Street level: enough to put the marker on the right building. */
const VENUE_ZOOM = 16;
/** Pixels a keyboard step moves the marker (Shift: five times more). */
const KEY_STEP = 10;
const KEY_DIRECTIONS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** A map to place a venue: a draggable marker, also movable with the arrow keys, or put where the map is clicked. */
export default function VenueMap({ latitude, longitude, onMove, label, height = 300 }: VenueMapProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const regionLabel = label
    ? t('eventList.map.venueRegionNamed', { name: label })
    : t('eventList.map.venueRegion');
  return (
    <Stack gap={4}>
      <BaseMap label={regionLabel} height={height} center={[latitude, longitude]} zoom={VENUE_ZOOM}>
        <VenueMarker
          latitude={latitude}
          longitude={longitude}
          onMove={onMove}
          title={label || t('eventList.map.venueMarker')}
          hintId={hintId}
        />
      </BaseMap>
      <Text size="xs" c="dimmed" id={hintId}>
        {t('eventList.map.venueHint')}
      </Text>
    </Stack>
  );
}

function samePosition(a: VenuePosition | null, b: VenuePosition): boolean {
  return a !== null && Math.abs(a.latitude - b.latitude) < 1e-6 && Math.abs(a.longitude - b.longitude) < 1e-6;
}

function VenueMarker({
  latitude,
  longitude,
  onMove,
  title,
  hintId,
}: Omit<VenueMapProps, 'label' | 'height'> & { title: string; hintId: string }) {
  const map = useMap();
  const markerRef = useRef<LeafletMarker>(null);
  // The last position this map reported: when the props come back with it, the view is already right.
  const reported = useRef<VenuePosition | null>(null);

  const report = useCallback(
    (latlng: LatLng) => {
      const wrapped = latlng.wrap();
      const position = { latitude: roundCoordinate(wrapped.lat), longitude: roundCoordinate(wrapped.lng) };
      reported.current = position;
      onMove(position);
    },
    [onMove],
  );

  const markerEvents = useMemo(
    () => ({
      dragend: (event: { target: LeafletMarker }) => report(event.target.getLatLng()),
      keydown: (event: LeafletKeyboardEvent) => {
        const direction = KEY_DIRECTIONS[event.originalEvent.key];
        if (!direction) return;
        // The arrows move the marker, not the page or the map under it.
        event.originalEvent.preventDefault();
        event.originalEvent.stopPropagation();
        const marker = event.target as LeafletMarker;
        const step = event.originalEvent.shiftKey ? KEY_STEP * 5 : KEY_STEP;
        const point = map
          .latLngToContainerPoint(marker.getLatLng())
          .add([direction[0] * step, direction[1] * step]);
        const latlng = map.containerPointToLatLng(point);
        map.panInside(latlng, { padding: [40, 40] });
        report(latlng);
      },
    }),
    [map, report],
  );

  useMapEvents({ click: (event) => report(event.latlng) });

  useEffect(() => {
    const position = { latitude, longitude };
    if (samePosition(reported.current, position)) return;
    // A position from elsewhere (place search, another field): bring it into view.
    map.setView([latitude, longitude], map.getZoom());
  }, [map, latitude, longitude]);

  // Leaflet builds the marker's element itself: the hint on how to move it is attached once it exists.
  useEffect(() => {
    markerRef.current?.getElement()?.setAttribute('aria-describedby', hintId);
  }, [hintId]);

  return (
    <Marker
      ref={markerRef}
      position={[latitude, longitude]}
      icon={pinIcon}
      draggable
      keyboard
      title={title}
      eventHandlers={markerEvents}
      autoPan
    />
  );
}
