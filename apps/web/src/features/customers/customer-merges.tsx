import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { toastError, toastSuccess } from '../../lib/toasts';
import { useMerges } from './api/list-merges';
import { useUnmergeCustomer } from './api/unmerge-customer';
import { formatInstant } from './format';
import { useCustomersTranslation as useTranslation } from './i18n';

/** The records merged into this one, on the timeline, each with its unmerge. */
export function CustomerMerges({ customerId }: { customerId: string }) {
  const { t, locale } = useTranslation();
  const merges = useMerges(customerId);
  const unmerging = useUnmergeCustomer(customerId);
  const rows = merges.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="customer-merges">
      <Title order={3} size="h5" id="customer-merges">
        {t('customerRecords.merges.heading')}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((merge) => (
          <li key={merge.id}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('customerRecords.merges.entry', {
                    name: merge.mergedName,
                    email: merge.mergedEmail,
                    at: formatInstant(merge.mergedAt, locale),
                  })}{' '}
                  {merge.actorName && t('customerRecords.merges.by', { name: merge.actorName })}
                </Text>
                <Text size="xs" c="dimmed">
                  {merge.unmergedAt
                    ? t('customerRecords.merges.undone', { at: formatInstant(merge.unmergedAt, locale) })
                    : t('customerRecords.merges.moved', {
                        notes: merge.moved.notes,
                        memberships: merge.moved.memberships,
                      })}
                </Text>
              </Stack>
              {!merge.unmergedAt && (
                <Button
                  size="xs"
                  variant="default"
                  loading={unmerging.isPending && unmerging.variables === merge.mergedId}
                  onClick={() =>
                    unmerging.mutate(merge.mergedId, {
                      onSuccess: () => toastSuccess(t('customerRecords.merges.unmerged')),
                      onError: (error) => toastError(error),
                    })
                  }
                >
                  {t('customerRecords.merges.unmerge')}
                </Button>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
