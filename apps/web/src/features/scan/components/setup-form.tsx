import type { ScanEvent, ScanOrganization } from '@guichet/shared/scan';
import { Alert, Button, Checkbox, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { dateTimeFormat } from '../../../lib/date-format';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/i18n/error-message';
import { getScanEvents } from '../api/get-scan-events';
import { getScanOrganizations } from '../api/get-scan-organizations';
import { isUnreachable } from '../api/scan-client';
import { formatTime } from '../format';
import type { StoredGate } from '../gate-storage';

type Load<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'done'; value: T };

function useLoad<T>(load: (() => Promise<T>) | null, deps: unknown[]): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    if (!load) return;
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (value) => current && setState({ status: 'done', value }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [...deps, attempt]);
  return [state, () => setAttempt((value) => value + 1)];
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('scan.setup.loadFailed')}>
      <Text size="sm" mb="sm">
        {isUnreachable(error) ? t('scan.setup.offlineSetup') : errorMessage(error)}
      </Text>
      <Button variant="light" onClick={onRetry}>
        {t('scan.setup.retry')}
      </Button>
    </Alert>
  );
}

/**
 * Choosing the gate: organisation (those where the staff member may scan), event, and the lists this gate
 * checks. Starting downloads the lists' tickets for offline use (the engine does it on `configure`).
 */
export function SetupForm({
  initial,
  onStart,
}: {
  initial: StoredGate | null;
  onStart: (gate: StoredGate) => void;
}) {
  const { t, locale } = useTranslation();
  const [organizations, retryOrganizations] = useLoad(getScanOrganizations, []);
  const [organizationId, setOrganizationId] = useState<string | null>(initial?.organizationId ?? null);
  const orgs: ScanOrganization[] = organizations.status === 'done' ? organizations.value : [];
  const organization = orgs.find((org) => org.id === organizationId) ?? orgs[0] ?? null;
  const [events, retryEvents] = useLoad(organization ? () => getScanEvents(organization.id) : null, [
    organization?.id,
  ]);
  const [eventId, setEventId] = useState<string | null>(initial?.eventId ?? null);
  const [listIds, setListIds] = useState<string[]>(initial?.listIds ?? []);
  const [missingList, setMissingList] = useState(false);
  // Whether the lists were chosen by hand for this event: until then, an event's only list is ticked.
  const [listsTouched, setListsTouched] = useState(false);

  if (organizations.status === 'loading') return <Loader aria-label={t('app.loading')} />;
  if (organizations.status === 'failed')
    return <Failed error={organizations.error} onRetry={retryOrganizations} />;
  if (orgs.length === 0 || !organization) {
    return (
      <Alert color="yellow" role="status">
        {t('scan.setup.noOrganizations')}
      </Alert>
    );
  }

  const eventList: ScanEvent[] = events.status === 'done' ? events.value : [];
  const event = eventList.find((item) => item.id === eventId) ?? eventList[0] ?? null;
  const known = event ? listIds.filter((id) => event.lists.some((list) => list.id === id)) : [];
  const only = event?.lists.length === 1 ? event.lists[0] : undefined;
  const chosen = known.length === 0 && !listsTouched && only ? [only.id] : known;

  function start() {
    if (!organization || !event) return;
    const lists = event.lists.filter((list) => chosen.includes(list.id));
    if (lists.length === 0) {
      setMissingList(true);
      return;
    }
    onStart({
      organizationId: organization.id,
      organizationName: organization.name,
      canManage: organization.canManage,
      eventId: event.id,
      eventName: event.name,
      timeZone: event.timeZone,
      listIds: lists.map((list) => list.id),
      listNames: lists.map((list) => list.name),
      direction: initial?.direction ?? 'entry',
    });
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('scan.setup.heading')}
      </Title>
      {orgs.length > 1 && (
        <NativeSelect
          label={t('scan.setup.organization')}
          value={organization.id}
          data={orgs.map((org) => ({ value: org.id, label: org.name }))}
          onChange={(change) => {
            setOrganizationId(change.currentTarget.value);
            setEventId(null);
            setListIds([]);
            setListsTouched(false);
          }}
        />
      )}
      {events.status === 'loading' && <Loader aria-label={t('app.loading')} />}
      {events.status === 'failed' && <Failed error={events.error} onRetry={retryEvents} />}
      {events.status === 'done' && eventList.length === 0 && (
        <Alert color="yellow" role="status">
          {t('scan.setup.noEvents')}
        </Alert>
      )}
      {event && (
        <NativeSelect
          label={t('scan.setup.event')}
          value={event.id}
          data={eventList.map((item) => ({
            value: item.id,
            label: `${item.name} · ${dateTimeFormat(locale, { dateStyle: 'short', timeZone: item.timeZone }).format(new Date(item.startsAt))} ${formatTime(item.startsAt, locale, item.timeZone)}`,
          }))}
          onChange={(change) => {
            setEventId(change.currentTarget.value);
            setListIds([]);
            setListsTouched(false);
          }}
        />
      )}
      {event && event.lists.length === 0 && (
        <Alert color="yellow" role="status">
          {t('scan.setup.noLists')}
        </Alert>
      )}
      {event && event.lists.length > 0 && (
        <Checkbox.Group
          label={t('scan.setup.lists')}
          value={chosen}
          onChange={(value) => {
            setListIds(value);
            setListsTouched(true);
            setMissingList(false);
          }}
          error={missingList ? t('scan.setup.chooseList') : undefined}
        >
          <Stack gap="xs" mt="xs">
            {event.lists.map((list) => (
              <Checkbox
                key={list.id}
                value={list.id}
                size="md"
                label={list.name}
                description={
                  list.allTicketTypes
                    ? t('scan.setup.allTypes')
                    : t('scan.setup.types', { count: list.ticketTypeIds.length })
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Button size="lg" fullWidth disabled={!event || event.lists.length === 0} onClick={start}>
        {t('scan.setup.start')}
      </Button>
    </Stack>
  );
}
