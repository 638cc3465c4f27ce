import { Box, Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatTime } from '../format';
import type { ScanOutcome } from '../scanner-engine';

/** How long a verdict fills the screen: long enough to read at arm's length, short enough for a queue. */
const SHOW_OK_MS = 1100;
const SHOW_REFUSED_MS = 2600;

const COLORS = { ok: '#237a36', refused: '#c92a2a', failure: '#495057' } as const;

/**
 * The verdict, full screen: green for admitted, red for refused (with the reason in plain words), grey when
 * the code could not be checked at all. A tap, a new scan or a short delay clears it; scanning never stops
 * behind it.
 */
export function VerdictOverlay({
  outcome,
  timeZone,
  onDone,
}: {
  outcome: ScanOutcome;
  timeZone: string;
  onDone: () => void;
}) {
  const { t, locale } = useTranslation();
  const tone = outcome.kind === 'failure' ? 'failure' : outcome.record.result;

  useEffect(() => {
    const timer = setTimeout(onDone, tone === 'ok' ? SHOW_OK_MS : SHOW_REFUSED_MS);
    return () => clearTimeout(timer);
  }, [onDone, tone]);

  let title: string;
  let reason: string | null = null;
  const details: string[] = [];
  if (outcome.kind === 'failure') {
    title = t('scan.verdict.refused');
    reason =
      outcome.failure === 'server'
        ? t('scan.failure.server', { message: outcome.message ?? '' })
        : outcome.failure === 'unsupported'
          ? t('scan.snapshot.unsupported')
          : t(`scan.failure.${outcome.failure}`);
  } else {
    const { record } = outcome;
    title =
      record.result === 'ok'
        ? t(record.direction === 'exit' ? 'scan.verdict.exitOk' : 'scan.verdict.admitted')
        : t('scan.verdict.refused');
    if (record.reason) reason = t(`scan.reasons.${record.reason}`);
    if (record.alreadyUsed) {
      details.push(
        t('scan.verdict.usedAt', {
          time: formatTime(record.alreadyUsed.at, locale, timeZone),
          list: record.alreadyUsed.listName,
        }),
      );
    }
    if (record.ticketTypeName) {
      details.push(`${record.attendeeName ?? t('scan.verdict.noName')} · ${record.ticketTypeName}`);
    }
    if (record.listName) details.push(t('scan.verdict.list', { name: record.listName }));
    if (record.decidedBy === 'device') details.push(t('scan.verdict.offline'));
  }

  return (
    <Box
      role="alert"
      data-verdict={tone}
      onClick={onDone}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 400,
        background: COLORS[tone],
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        textAlign: 'center',
      }}
    >
      <Stack gap="sm" align="center" maw={480}>
        <svg width="96" height="96" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="11" fill="rgba(255,255,255,0.18)" />
          {tone === 'ok' ? (
            <path
              d="M6.5 12.5l3.5 3.5 7.5-8"
              stroke="#fff"
              strokeWidth="2.4"
              fill="none"
              strokeLinecap="round"
            />
          ) : (
            <path d="M8 8l8 8M16 8l-8 8" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
          )}
        </svg>
        <Text component="p" fz={40} fw={800} lh={1.1}>
          {title}
        </Text>
        {reason && (
          <Text component="p" fz={26} fw={700} lh={1.2}>
            {reason}
          </Text>
        )}
        {details.map((line) => (
          <Text component="p" key={line} fz="lg">
            {line}
          </Text>
        ))}
        <Button
          mt="md"
          size="lg"
          variant="white"
          color="dark"
          onClick={(event) => {
            event.stopPropagation();
            onDone();
          }}
        >
          {t('scan.verdict.next')}
        </Button>
      </Stack>
    </Box>
  );
}
