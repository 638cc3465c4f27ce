import type { OrderEmail } from '@guichet/shared/delivery';
import { Badge, Loader, Stack, Text } from '@mantine/core';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { useOrderEmails } from './api/list-order-emails';
import { formatInstant } from './order-badges';

/** The badge's tint; its text stays dark, for contrast on every tint. */
const STATUS_COLORS: Record<OrderEmail['status'], string> = {
  queued: 'blue',
  sent: 'green',
  stored: 'gray',
  failed: 'red',
};

function EmailItem({ mail }: { mail: OrderEmail }) {
  const { t, locale } = useTranslation();
  const status = t(`orders.emails.${mail.status}`);
  return (
    <li>
      <Stack gap={2}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {mail.subject}{' '}
          <Badge color={STATUS_COLORS[mail.status]} variant="light" c="dark.8" size="sm">
            {status}
          </Badge>
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('orders.emails.to', { to: mail.to })}
        </Text>
        {mail.attachments.length > 0 && (
          <Text size="sm">{t('orders.emails.attachments', { files: mail.attachments.join(', ') })}</Text>
        )}
        {mail.lastError && (
          <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            {mail.status === 'failed'
              ? t('orders.emails.error', { error: mail.lastError })
              : t('orders.emails.retrying', { count: mail.attempts, error: mail.lastError })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {mail.processedAt
            ? t('orders.emails.processedAt', { status, when: formatInstant(mail.processedAt, locale) })
            : t('orders.emails.queuedAt', { when: formatInstant(mail.createdAt, locale) })}
        </Text>
      </Stack>
    </li>
  );
}

/** The e-mails sent about the order (tickets, payment instructions), with where each delivery stands. */
export function OrderEmails({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const emails = useOrderEmails(orderId);
  if (emails.isPending) return <Loader size="sm" aria-label={t('orders.emails.loading')} />;
  if (emails.isError) return <FormError error={emails.error} />;
  if (emails.data.items.length === 0) return <Text c="dimmed">{t('orders.emails.empty')}</Text>;
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {emails.data.items.map((mail) => (
        <EmailItem key={mail.id} mail={mail} />
      ))}
    </Stack>
  );
}
