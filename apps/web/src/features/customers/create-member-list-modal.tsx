import type { MemberList } from '@guichet/shared/customers';
import { Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { FormActions } from '../../components/form-actions';
import { LimitedTextarea, LimitedTextInput } from '../../components/limited-text';
import { fieldErrors } from '../../lib/field-errors';
import { useCreateMemberList } from './api/create-member-list';
import { useCustomersTranslation as useTranslation } from './i18n';

/** The create-member-list modal: a name (unique in the organisation) and a description. */
export function CreateMemberListModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (list: MemberList) => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('memberLists.create.title')} form>
      <CreateForm onClose={onClose} onCreated={onCreated} />
    </AppModal>
  );
}

function CreateForm({ onClose, onCreated }: { onClose: () => void; onCreated: (list: MemberList) => void }) {
  const { t } = useTranslation();
  const create = useCreateMemberList();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const errors = fieldErrors(create.error);
  const taken = errors['body.name'] === 'taken';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), description: description.trim() }, { onSuccess: onCreated });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <LimitedTextInput
          label={t('memberLists.create.name')}
          required
          data-autofocus
          limit={120}
          value={name}
          error={taken ? t('memberLists.create.nameTaken') : errors['body.name']}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <LimitedTextarea
          label={t('memberLists.create.description')}
          autosize
          minRows={2}
          limit={2000}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <FormActions
          failure={taken || Object.keys(errors).length ? null : create.error}
          pending={create.isPending}
          submitLabel={t('memberLists.create.submit')}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
