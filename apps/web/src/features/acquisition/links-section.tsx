import type { TrackingLink } from '@guichet/shared/acquisition';
import { Anchor, Button, Card, CopyButton, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { toastError, toastSuccess } from '../../lib/toasts';
import { useDevice } from '../../lib/use-device';
import { useDeleteTrackingLink } from './api/delete-link';
import type { AcquisitionEvent } from './api/list-events';
import { useTrackingLinks } from './api/list-links';
import { channelLabel } from './format';
import { LinkModal } from './link-modal';
import { downloadQrCode } from './qr';

/** The tracking links (of the chosen event, or all): create, edit, copy the short address, QR, delete. */
export function LinksSection({ eventId, events }: { eventId: string | null; events: AcquisitionEvent[] }) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const links = useTrackingLinks(eventId);
  const remove = useDeleteTrackingLink();
  const [editing, setEditing] = useState<TrackingLink | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TrackingLink | null>(null);
  const items = links.data?.pages.flatMap((page) => page.items) ?? [];

  const actions = (link: TrackingLink) => (
    <Group gap={4} wrap="nowrap">
      <CopyButton value={link.shortUrl}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="default"
            onClick={copy}
            aria-label={t('acquisition.links.copyLabel', { name: link.name })}
          >
            {copied ? t('acquisition.links.copied') : t('acquisition.links.copy')}
          </Button>
        )}
      </CopyButton>
      <Button
        size="xs"
        variant="default"
        aria-label={t('acquisition.links.qrLabel', { name: link.name })}
        onClick={() => void downloadQrCode(link.shortUrl, `qr-${link.code}.svg`).catch(toastError)}
      >
        {t('acquisition.links.qr')}
      </Button>
      <Button
        size="xs"
        variant="default"
        aria-label={t('acquisition.links.editLabel', { name: link.name })}
        onClick={() => setEditing(link)}
      >
        {t('acquisition.links.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={t('acquisition.links.deleteLabel', { name: link.name })}
        onClick={() => {
          remove.reset();
          setDeleting(link);
        }}
      >
        {t('acquisition.links.delete')}
      </Button>
    </Group>
  );

  const utm = (link: TrackingLink) =>
    [link.utmSource, link.utmMedium, link.utmCampaign].filter(Boolean).join(' / ') || '–';

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button onClick={() => setCreating(true)} disabled={events.length === 0}>
          {t('acquisition.links.add')}
        </Button>
      </Group>
      {links.isPending ? (
        <Loader aria-label={t('acquisition.links.loading')} />
      ) : links.isError ? (
        <FormError error={links.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('acquisition.links.empty')}</Text>
      ) : phoneLayout ? (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((link) => (
            <Card key={link.id} component="li" withBorder padding="sm">
              <Text fw={600}>{link.name}</Text>
              <Text size="sm" c="dimmed">
                {link.eventName} · {channelLabel(link.channel, t)}
              </Text>
              <Anchor href={link.shortUrl} size="sm" target="_blank" rel="noopener noreferrer">
                {link.shortUrl}
              </Anchor>
              <Group mt="xs">{actions(link)}</Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('acquisition.links.name')}</Table.Th>
                <Table.Th scope="col">{t('acquisition.links.event')}</Table.Th>
                <Table.Th scope="col">{t('acquisition.links.channel')}</Table.Th>
                <Table.Th scope="col">UTM</Table.Th>
                <Table.Th scope="col">{t('acquisition.links.shortUrl')}</Table.Th>
                <Table.Th scope="col">{t('acquisition.links.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((link) => (
                <Table.Tr key={link.id}>
                  <Table.Th scope="row" fw={500}>
                    {link.name}
                  </Table.Th>
                  <Table.Td>{link.eventName}</Table.Td>
                  <Table.Td>{channelLabel(link.channel, t)}</Table.Td>
                  <Table.Td>{utm(link)}</Table.Td>
                  <Table.Td>
                    <Anchor href={link.shortUrl} size="sm" target="_blank" rel="noopener noreferrer">
                      {link.shortUrl.replace(/^https?:\/\//, '')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{actions(link)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {links.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={links.isFetchingNextPage}
            onClick={() => void links.fetchNextPage()}
          >
            {t('acquisition.links.loadMore')}
          </Button>
        </Group>
      )}
      <LinkModal
        opened={creating || editing !== null}
        link={editing}
        events={events}
        defaultEventId={eventId}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('acquisition.links.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('acquisition.links.deleteBody')}
        confirmLabel={t('acquisition.links.delete')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(t('acquisition.links.deleted'));
              setDeleting(null);
            },
          });
        }}
      />
    </Stack>
  );
}
