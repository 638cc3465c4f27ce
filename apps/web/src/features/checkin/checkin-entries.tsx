import type { CheckinLogPage } from '@guichet/shared/scan';
import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { lightBadge } from './badge';
import { formatScanTime, shortDevice } from './format';

export type LogEntry = CheckinLogPage['items'][number];

interface EntriesProps {
  entries: LogEntry[];
  timeZone: string;
  onUndo: (entry: LogEntry) => void;
}

function ticketLabel(entry: LogEntry, t: TFunction): string {
  if (!entry.ticket) return t('checkin.recent.unknownTicket');
  return entry.ticket.attendeeName || entry.ticket.orderCode;
}

function Result({ entry }: { entry: LogEntry }) {
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

function Ticket({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" fw={600}>
        {ticketLabel(entry, t)}
      </Text>
      {entry.ticket && (
        <Text size="xs" c="dimmed">
          {entry.ticket.ticketTypeName} · {entry.ticket.orderCode}
        </Text>
      )}
    </>
  );
}

function ScannedBy({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">{entry.staffName ?? t('checkin.recent.unknownStaff')}</Text>
      <Text size="xs" c="dimmed">
        {t('checkin.recent.device', { device: shortDevice(entry.deviceId) })}
      </Text>
    </>
  );
}

/** Only an admission that still counts can be undone; the button names the scan it undoes. */
function UndoButton({ entry, time, onUndo }: { entry: LogEntry; time: string; onUndo: () => void }) {
  const { t } = useTranslation();
  if (entry.result !== 'ok' || entry.undoneAt) return null;
  const direction = entry.direction === 'exit' ? t('checkin.recent.exit') : t('checkin.recent.entry');
  return (
    <Button
      size="xs"
      variant="default"
      onClick={onUndo}
      aria-label={t('checkin.recent.undoNamed', {
        direction: direction.toLowerCase(),
        name: ticketLabel(entry, t),
        time,
      })}
    >
      {t('checkin.recent.undo')}
    </Button>
  );
}

/** The scans as a table, on screens wide enough for one. */
export function EntryTable({ entries, timeZone, onUndo }: EntriesProps) {
  const { t, locale } = useTranslation();
  return (
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
          {entries.map((entry) => {
            const time = formatScanTime(entry.scannedAt, timeZone, locale);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{time}</Table.Td>
                <Table.Td>
                  <Ticket entry={entry} />
                </Table.Td>
                <Table.Td>{entry.listName}</Table.Td>
                <Table.Td>
                  <Result entry={entry} />
                </Table.Td>
                <Table.Td>
                  <ScannedBy entry={entry} />
                </Table.Td>
                <Table.Td>
                  <UndoButton entry={entry} time={time} onUndo={() => onUndo(entry)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The scans as cards on a phone, where a six-column table would scroll sideways. */
export function EntryCards({ entries, timeZone, onUndo }: EntriesProps) {
  const { locale } = useTranslation();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => {
        const time = formatScanTime(entry.scannedAt, timeZone, locale);
        return (
          <Paper component="li" key={entry.id} withBorder p="sm">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <div>
                  <Ticket entry={entry} />
                </div>
                <UndoButton entry={entry} time={time} onUndo={() => onUndo(entry)} />
              </Group>
              <Text size="sm">
                {time} · {entry.listName}
              </Text>
              <Result entry={entry} />
              <div>
                <ScannedBy entry={entry} />
              </div>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
