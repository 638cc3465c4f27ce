import type { ApiToken } from '@guichet/shared/integrations';
import { PERMISSIONS } from '@guichet/shared/permissions';
import { Badge, Button, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormError } from '../../../components/form-error';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { useIntegrationsTranslation } from '../i18n';
import { CreateTokenModal } from './create-token-modal';
import { formatDateTime } from './format';

const STATUS_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

/** The organisation's API tokens: what each may do, who made it, when it was last used; create and revoke. */
export function ApiTokensSection() {
  const { t } = useIntegrationsTranslation();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setCreating(true)}>{t('integrations.tokens.create')}</Button>
      </Group>
      {tokens.isPending && <Loader aria-label={t('integrations.tokens.loading')} />}
      <FormError error={tokens.error} />
      {tokens.data && tokens.data.items.length === 0 && (
        <Text c="dimmed">{t('integrations.tokens.empty')}</Text>
      )}
      {tokens.data && tokens.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Tbody>
              {tokens.data.items.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Stack gap={4}>
                      <Group gap="xs">
                        <Text fw={600}>{token.name}</Text>
                        <Badge color={STATUS_COLOR[token.status]} variant="light">
                          {t(`integrations.tokens.status.${token.status}`)}
                        </Badge>
                      </Group>
                      <Code>{token.displayPrefix}…</Code>
                      <Group gap={4}>
                        {PERMISSIONS.filter((permission) => token.permissions.includes(permission)).map(
                          (permission) => (
                            <Badge key={permission} variant="outline" color="gray">
                              {t(`teams.permission.${permission}`)}
                            </Badge>
                          ),
                        )}
                      </Group>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">
                        {token.lastUsedAt
                          ? t('integrations.tokens.lastUsed', { date: formatDateTime(token.lastUsedAt) })
                          : t('integrations.tokens.neverUsed')}
                      </Text>
                      {token.expiresAt && (
                        <Text size="sm" c="dimmed">
                          {t('integrations.tokens.expires', { date: formatDateTime(token.expiresAt) })}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {t('integrations.tokens.createdBy', {
                          name: token.createdBy?.displayName ?? '—',
                          date: formatDateTime(token.createdAt),
                        })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    {token.status !== 'revoked' && (
                      <Button
                        variant="subtle"
                        color="red"
                        aria-label={t('integrations.tokens.revokeLabel', { name: token.name })}
                        onClick={() => setRevoking(token)}
                      >
                        {t('integrations.tokens.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={revoking !== null}
        title={t('integrations.tokens.revokeTitle')}
        body={t('integrations.tokens.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('integrations.tokens.revoke')}
        danger
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
        }}
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
      />
    </Stack>
  );
}
