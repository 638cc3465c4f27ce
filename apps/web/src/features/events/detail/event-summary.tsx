import type { EventDetail } from '@guichet/shared/events';
import { Anchor, AspectRatio, Image, Paper, SimpleGrid, Stack, Text, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFileUrl } from '../../../lib/file-url';
import { useTranslation } from '../../../lib/i18n';
import { formatEventDates } from '../list/format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The event as buyers will know it: when (in its own zone), where, the cover and the description. */
export function EventSummary({ event }: { event: EventDetail }) {
  const { t, locale } = useTranslation();
  const cover = useFileUrl(event.coverFileId ? `/files/${event.coverFileId}` : null);
  const venue = event.venue;

  return (
    <Stack gap="md">
      {event.coverFileId && (
        <Paper withBorder radius="md" maw={560} style={{ overflow: 'hidden' }}>
          <AspectRatio ratio={16 / 9}>
            {cover ? <Image src={cover} alt={t('eventEditor.cover.preview')} fit="cover" /> : <div />}
          </AspectRatio>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label={t('eventEditor.summary.when')}>
          <Text>{formatEventDates(event.startsAt, event.endsAt, event.timeZone, locale)}</Text>
          <Text size="sm" c="dimmed">
            {t('eventEditor.form.inZone', { zone: event.timeZone })}
          </Text>
        </Fact>
        <Fact label={t('eventEditor.summary.where')}>
          {event.locationType === 'online' ? (
            event.onlineUrl ? (
              <Anchor
                href={event.onlineUrl}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {event.onlineUrl}
              </Anchor>
            ) : (
              <Text c="dimmed">{t('eventEditor.summary.noPlace')}</Text>
            )
          ) : (
            <>
              <Text>{venue?.name || t('eventEditor.summary.noPlace')}</Text>
              {venue?.address && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {venue.address}
                </Text>
              )}
              {venue?.latitude != null && venue.longitude != null && (
                <Anchor
                  size="sm"
                  href={`https://www.openstreetmap.org/?mlat=${venue.latitude}&mlon=${venue.longitude}#map=17/${venue.latitude}/${venue.longitude}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('eventEditor.summary.openMap')}
                </Anchor>
              )}
            </>
          )}
        </Fact>
      </SimpleGrid>
      <Fact label={t('eventEditor.form.description')}>
        {event.description ? (
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the API stores descriptions through an allow-list sanitiser (tags p, lists, links and a few others; no attributes but http(s)/mailto hrefs). */}
            <div dangerouslySetInnerHTML={{ __html: event.description }} />
          </Typography>
        ) : (
          <Text c="dimmed">{t('eventEditor.summary.noDescription')}</Text>
        )}
      </Fact>
    </Stack>
  );
}
