import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCreateEvent } from '../../../features/events/api/create-event';
import { EventForm } from '../../../features/events/editor/event-form';
import { createBodyOf, emptyEventValues } from '../../../features/events/editor/event-values';
import { useTranslation } from '../../../lib/i18n';
import { useSessionState } from '../../../lib/session/use-session';
import { browserTimeZone } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toasts';

/** `/events/create`: a new event, saved as a draft, then its page opens to add ticket types. */
export default function CreateEventPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEvent();
  // New events start in the organisation's zone (company settings), the browser's only without one.
  const { organization } = useSessionState();
  const zone = organization?.timeZone;
  const initial = useMemo(() => emptyEventValues(zone ?? browserTimeZone()), [zone]);

  return (
    <Stack gap="lg" maw={820}>
      <PageHeader route="/events/create">
        <Text c="dimmed">{t('eventEditor.create.intro')}</Text>
      </PageHeader>
      <EventForm
        initial={initial}
        isNew
        submitLabel={t('eventEditor.create.submit')}
        onCancel={() => void navigate('/events')}
        onSubmit={async (values) => {
          const event = await create.mutateAsync(createBodyOf(values));
          toastSuccess(t('eventEditor.create.created', { name: event.name }));
          await navigate(`/events/${event.id}`);
        }}
      />
    </Stack>
  );
}
