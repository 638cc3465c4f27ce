import type { EventSummary } from '@guichet/shared/events';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { Component, lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { locatedEvents } from '../map/located-events';

// Leaflet and the clustering plugin stay out of the list's own chunk: they load when a map is shown.
const EventsMap = lazy(() => import('../map/events-map'));

/** A map chunk that fails to load (offline, a newer deployment) leaves the list usable. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The venues of the loaded events; a marker opens its event. */
export function MapPanel({ events, height }: { events: EventSummary[]; height: number | string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onOpen = useCallback((eventId: string) => void navigate(`/events/${eventId}`), [navigate]);
  const onMap = useMemo(() => locatedEvents(events).length, [events]);
  return (
    <Stack gap={4}>
      <MapBoundary
        fallback={
          <Alert color="orange" variant="light">
            {t('eventList.map.loadFailed')}
          </Alert>
        }
      >
        <Suspense fallback={<Skeleton h={height} radius="md" />}>
          <EventsMap events={events} onOpen={onOpen} height={height} />
        </Suspense>
      </MapBoundary>
      <Text size="xs" c="dimmed">
        {t('eventList.map.caption', { count: onMap, total: events.length })}
        {onMap < events.length && ` ${t('eventList.map.withoutMarker')}`}
      </Text>
    </Stack>
  );
}
