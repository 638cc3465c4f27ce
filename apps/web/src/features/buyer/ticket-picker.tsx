import { formatMoney } from '@guichet/shared/money';
import type { PublicEvent } from '@guichet/shared/orders';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import { canBuy, cartOf, maxFor, type Quantities, step } from './cart';

type TicketType = PublicEvent['ticketTypes'][number];

/** The first step: a quantity per ticket type, the total, and on to the buyer's details. */
export function TicketPicker({
  headingRef,
  types,
  quantities,
  notice,
  onChange,
  onContinue,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  types: readonly TicketType[];
  quantities: Quantities;
  /** Why the quantities changed (a sold-out answer), announced at once. */
  notice: string | null;
  onChange: (next: Quantities) => void;
  onContinue: () => void;
}) {
  const { t, locale } = useTranslation();
  const cart = cartOf(types, quantities);
  const currency = types[0]?.currency ?? 'EUR';

  return (
    <Stack component="section" aria-labelledby="buyer-tickets" gap="sm">
      <Title order={2} size="h3" id="buyer-tickets" ref={headingRef} tabIndex={-1}>
        {t('buyer.event.tickets')}
      </Title>
      {/* A live region that is always there, so the message is announced when it appears. */}
      <div role="alert">
        {notice && (
          <Alert color="orange" variant="light" role="none">
            {notice}
          </Alert>
        )}
      </div>
      {types.length === 0 && <Text>{t('buyer.event.noTickets')}</Text>}
      {types.map((type) => (
        <TicketTypeRow
          key={type.id}
          type={type}
          quantity={quantities[type.id] ?? 0}
          onChange={(quantity) => onChange({ ...quantities, [type.id]: quantity })}
          locale={locale}
        />
      ))}
      {types.length > 0 && (
        <Paper withBorder p="md" bg="gray.0" className="buyer-total">
          <Group justify="space-between" wrap="nowrap" mb="sm">
            <Text fw={600}>
              {t('buyer.event.total')}{' '}
              <Text span c="dimmed" size="sm" fw={400}>
                ({t('buyer.event.ticketCount', { count: cart.tickets })})
              </Text>
            </Text>
            <Text fw={700} size="lg" aria-live="polite">
              {formatMoney(cart.totalMinor, currency, locale)}
            </Text>
          </Group>
          <Button fullWidth size="md" disabled={cart.tickets === 0} onClick={onContinue}>
            {t('buyer.event.continue')}
          </Button>
        </Paper>
      )}
    </Stack>
  );
}

function TicketTypeRow({
  type,
  quantity,
  onChange,
  locale,
}: {
  type: TicketType;
  quantity: number;
  onChange: (quantity: number) => void;
  locale: string;
}) {
  const { t } = useTranslation();
  const available = canBuy(type);
  const nameId = `ticket-type-${type.id}`;
  const rules = [
    type.minPerOrder > 1 ? t('buyer.event.minPerOrder', { count: type.minPerOrder }) : null,
    t('buyer.event.maxPerOrder', { count: type.maxPerOrder }),
  ].filter(Boolean);
  return (
    <Paper withBorder p="md" aria-labelledby={nameId} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} id={nameId}>
            {type.name}
          </Text>
          <Text fw={600} c="blue.8">
            {type.priceMinor === 0
              ? t('buyer.event.free')
              : formatMoney(type.priceMinor, type.currency, locale)}
          </Text>
          {type.membersOnly && (
            <Text size="sm" fw={600} c="grape.9">
              {t('buyer.members.badge')}
            </Text>
          )}
          {type.description && (
            <Text size="sm" c="dimmed">
              {type.description}
            </Text>
          )}
          <Text size="sm" c={available ? 'dimmed' : 'red.8'} fw={available ? 400 : 600}>
            {available
              ? `${t('buyer.event.left', { count: type.available })} · ${rules.join(' · ')}`
              : t('buyer.event.soldOut')}
          </Text>
        </Stack>
        {available && (
          <Group gap={6} wrap="nowrap" role="group" aria-labelledby={nameId}>
            <ActionIcon
              size={44}
              variant="default"
              aria-label={t('buyer.event.fewer', { name: type.name })}
              disabled={quantity === 0}
              onClick={() => onChange(step(type, quantity, -1))}
            >
              <span aria-hidden="true">−</span>
            </ActionIcon>
            <output
              className="buyer-quantity"
              aria-live="polite"
              aria-label={t('buyer.event.quantity', { name: type.name })}
            >
              {quantity}
            </output>
            <ActionIcon
              size={44}
              variant="default"
              aria-label={t('buyer.event.more', { name: type.name })}
              disabled={quantity >= maxFor(type)}
              onClick={() => onChange(step(type, quantity, 1))}
            >
              <span aria-hidden="true">+</span>
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
