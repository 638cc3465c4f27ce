import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { formatTime } from '../format';
import type { EngineState } from '../scanner-engine';

/** Online or offline, what waits to be synced, and whether this device could carry on without network. */
export function StatusBar({
  state,
  onSync,
  onUpdateSnapshot,
}: {
  state: EngineState;
  onSync: () => void;
  onUpdateSnapshot: () => void;
}) {
  const { t, locale } = useTranslation();
  const online = state.mode === 'online';
  let snapshotText: string;
  if (state.snapshotStatus === 'unsupported') snapshotText = t('scan.snapshot.unsupported');
  else if (state.snapshot) {
    snapshotText = t('scan.snapshot.ready', {
      count: state.snapshot.tickets,
      time: formatTime(state.snapshot.generatedAt, locale),
    });
  } else if (state.snapshotStatus === 'failed') snapshotText = t('scan.snapshot.failed');
  else if (state.snapshotStatus === 'loading') snapshotText = t('scan.setup.preparing');
  else snapshotText = t('scan.snapshot.missing');

  return (
    <Paper withBorder p="xs" radius="md" bg={online ? undefined : 'orange.0'}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
            <Badge size="lg" color={online ? '#237a36' : '#a63c06'} data-testid="scan-mode">
              {online ? t('scan.mode.online') : t('scan.mode.offline')}
            </Badge>
            <Text
              size="sm"
              fw={state.pending > 0 ? 700 : 400}
              data-testid="scan-queue"
              data-count={state.pending}
            >
              {state.pending > 0 ? t('scan.queue', { count: state.pending }) : t('scan.queueEmpty')}
            </Text>
          </Group>
          {online && state.pending > 0 && (
            <Button size="compact-sm" variant="light" onClick={onSync} loading={state.syncing}>
              {t('scan.syncNow')}
            </Button>
          )}
        </Group>
        <Text size="xs">{online ? t('scan.mode.onlineHint') : t('scan.mode.offlineHint')}</Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" data-testid="scan-snapshot" style={{ flex: 1, minWidth: 0 }}>
            {snapshotText}
          </Text>
          {online && state.snapshotStatus !== 'unsupported' && (
            <Button
              size="compact-xs"
              variant="subtle"
              style={{ flexShrink: 0 }}
              onClick={onUpdateSnapshot}
              loading={state.snapshotStatus === 'loading'}
            >
              {t('scan.snapshot.update')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
