import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useDeleteAccount } from '../api/delete-account';

/** Asks for the password; a `last-admin` refusal explains what to do first. */
export function DeleteAccountModal({
  opened,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  function close() {
    setPassword('');
    setError(undefined);
    remove.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setError(t('form.required'));
    setError(undefined);
    remove.mutate({ password }, { onSuccess: onDeleted });
  }

  const lastAdmin = isApiError(remove.error) && remove.error.code === 'last-admin';

  return (
    <Modal opened={opened} onClose={close} title={t('profile.deleteModalTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('profile.deleteIntro')}</Text>
          {lastAdmin ? (
            <Alert color="orange" variant="light" role="alert">
              {t('backOfficeErrors.last-admin')}
            </Alert>
          ) : (
            <FormError error={remove.error} />
          )}
          <PasswordInput
            label={t('profile.deleteConfirmPassword')}
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            visibilityToggleButtonProps={{ 'aria-label': t('form.showPassword') }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              {t('profile.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
