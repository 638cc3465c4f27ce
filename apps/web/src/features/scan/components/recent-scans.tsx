import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { formatTime } from '../format';
import type { ScanRecord } from '../offline/scan-record';

/** This device's last scans of the event, newest first, with what still waits to be synced. */
export function RecentScans({ records, timeZone }: { records: ScanRecord[]; timeZone: string }) {
  const { t, locale } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-scans">
      <Title order={2} size="h5" id="recent-scans">
        {t('scan.recent.heading')}
      </Title>
      {records.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('scan.recent.empty')}
        </Text>
      )}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {records.map((record) => (
          <Group
            key={record.nonce}
            component="li"
            gap="xs"
            wrap="nowrap"
            justify="space-between"
            data-testid="recent-scan"
            p="xs"
            style={{
              borderLeft: `4px solid ${record.result === 'ok' ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-red-8)'}`,
              background: 'var(--mantine-color-gray-0)',
              borderRadius: 6,
            }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {record.result === 'ok'
                  ? t(record.direction === 'exit' ? 'scan.verdict.exitOk' : 'scan.verdict.admitted')
                  : t(`scan.reasons.${record.reason ?? 'invalid'}`)}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[formatTime(record.scannedAt, locale, timeZone), record.attendeeName, record.ticketTypeName]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {record.secret === null && (
                <Badge size="sm" variant="light" color="gray">
                  {t('scan.recent.manual')}
                </Badge>
              )}
              {record.setAside && (
                <Badge size="sm" variant="light" color="red">
                  {t('scan.recent.setAside')}
                </Badge>
              )}
              {record.decidedBy === 'device' && !record.setAside && (
                <Badge size="sm" variant="light" color={record.synced ? 'gray' : 'orange'}>
                  {record.synced ? t('scan.recent.offline') : t('scan.recent.pending')}
                </Badge>
              )}
              {record.conflictIds.length > 0 && (
                <Badge size="sm" color="red">
                  {t('scan.recent.conflict')}
                </Badge>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
