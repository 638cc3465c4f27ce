import { Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { LimitedTextarea } from '../../components/limited-text';
import { useAddNote } from './api/add-note';
import { useCustomersTranslation as useTranslation } from './i18n';

/** Writes a note on the timeline. */
export function NoteForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const adding = useAddNote(customerId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    adding.mutate(body.trim(), { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <LimitedTextarea
          label={t('customers.notes.label')}
          autosize
          minRows={2}
          limit={5000}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
        />
        <FormError error={adding.error} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" disabled={!body.trim()} loading={adding.isPending}>
            {t('customers.notes.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
