import type { OrderStatus, Ticket } from '@guichet/shared/orders';
import { Badge } from '@mantine/core';
import { dateTimeFormat } from '../../lib/date-format';
import { useTranslation } from '../../lib/i18n';

const STATUS_COLORS: Record<OrderStatus, string> = {
  reserved: 'yellow',
  pending_payment: 'orange',
  paid: 'green',
  cancelled: 'red',
  expired: 'gray',
};

const TICKET_COLORS: Record<Ticket['status'], string> = {
  valid: 'green',
  cancelled: 'red',
  refunded: 'gray',
};

// The light variant's text colours reach AA contrast through global.css (e2e/accessibility.spec.ts).
const badgeProps = (color: string) =>
  ({
    color,
    variant: 'light',
    style: { flexShrink: 0, minWidth: 'max-content' },
  }) as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Badge {...badgeProps(STATUS_COLORS[status])}>{t(`orders.status.${status}`)}</Badge>;
}

export function TicketStatusBadge({ status }: { status: Ticket['status'] }) {
  const { t } = useTranslation();
  return <Badge {...badgeProps(TICKET_COLORS[status])}>{t(`orders.ticketStatus.${status}`)}</Badge>;
}

/** An instant for staff, in their language and their own time zone (orders are placed from anywhere). */
export function formatInstant(instant: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
}
