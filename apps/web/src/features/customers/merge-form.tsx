import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { toastSuccess } from '../../lib/toasts';
import { useCustomers } from './api/list-customers';
import { useMergeCustomer } from './api/merge-customer';
import { type CustomerListFilters, NO_FILTERS } from './filters';
import { useCustomersTranslation as useTranslation } from './i18n';

/** Picks another record of the same person by searching, then folds it into this one. */
export function MergeForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [q] = useDebouncedValue(search.trim(), 250);
  const filters: CustomerListFilters = { ...NO_FILTERS, q };
  const found = useCustomers(filters);
  const options = (found.data?.pages.flatMap((page) => page.items) ?? [])
    .filter((customer) => customer.id !== customerId)
    .slice(0, 20)
    .map((customer) => ({ value: customer.id, label: `${customer.name} · ${customer.email}` }));
  const merging = useMergeCustomer(customerId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    merging.mutate(picked, {
      onSuccess: () => {
        toastSuccess(t('customerRecords.merge.done'));
        onDone();
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm">{t('customerRecords.merge.help')}</Text>
        <Select
          label={t('customerRecords.merge.pick')}
          placeholder={t('customerRecords.merge.search')}
          searchable
          required
          data={options}
          value={picked}
          onChange={setPicked}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('customerRecords.merge.nothing')}
        />
        <FormError error={merging.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('customers.cancel')}
          </Button>
          <Button type="submit" disabled={!picked} loading={merging.isPending}>
            {t('customerRecords.merge.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
