import type { TrackingLink } from '@guichet/shared/acquisition';
import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { FormActions } from '../../components/form-actions';
import { LimitedTextInput } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useCreateTrackingLink } from './api/create-link';
import type { AcquisitionEvent } from './api/list-events';
import { useUpdateTrackingLink } from './api/update-link';

const CHANNEL = /^[a-z0-9][a-z0-9 _.-]*$/;
/** Channels offered as the organiser types (any other short word is accepted too). */
const SUGGESTED_CHANNELS = ['social', 'email', 'poster', 'partner', 'ads', 'press'];

interface Values {
  eventId: string;
  name: string;
  channel: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

/** Creates a tracking link, or edits one (`link`; its event and code stay). */
export function LinkModal({
  link,
  events,
  defaultEventId,
  opened,
  onClose,
}: {
  link: TrackingLink | null;
  events: AcquisitionEvent[];
  defaultEventId: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={link ? t('acquisition.links.editTitle', { name: link.name }) : t('acquisition.links.addTitle')}
      size="lg"
      form
    >
      <LinkForm link={link} events={events} defaultEventId={defaultEventId} onDone={onClose} />
    </AppModal>
  );
}

function LinkForm({
  link,
  events,
  defaultEventId,
  onDone,
}: {
  link: TrackingLink | null;
  events: AcquisitionEvent[];
  defaultEventId: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTrackingLink();
  const update = useUpdateTrackingLink();
  const [values, setValues] = useState<Values>(() => ({
    eventId: link?.eventId ?? defaultEventId ?? events[0]?.id ?? '',
    name: link?.name ?? '',
    channel: link?.channel ?? '',
    utmSource: link?.utmSource ?? '',
    utmMedium: link?.utmMedium ?? '',
    utmCampaign: link?.utmCampaign ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const pending = create.isPending || update.isPending;
  const set = (field: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const channel = values.channel.trim().toLowerCase();
    const found: Partial<Record<keyof Values, string>> = {};
    if (!values.name.trim()) found.name = t('acquisition.links.required');
    if (!channel) found.channel = t('acquisition.links.required');
    else if (!CHANNEL.test(channel)) found.channel = t('acquisition.links.channelInvalid');
    if (!values.eventId) found.eventId = t('acquisition.links.required');
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`link-${first}`)?.focus();
      return;
    }
    const body = {
      name: values.name.trim(),
      channel,
      utmSource: values.utmSource.trim() || null,
      utmMedium: values.utmMedium.trim() || null,
      utmCampaign: values.utmCampaign.trim() || null,
    };
    try {
      if (link) {
        await update.mutateAsync({ linkId: link.id, body });
        toastSuccess(t('acquisition.links.saved'));
      } else {
        await create.mutateAsync({ ...body, eventId: values.eventId });
        toastSuccess(t('acquisition.links.created'));
      }
      onDone();
    } catch {
      // Shown by FormActions from the mutation's error.
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <NativeSelect
          id="link-eventId"
          label={t('acquisition.links.event')}
          value={values.eventId}
          onChange={(event) => set('eventId')(event.currentTarget.value)}
          data={events.map((item) => ({ value: item.id, label: item.name }))}
          disabled={link !== null}
          error={errors.eventId}
          required
        />
        <LimitedTextInput
          id="link-name"
          label={t('acquisition.links.name')}
          description={t('acquisition.links.nameHint')}
          value={values.name}
          onChange={(event) => set('name')(event.currentTarget.value)}
          limit={120}
          error={errors.name}
          required
          data-autofocus
        />
        {/* A native suggestion list: typed freely, offered the usual channels, no combobox code to load. */}
        <LimitedTextInput
          id="link-channel"
          label={t('acquisition.links.channel')}
          description={t('acquisition.links.channelHint')}
          value={values.channel}
          onChange={(event) => set('channel')(event.currentTarget.value)}
          list="link-channel-suggestions"
          autoComplete="off"
          limit={40}
          error={errors.channel}
          required
        />
        <datalist id="link-channel-suggestions">
          {SUGGESTED_CHANNELS.map((channel) => (
            <option key={channel} value={channel} />
          ))}
        </datalist>
        <Text size="sm" c="dimmed">
          {t('acquisition.links.utmHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <LimitedTextInput
            label={t('acquisition.links.utmSource')}
            value={values.utmSource}
            onChange={(event) => set('utmSource')(event.currentTarget.value)}
            limit={100}
          />
          <LimitedTextInput
            label={t('acquisition.links.utmMedium')}
            value={values.utmMedium}
            onChange={(event) => set('utmMedium')(event.currentTarget.value)}
            limit={100}
          />
          <LimitedTextInput
            label={t('acquisition.links.utmCampaign')}
            value={values.utmCampaign}
            onChange={(event) => set('utmCampaign')(event.currentTarget.value)}
            limit={100}
          />
        </SimpleGrid>
        <FormActions
          failure={link ? update.error : create.error}
          pending={pending}
          submitLabel={link ? t('acquisition.links.save') : t('acquisition.links.create')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
