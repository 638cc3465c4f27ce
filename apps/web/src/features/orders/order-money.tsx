import { formatMoney } from '@guichet/shared/money';
import type { OrderDetail } from '@guichet/shared/orders';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { AmountBreakdown } from '../../components/amount-breakdown';
import { useTranslation } from '../../lib/i18n';
import { formatInstant } from './order-badges';

const REFUND_COLORS = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** The order's payments and refunds, each with its provider, amount, time and reference. */
export function OrderMoney({ order }: { order: OrderDetail }) {
  const { t, locale } = useTranslation();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  return (
    <Stack gap="sm">
      {order.payments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('orders.money.noPayments')}
        </Text>
      )}
      <Stack
        gap={6}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('orders.money.payments')}
      >
        {order.payments.map((payment) => (
          <Paper key={payment.id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" fw={600}>
                {t(`orders.money.provider.${payment.provider}`)} ·{' '}
                {money(payment.amountMinor, payment.currency)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatInstant(payment.createdAt, locale)}
              </Text>
            </Group>
            {(payment.reference || payment.applicationFeeMinor > 0) && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[
                  payment.reference,
                  payment.applicationFeeMinor > 0
                    ? t('orders.money.fee', { fee: money(payment.applicationFeeMinor, payment.currency) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      {order.refunds.length > 0 && (
        <Stack
          gap={6}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('orders.money.refunds')}
        >
          {order.refunds.map((refund) => (
            <Paper key={refund.id} component="li" withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600}>
                  {t('orders.money.refunded')} · {money(refund.amountMinor, refund.currency)}
                  {refund.ticketIds.length > 0 &&
                    ` · ${t('orders.money.refundTickets', { count: refund.ticketIds.length })}`}
                </Text>
                <Badge color={REFUND_COLORS[refund.status]} variant="light" c="dark.8">
                  {t(`orders.money.status.${refund.status}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[
                  t(`orders.money.provider.${refund.provider}`),
                  refund.actorName,
                  formatInstant(refund.createdAt, locale),
                  refund.reason,
                  refund.reference,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {order.net.grossMinor > 0 && (
        <AmountBreakdown
          label={t('orders.money.net.title')}
          rows={[
            { label: t('orders.money.net.gross'), value: money(order.net.grossMinor, order.net.currency) },
            {
              label: t('orders.money.net.vat'),
              value:
                order.net.vatMinor === null
                  ? t('orders.money.net.vatUnknown')
                  : money(order.net.vatMinor, order.net.currency),
            },
            {
              label: t('orders.money.net.refunded'),
              value: money(-order.net.refundedMinor, order.net.currency),
            },
            {
              label: t('orders.money.net.processorFee'),
              value: money(-order.net.processorFeeMinor, order.net.currency),
            },
            {
              label: t('orders.money.net.platformFee'),
              value: money(-order.net.platformFeeMinor, order.net.currency),
            },
            {
              label: t('orders.money.net.net'),
              value: money(order.net.netMinor, order.net.currency),
              total: true,
            },
          ]}
        />
      )}
    </Stack>
  );
}
