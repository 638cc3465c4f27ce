import { DOOR_PAYMENT_METHODS, type DoorPaymentMethod } from '@guichet/shared/door-payment-methods';
import { formatMoney } from '@guichet/shared/money';
import type { OrderDetail } from '@guichet/shared/orders';
import { Alert, Button, Group, Loader, Modal, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormError } from '../../components/form-error';
import { LimitedTextarea } from '../../components/limited-text';
import { isApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n';
import { toastError, toastSuccess } from '../../lib/toasts';
import { useDevice } from '../../lib/use-device';
import { useCancelOrder } from './api/cancel-order';
import { useOrder } from './api/get-order';
import { useMarkOrderPaid } from './api/mark-paid';
import { useResendOrderMail } from './api/resend-order';
import { auditAction, auditDetail } from './audit';
import { formatInstant, OrderStatusBadge } from './order-badges';
import { OrderEmails } from './order-emails';
import { OrderMoney } from './order-money';
import { OrderTickets } from './order-tickets';
import { RefundModal, refundableOf } from './refund-modal';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Cancelling says what happens to the seats, and takes an optional reason for the history. */
function CancelOrder({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(order.eventId);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setOpened(false);
    cancel.reset();
  };
  return (
    <>
      <Button color="red" variant="light" c="red.9" onClick={() => setOpened(true)}>
        {t('orders.detail.cancel')}
      </Button>
      <ConfirmModal
        opened={opened}
        title={t('orders.cancel.title', { code: order.code })}
        body={t('orders.cancel.body', { count: order.ticketCount })}
        confirmLabel={t('orders.cancel.confirm')}
        dismissLabel={t('orders.cancel.keep')}
        danger
        pending={cancel.isPending}
        error={cancel.error}
        onClose={close}
        onConfirm={() =>
          cancel.mutate(
            { orderId: order.id, reason },
            {
              onSuccess: () => {
                toastSuccess(t('orders.cancel.done', { code: order.code }));
                close();
              },
            },
          )
        }
      >
        {order.status === 'paid' && order.totalMinor > 0 && (
          <Text size="sm" fw={600}>
            {t('orders.cancel.paidWarning')}
          </Text>
        )}
        <LimitedTextarea
          label={t('orders.cancel.reason')}
          description={t('orders.cancel.reasonHint')}
          value={reason}
          onChange={(input) => setReason(input.currentTarget.value)}
          limit={1000}
          autosize
          minRows={2}
        />
      </ConfirmModal>
    </>
  );
}

/** The changes the order's status allows; the server refuses the others (409) and the message says so. */
function OrderActions({ order }: { order: OrderDetail }) {
  const { t, locale } = useTranslation();
  const markPaid = useMarkOrderPaid(order.eventId);
  const resend = useResendOrderMail(order.eventId);
  const canResend = order.status === 'paid' || order.status === 'pending_payment';
  const canCancel = order.status !== 'cancelled' && order.status !== 'expired';
  // Money received and not all given back, or tickets still valid on a paid order.
  const canRefund =
    order.paidAt !== null &&
    (order.status === 'paid' || order.status === 'cancelled') &&
    (refundableOf(order) > 0 || order.tickets.some((ticket) => ticket.status === 'valid'));
  const [refunding, setRefunding] = useState(false);
  const [confirmingPaid, setConfirmingPaid] = useState(false);
  const [method, setMethod] = useState<DoorPaymentMethod>('transfer');
  if (order.status !== 'pending_payment' && !canResend && !canCancel && !canRefund) return null;
  return (
    <Group gap="sm" wrap="wrap">
      {order.status === 'pending_payment' && (
        <Button loading={markPaid.isPending} onClick={() => setConfirmingPaid(true)}>
          {t('orders.detail.markPaid')}
        </Button>
      )}
      <ConfirmModal
        opened={confirmingPaid}
        title={t('orders.detail.markPaidTitle', { code: order.code })}
        body={t('orders.detail.markPaidBody', {
          total: formatMoney(order.totalMinor, order.currency, locale),
        })}
        confirmLabel={t('orders.detail.markPaidConfirm')}
        pending={markPaid.isPending}
        error={markPaid.error}
        onClose={() => setConfirmingPaid(false)}
        onConfirm={() =>
          markPaid.mutate(
            { orderId: order.id, received: { amountMinor: order.totalMinor, method } },
            {
              onSuccess: () => {
                setConfirmingPaid(false);
                toastSuccess(t('orders.detail.markedPaid', { code: order.code }));
              },
            },
          )
        }
      >
        <Radio.Group
          label={t('orders.detail.paidBy')}
          value={method}
          onChange={(value) => setMethod(value as DoorPaymentMethod)}
        >
          <Group gap="md" mt={6}>
            {DOOR_PAYMENT_METHODS.map((value) => (
              <Radio key={value} value={value} label={t(`orders.detail.methods.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
      </ConfirmModal>
      {canResend && (
        <Button
          variant="default"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(order.id, {
              onSuccess: () => toastSuccess(t('orders.detail.resent', { code: order.code })),
              onError: (error) => toastError(error),
            })
          }
        >
          {t('orders.detail.resend')}
        </Button>
      )}
      {canRefund && (
        <Button variant="light" color="orange" c="orange.9" onClick={() => setRefunding(true)}>
          {t('orders.refund.open')}
        </Button>
      )}
      {canCancel && <CancelOrder order={order} />}
      <RefundModal order={order} opened={refunding} onClose={() => setRefunding(false)} />
    </Group>
  );
}

function AuditTrail({ order }: { order: OrderDetail }) {
  const { t, locale } = useTranslation();
  if (order.audit.length === 0) return <Text c="dimmed">{t('orders.detail.auditEmpty')}</Text>;
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {order.audit.map((entry) => {
        const detail = auditDetail(entry, t('orders.detail.unnamed'));
        return (
          <li key={entry.id}>
            <Text size="sm" fw={600}>
              {auditAction(entry, t)}
            </Text>
            {detail && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {detail}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('orders.auditLine', {
                who: entry.actorName ?? t('orders.detail.bySystem'),
                when: formatInstant(entry.createdAt, locale),
              })}
            </Text>
          </li>
        );
      })}
    </Stack>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const { t, locale } = useTranslation();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('orders.detail.buyer')}>
          <Text style={{ overflowWrap: 'anywhere' }}>{order.buyerName}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {order.buyerEmail}
          </Text>
        </Fact>
        <Fact label={t('orders.detail.status')}>
          <div>
            <OrderStatusBadge status={order.status} />
          </div>
        </Fact>
        <Fact label={t('orders.detail.payment')}>
          <Text>{t(`orders.payment.${order.paymentMethod}`)}</Text>
        </Fact>
        <Fact label={t('orders.detail.total')}>
          <Text fw={700}>{formatMoney(order.totalMinor, order.currency, locale)}</Text>
          {order.refundedMinor > 0 && (
            <Text size="sm">
              {t('orders.money.refunded')} {formatMoney(order.refundedMinor, order.currency, locale)}
            </Text>
          )}
        </Fact>
        <Fact label={t('orders.detail.placed')}>
          <Text>{formatInstant(order.createdAt, locale)}</Text>
        </Fact>
        {order.paidAt && (
          <Fact label={t('orders.detail.paidAt')}>
            <Text>{formatInstant(order.paidAt, locale)}</Text>
          </Fact>
        )}
        {order.cancelledAt && (
          <Fact label={t('orders.detail.cancelledAt')}>
            <Text>{formatInstant(order.cancelledAt, locale)}</Text>
          </Fact>
        )}
        {order.status === 'reserved' && order.reservedUntil && (
          <Fact label={t('orders.detail.reservedUntil')}>
            <Text>{formatInstant(order.reservedUntil, locale)}</Text>
          </Fact>
        )}
      </SimpleGrid>
      {order.note && (
        <Fact label={t('orders.detail.note')}>
          <Text style={{ whiteSpace: 'pre-line' }}>{order.note}</Text>
        </Fact>
      )}
      <OrderActions order={order} />
      <Stack gap="sm" component="section" aria-labelledby="order-tickets">
        <Title order={3} size="h4" id="order-tickets">
          {t('orders.detail.tickets')}
        </Title>
        <OrderTickets order={order} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="order-emails">
        <Title order={3} size="h4" id="order-emails">
          {t('orders.emails.title')}
        </Title>
        <OrderEmails orderId={order.id} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="order-money">
        <Title order={3} size="h4" id="order-money">
          {t('orders.money.payments')}
        </Title>
        <OrderMoney order={order} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="order-audit">
        <Title order={3} size="h4" id="order-audit">
          {t('orders.detail.audit')}
        </Title>
        <AuditTrail order={order} />
      </Stack>
    </Stack>
  );
}

/**
 * One order in a dialog (the whole screen on a phone); `orderId` comes from the address. A modal rather
 * than a drawer: the shell already carries Modal, and a Drawer shared with the shell costs it a chunk.
 */
export function OrderDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const detail = useOrder(orderId);
  const missing =
    detail.isError &&
    isApiError(detail.error) &&
    (detail.error.status === 404 || detail.error.status === 400);

  let body: ReactNode;
  if (detail.data) body = <OrderBody order={detail.data} />;
  else if (missing) body = <Alert color="gray">{t('orders.detail.notFound')}</Alert>;
  else if (detail.isError) body = <FormError error={detail.error} />;
  else body = <Loader aria-label={t('orders.loading')} />;

  return (
    <Modal
      opened={orderId !== null}
      onClose={onClose}
      size="lg"
      fullScreen={phoneLayout}
      title={
        <Text component="span" fw={700} size="lg">
          {detail.data ? t('orders.detail.title', { code: detail.data.code }) : t('orders.heading')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('orders.detail.close') }}
    >
      {body}
    </Modal>
  );
}
