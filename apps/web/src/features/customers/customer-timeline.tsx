import type { TimelineEntry } from '@guichet/shared/customers';
import { formatMoney } from '@guichet/shared/money';
import { canAccessRoute } from '@guichet/shared/permissions';
import { Anchor, Text, Timeline } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useSessionState } from '../../lib/session/use-session';
import { formatInstant } from './format';

/** What happened with the person, newest first; orders and check-ins link to their event's order. */
export function CustomerTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t, locale } = useTranslation();
  const { permissions } = useSessionState();
  // The order opens on its event's page, which only event managers may open.
  const opensOrders = canAccessRoute('/events/:id', permissions);
  const orderLink = (eventId: string, orderId: string, label: ReactNode) =>
    opensOrders ? (
      <Anchor component={Link} to={`/events/${eventId}?order=${orderId}`}>
        {label}
      </Anchor>
    ) : (
      label
    );

  if (entries.length === 0) return <Text c="dimmed">{t('customers.timeline.empty')}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={entries.length}>
      {entries.map((entry) => {
        let title: ReactNode;
        let body: ReactNode = null;
        switch (entry.kind) {
          case 'order':
            title = orderLink(
              entry.eventId,
              entry.orderId,
              t('customers.timeline.order', { code: entry.code, event: entry.eventName }),
            );
            body = t('customers.timeline.orderBody', {
              tickets: entry.ticketCount,
              total: formatMoney(entry.totalMinor, entry.currency, locale),
              status: t(`customers.orderStatus.${entry.status as 'paid'}`),
            });
            if (entry.refundedMinor > 0) {
              body = `${body} · ${t('customers.timeline.refunded', { amount: formatMoney(entry.refundedMinor, entry.currency, locale) })}`;
            }
            break;
          case 'checkin':
            title = orderLink(
              entry.eventId,
              entry.orderId,
              t('customers.timeline.checkin', { event: entry.eventName }),
            );
            body = entry.attendeeName;
            break;
          case 'consent':
            title = t(
              entry.granted ? 'customers.timeline.consentGranted' : 'customers.timeline.consentWithdrawn',
              {
                source: t(`customers.consentSource.${entry.source}`),
              },
            );
            body = `“${entry.wording}”${entry.actorName ? ` — ${entry.actorName}` : ''}`;
            break;
          case 'note':
            title = t('customers.timeline.note', { author: entry.actorName ?? '—' });
            body = entry.body;
            break;
          case 'list':
            title = (
              <Anchor component={Link} to={`/customers/list?list=${entry.listId}`}>
                {t(`customers.timeline.list_${entry.action}`, { list: entry.listName })}
              </Anchor>
            );
            body = entry.actorName;
            break;
        }
        return (
          <Timeline.Item key={`${entry.kind}-${entry.id}`} title={title}>
            {body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {body}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatInstant(entry.at, locale)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
