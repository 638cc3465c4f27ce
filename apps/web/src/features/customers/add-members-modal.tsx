import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { FormActions } from '../../components/form-actions';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useAddMembers } from './api/add-members';
import { parsePeople } from './people-input';

/** Adds people by hand (one e-mail per line, with a name if known) with an optional validity window. */
export function AddMembersModal({
  listId,
  opened,
  onClose,
}: {
  listId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('memberLists.add.title')} size="lg" form>
      <AddMembersForm listId={listId} onClose={onClose} />
    </AppModal>
  );
}

function AddMembersForm({ listId, onClose }: { listId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const adding = useAddMembers();
  const [text, setText] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const { people, bad } = parsePeople(text);
  const backwards = Boolean(validFrom && validUntil && validFrom > validUntil);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (people.length === 0 || bad.length > 0 || backwards) return;
    adding.mutate(
      { listId, body: { people, validFrom: validFrom || null, validUntil: validUntil || null } },
      {
        onSuccess: ({ added, changed }) => {
          toastSuccess(t('memberLists.add.done', { added, changed }));
          onClose();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('memberLists.add.people')}
          description={t('memberLists.add.peopleHelp')}
          required
          data-autofocus
          autosize
          minRows={4}
          maxRows={12}
          value={text}
          error={
            bad.length > 0 ? t('memberLists.add.badLines', { lines: bad.slice(0, 3).join(' · ') }) : undefined
          }
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('memberLists.add.count', { count: people.length })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t('memberLists.add.validFrom')}
            value={validFrom}
            onChange={(event) => setValidFrom(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('memberLists.add.validUntil')}
            value={validUntil}
            error={backwards ? t('memberLists.add.backwards') : undefined}
            onChange={(event) => setValidUntil(event.currentTarget.value)}
          />
        </SimpleGrid>
        <FormActions
          failure={adding.error}
          pending={adding.isPending}
          submitLabel={t('memberLists.add.submit')}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
