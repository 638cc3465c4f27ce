import type { DoorOrder } from '@guichet/shared/door';
import { DOOR_PAYMENT_METHODS, type DoorPaymentMethod } from '@guichet/shared/door-payment-methods';
import { formatMoney } from '@guichet/shared/money';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/i18n/error-message';
import { getDoorOrder } from '../api/get-door-order';
import { payDoorOrder } from '../api/pay-door-order';

/**
 * Pay at the door: the order is found by its exact code (never by name), the amount and the method are
 * confirmed, then the payment is taken and the order's tickets are let in at once. Online only: taking
 * money must be recorded by the server there and then.
 */
export function DoorPayment({
  organizationId,
  listIds,
  deviceId,
  online,
}: {
  organizationId: string;
  listIds: string[];
  deviceId: string;
  online: boolean;
}) {
  const { t, locale } = useTranslation();
  const [code, setCode] = useState('');
  const [order, setOrder] = useState<DoorOrder | null>(null);
  const [method, setMethod] = useState<DoorPaymentMethod>('cash');
  const [admitted, setAdmitted] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    setAdmitted(null);
    void run(async () => {
      setOrder(null);
      setOrder(await getDoorOrder(organizationId, typed, deviceId));
    });
  }

  function pay(current: DoorOrder) {
    void run(async () => {
      const answer = await payDoorOrder(organizationId, current.code, {
        amountMinor: current.totalMinor,
        method,
        listIds,
        deviceId,
      });
      setOrder(answer.order);
      setAdmitted(answer.admissions.filter((admission) => admission.result === 'ok').length);
    });
  }

  const total = order ? formatMoney(order.totalMinor, order.currency, locale) : '';
  return (
    <Stack gap="xs" component="section" aria-labelledby="door-payment">
      <Title order={2} size="h5" id="door-payment">
        {t('scan.door.heading')}
      </Title>
      {!online && (
        <Text size="sm" c="dimmed">
          {t('scan.door.offline')}
        </Text>
      )}
      <form onSubmit={find}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('scan.door.label')}
            description={t('scan.door.hint')}
            value={code}
            onChange={(change) => setCode(change.currentTarget.value)}
            disabled={!online}
            autoComplete="off"
            autoCapitalize="characters"
          />
          <Button type="submit" variant="default" loading={busy && !order} disabled={!online}>
            {t('scan.door.find')}
          </Button>
        </Group>
      </form>
      {error !== null && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {order && (
        <Paper withBorder p="sm" data-testid="door-order">
          <Stack gap={6}>
            <Text fw={700}>{order.buyerName}</Text>
            <Text size="sm">
              {t('scan.door.summary', { count: order.tickets.length, event: order.event.name, total })}
            </Text>
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {order.tickets.map((ticket) => (
                <Text component="li" size="sm" key={ticket.id}>
                  {ticket.attendeeName} · {ticket.ticketTypeName}
                </Text>
              ))}
            </Stack>
            {admitted !== null ? (
              <Alert color="teal" role="status">
                {t('scan.door.paid', { total, count: admitted })}
              </Alert>
            ) : order.status === 'pending_payment' ? (
              <>
                <SegmentedControl
                  aria-label={t('scan.door.method')}
                  value={method}
                  onChange={(value) => setMethod(value as DoorPaymentMethod)}
                  data={DOOR_PAYMENT_METHODS.map((value) => ({
                    value,
                    label: t(`scan.door.methods.${value}`),
                  }))}
                />
                <Button onClick={() => pay(order)} loading={busy} disabled={!online}>
                  {t('scan.door.take', { total, method: t(`scan.door.methods.${method}`) })}
                </Button>
              </>
            ) : (
              <Text size="sm" fw={600}>
                {t(`scan.door.status.${order.status}`)}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
