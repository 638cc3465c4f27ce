import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormError } from '../../../components/form-error';
import { dateTimeFormat } from '../../../lib/date-format';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { identitiesQueryOptions } from '../api/get-identities';
import { useUnlinkIdentity } from '../api/unlink-identity';

/** Third-party accounts linked to this one; unlinking needs a password to remain as a way in. */
export function LinkedAccountsSection() {
  const { t, locale } = useTranslation();
  const identities = useQuery(identitiesQueryOptions());
  const unlink = useUnlinkIdentity();
  const format = dateTimeFormat(locale, { dateStyle: 'medium' });
  const items = identities.data?.items ?? [];

  return (
    <Stack gap="sm">
      <FormError error={identities.error ?? unlink.error} />
      {identities.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('profileSecurity.noLinked')}
        </Text>
      )}
      {identities.data && !identities.data.hasPassword && items.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('profileSecurity.needsPassword')}
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <Group component="li" key={item.id} justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={500}>
                {item.providerName} · {item.email}
              </Text>
              <Text size="xs" c="dimmed">
                {t('profileSecurity.linkedSince', { date: format.format(new Date(item.createdAt)) })}
              </Text>
            </div>
            <Button
              size="xs"
              variant="default"
              disabled={!identities.data?.hasPassword}
              loading={unlink.isPending && unlink.variables === item.id}
              onClick={() =>
                unlink.mutate(item.id, { onSuccess: () => toastSuccess(t('profileSecurity.unlinked')) })
              }
            >
              {t('profileSecurity.unlink')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
