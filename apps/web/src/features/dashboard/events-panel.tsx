import type { DashboardEvent, DashboardEvents } from '@guichet/shared/dashboard';
import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { dateTimeFormat } from '../../lib/date-format';
import { eventPath } from '../../lib/event-resource';
import { useTranslation } from '../../lib/i18n';

function EventCard({ event, canOpen }: { event: DashboardEvent; canOpen: boolean }) {
  const { t, locale } = useTranslation();
  const when = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(event.startsAt),
  );
  const percent = event.fillRate === null ? null : Math.round(event.fillRate * 100);
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        {canOpen ? (
          <Anchor component={Link} to={eventPath(event.id)} fw={600}>
            {event.name}
          </Anchor>
        ) : (
          <Text fw={600}>{event.name}</Text>
        )}
        <Text size="sm" c="dimmed">
          {when}
        </Text>
        {event.insideNow !== null && (
          <Text size="sm" fw={600}>
            {t('overview.events.inside', { inside: event.insideNow, checkedIn: event.checkedIn ?? 0 })}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {event.capacity === null
              ? t('overview.events.sold', { count: event.ticketsSold })
              : t('overview.events.soldOf', { sold: event.ticketsSold, capacity: event.capacity })}
          </Text>
          {percent !== null && <Text size="sm">{percent}%</Text>}
        </Group>
        {percent !== null && (
          <Progress value={percent} aria-label={t('overview.events.fill', { percent })} color="teal.8" />
        )}
        <Text size="xs" c="dimmed">
          {t('overview.events.pace', { count: event.soldLast7Days })}
        </Text>
        {event.comparable && (
          <Text size="xs" c="dimmed">
            {t('overview.events.comparable', {
              name: event.comparable.name,
              sameTime: event.comparable.soldSameTimeBefore,
              total: event.comparable.ticketsSold,
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Events happening now (with who is inside) and the next ones (fill rate, pace, the previous event). */
export function EventsPanel({ events, canOpen }: { events: DashboardEvents; canOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {events.now.length > 0 && (
        <section aria-labelledby="events-now">
          <Title order={3} size="h4" id="events-now" mb="xs">
            {t('overview.events.now')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {events.now.map((event) => (
              <EventCard key={event.id} event={event} canOpen={canOpen} />
            ))}
          </SimpleGrid>
        </section>
      )}
      <section aria-labelledby="events-upcoming">
        <Title order={3} size="h4" id="events-upcoming" mb="xs">
          {t('overview.events.upcoming')}
        </Title>
        {events.upcoming.length === 0 ? (
          <Text c="dimmed">{t('overview.events.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {events.upcoming.map((event) => (
              <EventCard key={event.id} event={event} canOpen={canOpen} />
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}
