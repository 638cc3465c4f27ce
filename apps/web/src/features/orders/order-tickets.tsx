import { formatMoney } from '@guichet/shared/money';
import type { OrderDetail, Ticket } from '@guichet/shared/orders';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { LimitedTextInput } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useUpdateTicket } from './api/update-ticket';
import { TicketStatusBadge } from './order-badges';

/** One ticket: its type, price, status, and its attendee name, edited in place. */
function TicketItem({
  order,
  ticket,
  number,
  editable,
}: {
  order: OrderDetail;
  ticket: Ticket;
  number: number;
  editable: boolean;
}) {
  const { t, locale } = useTranslation();
  const update = useUpdateTicket(order.eventId);
  const [draft, setDraft] = useState<string | null>(null);

  async function save(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    const name = (draft ?? '').trim();
    await update.mutateAsync({ orderId: order.id, ticketId: ticket.id, attendeeName: name || null });
    toastSuccess(t('orders.detail.attendeeSaved'));
    setDraft(null);
  }

  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {number}. {ticket.ticketTypeName}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{formatMoney(ticket.priceMinor, ticket.currency, locale)}</Text>
            <TicketStatusBadge status={ticket.status} />
          </Group>
        </Group>
        {draft === null ? (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text
              size="sm"
              c={ticket.attendeeName ? undefined : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {ticket.attendeeName ?? t('orders.detail.unnamed')}
            </Text>
            {editable && (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={t('orders.detail.editAttendee', { number })}
                onClick={() => setDraft(ticket.attendeeName ?? '')}
              >
                {t('eventEditor.detail.edit')}
              </Button>
            )}
          </Group>
        ) : (
          // A failed save keeps the field open; its message shows from the mutation's error below.
          <form onSubmit={(submitted) => void save(submitted).catch(() => undefined)}>
            <Stack gap={6}>
              <LimitedTextInput
                size="sm"
                label={t('orders.detail.attendee', { number })}
                value={draft}
                onChange={(input) => setDraft(input.currentTarget.value)}
                onKeyDown={(key) => {
                  if (key.key === 'Escape') {
                    key.stopPropagation();
                    setDraft(null);
                  }
                }}
                limit={200}
                data-autofocus
                autoFocus
              />
              <FormError error={update.error} />
              <Group gap="xs" justify="flex-end">
                <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
                  {t('orders.detail.cancelEdit')}
                </Button>
                <Button size="compact-sm" type="submit" loading={update.isPending}>
                  {t('orders.detail.saveAttendee')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** The order's tickets; names can change while the tickets are valid. */
export function OrderTickets({ order }: { order: OrderDetail }) {
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {order.tickets.map((ticket, index) => (
        <TicketItem
          key={ticket.id}
          order={order}
          ticket={ticket}
          number={index + 1}
          editable={ticket.status === 'valid'}
        />
      ))}
    </Stack>
  );
}
