import type { PublicOrder } from '@guichet/shared/orders';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../../lib/i18n/error-message';
import { getCheckoutLink } from './api/get-checkout-link';

/** `m:ss` of what is left until `until`, never below zero. */
export function timeLeft(until: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A card order still reserved: the time left to pay, counted down each second, and the way back to the
 * Stripe page while time is left. When the time is up the page asks the server for the real status.
 */
export function CardPayment({ order, onTimeUp }: { order: PublicOrder; onTimeUp: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const until = order.reservedUntil;
  const over = until !== null && new Date(until).getTime() <= now;

  useEffect(() => {
    if (!until || over) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, over]);

  useEffect(() => {
    if (over) onTimeUp();
  }, [over, onTimeUp]);

  async function continuePayment() {
    setOpening(true);
    setFailure(null);
    try {
      const link = order.checkoutUrl ? { url: order.checkoutUrl } : await getCheckoutLink(order.code);
      window.location.assign(link.url);
    } catch (error) {
      setFailure(`${t('buyer.order.paymentUnavailable')} ${errorMessage(error)}`);
      setOpening(false);
    }
  }

  if (!until || over) return null;
  return (
    <Group justify="space-between" mt="sm" wrap="wrap" gap="sm">
      <Text size="sm" fw={600} role="timer" aria-live="off">
        {t('buyer.order.timeLeft', { time: timeLeft(until, now) })}
      </Text>
      <Button onClick={continuePayment} loading={opening}>
        {t('buyer.order.continuePayment')}
      </Button>
      {failure && (
        <Alert color="red" variant="light" w="100%">
          {failure}
        </Alert>
      )}
    </Group>
  );
}
