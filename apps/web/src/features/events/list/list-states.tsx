import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { useTranslation } from '../../../lib/i18n';

/** Placeholder rows while the first page loads, shaped like the list so nothing jumps. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('eventList.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <Skeleton key={index} h={64} radius="md" />
      ))}
    </Stack>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <FormError error={error} />
      <Button variant="default" onClick={onRetry}>
        {t('eventList.retry')}
      </Button>
    </Stack>
  );
}

/**
 * Nothing to show: either nothing matches the filters (offer to clear them), or the organisation has no
 * event yet (offer to create the first).
 */
export function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} size="h4">
          {t(filtered ? 'eventList.empty.filteredTitle' : 'eventList.empty.noneTitle')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t(filtered ? 'eventList.empty.filteredText' : 'eventList.empty.noneText')}
        </Text>
        <Group justify="center">
          {filtered ? (
            <Button variant="default" onClick={onClear}>
              {t('eventList.clearFilters')}
            </Button>
          ) : (
            <Button component={Link} to="/events/create">
              {t('eventList.createFirst')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
