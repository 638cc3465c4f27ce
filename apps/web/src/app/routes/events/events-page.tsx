import { Box, Button, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useEvents, useHasEvents } from '../../../features/events/api/list-events';
import { EventCards, EventTable } from '../../../features/events/list/event-rows';
import { EventsToolbar } from '../../../features/events/list/events-toolbar';
import {
  defaultSort,
  type EventListFilters,
  filtersFromParams,
  hasActiveFilters,
  paramsFromFilters,
} from '../../../features/events/list/filters';
import { EmptyState, ListError, ListSkeleton } from '../../../features/events/list/list-states';
import { MapPanel } from '../../../features/events/list/map-panel';
import { useTranslation } from '../../../lib/i18n';
import { useDevice } from '../../../lib/use-device';

type View = 'list' | 'map';

/** `/events`: the organisation's events, filtered and sorted from the address, with their venues on a map. */
export default function EventsPage() {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const view: View = params.get('view') === 'map' ? 'map' : 'list';

  // Filters live in the address, so reloading and coming back keep them; typing does not stack history.
  const setFilters = useCallback(
    (next: EventListFilters) =>
      setParams(
        (current) => {
          const updated = paramsFromFilters(next);
          const currentView = current.get('view');
          if (currentView) updated.set('view', currentView);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setView = (next: View) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'map') updated.set('view', 'map');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  const clearFilters = () =>
    setFilters({ q: '', status: null, when: 'all', fromDay: null, toDay: null, sort: defaultSort('all') });

  const events = useEvents(filters);
  const items = useMemo(() => events.data?.pages.flatMap((page) => page.items) ?? [], [events.data]);
  const filtered = hasActiveFilters(filters);
  const emptyPage = events.isSuccess && !events.isPlaceholderData && items.length === 0;
  const anyEvent = useHasEvents(emptyPage && filtered);

  let list: ReactNode;
  if (events.isPending) list = <ListSkeleton />;
  else if (!events.data) list = <ListError error={events.error} onRetry={() => void events.refetch()} />;
  else if (emptyPage && filtered && anyEvent.isPending) list = <ListSkeleton rows={1} />;
  else if (items.length === 0) {
    // "Upcoming" is the default view: with only past events, it is a filter to clear, not an empty account.
    const nothingYet = !filtered || anyEvent.data === false;
    list = <EmptyState filtered={!nothingYet} onClear={clearFilters} />;
  } else {
    list = (
      <Stack gap="md" style={{ opacity: events.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {phoneLayout ? <EventCards events={items} /> : <EventTable events={items} />}
        {events.isError && <ListError error={events.error} onRetry={() => void events.refetch()} />}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(events.hasNextPage ? 'eventList.shownMore' : 'eventList.shown', { count: items.length })}
          </Text>
          {events.hasNextPage && (
            <Button
              variant="default"
              loading={events.isFetchingNextPage}
              onClick={() => void events.fetchNextPage()}
            >
              {t('eventList.loadMore')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  const showMap = items.length > 0;
  return (
    <Stack gap="lg">
      <PageHeader route="/events" />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Box style={{ flex: '1 1 auto' }}>
          <EventsToolbar filters={filters} onChange={setFilters} />
        </Box>
        <Button component={Link} to="/events/create">
          {t('eventList.create')}
        </Button>
      </Group>

      {phoneLayout ? (
        <Stack gap="md">
          {showMap && (
            <SegmentedControl
              aria-label={t('eventList.view.label')}
              value={view}
              onChange={(value) => setView(value === 'map' ? 'map' : 'list')}
              data={[
                { value: 'list', label: t('eventList.view.list') },
                { value: 'map', label: t('eventList.view.map') },
              ]}
              fullWidth
            />
          )}
          {showMap && view === 'map' ? (
            <MapPanel events={items} height="65vh" />
          ) : (
            <section aria-label={t('eventList.title')}>{list}</section>
          )}
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, xl: showMap ? 7 : 12 }}>
            <section aria-label={t('eventList.title')}>{list}</section>
          </Grid.Col>
          {showMap && (
            <Grid.Col span={{ base: 12, xl: 5 }}>
              <Box pos="sticky" top="calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))">
                <MapPanel events={items} height={480} />
              </Box>
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
