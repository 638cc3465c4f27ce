import type { EventDetail } from '@guichet/shared/events';
import type { CheckinLogPage } from '@guichet/shared/scan';
import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { FormError } from '../../components/form-error';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { ConfirmModal } from '../events/detail/confirm-modal';
import { useCheckins } from './api/list-checkins';
import { useUndoCheckin } from './api/undo-checkin';
import { lightBadge } from './badge';
import { formatScanTime, shortDevice } from './format';

type LogEntry = CheckinLogPage['items'][number];

function ticketLabel(entry: LogEntry, t: TFunction): string {
  if (!entry.ticket) return t('checkin.recent.unknownTicket');
  return entry.ticket.attendeeName || entry.ticket.orderCode;
}

function ResultCell({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const direction = entry.direction === 'exit' ? t('checkin.recent.exit') : t('checkin.recent.entry');
  return (
    <Group gap={6}>
      <Badge {...lightBadge(entry.direction === 'exit' ? 'blue' : 'gray')}>{direction}</Badge>
      {entry.result === 'ok' ? (
        <Badge {...lightBadge('teal')}>{t('checkin.recent.admitted')}</Badge>
      ) : (
        <Badge {...lightBadge('red')}>
          {t('checkin.recent.refused', { reason: entry.reason ? t(`checkin.reasons.${entry.reason}`) : '' })}
        </Badge>
      )}
      {entry.offline && <Badge {...lightBadge('gray', 'outline')}>{t('checkin.recent.offline')}</Badge>}
      {entry.undoneAt && (
        <Badge {...lightBadge('orange')}>
          {entry.undoneByName
            ? t('checkin.recent.undone', { name: entry.undoneByName })
            : t('checkin.recent.undoneNoName')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The latest scans at every gate, newest first, read again whenever the headcount moves; an admission made
 * by mistake is undone from here, with an optional reason (the server records who undid it).
 */
export function RecentCheckins({ event }: { event: EventDetail }) {
  const { t, locale } = useTranslation();
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
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('checkin.recent.columns.time')}</Table.Th>
                <Table.Th scope="col">{t('checkin.recent.columns.ticket')}</Table.Th>
                <Table.Th scope="col">{t('checkin.recent.columns.list')}</Table.Th>
                <Table.Th scope="col">{t('checkin.recent.columns.result')}</Table.Th>
                <Table.Th scope="col">{t('checkin.recent.columns.by')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('checkin.recent.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((entry) => {
                const time = formatScanTime(entry.scannedAt, event.timeZone, locale);
                const name = ticketLabel(entry, t);
                return (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{time}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      {entry.ticket && (
                        <Text size="xs" c="dimmed">
                          {entry.ticket.ticketTypeName} · {entry.ticket.orderCode}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{entry.listName}</Table.Td>
                    <Table.Td>
                      <ResultCell entry={entry} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.staffName ?? t('checkin.recent.unknownStaff')}</Text>
                      <Text size="xs" c="dimmed">
                        {t('checkin.recent.device', { device: shortDevice(entry.deviceId) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {entry.result === 'ok' && !entry.undoneAt && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => ask(entry)}
                          aria-label={t('checkin.recent.undoNamed', {
                            direction:
                              entry.direction === 'exit'
                                ? t('checkin.recent.exit').toLowerCase()
                                : t('checkin.recent.entry').toLowerCase(),
                            name,
                            time,
                          })}
                        >
                          {t('checkin.recent.undo')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
        <Textarea
          label={t('checkin.recent.reason')}
          placeholder={t('checkin.recent.reasonPlaceholder')}
          value={reason}
          onChange={(input) => setReason(input.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={1}
        />
      </ConfirmModal>
    </Paper>
  );
}
