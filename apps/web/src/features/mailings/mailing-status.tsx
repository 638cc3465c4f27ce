import type { Mailing, MailingStatus } from '@guichet/shared/mailings';
import { Badge, Progress, Stack, Text } from '@mantine/core';
import { useMailingsTranslation as useTranslation } from './i18n';

const COLORS: Record<MailingStatus, string> = {
  draft: 'gray',
  sending: 'blue',
  paused: 'yellow',
  cancelled: 'gray',
  sent: 'green',
  failed: 'red',
};

export function MailingStatusBadge({ status }: { status: MailingStatus }) {
  const { t } = useTranslation();
  return (
    // Dark text on the light shade keeps AA contrast whatever the colour (the journey's axe scan checks it).
    <Badge color={COLORS[status]} variant="light" c="dark.8">
      {t(`mailings.status.${status}`)}
    </Badge>
  );
}

/** How far a mailing went: recipients handled (sent, skipped, failed, cancelled) of all queued so far. */
export function MailingProgress({ mailing }: { mailing: Mailing }) {
  const { t } = useTranslation();
  const { total, queued } = mailing.progress;
  const done = total - queued;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <Stack gap={2}>
      <Progress
        value={percent}
        aria-label={t('mailings.progress', { done, total })}
        color={mailing.status === 'failed' ? 'red' : undefined}
      />
      <Text size="xs" c="dimmed">
        {mailing.expanding ? t('mailings.preparing') : t('mailings.progress', { done, total })}
      </Text>
    </Stack>
  );
}
