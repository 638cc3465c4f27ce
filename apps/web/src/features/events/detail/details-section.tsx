import type { EventDetail } from '@guichet/shared/events';
import { Button, Group, Paper, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { toastInfo, toastSuccess } from '../../../lib/toasts';
import { useUpdateEvent } from '../api/update-event';
import { EventForm } from '../editor/event-form';
import { eventValuesOf, updateBodyOf } from '../editor/event-values';
import { isEditable } from './event-actions';
import { EventSummary } from './event-summary';

/** The event's details, read or (in edit mode) changed with the same form as on creation. */
export function DetailsSection({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const update = useUpdateEvent(event.id);
  const [editing, setEditing] = useState(false);
  const saved = useMemo(() => eventValuesOf(event), [event]);
  const editable = isEditable(event.status);

  return (
    <Paper component="section" aria-labelledby="event-details" withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" gap="sm" mb="md">
        <Title order={2} size="h3" id="event-details">
          {editing ? t('eventEditor.detail.editing') : t('eventEditor.detail.details')}
        </Title>
        {editable && !editing && (
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('eventEditor.detail.edit')}
          </Button>
        )}
      </Group>
      {editing ? (
        <EventForm
          initial={saved}
          isNew={false}
          submitLabel={t('eventEditor.detail.save')}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const body = updateBodyOf(values, saved);
            if (Object.keys(body).length === 0) toastInfo(t('eventEditor.detail.nothingChanged'));
            else {
              await update.mutateAsync(body);
              toastSuccess(t('eventEditor.detail.saved', { name: values.name.trim() }));
            }
            setEditing(false);
          }}
        />
      ) : (
        <EventSummary event={event} />
      )}
    </Paper>
  );
}
