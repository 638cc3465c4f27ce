import type { CreatedApiToken } from '@guichet/shared/integrations';
import { PERMISSIONS, type Permission } from '@guichet/shared/permissions';
import { Button, Checkbox, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FormError } from '../../../components/form-error';
import { LimitedTextInput } from '../../../components/limited-text';
import { useCreateApiToken } from '../api/create-api-token';
import { useIntegrationsTranslation } from '../i18n';

/** The end of the chosen day in the browser's zone, as the API wants it (an ISO instant). */
function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

/** Creating a token: name, permissions, optional expiry; then its secret, shown this once. */
export function CreateTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useIntegrationsTranslation();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const close = () => {
    setName('');
    setPermissions([]);
    setExpiresOn('');
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, permissions, expiresAt: expiresOn ? endOfDay(expiresOn) : null },
      { onSuccess: (result) => setCreated(result) },
    );
  };

  if (created) {
    return (
      <AppModal opened={opened} onClose={close} title={t('integrations.tokens.createdTitle')}>
        <Stack gap="md">
          <Text size="sm">{t('integrations.tokens.createdBody')}</Text>
          <Code block aria-label={t('integrations.tokens.secretLabel')} data-testid="api-token-secret">
            {created.secret}
          </Code>
          <Text size="sm" c="dimmed">
            {t('integrations.tokens.usage')}
          </Text>
          <Group justify="flex-end">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('integrations.tokens.copied') : t('integrations.tokens.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t('integrations.tokens.done')}</Button>
          </Group>
        </Stack>
      </AppModal>
    );
  }

  return (
    <AppModal opened={opened} onClose={close} title={t('integrations.tokens.create')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <LimitedTextInput
            label={t('integrations.tokens.name')}
            description={t('integrations.tokens.nameHelp')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            limit={100}
            required
          />
          <Checkbox.Group
            label={t('integrations.tokens.permissions')}
            description={t('integrations.tokens.permissionsHelp')}
            value={permissions}
            onChange={(next) => setPermissions(PERMISSIONS.filter((permission) => next.includes(permission)))}
            withAsterisk
          >
            <Stack gap="sm" mt="xs">
              {PERMISSIONS.map((permission) => (
                <Checkbox
                  key={permission}
                  value={permission}
                  label={t(`teams.permission.${permission}`)}
                  description={t(`teams.permissionHelp.${permission}`)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput
            type="date"
            label={t('integrations.tokens.expiresAt')}
            description={t('integrations.tokens.expiresHelp')}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
          />
          <FormError error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('integrations.tokens.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!name.trim() || permissions.length === 0}
            >
              {t('integrations.tokens.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
