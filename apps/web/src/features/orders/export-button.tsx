import { csvDialect, toCsv } from '@guichet/shared/csv';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { currentLocale, useTranslation } from '../../lib/i18n';
import { toastError, toastInfo, toastSuccess } from '../../lib/toasts';
import { orderRows } from './csv';
import { downloadText, exportFileName, fetchAllOrders } from './export';
import type { OrderFilters } from './filters';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * CSV of the orders the filters select, built in the browser from the same paged endpoint as the list;
 * a long export shows how far it got and can be stopped.
 */
export function ExportButton({
  eventId,
  eventName,
  timeZone,
  filters,
}: {
  eventId: string;
  eventName: string;
  /** The event's zone: the export's dates are its wall-clock times. */
  timeZone: string;
  filters: OrderFilters;
}) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops an export in progress.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const current = new AbortController();
    controller.current = current;
    setCount(0);
    try {
      const orders = await fetchAllOrders(eventId, filters, { signal: current.signal, onProgress: setCount });
      downloadText(
        exportFileName(t('orders.export.file'), eventName, new Date()),
        toCsv(orderRows(orders, t, timeZone), csvDialect(currentLocale())),
      );
      toastSuccess(t('orders.export.done', { count: orders.length }));
    } catch (error) {
      if (current.signal.aborted || isAbort(error)) toastInfo(t('orders.export.stopped'));
      else toastError(error);
    } finally {
      controller.current = null;
      setCount(null);
    }
  };

  if (count === null) {
    return (
      <Button variant="default" onClick={() => void start()}>
        {t('orders.export.button')}
      </Button>
    );
  }
  const label = t('orders.export.progress', { count });
  return (
    <Stack gap={4} miw={220}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" aria-live="polite">
          {label}
        </Text>
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => controller.current?.abort()}>
          {t('orders.export.cancel')}
        </Button>
      </Group>
      {/* The total is unknown until the last page: a moving bar says work is going on. */}
      <Progress value={100} animated striped aria-label={label} />
    </Stack>
  );
}
