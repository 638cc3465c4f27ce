import type { CustomerSummary } from '@guichet/shared/customers';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { useDevice } from '../../lib/use-device';
import { useCustomerEvents } from './api/list-customer-events';
import { useCustomers } from './api/list-customers';
import { useMemberLists } from './api/list-member-lists';
import { BulkActions } from './bulk-actions';
import { CustomerCards, CustomerTable } from './customer-rows';
import { CustomersToolbar } from './customers-toolbar';
import { FilteredActions } from './filtered-actions';
import {
  type CustomerListFilters,
  filtersFromParams,
  hasActiveFilters,
  NO_FILTERS,
  withFilters,
} from './filters';

/** The CRM's list: search and filters in the address, cursor pages, a table or cards, and bulk actions. */
export function CustomersList() {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: CustomerListFilters) => setParams((current) => withFilters(current, next), { replace: true }),
    [setParams],
  );
  const customers = useCustomers(filters);
  const events = useCustomerEvents();
  const lists = useMemberLists();
  const items = useMemo(() => customers.data?.pages.flatMap((page) => page.items) ?? [], [customers.data]);
  // Selected customers are kept with their row, so a selection survives loading more pages.
  const [selected, setSelected] = useState<Map<string, CustomerSummary>>(new Map());
  const toggle = (customerId: string) =>
    setSelected((current) => {
      const next = new Map(current);
      const customer = items.find((item) => item.id === customerId);
      if (next.has(customerId)) next.delete(customerId);
      else if (customer) next.set(customerId, customer);
      return next;
    });
  const toggleAll = (select: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (select) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);

  let list: ReactNode;
  if (customers.isPending) {
    list = (
      <Stack gap="xs" aria-busy="true" aria-label={t('customers.loading')}>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (!customers.data) {
    list = (
      <Stack gap="sm" align="flex-start">
        <FormError error={customers.error} />
        <Button variant="default" onClick={() => void customers.refetch()}>
          {t('customers.retry')}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    list = hasActiveFilters(filters) ? (
      <Group gap="sm">
        <Text c="dimmed">{t('customers.emptyFiltered')}</Text>
        <Button variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
          {t('customers.filters.clear')}
        </Button>
      </Group>
    ) : (
      <Text c="dimmed">{t('customers.empty')}</Text>
    );
  } else {
    const rows = { customers: items, selected: selectedIds, onToggle: toggle, onToggleAll: toggleAll };
    list = (
      <Stack gap="md" style={{ opacity: customers.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {phoneLayout ? <CustomerCards {...rows} /> : <CustomerTable {...rows} />}
        {customers.isError && <FormError error={customers.error} />}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(customers.hasNextPage ? 'customers.shownMore' : 'customers.shown', { count: items.length })}
          </Text>
          {customers.hasNextPage && (
            <Button
              variant="default"
              loading={customers.isFetchingNextPage}
              onClick={() => void customers.fetchNextPage()}
            >
              {t('customers.loadMore')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper component="section" aria-label={t('pages.customers')} withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="flex-end">
          <FilteredActions filters={filters} lists={lists.data ?? []} />
        </Group>
        <CustomersToolbar
          filters={filters}
          events={events.data ?? []}
          lists={lists.data ?? []}
          onChange={setFilters}
        />
        {selected.size > 0 && (
          <BulkActions
            selected={[...selected.values()]}
            lists={lists.data ?? []}
            onDone={() => setSelected(new Map())}
          />
        )}
        {list}
      </Stack>
    </Paper>
  );
}
