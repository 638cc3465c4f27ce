import { timeZones } from '@guichet/shared/settings';
import { Checkbox, Fieldset, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { LimitedTextInput } from '../../../components/limited-text';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useTranslation } from '../../../lib/i18n';
import { shiftWallTime, utcToWallTime } from '../../../lib/time-zone';
import { useDevice } from '../../../lib/use-device';
import { CoverField } from './cover-field';
import {
  type EventErrors,
  type EventField,
  type EventFormValues,
  isBlankHtml,
  NAME_MAX,
  serverEventErrors,
  validateEvent,
} from './event-values';
import { RichTextEditor } from './rich-text-editor';
import { VenueFields } from './venue-fields';

/** A new event's end, when only its start is set: a typical evening. */
const DEFAULT_LENGTH_MINUTES = 3 * 60;

/** Two forms are the same if they would save the same; the editor's leftovers count as an empty text. */
function sameValues(a: EventFormValues, b: EventFormValues): boolean {
  const normal = (values: EventFormValues) =>
    JSON.stringify({ ...values, description: isBlankHtml(values.description) ? '' : values.description });
  return normal(a) === normal(b);
}

/**
 * The event form of both the creation page and the event page's edit mode. Mistakes show next to their
 * field, from the form's own checks before sending and from the server's answer after; anything else shows
 * above the buttons.
 */
export function EventForm({
  initial,
  isNew,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: EventFormValues;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (values: EventFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const form = useRef<HTMLFormElement>(null);
  const saving = useRef(false);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<EventErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const zones = useMemo(
    () => timeZones().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    [],
  );

  const change = useCallback((patch: Partial<EventFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch) as EventField[]) delete next[field];
      if ('latitude' in patch) delete next.venueAddress;
      return next;
    });
  }, []);
  const problem = (field: EventField) =>
    errors[field] ? t(`eventEditor.problems.${errors[field]}`) : undefined;

  function changeStart(startsAt: string) {
    const endsAt =
      !values.endsAt && startsAt ? shiftWallTime(startsAt, DEFAULT_LENGTH_MINUTES) : values.endsAt;
    change({ startsAt, endsAt });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = validateEvent(values, { isNew });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first field to fix gets the focus, so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setPending(true);
    saving.current = true;
    try {
      await onSubmit(values);
    } catch (error) {
      saving.current = false;
      const fields = serverEventErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(error);
    } finally {
      setPending(false);
    }
  }

  const zoneHint = values.timeZone ? t('eventEditor.form.inZone', { zone: values.timeZone }) : undefined;
  const earliest = isNew && values.timeZone ? utcToWallTime(Date.now(), values.timeZone) : undefined;

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <UnsavedChangesGuard
        dirty={!sameValues(values, initial)}
        saving={saving}
        text={{
          title: t('eventEditor.unsaved.title'),
          body: t('eventEditor.unsaved.body'),
          stay: t('eventEditor.unsaved.stay'),
          leave: t('eventEditor.unsaved.leave'),
        }}
      />
      <Stack gap="lg">
        <Fieldset legend={t('eventEditor.form.basics')}>
          <Stack gap="md">
            <LimitedTextInput
              label={t('eventEditor.form.name')}
              value={values.name}
              onChange={(event) => change({ name: event.currentTarget.value })}
              error={problem('name')}
              limit={NAME_MAX}
              required
            />
            <RichTextEditor
              label={t('eventEditor.form.description')}
              description={t('eventEditor.form.descriptionHint')}
              value={values.description}
              onChange={(description) => change({ description })}
              error={problem('description')}
            />
            <CoverField
              fileId={values.coverFileId}
              onChange={(coverFileId) => change({ coverFileId })}
              error={problem('coverFileId')}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('eventEditor.form.when')}>
          <Stack gap="md">
            <Select
              label={t('eventEditor.form.timeZone')}
              description={t('eventEditor.form.timeZoneHint')}
              data={zones}
              value={values.timeZone || null}
              onChange={(timeZone) => change({ timeZone: timeZone ?? '' })}
              error={problem('timeZone')}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('eventEditor.form.noZone')}
              required
            />
            <SimpleGrid cols={phoneLayout ? 1 : 2} spacing="md">
              <TextInput
                type="datetime-local"
                label={t('eventEditor.form.startsAt')}
                description={zoneHint}
                value={values.startsAt}
                min={earliest}
                onChange={(event) => changeStart(event.currentTarget.value)}
                error={problem('startsAt')}
                required
              />
              <TextInput
                type="datetime-local"
                label={t('eventEditor.form.endsAt')}
                description={zoneHint}
                value={values.endsAt}
                min={values.startsAt || earliest}
                onChange={(event) => change({ endsAt: event.currentTarget.value })}
                error={problem('endsAt')}
                required
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('eventEditor.form.where')}>
          <Stack gap="md">
            <Radio.Group
              label={t('eventEditor.form.locationType')}
              value={values.locationType}
              onChange={(locationType) =>
                change({ locationType: locationType as EventFormValues['locationType'] })
              }
            >
              <Group gap="lg" mt={6}>
                <Radio value="venue" label={t('eventEditor.form.atVenue')} />
                <Radio value="online" label={t('eventEditor.form.online')} />
              </Group>
            </Radio.Group>
            {values.locationType === 'venue' ? (
              <VenueFields values={values} problem={problem} onChange={change} />
            ) : (
              <LimitedTextInput
                type="url"
                label={t('eventEditor.form.onlineUrl')}
                description={t('eventEditor.form.onlineUrlHint')}
                placeholder="https://"
                value={values.onlineUrl}
                onChange={(event) => change({ onlineUrl: event.currentTarget.value })}
                error={problem('onlineUrl')}
                limit={2000}
                required
              />
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('eventEditor.form.checkout')}>
          <Checkbox
            label={t('eventEditor.form.attendeeNamesRequired')}
            description={t('eventEditor.form.attendeeNamesRequiredHint')}
            checked={values.attendeeNamesRequired}
            onChange={(event) => change({ attendeeNamesRequired: event.currentTarget.checked })}
          />
        </Fieldset>

        <FormActions failure={failure} pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
