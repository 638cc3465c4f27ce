import type { PublicOrder } from '@guichet/shared/orders';
import { formatTicketCode } from '@guichet/shared/ticket-code';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ticketsPdfUrl } from './api/tickets-pdf';
import { TicketQr } from './ticket-qr';

type Ticket = PublicOrder['tickets'][number];

/** The ticket's short code under its QR code: what the door types when the QR code will not scan. */
function ShortCode({ code, size }: { code: string | null; size: 'md' | 'xl' }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <Text size={size} ta="center">
      {t('buyer.order.shortCode')}{' '}
      <Text span ff="monospace" fw={700} size={size}>
        {formatTicketCode(code)}
      </Text>
    </Text>
  );
}

/** Large enough for a door scanner to read off a phone screen, small enough for the narrowest phones. */
const LARGE_QR = 320;

/**
 * The paid order's tickets: a grid of QR codes, the PDF to download (the same one the e-mail carries) and
 * one ticket at a time, large, for showing at the door.
 */
export function IssuedTickets({ order, issued }: { order: PublicOrder; issued: Ticket[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ticket = shown === null ? undefined : issued[shown];

  // Focus follows the view the buyer chose, so a screen reader says where they now are.
  const show = (index: number | null) => {
    setShown(index);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const label = (index: number, item: Ticket) =>
    `${t('buyer.order.ticketNumber', { number: index + 1, count: issued.length })} · ${item.ticketTypeName}`;

  if (shown !== null && ticket) {
    return (
      <Stack component="section" aria-labelledby="buyer-ticket-large" gap="sm" align="center">
        <Title order={2} size="h3" id="buyer-ticket-large" ref={heading} tabIndex={-1} ta="center">
          {label(shown, ticket)}
        </Title>
        <TicketQr
          secret={ticket.secret as string}
          label={t('buyer.order.qr', { number: shown + 1 })}
          size={LARGE_QR}
        />
        <ShortCode code={ticket.shortCode} size="xl" />
        <Text fw={600} size="lg" ta="center">
          {ticket.attendeeName ?? order.buyer.name}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('buyer.order.code', { code: order.code })}
        </Text>
        <Group justify="center" gap="xs">
          <Button variant="default" disabled={shown === 0} onClick={() => show(shown - 1)}>
            {t('buyer.order.previousTicket')}
          </Button>
          <Button variant="default" disabled={shown === issued.length - 1} onClick={() => show(shown + 1)}>
            {t('buyer.order.nextTicket')}
          </Button>
        </Group>
        <Button variant="subtle" onClick={() => show(null)}>
          {t('buyer.order.allTickets')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="section" aria-labelledby="buyer-tickets-issued" gap="sm">
      <Title order={2} size="h3" id="buyer-tickets-issued" ref={heading} tabIndex={-1}>
        {t('buyer.order.tickets')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('buyer.order.ticketsHint')}
      </Text>
      <Button
        component="a"
        href={ticketsPdfUrl(order.code)}
        download={`tickets-${order.code}.pdf`}
        variant="light"
        w="fit-content"
      >
        {t('buyer.order.downloadPdf')}
      </Button>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {issued.map((item, index) => (
          <Paper key={item.id} withBorder p="md" component="article" aria-labelledby={`ticket-${item.id}`}>
            <Stack align="center" gap={6}>
              <Text fw={600} id={`ticket-${item.id}`} ta="center">
                {label(index, item)}
              </Text>
              <TicketQr secret={item.secret as string} label={t('buyer.order.qr', { number: index + 1 })} />
              <ShortCode code={item.shortCode} size="md" />
              <Text size="sm" ta="center">
                {item.attendeeName ?? order.buyer.name}
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => show(index)}
                aria-describedby={`ticket-${item.id}`}
              >
                {t('buyer.order.showLarge')}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
