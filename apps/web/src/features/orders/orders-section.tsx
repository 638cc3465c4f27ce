import type { EventDetail } from '@guichet/shared/events';
import type { OrderDetail, OrderSummary } from '@guichet/shared/orders';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { useDevice } from '../../lib/use-device';
import { useOrders } from './api/list-orders';
import { BoxOfficeModal } from './box-office-modal';
import { EventExports } from './event-exports';
import { ExportButton } from './export-button';
import { filtersFromParams, hasActiveFilters, NO_FILTERS, type OrderFilters, withFilters } from './filters';
import { OrderDialog } from './order-dialog';
import { OrderCards, OrderTable } from './order-rows';
import { OrdersToolbar } from './orders-toolbar';

/** The address parameter of the open order: reloading or sharing the link opens it again. */
const ORDER_PARAM = 'order';

/**
 * The event's orders on its page: search and filters, cursor pages, the order dialog, the box office and
 * the CSV export. Loaded on its own (React.lazy) so the event page's chunk stays small.
 */
export default function OrdersSection({
  event,
  refreshEvent,
}: {
  event: EventDetail;
  /** Reads the event again, for the box office to tell which ticket type ran short. */
  refreshEvent: () => Promise<EventDetail>;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const [params, setParams] = useSearchParams();
  const orderId = params.get(ORDER_PARAM);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  // Filters live in the address; changing them replaces the entry rather than piling up history.
  const setFilters = useCallback(
    (next: OrderFilters) => setParams((current) => withFilters(current, next), { replace: true }),
    [setParams],
  );
  const [boxOffice, setBoxOffice] = useState(false);
  const orders = useOrders(event.id, filters);
  const items = useMemo(() => orders.data?.pages.flatMap((page) => page.items) ?? [], [orders.data]);

  // Opening pushes a history entry, so the back button closes the order; closing replaces it.
  const openOrder = useCallback(
    (order: Pick<OrderSummary, 'id'>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(ORDER_PARAM, order.id);
        return next;
      }),
    [setParams],
  );
  const closeOrder = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ORDER_PARAM);
        return next;
      },
      { replace: true },
    );

  let list: ReactNode;
  if (orders.isPending) {
    list = (
      <Stack gap="xs" aria-busy="true" aria-label={t('orders.loading')}>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (!orders.data) {
    list = (
      <Stack gap="sm" align="flex-start">
        <FormError error={orders.error} />
        <Button variant="default" onClick={() => void orders.refetch()}>
          {t('orders.retry')}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    list = hasActiveFilters(filters) ? (
      <Group gap="sm">
        <Text c="dimmed">{t('orders.emptyFiltered')}</Text>
        <Button variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
          {t('orders.clearFilters')}
        </Button>
      </Group>
    ) : (
      <Text c="dimmed">{t('orders.empty')}</Text>
    );
  } else {
    list = (
      <Stack gap="md" style={{ opacity: orders.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {phoneLayout ? (
          <OrderCards orders={items} onOpen={openOrder} />
        ) : (
          <OrderTable orders={items} onOpen={openOrder} />
        )}
        {orders.isError && <FormError error={orders.error} />}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(orders.hasNextPage ? 'orders.shownMore' : 'orders.shown', { count: items.length })}
          </Text>
          {orders.hasNextPage && (
            <Button
              variant="default"
              loading={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              {t('orders.loadMore')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  const sells = event.status === 'published' || event.status === 'draft';
  return (
    <Paper component="section" aria-labelledby="orders-heading" withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="orders-heading">
            {t('orders.heading')}
          </Title>
          <Group gap="sm">
            {items.length > 0 && (
              <ExportButton
                eventId={event.id}
                eventName={event.name}
                timeZone={event.timeZone}
                filters={filters}
              />
            )}
            {items.length > 0 && <EventExports eventId={event.id} eventName={event.name} />}
            {sells && event.ticketTypes.length > 0 && (
              <Button onClick={() => setBoxOffice(true)}>{t('orders.boxOffice.open')}</Button>
            )}
          </Group>
        </Group>
        <OrdersToolbar filters={filters} ticketTypes={event.ticketTypes} onChange={setFilters} />
        {list}
      </Stack>
      <OrderDialog orderId={orderId} onClose={closeOrder} />
      <BoxOfficeModal
        event={event}
        refreshEvent={refreshEvent}
        opened={boxOffice}
        onClose={() => setBoxOffice(false)}
        onCreated={(order: OrderDetail) => {
          setBoxOffice(false);
          openOrder(order);
        }}
      />
    </Paper>
  );
}
