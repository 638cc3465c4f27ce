import { formatMoney } from '@guichet/shared/money';
import type { OrderSummary } from '@guichet/shared/orders';
import { Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { formatInstant, OrderStatusBadge } from './order-badges';

interface RowsProps {
  orders: OrderSummary[];
  onOpen: (order: OrderSummary) => void;
}

/** The order code as the button that opens the order: one named control per row for keyboards. */
function OpenButton({ order, onOpen }: { order: OrderSummary; onOpen: RowsProps['onOpen'] }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={() => onOpen(order)}
      aria-label={t('orders.open', { code: order.code })}
      c="blue.9"
      fw={600}
      ff="monospace"
      td="underline"
    >
      {order.code}
    </UnstyledButton>
  );
}

/** Desktop: one row per order. */
export function OrderTable({ orders, onOpen }: RowsProps) {
  const { t, locale } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.columns.code')}</Table.Th>
            <Table.Th>{t('orders.columns.buyer')}</Table.Th>
            <Table.Th>{t('orders.columns.tickets')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('orders.columns.total')}</Table.Th>
            <Table.Th>{t('orders.columns.status')}</Table.Th>
            <Table.Th>{t('orders.columns.payment')}</Table.Th>
            <Table.Th>{t('orders.columns.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <OpenButton order={order} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {order.buyerName}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {order.buyerEmail}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{order.ticketCount}</Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatMoney(order.totalMinor, order.currency, locale)}</Text>
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`orders.payment.${order.paymentMethod}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatInstant(order.createdAt, locale)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per order, in a list. */
export function OrderCards({ orders, onOpen }: RowsProps) {
  const { t, locale } = useTranslation();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {orders.map((order) => (
        <Card component="li" key={order.id} withBorder padding="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <OpenButton order={order} onOpen={onOpen} />
              <OrderStatusBadge status={order.status} />
            </Group>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {order.buyerName}{' '}
              <Text span size="xs" c="dimmed">
                {order.buyerEmail}
              </Text>
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t('orders.ticketCount', { count: order.ticketCount })} ·{' '}
                {formatMoney(order.totalMinor, order.currency, locale)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`orders.payment.${order.paymentMethod}`)} · {formatInstant(order.createdAt, locale)}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
