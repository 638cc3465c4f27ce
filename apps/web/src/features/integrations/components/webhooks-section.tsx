import type { WebhookEndpoint } from '@guichet/shared/integrations';
import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormError } from '../../../components/form-error';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/list-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useTestWebhook } from '../api/test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { useIntegrationsTranslation } from '../i18n';
import { CreateWebhookModal } from './create-webhook-modal';
import { DeliveryLog } from './delivery-log';
import { eventTypeLabel, formatDateTime } from './format';
import { SecretModal } from './secret-modal';

/** One endpoint: its events, on/off, a test send, a new secret, removal and its delivery log. */
function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { t } = useIntegrationsTranslation();
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'remove' | null>(null);

  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
          </Stack>
          <Badge color={endpoint.enabled ? 'green' : 'gray'} variant="light">
            {endpoint.enabled ? t('integrations.webhooks.enabled') : t('integrations.webhooks.disabled')}
          </Badge>
        </Group>
        {endpoint.disabledAt && !endpoint.enabled && (
          <Text size="sm" c="red.8">
            {t('integrations.webhooks.disabledOn', { date: formatDateTime(endpoint.disabledAt) })}
          </Text>
        )}
        <Group gap={4}>
          {endpoint.eventTypes.map((type) => (
            <Badge key={type} variant="outline" color="gray">
              {eventTypeLabel(t, type)}
            </Badge>
          ))}
        </Group>
        {test.isSuccess && (
          <Text size="sm" role="status">
            {t('integrations.webhooks.testSent')}
          </Text>
        )}
        <FormError error={update.error ?? test.error} />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
          >
            {endpoint.enabled ? t('integrations.webhooks.turnOff') : t('integrations.webhooks.turnOn')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={test.isPending}
            onClick={() => test.mutate(endpoint.id)}
          >
            {t('integrations.webhooks.test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setShowLog((shown) => !shown)}>
            {showLog ? t('integrations.webhooks.hideLog') : t('integrations.webhooks.log')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirm('rotate')}>
            {t('integrations.webhooks.rotate')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm('remove')}>
            {t('integrations.webhooks.remove')}
          </Button>
        </Group>
        {showLog && <DeliveryLog endpointId={endpoint.id} />}
      </Stack>
      <ConfirmModal
        opened={confirm === 'rotate'}
        title={t('integrations.webhooks.rotateTitle')}
        body={t('integrations.webhooks.rotateBody')}
        confirmLabel={t('integrations.webhooks.rotate')}
        pending={rotate.isPending}
        error={rotate.error}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (result) => {
              setConfirm(null);
              onSecret(result.secret);
            },
          })
        }
        onClose={() => {
          rotate.reset();
          setConfirm(null);
        }}
      />
      <ConfirmModal
        opened={confirm === 'remove'}
        title={t('integrations.webhooks.removeTitle')}
        body={t('integrations.webhooks.removeBody', { url: endpoint.url })}
        confirmLabel={t('integrations.webhooks.remove')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setConfirm(null) })}
        onClose={() => {
          remove.reset();
          setConfirm(null);
        }}
      />
    </Card>
  );
}

/** The organisation's webhook endpoints; a secret answered by a creation or rotation is shown once. */
export function WebhooksSection() {
  const { t } = useIntegrationsTranslation();
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('integrations.webhooks.intro')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => setAdding(true)}>{t('integrations.webhooks.add')}</Button>
      </Group>
      {webhooks.isPending && <Loader aria-label={t('integrations.webhooks.loading')} />}
      <FormError error={webhooks.error} />
      {webhooks.data?.items.length === 0 && <Text c="dimmed">{t('integrations.webhooks.empty')}</Text>}
      {webhooks.data?.items.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
      ))}
      <CreateWebhookModal opened={adding} onClose={() => setAdding(false)} onCreated={setSecret} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
