import type { EventDetail } from '@guichet/shared/events';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormError } from '../../components/form-error';
import { LimitedTextarea } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useDevice } from '../../lib/use-device';
import { useCheckins } from './api/list-checkins';
import { useUndoCheckin } from './api/undo-checkin';
import { EntryCards, EntryTable, type LogEntry } from './checkin-entries';

/**
 * The latest scans at every gate, newest first, read again whenever the headcount moves; an admission made
 * by mistake is undone from here, with an optional reason (the server records who undid it).
 */
export function RecentCheckins({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const log = useCheckins(event.id);
  const undo = useUndoCheckin(event.id);
  const [target, setTarget] = useState<LogEntry | null>(null);
  const [reason, setReason] = useState('');
  const items = useMemo(() => log.data?.pages.flatMap((page) => page.items) ?? [], [log.data]);

  const ask = (entry: LogEntry) => {
    undo.reset();
    setReason('');
    setTarget(entry);
  };

  let body: ReactNode;
  if (log.isPending) {
    body = <Skeleton height={60} aria-busy="true" aria-label={t('checkin.loading')} />;
  } else if (!log.data) {
    body = (
      <Stack gap="sm" align="flex-start">
        <FormError error={log.error} />
        <Button variant="default" onClick={() => void log.refetch()}>
          {t('checkin.retry')}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    body = <Text c="dimmed">{t('checkin.recent.empty')}</Text>;
  } else {
    body = (
      <Stack gap="sm">
        {phoneLayout ? (
          <EntryCards entries={items} timeZone={event.timeZone} onUndo={ask} />
        ) : (
          <EntryTable entries={items} timeZone={event.timeZone} onUndo={ask} />
        )}
        {log.isError && <FormError error={log.error} />}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('checkin.recent.shown', { count: items.length })}
          </Text>
          {log.hasNextPage && (
            <Button
              variant="default"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('checkin.recent.loadMore')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby="recent-checkins-heading"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={2} size="h3" id="recent-checkins-heading" mb="md">
        {t('checkin.recent.heading')}
      </Title>
      {body}
      <ConfirmModal
        opened={target !== null}
        title={t('checkin.recent.undoTitle')}
        body={t('checkin.recent.undoBody')}
        confirmLabel={t('checkin.recent.undoConfirm')}
        danger
        pending={undo.isPending}
        error={undo.error}
        onClose={() => setTarget(null)}
        onConfirm={() =>
          target &&
          undo.mutate(
            { id: target.id, reason: reason.trim() },
            {
              onSuccess: () => {
                toastSuccess(t('checkin.recent.undoneToast'));
                setTarget(null);
              },
            },
          )
        }
      >
        <LimitedTextarea
          label={t('checkin.recent.reason')}
          placeholder={t('checkin.recent.reasonPlaceholder')}
          value={reason}
          onChange={(input) => setReason(input.currentTarget.value)}
          limit={500}
          autosize
          minRows={1}
        />
      </ConfirmModal>
    </Paper>
  );
}
