import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { useAddNote } from './api/add-note';

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
        <Textarea
          label={t('customers.notes.label')}
          autosize
          minRows={2}
          maxLength={5000}
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
