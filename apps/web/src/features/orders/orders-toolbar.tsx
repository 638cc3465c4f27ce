import type { TicketType } from '@guichet/shared/events';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@guichet/shared/orders';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useDevice } from '../../lib/use-device';
import { type OrderFilters, paymentMethodOf, statusOf } from './filters';

/** Typing pauses this long before the list is asked again. */

export interface OrdersToolbarProps {
  filters: OrderFilters;
  ticketTypes: TicketType[];
  onChange: (next: OrderFilters) => void;
}

/** Search by buyer, e-mail or code, and the status, ticket type, payment method and date filters. */
export function OrdersToolbar({ filters, ticketTypes, onChange }: OrdersToolbarProps) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const field = phoneLayout ? { flex: '1 1 40%', minWidth: 0 } : undefined;
  const [search, typeSearch] = useDebouncedSearch(filters.q, (q) => onChange({ ...filters, q }));

  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <TextInput
        label={t('orders.search.label')}
        placeholder={t('orders.search.placeholder')}
        type="search"
        value={search}
        onChange={(event) => typeSearch(event.currentTarget.value)}
        style={phoneLayout ? { flex: '1 1 100%' } : { flex: '1 1 220px', maxWidth: 320 }}
      />
      <NativeSelect
        style={field}
        label={t('orders.filters.status')}
        value={filters.status ?? ''}
        onChange={(event) => onChange({ ...filters, status: statusOf(event.currentTarget.value) })}
        data={[
          { value: '', label: t('orders.filters.allStatuses') },
          ...ORDER_STATUSES.map((status) => ({ value: status, label: t(`orders.status.${status}`) })),
        ]}
      />
      {ticketTypes.length > 1 && (
        <NativeSelect
          style={field}
          label={t('orders.filters.ticketType')}
          value={filters.ticketTypeId ?? ''}
          onChange={(event) => onChange({ ...filters, ticketTypeId: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('orders.filters.allTicketTypes') },
            ...ticketTypes.map((type) => ({ value: type.id, label: type.name })),
          ]}
        />
      )}
      <NativeSelect
        style={field}
        label={t('orders.filters.paymentMethod')}
        value={filters.paymentMethod ?? ''}
        onChange={(event) =>
          onChange({ ...filters, paymentMethod: paymentMethodOf(event.currentTarget.value) })
        }
        data={[
          { value: '', label: t('orders.filters.allPaymentMethods') },
          ...PAYMENT_METHODS.map((method) => ({ value: method, label: t(`orders.payment.${method}`) })),
        ]}
      />
      <TextInput
        style={field}
        type="date"
        label={t('orders.filters.from')}
        value={filters.fromDay ?? ''}
        max={filters.toDay ?? undefined}
        onChange={(event) => onChange({ ...filters, fromDay: event.currentTarget.value || null })}
      />
      <TextInput
        style={field}
        type="date"
        label={t('orders.filters.to')}
        value={filters.toDay ?? ''}
        min={filters.fromDay ?? undefined}
        onChange={(event) => onChange({ ...filters, toDay: event.currentTarget.value || null })}
      />
    </Group>
  );
}
