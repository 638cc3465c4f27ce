import type { EventDetail } from '@guichet/shared/events';
import type { CheckinList } from '@guichet/shared/scan';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { useSessionState } from '../../lib/session/use-session';
import { toastSuccess } from '../../lib/toasts';
import { useDeleteCheckinList } from './api/delete-checkin-list';
import { useCheckinLists } from './api/list-checkin-lists';
import { lightBadge } from './badge';
import { formatWindow, formatWindowTime } from './format';
import { ListModal } from './list-modal';

/** The scanner is an app of its own: a full page load, told which organisation and event to open. */
export function scannerHref(organizationId: string | null, eventId: string): string {
  const search = new URLSearchParams({ event: eventId });
  if (organizationId) search.set('organization', organizationId);
  return `/scan?${search}`;
}

/** What one list admits, when, and by which rules, in a line or two. */
function ListRow({
  event,
  list,
  onEdit,
  onDelete,
}: {
  event: EventDetail;
  list: CheckinList;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, locale } = useTranslation();
  const zone = event.timeZone;
  const names = event.ticketTypes
    .filter((type) => list.ticketTypeIds.includes(type.id))
    .map((type) => type.name);
  let window = t('checkin.anyTime');
  if (list.startsAt && list.endsAt) {
    window = t('checkin.lists.window', { range: formatWindow(list.startsAt, list.endsAt, zone, locale) });
  } else if (list.startsAt) {
    window = t('checkin.lists.from', { start: formatWindowTime(list.startsAt, zone, locale) });
  } else if (list.endsAt) {
    window = t('checkin.lists.until', { end: formatWindowTime(list.endsAt, zone, locale) });
  }
  return (
    <Paper component="li" withBorder p="sm" aria-label={list.name}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Text fw={700}>{list.name}</Text>
          <Text size="sm">
            {list.allTicketTypes
              ? t('checkin.lists.allTypes')
              : names.length > 0
                ? t('checkin.lists.types', { names: names.join(', ') })
                : t('checkin.lists.noTypesLeft')}
          </Text>
          <Text size="sm" c="dimmed">
            {window}
          </Text>
          <Group gap={6}>
            {list.allowReentry && <Badge {...lightBadge('gray')}>{t('checkin.lists.reentry')}</Badge>}
            {list.allowMultipleEntries && (
              <Badge {...lightBadge('gray')}>{t('checkin.lists.multiple')}</Badge>
            )}
            {list.capacityAlert !== null && (
              <Badge {...lightBadge('orange')}>
                {t('checkin.lists.alertAt', { alert: list.capacityAlert })}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            size="sm"
            onClick={onEdit}
            aria-label={t('checkin.lists.editNamed', { name: list.name })}
          >
            {t('checkin.lists.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            onClick={onDelete}
            aria-label={t('checkin.lists.deleteNamed', { name: list.name })}
          >
            {t('checkin.lists.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The event's check-in lists: what each entrance admits; create, edit, delete; a way to the scanner. */
export function ListsSection({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const { organizationId } = useSessionState();
  const lists = useCheckinLists(event.id);
  const remove = useDeleteCheckinList();
  const [editing, setEditing] = useState<{ open: boolean; list: CheckinList | null }>({
    open: false,
    list: null,
  });
  const [deleting, setDeleting] = useState<CheckinList | null>(null);

  let body: ReactNode;
  if (lists.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('checkin.loading')}>
        <Skeleton height={60} />
      </Stack>
    );
  } else if (!lists.data) {
    body = (
      <Stack gap="sm" align="flex-start">
        <FormError error={lists.error} />
        <Button variant="default" onClick={() => void lists.refetch()}>
          {t('checkin.retry')}
        </Button>
      </Stack>
    );
  } else if (lists.data.length === 0) {
    body = <Text c="dimmed">{t('checkin.lists.empty')}</Text>;
  } else {
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {lists.data.map((list) => (
          <ListRow
            key={list.id}
            event={event}
            list={list}
            onEdit={() => setEditing({ open: true, list })}
            onDelete={() => {
              remove.reset();
              setDeleting(list);
            }}
          />
        ))}
      </Stack>
    );
  }

  const name = deleting?.name ?? '';
  return (
    <Paper
      component="section"
      aria-labelledby="checkin-lists-heading"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="checkin-lists-heading">
            {t('checkin.lists.heading')}
          </Title>
          <Group gap="sm">
            {(lists.data?.length ?? 0) > 0 && (
              <Anchor href={scannerHref(organizationId, event.id)}>{t('checkin.lists.openScanner')}</Anchor>
            )}
            <Button onClick={() => setEditing({ open: true, list: null })}>{t('checkin.lists.add')}</Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('checkin.lists.intro')}
        </Text>
        {body}
      </Stack>
      <ListModal
        event={event}
        list={editing.list}
        opened={editing.open}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('checkin.lists.deleteTitle', { name })}
        body={t('checkin.lists.deleteBody')}
        confirmLabel={t('checkin.lists.deleteConfirm')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(t('checkin.lists.deleted', { name }));
              setDeleting(null);
            },
          })
        }
      />
    </Paper>
  );
}
