import type { EventDetail, TicketType } from '@guichet/shared/events';
import { formatMoney } from '@guichet/shared/money';
import type { OrderDetail } from '@guichet/shared/orders';
import { Alert, Checkbox, Fieldset, Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { FormActions } from '../../components/form-actions';
import { LimitedTextarea, LimitedTextInput } from '../../components/limited-text';
import { isApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useCreateBoxOfficeOrder } from './api/create-order';
import {
  type BoxOfficeErrors,
  type BoxOfficeValues,
  boxOfficeBody,
  emptyBoxOffice,
  hasErrors,
  shortTypes,
  totalMinor,
  validateBoxOffice,
} from './box-office-values';

/** Staff create an order by hand: complimentary tickets, or tickets paid at the door. */
export function BoxOfficeModal({
  event,
  refreshEvent,
  opened,
  onClose,
  onCreated,
}: {
  event: EventDetail;
  /** Reads the event again (its figures update): which ticket type ran short, after a sold-out answer. */
  refreshEvent: () => Promise<EventDetail>;
  opened: boolean;
  onClose: () => void;
  onCreated: (order: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('orders.boxOffice.title')} size="lg" form>
      <BoxOfficeForm event={event} refreshEvent={refreshEvent} onCancel={onClose} onCreated={onCreated} />
    </AppModal>
  );
}

/** One ticket type's quantity, and its attendee name fields once some are chosen. */
function TicketTypeLine({
  type,
  quantity,
  names,
  error,
  onQuantity,
  onName,
}: {
  type: TicketType;
  quantity: number;
  names: string[];
  error: string | undefined;
  onQuantity: (quantity: number) => void;
  onName: (index: number, name: string) => void;
}) {
  const { t, locale } = useTranslation();
  const soldOut = type.left <= 0;
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        <NumberInput
          label={t('orders.boxOffice.quantity', { name: type.name })}
          description={
            soldOut
              ? t('orders.boxOffice.soldOut')
              : t('orders.boxOffice.left', { left: type.left, min: type.minPerOrder, max: type.maxPerOrder })
          }
          value={quantity}
          onChange={(value) => onQuantity(typeof value === 'number' ? value : Number(value) || 0)}
          min={0}
          max={Math.max(0, Math.min(type.left, type.maxPerOrder))}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          disabled={soldOut}
          error={error}
          style={{ flex: 1 }}
        />
        <Text fw={600} pb={error ? 28 : 6}>
          {formatMoney(type.priceMinor, type.currency, locale)}
        </Text>
      </Group>
      {/* Named here up to 20 tickets; a larger group is named afterwards, ticket by ticket, in the order. */}
      {quantity > 0 && quantity <= 20 && (
        <Stack gap={4} pl="md">
          {Array.from({ length: quantity }, (_, index) => (
            <LimitedTextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: the fields are the ticket positions themselves.
              key={index}
              size="xs"
              label={t('orders.boxOffice.attendee', { name: type.name, number: index + 1 })}
              value={names[index] ?? ''}
              onChange={(input) => onName(index, input.currentTarget.value)}
              limit={200}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function BoxOfficeForm({
  event,
  refreshEvent,
  onCancel,
  onCreated,
}: {
  event: EventDetail;
  refreshEvent: () => Promise<EventDetail>;
  onCancel: () => void;
  onCreated: (order: OrderDetail) => void;
}) {
  const { t, locale } = useTranslation();
  const create = useCreateBoxOfficeOrder(event.id);
  const [values, setValues] = useState<BoxOfficeValues>(emptyBoxOffice);
  const [errors, setErrors] = useState<BoxOfficeErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [shortage, setShortage] = useState<string | null>(null);
  const types = event.ticketTypes;
  const total = totalMinor(values, types);

  const set = (change: Partial<BoxOfficeValues>) => setValues((current) => ({ ...current, ...change }));

  async function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    setFailure(null);
    setShortage(null);
    const found = validateBoxOffice(values, types, t);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      const order = await create.mutateAsync(boxOfficeBody(values, types, locale));
      toastSuccess(t('orders.boxOffice.created', { code: order.code }));
      onCreated(order);
    } catch (error) {
      if (isApiError(error) && error.code === 'sold-out') {
        // The answer does not say which type ran short: the event read again does, and its figures update.
        const fresh = await refreshEvent().catch(() => null);
        const short = fresh ? shortTypes(values, fresh.ticketTypes) : [];
        if (short.length > 0) {
          setShortage(
            t('orders.boxOffice.soldOutTypes', { names: short.map((type) => type.name).join(', ') }),
          );
          return;
        }
      }
      setFailure(error);
    }
  }

  if (types.length === 0) return <Text>{t('orders.boxOffice.noTicketTypes')}</Text>;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Fieldset legend={t('orders.boxOffice.ticketTypes')}>
          <Stack gap="md">
            {types.map((type) => (
              <TicketTypeLine
                key={type.id}
                type={type}
                quantity={values.quantities[type.id] ?? 0}
                names={values.names[type.id] ?? []}
                error={errors.types?.[type.id]}
                onQuantity={(quantity) => {
                  setValues((current) => ({
                    ...current,
                    quantities: { ...current.quantities, [type.id]: quantity },
                  }));
                  setErrors((current) => ({ ...current, lines: undefined, types: undefined }));
                }}
                onName={(index, name) =>
                  setValues((current) => {
                    const names = [...(current.names[type.id] ?? [])];
                    names[index] = name;
                    return { ...current, names: { ...current.names, [type.id]: names } };
                  })
                }
              />
            ))}
            {errors.lines && (
              <Text c="red.8" size="sm" role="alert">
                {errors.lines}
              </Text>
            )}
          </Stack>
        </Fieldset>
        <Radio.Group
          label={t('orders.boxOffice.kind')}
          value={values.payment}
          onChange={(payment) => set({ payment: payment === 'comp' ? 'comp' : 'paid' })}
        >
          <Group gap="lg" mt={6}>
            <Radio value="paid" label={t('orders.boxOffice.paid')} />
            <Radio value="comp" label={t('orders.boxOffice.comp')} />
          </Group>
        </Radio.Group>
        <LimitedTextInput
          label={t('orders.boxOffice.buyerName')}
          value={values.buyerName}
          onChange={(input) => set({ buyerName: input.currentTarget.value })}
          error={errors.buyerName}
          limit={200}
          autoComplete="off"
          required
        />
        <LimitedTextInput
          label={t('orders.boxOffice.buyerEmail')}
          type="email"
          value={values.buyerEmail}
          onChange={(input) => set({ buyerEmail: input.currentTarget.value })}
          error={errors.buyerEmail}
          limit={254}
          autoComplete="off"
          required
        />
        <Checkbox
          label={t('orders.boxOffice.sendEmail')}
          checked={values.sendEmail}
          onChange={(input) => set({ sendEmail: input.currentTarget.checked })}
        />
        <LimitedTextarea
          label={t('orders.boxOffice.note')}
          value={values.note}
          onChange={(input) => set({ note: input.currentTarget.value })}
          limit={1000}
          autosize
          minRows={1}
        />
        <Text fw={700} aria-live="polite">
          {t('orders.boxOffice.total', { total: formatMoney(total, event.currency, locale) })}
        </Text>
        {shortage && (
          <Alert color="red" variant="light" role="alert">
            {shortage}
          </Alert>
        )}
        <FormActions
          failure={failure}
          pending={create.isPending}
          submitLabel={t('orders.boxOffice.submit')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
