import { type MailingAction, RECIPIENT_STATUSES, type RecipientStatus } from '@guichet/shared/mailings';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormError } from '../../components/form-error';
import { useActOnMailing } from './api/act-on-mailing';
import { useMailing } from './api/get-mailing';
import { useRecipients } from './api/list-recipients';
import { useMailingPreview } from './api/preview-mailing';
import { useTestSendMailing } from './api/test-send-mailing';
import { useMailingsTranslation as useTranslation } from './i18n';
import { MailingProgress, MailingStatusBadge } from './mailing-status';

/** What can be done from each status (the server refuses anything else with `invalid-status-transition`). */
const ACTIONS: Record<string, MailingAction[]> = {
  draft: ['send', 'cancel'],
  sending: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
};
/** Actions asked about first: they cannot be taken back. */
const CONFIRMED: MailingAction[] = ['send', 'cancel'];

/** A mailing's page: status, progress bar, actions, a test send, the preview in both languages, recipients. */
export function MailingDetail({ mailingId }: { mailingId: string }) {
  const { t } = useTranslation();
  const mailing = useMailing(mailingId);
  const act = useActOnMailing(mailingId);
  const test = useTestSendMailing(mailingId);
  const [asking, setAsking] = useState<MailingAction | null>(null);
  if (mailing.isPending) return <Skeleton height={200} />;
  if (!mailing.data) return <FormError error={mailing.error} />;
  const m = mailing.data;
  const run = (action: MailingAction) => act.mutate(action, { onSuccess: () => setAsking(null) });

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <MailingStatusBadge status={m.status} />
        <Text c="dimmed">{t(`mailings.kind.${m.kind}`)}</Text>
      </Group>
      {m.status !== 'draft' && <MailingProgress mailing={m} />}
      <Group>
        {(ACTIONS[m.status] ?? []).map((action) => (
          <Button
            key={action}
            variant={action === 'send' ? 'filled' : 'default'}
            color={action === 'cancel' ? 'red' : undefined}
            loading={act.isPending && act.variables === action}
            onClick={() => (CONFIRMED.includes(action) ? setAsking(action) : run(action))}
          >
            {t(`mailings.actions.${action}`)}
          </Button>
        ))}
        <Button variant="light" loading={test.isPending} onClick={() => test.mutate()}>
          {t('mailings.actions.test')}
        </Button>
      </Group>
      {test.data && (
        <Alert color="green" variant="light" role="status">
          {t('mailings.actions.testSent', { to: test.data.to })}
        </Alert>
      )}
      <FormError error={test.error ?? (asking ? null : act.error)} />
      <ConfirmModal
        opened={asking !== null}
        title={asking ? t(`mailings.actions.${asking}`) : ''}
        body={asking === 'cancel' ? t('mailings.actions.confirmCancel') : t('mailings.actions.confirmSend')}
        confirmLabel={asking ? t(`mailings.actions.${asking}`) : ''}
        danger={asking === 'cancel'}
        dismissLabel={asking === 'cancel' ? t('mailings.actions.keep') : undefined}
        pending={act.isPending}
        error={act.error}
        onConfirm={() => asking && run(asking)}
        onClose={() => setAsking(null)}
      />
      <Preview mailingId={mailingId} />
      {m.status !== 'draft' && <Recipients mailingId={mailingId} />}
    </Stack>
  );
}

function Preview({ mailingId }: { mailingId: string }) {
  const { t } = useTranslation();
  const preview = useMailingPreview(mailingId);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('mailings.preview.title')}
      </Title>
      {preview.isPending ? (
        <Skeleton height={240} />
      ) : !preview.data ? (
        <FormError error={preview.error} />
      ) : (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs">
            {preview.data.subject}
          </Text>
          <Tabs defaultValue="en">
            <Tabs.List>
              <Tabs.Tab value="en">{t('mailings.preview.en')}</Tabs.Tab>
              <Tabs.Tab value="fr">{t('mailings.preview.fr')}</Tabs.Tab>
            </Tabs.List>
            {(['en', 'fr'] as const).map((language) => (
              <Tabs.Panel key={language} value={language} pt="xs">
                {/* Sandboxed: the sanitised message runs no script and cannot reach this page. */}
                <iframe
                  title={`${t('mailings.preview.title')} (${t(`mailings.preview.${language}`)})`}
                  sandbox=""
                  srcDoc={preview.data.html[language]}
                  style={{ width: '100%', height: 360, border: 0 }}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
      )}
    </Stack>
  );
}

function Recipients({ mailingId }: { mailingId: string }) {
  const { t, locale } = useTranslation();
  const [status, setStatus] = useState<RecipientStatus | null>(null);
  const recipients = useRecipients(mailingId, status);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const items = recipients.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('mailings.recipients')}
        </Title>
        <Select
          aria-label={t('mailings.recipientColumns.status')}
          placeholder={t('mailings.allStatuses')}
          data={RECIPIENT_STATUSES.map((s) => ({ value: s, label: t(`mailings.recipientStatus.${s}`) }))}
          value={status}
          onChange={(value) => setStatus(value as RecipientStatus | null)}
          clearable
        />
      </Group>
      {recipients.isPending ? (
        <Skeleton height={120} />
      ) : !recipients.data ? (
        <FormError error={recipients.error} />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mailings.recipientColumns.email')}</Table.Th>
                <Table.Th>{t('mailings.recipientColumns.name')}</Table.Th>
                <Table.Th>{t('mailings.recipientColumns.status')}</Table.Th>
                <Table.Th>{t('mailings.recipientColumns.when')}</Table.Th>
                <Table.Th>{t('mailings.recipientColumns.error')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{t(`mailings.recipientStatus.${r.status}`)}</Table.Td>
                  <Table.Td>{r.processedAt ? date.format(new Date(r.processedAt)) : ''}</Table.Td>
                  <Table.Td>{r.lastError ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {recipients.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void recipients.fetchNextPage()}
          loading={recipients.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('mailings.more')}
        </Button>
      )}
    </Stack>
  );
}
