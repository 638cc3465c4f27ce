import type { AttendeeResult } from '@guichet/shared/scan';
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/i18n/error-message';
import { searchAttendees } from '../api/search-attendees';

/**
 * Attendee search and check-in by hand (EVENT or ALL only: the server refuses it to SCAN-only staff, and
 * this part is not shown to them). Online only: the snapshot holds no search index.
 */
export function AttendeeSearch({
  organizationId,
  eventId,
  listIds,
  online,
  direction,
  onCheckIn,
}: {
  organizationId: string;
  eventId: string;
  listIds: string[];
  online: boolean;
  direction: 'entry' | 'exit';
  onCheckIn: (ticketId: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AttendeeResult[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    setBusy(true);
    setError(null);
    try {
      setResults(await searchAttendees(organizationId, eventId, q));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="attendee-search">
      <Title order={2} size="h5" id="attendee-search">
        {t('scan.search.heading')}
      </Title>
      {!online && (
        <Text size="sm" c="dimmed">
          {t('scan.search.offline')}
        </Text>
      )}
      <form onSubmit={search}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('scan.search.label')}
            value={query}
            onChange={(change) => setQuery(change.currentTarget.value)}
            disabled={!online}
          />
          <Button type="submit" variant="default" loading={busy} disabled={!online}>
            {t('scan.search.submit')}
          </Button>
        </Group>
      </form>
      {error !== null && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {results?.length === 0 && <Text size="sm">{t('scan.search.none')}</Text>}
      {results && results.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {results.map((result) => {
            const inside = result.presence.some(
              (presence) => listIds.includes(presence.listId) && presence.state === 'inside',
            );
            return (
              <Group key={result.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {result.attendeeName ?? result.buyerName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {result.ticketTypeName} · {result.orderCode}
                  </Text>
                  <Group gap={4}>
                    {result.status !== 'valid' && (
                      <Badge size="xs" color="red" variant="light">
                        {t(`scan.search.status.${result.status}`)}
                      </Badge>
                    )}
                    {inside && (
                      <Badge size="xs" color="green" variant="light">
                        {t('scan.search.inside')}
                      </Badge>
                    )}
                  </Group>
                </Stack>
                <Button
                  size="sm"
                  disabled={!online}
                  onClick={() => void onCheckIn(result.id).then(() => setResults(null))}
                >
                  {direction === 'exit' ? t('scan.search.checkOut') : t('scan.search.checkIn')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
