import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { useIntegrationsTranslation } from '../i18n';

/** A webhook's signing secret, shown once after creation or rotation. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useIntegrationsTranslation();
  return (
    <AppModal opened={secret !== null} onClose={onClose} title={t('integrations.webhooks.secretTitle')}>
      <Stack gap="md">
        <Text size="sm">{t('integrations.webhooks.secretBody')}</Text>
        <Code block aria-label={t('integrations.webhooks.secretLabel')} data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('integrations.webhooks.copied') : t('integrations.webhooks.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('integrations.webhooks.done')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
