import type { EventDetail, TicketType } from '@guichet/shared/events';
import { currencyDigits } from '@guichet/shared/money';
import { MultiSelect, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FormActions } from '../../../components/form-actions';
import { LimitedTextarea, LimitedTextInput } from '../../../components/limited-text';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { useDevice } from '../../../lib/use-device';
import { useCreateTicketType } from '../api/create-ticket-type';
import { useMemberListChoices } from '../api/member-list-choices';
import { useUpdateTicketType } from '../api/update-ticket-type';
import {
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  emptyTicketTypeValues,
  NAME_MAX,
  PER_ORDER_MAX,
  readTicketType,
  serverFormErrors,
  type TicketTypeErrors,
  type TicketTypeField,
  type TicketTypeFormValues,
  ticketTypeValuesOf,
} from './ticket-type-values';

const FIELDS: readonly TicketTypeField[] = Object.keys(emptyTicketTypeValues()) as TicketTypeField[];
const NO_POOL = 'none';

/** Adds a ticket type, or edits one (`ticketType`), in a dialog: full screen on a phone. */
export function TicketTypeModal({
  event,
  ticketType,
  opened,
  onClose,
}: {
  event: EventDetail;
  ticketType: TicketType | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = ticketType
    ? t('eventEditor.ticketTypes.editTitle', { name: ticketType.name })
    : t('eventEditor.ticketTypes.addTitle');
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg" form>
      <TicketTypeForm event={event} ticketType={ticketType} onDone={onClose} />
    </AppModal>
  );
}

function TicketTypeForm({
  event,
  ticketType,
  onDone,
}: {
  event: EventDetail;
  ticketType: TicketType | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const create = useCreateTicketType(event.id);
  const update = useUpdateTicketType(event.id);
  const [values, setValues] = useState<TicketTypeFormValues>(() =>
    ticketType ? ticketTypeValuesOf(ticketType, event.timeZone) : emptyTicketTypeValues(),
  );
  const [errors, setErrors] = useState<TicketTypeErrors>({});
  const [minimum, setMinimum] = useState<number | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const currency = ticketType?.currency ?? event.currency;
  const pending = create.isPending || update.isPending;

  const set = <F extends TicketTypeField>(field: F, value: TicketTypeFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const problem = (field: TicketTypeField) =>
    errors[field]
      ? t(`eventEditor.problems.${errors[field]}`, {
          minimum: minimum ?? ticketType?.used ?? 0,
          digits: currencyDigits(currency),
        })
      : undefined;

  async function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    setFailure(null);
    const { errors: found, body } = readTicketType(values, { currency, timeZone: event.timeZone });
    setErrors(found);
    if (!body) return;
    try {
      if (ticketType) await update.mutateAsync({ id: ticketType.id, body });
      else await create.mutateAsync(body);
      toastSuccess(t('eventEditor.ticketTypes.saved', { name: body.name }));
      onDone();
    } catch (error) {
      const placed = serverFormErrors(error, FIELDS);
      setMinimum(placed.minimum);
      if (Object.keys(placed.errors).length > 0) setErrors(placed.errors);
      else setFailure(error);
    }
  }

  const zoneHint = t('eventEditor.form.inZone', { zone: event.timeZone });
  const pools = [
    { value: NO_POOL, label: t('eventEditor.ticketTypes.noPool') },
    ...event.capacityPools.map((pool) => ({ value: pool.id, label: pool.name })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('eventEditor.ticketTypes.name')}
          value={values.name}
          onChange={(input) => set('name', input.currentTarget.value)}
          error={problem('name')}
          limit={NAME_MAX}
          required
          data-autofocus
        />
        <LimitedTextarea
          label={t('eventEditor.ticketTypes.description')}
          description={t('eventEditor.ticketTypes.descriptionHint')}
          value={values.description}
          onChange={(input) => set('description', input.currentTarget.value)}
          limit={DESCRIPTION_MAX}
          autosize
          minRows={2}
        />
        <SimpleGrid cols={phoneLayout ? 1 : 2} spacing="md">
          <TextInput
            label={t('eventEditor.ticketTypes.price')}
            description={t('eventEditor.ticketTypes.priceHint', { currency })}
            value={values.price}
            onChange={(input) => set('price', input.currentTarget.value)}
            error={problem('price')}
            inputMode="decimal"
            autoComplete="off"
            rightSection={currency}
            rightSectionWidth={48}
            required
          />
          <TextInput
            label={t('eventEditor.ticketTypes.vatRate')}
            description={t('eventEditor.ticketTypes.vatRateHint')}
            value={values.vatRate}
            onChange={(input) => set('vatRate', input.currentTarget.value)}
            error={problem('vatRate')}
            inputMode="decimal"
            autoComplete="off"
            rightSection="%"
          />
          <NumberInput
            label={t('eventEditor.ticketTypes.capacity')}
            description={
              ticketType && ticketType.used > 0
                ? t('eventEditor.ticketTypes.capacityUsed', { used: ticketType.used })
                : t('eventEditor.ticketTypes.capacityHint')
            }
            value={values.capacity}
            onChange={(value) => set('capacity', value)}
            error={problem('capacity')}
            min={0}
            max={CAPACITY_MAX}
            required
          />
        </SimpleGrid>
        {event.capacityPools.length > 0 && (
          <Select
            label={t('eventEditor.ticketTypes.pool')}
            description={t('eventEditor.ticketTypes.poolHint')}
            data={pools}
            value={values.poolId ?? NO_POOL}
            onChange={(value) => set('poolId', !value || value === NO_POOL ? null : value)}
            error={problem('poolId')}
            allowDeselect={false}
          />
        )}
        <SimpleGrid cols={phoneLayout ? 1 : 2} spacing="md">
          <TextInput
            type="datetime-local"
            label={t('eventEditor.ticketTypes.salesStart')}
            description={zoneHint}
            value={values.salesStart}
            onChange={(input) => set('salesStart', input.currentTarget.value)}
            error={problem('salesStart')}
          />
          <TextInput
            type="datetime-local"
            label={t('eventEditor.ticketTypes.salesEnd')}
            description={zoneHint}
            value={values.salesEnd}
            min={values.salesStart || undefined}
            onChange={(input) => set('salesEnd', input.currentTarget.value)}
            error={problem('salesEnd')}
          />
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="md">
          <NumberInput
            label={t('eventEditor.ticketTypes.minPerOrder')}
            value={values.minPerOrder}
            onChange={(value) => set('minPerOrder', value)}
            error={problem('minPerOrder')}
            min={1}
            max={PER_ORDER_MAX}
          />
          <NumberInput
            label={t('eventEditor.ticketTypes.maxPerOrder')}
            value={values.maxPerOrder}
            onChange={(value) => set('maxPerOrder', value)}
            error={problem('maxPerOrder')}
            min={1}
            max={PER_ORDER_MAX}
          />
        </SimpleGrid>
        <Radio.Group
          label={t('eventEditor.ticketTypes.visibility')}
          value={values.visibility}
          onChange={(value) => set('visibility', value as TicketTypeFormValues['visibility'])}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="public" label={t('eventEditor.visibility.public')} />
            <Radio
              value="hidden"
              label={t('eventEditor.visibility.hidden')}
              description={t('eventEditor.visibility.hiddenHint')}
            />
            <Radio
              value="members"
              label={t('eventEditor.visibility.members')}
              description={t('eventEditor.visibility.membersHint')}
            />
          </Stack>
        </Radio.Group>
        {values.visibility === 'members' && (
          <MemberGateFields
            listIds={values.memberListIds}
            maxPerMember={values.maxPerMember}
            onListIds={(ids) => set('memberListIds', ids)}
            onMaxPerMember={(value) => set('maxPerMember', value)}
            listsError={problem('memberListIds')}
            maxError={problem('maxPerMember')}
          />
        )}
        <FormActions
          failure={failure}
          pending={pending}
          submitLabel={
            ticketType ? t('eventEditor.ticketTypes.saveChanges') : t('eventEditor.ticketTypes.create')
          }
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** A members-only type's lists (the organisation's, by name) and its maximum per member. */
function MemberGateFields({
  listIds,
  maxPerMember,
  onListIds,
  onMaxPerMember,
  listsError,
  maxError,
}: {
  listIds: string[];
  maxPerMember: string | number;
  onListIds: (ids: string[]) => void;
  onMaxPerMember: (value: string | number) => void;
  listsError: string | undefined;
  maxError: string | undefined;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const choices = useMemberListChoices(true);
  const lists = choices.data?.items ?? [];
  return (
    <SimpleGrid cols={phoneLayout ? 1 : 2} spacing="md">
      <div>
        <MultiSelect
          label={t('eventEditor.visibility.memberLists')}
          description={t('eventEditor.visibility.memberListsHint')}
          data={lists.map((list) => ({ value: list.id, label: list.name }))}
          value={listIds}
          onChange={onListIds}
          error={listsError}
          searchable
          required
          disabled={choices.isPending}
        />
        {choices.isSuccess && lists.length === 0 && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('eventEditor.visibility.noMemberLists')}
          </Text>
        )}
      </div>
      <NumberInput
        label={t('eventEditor.visibility.maxPerMember')}
        description={t('eventEditor.visibility.maxPerMemberHint')}
        value={maxPerMember}
        onChange={onMaxPerMember}
        error={maxError}
        min={1}
        max={PER_ORDER_MAX}
        allowDecimal={false}
        allowNegative={false}
      />
    </SimpleGrid>
  );
}
