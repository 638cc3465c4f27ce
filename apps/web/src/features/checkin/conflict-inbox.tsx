import type { EventDetail } from '@guichet/shared/events';
import type { CheckinEntry, Conflict } from '@guichet/shared/scan';
import { Badge, Button, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormError } from '../../components/form-error';
import { LimitedTextarea } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useConflicts } from './api/list-conflicts';
import { useResolveConflict } from './api/resolve-conflict';
import { lightBadge } from './badge';
import { formatScanTime, shortDevice } from './format';

type Action = 'keep' | 'first' | 'second';

/** One of the two admissions: when, where, on which phone, by whom; and whether it was undone since. */
function ScanCard({ title, scan, timeZone }: { title: string; scan: CheckinEntry; timeZone: string }) {
  const { t, locale } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="sm">
        {t('checkin.conflicts.scan', {
          time: formatScanTime(scan.scannedAt, timeZone, locale),
          list: scan.listName,
          device: shortDevice(scan.deviceId),
        })}
      </Text>
      <Group gap={6}>
        {scan.staffName && (
          <Text size="sm" c="dimmed">
            {t('checkin.conflicts.by', { name: scan.staffName })}
          </Text>
        )}
        {scan.offline && (
          <Badge size="sm" {...lightBadge('gray')}>
            {t('checkin.conflicts.offline')}
          </Badge>
        )}
        {scan.undoneAt && (
          <Badge size="sm" {...lightBadge('orange')}>
            {t('checkin.conflicts.undone')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

function ConflictCard({
  conflict,
  timeZone,
  onResolve,
}: {
  conflict: Conflict;
  timeZone: string;
  onResolve?: () => void;
}) {
  const { t, locale } = useTranslation();
  const name = conflict.ticket.attendeeName || t('checkin.conflicts.noName');
  const title = t('checkin.conflicts.title', {
    name,
    type: conflict.ticket.ticketTypeName,
    order: conflict.ticket.orderCode,
  });
  let resolution: string | null = null;
  if (conflict.resolvedAt) {
    const time = formatScanTime(conflict.resolvedAt, timeZone, locale);
    resolution = conflict.resolvedByName
      ? t('checkin.conflicts.resolvedBy', { time, name: conflict.resolvedByName })
      : t('checkin.conflicts.resolvedAt', { time });
  }
  return (
    <Paper component="li" withBorder p="sm" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text fw={700}>{title}</Text>
          {onResolve ? (
            <Button size="sm" onClick={onResolve} aria-label={t('checkin.conflicts.resolveNamed', { name })}>
              {t('checkin.conflicts.resolve')}
            </Button>
          ) : (
            <Badge {...lightBadge('teal')}>{t('checkin.conflicts.resolvedBadge')}</Badge>
          )}
        </Group>
        {conflict.first ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <ScanCard title={t('checkin.conflicts.first')} scan={conflict.first} timeZone={timeZone} />
            <ScanCard title={t('checkin.conflicts.second')} scan={conflict.second} timeZone={timeZone} />
          </SimpleGrid>
        ) : (
          <ScanCard title={t('checkin.conflicts.notValid')} scan={conflict.second} timeZone={timeZone} />
        )}
        {resolution && (
          <Text size="sm" c="dimmed">
            {resolution}
            {conflict.resolutionNote ? ` — ${conflict.resolutionNote}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Acknowledges a conflict with a note, undoing one of the two check-ins or keeping both. */
function ResolveModal({
  event,
  conflict,
  onClose,
}: {
  event: EventDetail;
  conflict: Conflict | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const resolve = useResolveConflict(event.id);
  const [action, setAction] = useState<Action>('keep');
  const [note, setNote] = useState('');
  const open = conflict !== null;
  const undoable = (scan: CheckinEntry | null | undefined) => !!scan && scan.undoneAt === null;
  return (
    <ConfirmModal
      opened={open}
      title={t('checkin.conflicts.resolveTitle')}
      body={t('checkin.conflicts.resolveBody')}
      confirmLabel={t('checkin.conflicts.confirm')}
      pending={resolve.isPending}
      error={resolve.error}
      onClose={onClose}
      onConfirm={() => {
        if (!conflict) return;
        const undo =
          action === 'first' ? conflict.first?.id : action === 'second' ? conflict.second.id : undefined;
        resolve.mutate(
          { id: conflict.id, body: { note: note.trim() || undefined, undoCheckinId: undo } },
          {
            onSuccess: () => {
              toastSuccess(t('checkin.conflicts.resolved'));
              onClose();
            },
          },
        );
      }}
    >
      <Radio.Group
        label={t('checkin.conflicts.action')}
        value={action}
        onChange={(value) => setAction(value as Action)}
      >
        <Stack gap="xs" mt={6}>
          <Radio value="keep" label={t('checkin.conflicts.keepBoth')} />
          <Radio
            value="first"
            label={t('checkin.conflicts.undoFirst')}
            disabled={!undoable(conflict?.first)}
          />
          <Radio
            value="second"
            label={t('checkin.conflicts.undoSecond')}
            disabled={!undoable(conflict?.second)}
          />
        </Stack>
      </Radio.Group>
      <LimitedTextarea
        label={t('checkin.conflicts.note')}
        placeholder={t('checkin.conflicts.notePlaceholder')}
        value={note}
        onChange={(input) => setNote(input.currentTarget.value)}
        limit={1000}
        autosize
        minRows={2}
      />
    </ConfirmModal>
  );
}

/**
 * Conflicts raised when offline scanners admitted one ticket more often than its list allows: both scans
 * side by side, resolved with a note. The count of open ones sits beside the title.
 */
export function ConflictInbox({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const conflicts = useConflicts(event.id);
  const [resolving, setResolving] = useState<Conflict | null>(null);
  const [showResolved, setShowResolved] = useState(false);
  const open = conflicts.data?.filter((conflict) => conflict.status === 'open') ?? [];
  const resolved = conflicts.data?.filter((conflict) => conflict.status === 'resolved') ?? [];

  let body: ReactNode;
  if (conflicts.isPending) {
    body = <Skeleton height={40} aria-busy="true" aria-label={t('checkin.loading')} />;
  } else if (!conflicts.data) {
    body = (
      <Stack gap="sm" align="flex-start">
        <FormError error={conflicts.error} />
        <Button variant="default" onClick={() => void conflicts.refetch()}>
          {t('checkin.retry')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        {open.length === 0 ? (
          <Text c="dimmed">{t('checkin.conflicts.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {open.map((conflict) => (
              <ConflictCard
                key={conflict.id}
                conflict={conflict}
                timeZone={event.timeZone}
                onResolve={() => setResolving(conflict)}
              />
            ))}
          </Stack>
        )}
        {resolved.length > 0 && (
          <Button
            variant="subtle"
            onClick={() => setShowResolved((shown) => !shown)}
            aria-expanded={showResolved}
            style={{ alignSelf: 'flex-start' }}
          >
            {showResolved
              ? t('checkin.conflicts.hideResolved')
              : t('checkin.conflicts.showResolved', { count: resolved.length })}
          </Button>
        )}
        {showResolved && resolved.length > 0 && (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {resolved.map((conflict) => (
              <ConflictCard key={conflict.id} conflict={conflict} timeZone={event.timeZone} />
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Paper component="section" aria-labelledby="conflicts-heading" withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} size="h3" id="conflicts-heading">
            {t('checkin.conflicts.heading')}
          </Title>
          {open.length > 0 && (
            <Badge color="red" variant="filled" size="lg">
              {t('checkin.conflicts.badge', { count: open.length })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('checkin.conflicts.intro')}
        </Text>
        {body}
      </Stack>
      {/* Keyed by conflict: each opening starts with "keep both" and an empty note. */}
      <ResolveModal
        key={resolving?.id ?? 'none'}
        event={event}
        conflict={resolving}
        onClose={() => setResolving(null)}
      />
    </Paper>
  );
}
