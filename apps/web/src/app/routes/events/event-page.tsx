import type { CapacityPool, EventDetail, TicketType } from '@guichet/shared/events';
import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { DetailLoadState } from '../../../components/detail-load-state';
import { PageHeader } from '../../../components/page-header';
import { PageSection } from '../../../components/page-section';
import { useEvent, useRefreshEvent } from '../../../features/events/api/get-event';
import { CapacityPoolsSection } from '../../../features/events/detail/capacity-pools-section';
import { DetailsSection } from '../../../features/events/detail/details-section';
import { EventActions, isEditable } from '../../../features/events/detail/event-actions';
import { PoolModal } from '../../../features/events/detail/pool-modal';
import { TicketTypeModal } from '../../../features/events/detail/ticket-type-modal';
import { TicketTypesSection } from '../../../features/events/detail/ticket-types-section';
import { StatusBadge } from '../../../features/events/list/event-rows';
import { formatEventDates } from '../../../features/events/list/format';
import { SalesFigures } from '../../../features/orders/sales-figures';
import { useTranslation } from '../../../lib/i18n';

// Its own chunk: the orders list, drawer and forms load after the event, not with it.
const OrdersSection = lazy(() => import('../../../features/orders/orders-section'));
// Check-in (headcount, lists, conflicts, recent scans) likewise: its own chunk, with its live stream.
const CheckinSection = lazy(() => import('../../../features/checkin/checkin-section'));

function EventView({ event }: { event: EventDetail }) {
  const { t, locale } = useTranslation();
  const editable = isEditable(event.status);
  const [ticketType, setTicketType] = useState<{ open: boolean; type: TicketType | null }>({
    open: false,
    type: null,
  });
  const [pool, setPool] = useState<{ open: boolean; pool: CapacityPool | null }>({ open: false, pool: null });
  const refreshEvent = useRefreshEvent(event.id);

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader route="/events/:id" title={event.name}>
        <Group gap="sm" wrap="wrap">
          <StatusBadge status={event.status} />
          <Text c="dimmed">{formatEventDates(event.startsAt, event.endsAt, event.timeZone, locale)}</Text>
        </Group>
        <EventActions event={event} />
        {event.status === 'draft' && event.ticketTypes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('eventEditor.actions.publishNeedsTicketType')}
          </Text>
        )}
      </PageHeader>

      {event.status === 'cancelled' && (
        <Alert color="red" variant="light" title={t('eventEditor.detail.cancelledTitle')}>
          {event.cancelReason || t('eventEditor.detail.noReason')}
        </Alert>
      )}
      {!editable && (
        <Text size="sm" c="dimmed">
          {t('eventEditor.detail.readOnly')}
        </Text>
      )}

      <DetailsSection event={event} />

      <Paper
        component="section"
        aria-labelledby="ticket-types-heading"
        withBorder
        p={{ base: 'md', sm: 'lg' }}
      >
        <TicketTypesSection
          event={event}
          editable={editable}
          onAdd={() => setTicketType({ open: true, type: null })}
          onEdit={(type) => setTicketType({ open: true, type })}
        />
      </Paper>

      <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
        <OrdersSection event={event} refreshEvent={refreshEvent} />
      </Suspense>

      <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
        <CheckinSection event={event} />
      </Suspense>

      <Paper component="section" aria-labelledby="pools-heading" withBorder p={{ base: 'md', sm: 'lg' }}>
        <CapacityPoolsSection
          event={event}
          editable={editable}
          onAdd={() => setPool({ open: true, pool: null })}
          onEdit={(chosen) => setPool({ open: true, pool: chosen })}
        />
      </Paper>

      <PageSection id="event-figures" title={t('eventEditor.figures.heading')}>
        <SalesFigures event={event} />
      </PageSection>

      <TicketTypeModal
        event={event}
        ticketType={ticketType.type}
        opened={ticketType.open}
        onClose={() => setTicketType((current) => ({ ...current, open: false }))}
      />
      <PoolModal
        event={event}
        pool={pool.pool}
        opened={pool.open}
        onClose={() => setPool((current) => ({ ...current, open: false }))}
      />
    </Stack>
  );
}

/** `/events/:id`: one event with its ticket types and shared capacities; actions by status; edit mode. */
export default function EventPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useEvent(id);

  if (detail.isPending || detail.isError) {
    return (
      <DetailLoadState
        route="/events/:id"
        query={detail}
        notFound={t('eventEditor.detail.notFound')}
        back={{ to: '/events', label: t('eventEditor.detail.back') }}
      />
    );
  }

  // Keyed by id: opening the copy made by "Duplicate" starts with fresh state (no edit mode, no dialogs).
  return <EventView key={detail.data.id} event={detail.data} />;
}
