import type { EventDetail } from '@guichet/shared/events';
import type { Headcount } from '@guichet/shared/scan';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import type { StreamStatus } from '../../lib/live/event-stream';
import { useHeadcount } from './api/get-headcount';
import { formatScanTime } from './format';
import { type BarRow, HeadcountBars } from './headcount-bars';
import { LiveIndicator } from './live/live-indicator';

/** One big figure with its name; the group is named after it so it reads as "Inside now, 12". */
function Figure({ id, label, value, hint }: { id: string; label: string; value: string; hint: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-labelledby={id}>
      <Text size="sm" c="dimmed" id={id}>
        {label}
      </Text>
      <Text fz={36} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function Figures({ event, headcount }: { event: EventDetail; headcount: Headcount }) {
  const { t, locale } = useTranslation();
  const number = new Intl.NumberFormat(locale);
  const alerts = headcount.lists.filter((list) => list.alert);
  const listScale = Math.max(
    1,
    ...headcount.lists.map((list) => Math.max(list.checkedIn, list.capacityAlert ?? 0)),
  );
  const lists: BarRow[] = headcount.lists.map((list) => ({
    id: list.listId,
    name: list.name,
    figures:
      list.capacityAlert === null
        ? t('checkin.headcount.listFigures', {
            inside: number.format(list.insideNow),
            checkedIn: number.format(list.checkedIn),
          })
        : t('checkin.headcount.listFiguresAlert', {
            inside: number.format(list.insideNow),
            alert: number.format(list.capacityAlert),
            checkedIn: number.format(list.checkedIn),
          }),
    value: list.insideNow,
    behind: list.checkedIn,
    scale: listScale,
    mark: list.capacityAlert,
    alert: list.alert,
  }));
  // The types side by side: the longest bar is the type with the most people checked in.
  const typeScale = Math.max(1, ...headcount.ticketTypes.map((type) => type.checkedIn));
  const types: BarRow[] = headcount.ticketTypes.map((type) => ({
    id: type.ticketTypeId,
    name: type.name,
    figures: t('checkin.headcount.typeFigures', {
      checkedIn: number.format(type.checkedIn),
      inside: number.format(type.insideNow),
    }),
    value: type.insideNow,
    behind: type.checkedIn,
    scale: typeScale,
  }));

  return (
    <Stack gap="md">
      {alerts.map((list) => (
        <Alert
          key={list.listId}
          color="red"
          variant="light"
          role="alert"
          title={t('checkin.headcount.alertTitle')}
        >
          {t('checkin.headcount.alert', {
            name: list.name,
            inside: number.format(list.insideNow),
            alert: number.format(list.capacityAlert ?? 0),
          })}
        </Alert>
      ))}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Figure
          id="headcount-checked-in"
          label={t('checkin.headcount.checkedIn')}
          value={number.format(headcount.checkedIn)}
          hint={t('checkin.headcount.checkedInOf', { expected: number.format(headcount.expected) })}
        />
        <Figure
          id="headcount-inside"
          label={t('checkin.headcount.insideNow')}
          value={number.format(headcount.insideNow)}
          hint={t('checkin.headcount.insideHint')}
        />
      </SimpleGrid>
      {lists.length === 0 && event.status === 'published' ? (
        <Alert color="yellow" role="alert" title={t('checkin.headcount.unscannableTitle')}>
          {t('checkin.headcount.unscannable')}
        </Alert>
      ) : lists.length === 0 ? (
        <Text c="dimmed">{t('checkin.headcount.noLists')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('checkin.headcount.perList')}
            </Title>
            <HeadcountBars rows={lists} label={t('checkin.headcount.perList')} />
          </Stack>
          {types.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('checkin.headcount.perTicketType')}
              </Title>
              <HeadcountBars rows={types} label={t('checkin.headcount.perTicketType')} />
            </Stack>
          )}
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed">
        {t('checkin.headcount.updated', { time: formatScanTime(headcount.at, event.timeZone, locale) })}
      </Text>
    </Stack>
  );
}

/**
 * Checked in and inside now, per list and per ticket type, kept current by the stream (its state shows
 * beside the title); a list whose inside-now reaches its threshold raises an alert.
 */
export function HeadcountPanel({ event, status }: { event: EventDetail; status: StreamStatus }) {
  const { t } = useTranslation();
  const headcount = useHeadcount(event.id);
  return (
    <Paper component="section" aria-labelledby="headcount-heading" withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" gap="sm" mb="md">
        <Title order={2} size="h3" id="headcount-heading">
          {t('checkin.headcount.heading')}
        </Title>
        <LiveIndicator status={status} />
      </Group>
      {status === 'stopped' && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('checkin.live.stoppedHint')}
        </Text>
      )}
      {headcount.data ? (
        <Figures event={event} headcount={headcount.data} />
      ) : headcount.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('checkin.loading')}>
          <Skeleton height={90} />
          <Skeleton height={40} />
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <FormError error={headcount.error} />
          <Button variant="default" onClick={() => void headcount.refetch()}>
            {t('checkin.retry')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
