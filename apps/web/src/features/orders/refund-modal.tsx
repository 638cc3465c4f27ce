import { formatMoney, minorToDecimal, parseMoney } from '@guichet/shared/money';
import type { OrderDetail } from '@guichet/shared/orders';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { LimitedTextarea } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useRefundOrder } from './api/refund-order';

/** What is still refundable of an order: money received minus money given back. */
export const refundableOf = (order: OrderDetail) => Math.max(0, order.totalMinor - order.refundedMinor);

/**
 * Refunding, fully or partly: tickets to refund (their places are freed), and the amount to give back,
 * which follows the chosen tickets' prices until it is typed by hand. The server holds the limits.
 */
export function RefundModal({
  order,
  opened,
  onClose,
}: {
  order: OrderDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, locale } = useTranslation();
  const refund = useRefundOrder(order.eventId);
  const valid = order.tickets.filter((ticket) => ticket.status === 'valid');
  const left = refundableOf(order);
  const [chosen, setChosen] = useState<string[]>([]);
  const [typed, setTyped] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const ticketsPrice = valid
    .filter((ticket) => chosen.includes(ticket.id))
    .reduce((sum, ticket) => sum + ticket.priceMinor, 0);
  const suggested = Math.min(ticketsPrice, left);
  const amountText = typed ?? minorToDecimal(suggested, order.currency);
  const parsed = parseMoney(amountText, order.currency);
  const amountMinor = parsed.ok ? parsed.minor : null;

  function close() {
    setChosen([]);
    setTyped(null);
    setReason('');
    setProblem(null);
    refund.reset();
    onClose();
  }

  function everything() {
    setChosen(valid.map((ticket) => ticket.id));
    setTyped(minorToDecimal(left, order.currency));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amountMinor === null || (amountMinor === 0 && chosen.length === 0)) {
      setProblem(t('orders.refund.nothing'));
      return;
    }
    setProblem(null);
    refund.mutate(
      {
        orderId: order.id,
        body: { ticketIds: chosen, amountMinor, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      },
      {
        onSuccess: () => {
          toastSuccess(t('orders.refund.done', { code: order.code }));
          close();
        },
      },
    );
  }

  const label =
    amountMinor !== null && amountMinor > 0
      ? t('orders.refund.confirm', { amount: formatMoney(amountMinor, order.currency, locale) })
      : t('orders.refund.confirmTickets', { count: chosen.length });

  return (
    <Modal opened={opened} onClose={close} title={t('orders.refund.title', { code: order.code })} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('orders.refund.intro')}</Text>
          {valid.length > 0 && (
            <Checkbox.Group label={t('orders.refund.tickets')} value={chosen} onChange={setChosen}>
              <Stack gap={6} mt={6}>
                {valid.map((ticket) => (
                  <Checkbox
                    key={ticket.id}
                    value={ticket.id}
                    label={t('orders.refund.ticket', {
                      type: ticket.ticketTypeName,
                      name: ticket.attendeeName ?? order.buyerName,
                      price: formatMoney(ticket.priceMinor, ticket.currency, locale),
                    })}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <TextInput
            label={t('orders.refund.amount', { currency: order.currency })}
            description={t('orders.refund.amountHint', { left: formatMoney(left, order.currency, locale) })}
            inputMode="decimal"
            value={amountText}
            onChange={(input) => setTyped(input.currentTarget.value)}
            error={amountText !== '' && !parsed.ok ? t('orders.refund.nothing') : undefined}
          />
          <LimitedTextarea
            label={t('orders.refund.reason')}
            value={reason}
            onChange={(input) => setReason(input.currentTarget.value)}
            limit={1000}
            autosize
            minRows={2}
          />
          <Text size="sm" c="dimmed">
            {order.paymentMethod === 'stripe' ? t('orders.refund.card') : t('orders.refund.offline')}
          </Text>
          {problem && (
            <Text size="sm" c="red.9" role="alert">
              {problem}
            </Text>
          )}
          <FormError error={refund.error} />
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" onClick={everything}>
              {t('orders.refund.everything')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                {t('orders.refund.keep')}
              </Button>
              <Button type="submit" color="red" loading={refund.isPending}>
                {label}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
