import type { PublicOrder } from '@guichet/shared/orders';
import '../../../features/buyer/buyer.css';
import { formatMoney } from '@guichet/shared/money';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { calendarFileUrl } from '../../../features/buyer/api/calendar-file';
import { isWaiting, useOrder } from '../../../features/buyer/api/get-public-order';
import { CardPayment } from '../../../features/buyer/card-payment';
import { formatEventDate } from '../../../features/buyer/format';
import { IssuedTickets } from '../../../features/buyer/issued-tickets';
import { LoadFailed } from '../../../features/buyer/load-failed';
import { OrderDocuments } from '../../../features/buyer/order-documents';
import { dateTimeFormat } from '../../../lib/date-format';
import { type TranslationKey, useTranslation } from '../../../lib/i18n';
import { orderCodeOf } from '../../buyer/navigation';

/** The badge's tint; its text stays dark, for contrast on every tint. */
const STATUS_COLORS: Record<PublicOrder['status'], string> = {
  paid: 'green',
  pending_payment: 'yellow',
  reserved: 'blue',
  cancelled: 'red',
  expired: 'gray',
};

/**
 * `/checkout/firebase?order=CODE`: where a buyer lands after checkout (and from the e-mail's link). Shows
 * the order's real status as the server has it and, once paid, the tickets with their QR codes.
 */
export default function OrderPage({ address }: { address: URL }) {
  const { t } = useTranslation();
  const code = orderCodeOf(address);
  const { state, polling, refresh } = useOrder(code);

  useEffect(() => {
    document.title = `${t('buyer.order.title')} · ${t('app.name')}`;
  }, [t]);

  if (state.kind === 'loading') {
    return (
      <Center mih={320} role="status" aria-live="polite">
        <Loader aria-label={t('buyer.order.loading')} />
      </Center>
    );
  }
  if (state.kind === 'missing') {
    return (
      <Stack>
        <Title order={1}>{t('buyer.order.notFoundTitle')}</Title>
        <Text>{t('buyer.order.notFoundBody')}</Text>
      </Stack>
    );
  }
  if (state.kind === 'failed') {
    return (
      <LoadFailed
        title={t('buyer.order.loadFailed')}
        error={state.error}
        retryLabel={t('buyer.order.checkAgain')}
        onRetry={refresh}
      />
    );
  }
  return <OrderView order={state.order} polling={polling} refresh={refresh} />;
}

function OrderView({
  order,
  polling,
  refresh,
}: {
  order: PublicOrder;
  polling: boolean;
  refresh: () => void;
}) {
  const { t, locale } = useTranslation();
  const issued = order.tickets.filter((ticket) => ticket.secret !== null);
  const statusKey = `buyer.order.status.${order.status}` as TranslationKey;
  const explanationKey = `buyer.order.explain.${order.status}` as TranslationKey;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t('buyer.order.code', { code: order.code })}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.2}>
          {order.event.name}
        </Title>
        <Text>
          <time dateTime={order.event.startsAt}>
            {formatEventDate(order.event.startsAt, order.event.timeZone, locale)}
          </time>
        </Text>
        {order.status !== 'cancelled' && order.status !== 'expired' && (
          <Anchor href={calendarFileUrl(order.code)} download="event.ics" size="sm" w="fit-content">
            {t('buyer.order.addToCalendar')}
          </Anchor>
        )}
      </Stack>

      <Paper withBorder p="md" role="status" aria-live="polite">
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Text fw={600}>{t('buyer.order.statusLabel')}</Text>
          <Badge color={STATUS_COLORS[order.status]} size="lg" variant="light" c="dark.8">
            {t(statusKey)}
          </Badge>
        </Group>
        <Text size="sm">{t(explanationKey, { email: order.buyer.email })}</Text>
        {order.status === 'reserved' && order.reservedUntil && (
          <Text size="sm" mt={4}>
            {t('buyer.order.reservedUntil', {
              time: dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
                new Date(order.reservedUntil),
              ),
            })}
          </Text>
        )}
        {order.status === 'reserved' && order.paymentMethod === 'stripe' && (
          <CardPayment order={order} onTimeUp={refresh} />
        )}
        <Group justify="space-between" wrap="nowrap" mt="sm">
          <Text size="sm" c="dimmed">
            {t('buyer.order.total', { count: order.tickets.length })}
          </Text>
          <Text fw={700}>{formatMoney(order.totalMinor, order.currency, locale)}</Text>
        </Group>
        {(order.refundedMinor ?? 0) > 0 && (
          <Text size="sm" mt={4}>
            {t('buyer.order.refunded', {
              amount: formatMoney(order.refundedMinor ?? 0, order.currency, locale),
            })}
          </Text>
        )}
        {isWaiting(order.status) && (
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {polling ? t('buyer.order.watching') : t('buyer.order.stopped')}
            </Text>
            {!polling && (
              <Button variant="light" size="compact-sm" onClick={refresh}>
                {t('buyer.order.checkAgain')}
              </Button>
            )}
          </Group>
        )}
      </Paper>

      {order.status === 'pending_payment' && (
        <Alert
          color="yellow"
          variant="light"
          // Yellow text on the light yellow fails contrast: the title stays dark, the tint marks it.
          title={
            <Text component="span" fw={700} c="dark.8">
              {t('buyer.order.howToPay')}
            </Text>
          }
        >
          {order.paymentInstructions ? (
            <Stack gap="xs">
              <Text size="sm">{t('buyer.order.ownInstructions', { code: order.code })}</Text>
              {/* The organiser's own text, kept as typed (line breaks of bank details). */}
              <Text size="sm" className="buyer-instructions">
                {order.paymentInstructions}
              </Text>
            </Stack>
          ) : (
            t('buyer.order.offlineInstructions', { code: order.code })
          )}
        </Alert>
      )}

      {issued.length > 0 && <IssuedTickets order={order} issued={issued} />}
      {order.status === 'paid' && (order.totalMinor > 0 || order.invoiceReference) && (
        <OrderDocuments order={order} />
      )}
    </Stack>
  );
}
