import type { EventDetail } from '@guichet/shared/events';
import type { CheckinList } from '@guichet/shared/scan';
import { Checkbox, Fieldset, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { FormActions } from '../../components/form-actions';
import { LimitedTextInput } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useDevice } from '../../lib/use-device';
import { useCreateCheckinList } from './api/create-checkin-list';
import { useUpdateCheckinList } from './api/update-checkin-list';
import {
  ALERT_MAX,
  emptyListValues,
  LIST_NAME_MAX,
  type ListErrors,
  type ListField,
  type ListFormValues,
  listValuesOf,
  readList,
  serverListErrors,
} from './list-values';

/** Creates a check-in list, or edits one (`list`). */
export function ListModal({
  event,
  list,
  opened,
  onClose,
}: {
  event: EventDetail;
  list: CheckinList | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = list ? t('checkin.lists.editTitle', { name: list.name }) : t('checkin.lists.addTitle');
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg" form>
      <ListForm event={event} list={list} onDone={onClose} />
    </AppModal>
  );
}

function ListForm({
  event,
  list,
  onDone,
}: {
  event: EventDetail;
  list: CheckinList | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const create = useCreateCheckinList(event.id);
  const update = useUpdateCheckinList();
  const [values, setValues] = useState<ListFormValues>(() =>
    list ? listValuesOf(list, event.timeZone) : emptyListValues(),
  );
  const [errors, setErrors] = useState<ListErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const pending = create.isPending || update.isPending;

  const change = (field: ListField, next: Partial<ListFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const problem = (field: ListField) =>
    errors[field] ? t(`checkin.lists.problems.${errors[field]}`) : undefined;

  async function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    setFailure(null);
    const { errors: found, body } = readList(values, {
      timeZone: event.timeZone,
      ticketTypeIds: event.ticketTypes.map((type) => type.id),
    });
    setErrors(found);
    if (!body) return;
    try {
      if (list) await update.mutateAsync({ id: list.id, body });
      else await create.mutateAsync(body);
      toastSuccess(t(list ? 'checkin.lists.saved' : 'checkin.lists.created', { name: body.name }));
      onDone();
    } catch (error) {
      const placed = serverListErrors(error);
      if (Object.keys(placed).length > 0) setErrors(placed);
      else setFailure(error);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('checkin.lists.name')}
          description={t('checkin.lists.nameHint')}
          value={values.name}
          onChange={(input) => change('name', { name: input.currentTarget.value })}
          error={problem('name')}
          limit={LIST_NAME_MAX}
          required
          data-autofocus
        />
        <Fieldset legend={t('checkin.lists.covers')}>
          <Stack gap="sm">
            <Radio.Group
              aria-label={t('checkin.lists.covers')}
              value={values.allTicketTypes ? 'all' : 'chosen'}
              onChange={(choice) => change('ticketTypeIds', { allTicketTypes: choice === 'all' })}
            >
              <Stack gap="xs">
                <Radio value="all" label={t('checkin.lists.coversAll')} />
                <Radio value="chosen" label={t('checkin.lists.coversChosen')} />
              </Stack>
            </Radio.Group>
            {!values.allTicketTypes &&
              (event.ticketTypes.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('checkin.lists.noTicketTypes')}
                </Text>
              ) : (
                <Checkbox.Group
                  aria-label={t('checkin.lists.coversChosen')}
                  value={values.ticketTypeIds}
                  onChange={(ticketTypeIds) => change('ticketTypeIds', { ticketTypeIds })}
                  error={problem('ticketTypeIds')}
                >
                  <Stack gap="xs" pl="lg">
                    {event.ticketTypes.map((type) => (
                      <Checkbox key={type.id} value={type.id} label={type.name} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              ))}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('checkin.lists.windowLegend')}>
          <Text size="sm" c="dimmed" mb="sm">
            {t('checkin.lists.windowHint', { zone: event.timeZone })}
          </Text>
          <SimpleGrid cols={phoneLayout ? 1 : 2} spacing="md">
            <TextInput
              type="datetime-local"
              label={t('checkin.lists.startsAt')}
              value={values.startsAt}
              onChange={(input) => change('startsAt', { startsAt: input.currentTarget.value })}
              error={problem('startsAt')}
            />
            <TextInput
              type="datetime-local"
              label={t('checkin.lists.endsAt')}
              value={values.endsAt}
              min={values.startsAt || undefined}
              onChange={(input) => change('endsAt', { endsAt: input.currentTarget.value })}
              error={problem('endsAt')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('checkin.lists.options')}>
          <Stack gap="sm">
            <Checkbox
              label={t('checkin.lists.allowReentry')}
              description={t('checkin.lists.allowReentryHint')}
              checked={values.allowReentry}
              onChange={(input) => change('allowReentry', { allowReentry: input.currentTarget.checked })}
            />
            <Checkbox
              label={t('checkin.lists.allowMultiple')}
              description={t('checkin.lists.allowMultipleHint')}
              checked={values.allowMultipleEntries}
              onChange={(input) =>
                change('allowMultipleEntries', { allowMultipleEntries: input.currentTarget.checked })
              }
            />
            <NumberInput
              label={t('checkin.lists.capacityAlert')}
              description={t('checkin.lists.capacityAlertHint')}
              value={values.capacityAlert}
              onChange={(capacityAlert) => change('capacityAlert', { capacityAlert })}
              error={problem('capacityAlert')}
              min={1}
              max={ALERT_MAX}
            />
          </Stack>
        </Fieldset>
        <FormActions
          failure={failure}
          pending={pending}
          submitLabel={list ? t('checkin.lists.save') : t('checkin.lists.create')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
