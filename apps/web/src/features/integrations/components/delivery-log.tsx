import { Badge, Button, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { FormError } from '../../../components/form-error';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { useIntegrationsTranslation } from '../i18n';
import { eventTypeLabel, formatDateTime } from './format';

const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** An endpoint's latest deliveries: what was sent, what the receiver answered, and a replay for each. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useIntegrationsTranslation();
  const deliveries = useWebhookDeliveries(endpointId);
  const replay = useReplayWebhookDelivery();

  if (deliveries.isPending) return <Loader size="sm" aria-label={t('integrations.webhooks.loading')} />;
  if (deliveries.error) return <FormError error={deliveries.error} />;
  if (deliveries.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('integrations.webhooks.deliveriesEmpty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <FormError error={replay.error} />
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Tbody>
            {deliveries.data.items.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Badge color={STATUS_COLOR[delivery.status]} variant="light">
                        {t(`integrations.webhooks.status.${delivery.status}`)}
                      </Badge>
                      <Text size="sm" fw={500}>
                        {eventTypeLabel(t, delivery.eventType)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(delivery.createdAt)} ·{' '}
                      {t('integrations.webhooks.attempts', { count: delivery.attempts })}
                      {delivery.nextAttemptAt &&
                        ` · ${t('integrations.webhooks.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt) })}`}
                    </Text>
                    <details>
                      <summary>
                        <Text span size="xs">
                          {t('integrations.webhooks.request')} · {t('integrations.webhooks.response')}:{' '}
                          {delivery.responseStatus ?? t('integrations.webhooks.noAnswer')}
                        </Text>
                      </summary>
                      <Code block fz="xs">
                        {JSON.stringify(delivery.request, null, 2)}
                      </Code>
                      {(delivery.responseBody || delivery.lastError) && (
                        <Code block fz="xs" mt={4}>
                          {[delivery.lastError, delivery.responseBody].filter(Boolean).join('\n')}
                        </Code>
                      )}
                    </details>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    loading={replay.isPending && replay.variables === delivery.id}
                    onClick={() => replay.mutate(delivery.id)}
                  >
                    {t('integrations.webhooks.replay')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
