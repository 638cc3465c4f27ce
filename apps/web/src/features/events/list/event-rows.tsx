import type { EventStatus, EventSummary } from '@guichet/shared/events';
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { STATUS_LABELS } from './filters';
import { formatEventDates } from './format';

const STATUS_COLORS: Record<EventStatus, string> = {
  draft: 'gray',
  published: 'green',
  cancelled: 'red',
  archived: 'dark',
};

export function StatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant={status === 'archived' ? 'outline' : 'light'}
      // A status is one short word: show it whole rather than let a narrow cell cut it.
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

function EventDates({ event }: { event: EventSummary }) {
  const { locale } = useTranslation();
  return <>{formatEventDates(event.startsAt, event.endsAt, event.timeZone, locale)}</>;
}

function venueText(event: EventSummary, t: TFunction): string {
  if (event.locationType === 'online') return t('eventList.online');
  return event.venue?.name || event.venue?.address || t('eventList.noVenue');
}

/** Sold against capacity ("12 / 100 sold"), and the tickets held in unfinished orders when there are some. */
function Tickets({ event }: { event: EventSummary }) {
  const { t, locale } = useTranslation();
  const number = new Intl.NumberFormat(locale);
  if (event.ticketTypeCount === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('eventList.noTicketTypes')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('eventList.sold', { sold: number.format(event.sold), capacity: number.format(event.capacity) })}
      </Text>
      {event.held > 0 && (
        <Text size="xs" c="dimmed">
          {t('eventList.held', { count: event.held, held: number.format(event.held) })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('eventList.ticketTypes', { count: event.ticketTypeCount })}
      </Text>
    </Stack>
  );
}

function EventLink({ event }: { event: EventSummary }) {
  return (
    <Anchor component={Link} to={`/events/${event.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {event.name}
    </Anchor>
  );
}

/** Desktop: one row per event. */
export function EventTable({ events }: { events: EventSummary[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('eventList.columns.event')}</Table.Th>
            <Table.Th>{t('eventList.columns.date')}</Table.Th>
            <Table.Th>{t('eventList.columns.status')}</Table.Th>
            <Table.Th>{t('eventList.columns.tickets')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <Stack gap={2}>
                  <EventLink event={event} />
                  <Text size="sm" c="dimmed">
                    {venueText(event, t)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <EventDates event={event} />
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={event.status} />
              </Table.Td>
              <Table.Td>
                <Tickets event={event} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per event, in a list. */
export function EventCards({ events }: { events: EventSummary[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {events.map((event) => (
        <Card component="li" key={event.id} withBorder padding="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <EventLink event={event} />
              <StatusBadge status={event.status} />
            </Group>
            <Text size="sm">
              <EventDates event={event} />
            </Text>
            <Text size="sm" c="dimmed">
              {venueText(event, t)}
            </Text>
            <Tickets event={event} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
