import { CONSENT_FILTERS, CUSTOMER_SORTS } from '@guichet/shared/customer-values';
import type { CustomerEventOption, MemberList } from '@guichet/shared/customers';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useDevice } from '../../lib/use-device';
import { amountMinor, type CustomerListFilters, hasActiveFilters, NO_FILTERS } from './filters';

/** Currencies offered for the spend range (the one in the address is always offered too). */
const SPEND_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD'];

export interface CustomersToolbarProps {
  filters: CustomerListFilters;
  events: CustomerEventOption[];
  lists: MemberList[];
  onChange: (next: CustomerListFilters) => void;
}

/** Search, sort, and the filters (event, tag, consent, spend, first and last seen, list), all in the address. */
export function CustomersToolbar({ filters, events, lists, onChange }: CustomersToolbarProps) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const field = phoneLayout ? { flex: '1 1 40%', minWidth: 0 } : { flex: '0 1 190px' };
  const [search, typeSearch] = useDebouncedSearch(filters.q, (q) => onChange({ ...filters, q }));
  const [tag, typeTag] = useDebouncedSearch(filters.tag, (value) => onChange({ ...filters, tag: value }));
  const [more, setMore] = useState(
    () =>
      hasActiveFilters({ ...filters, q: '' }) &&
      Boolean(
        filters.spendMin ||
          filters.spendMax ||
          filters.firstSeenFrom ||
          filters.firstSeenTo ||
          filters.lastSeenFrom ||
          filters.lastSeenTo,
      ),
  );
  const badAmount = (text: string) =>
    text.trim() && amountMinor(text, filters.spendCurrency) === null
      ? t('customers.filters.badAmount')
      : undefined;
  const set = (patch: Partial<CustomerListFilters>) => onChange({ ...filters, ...patch });

  return (
    <>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('customers.search.label')}
          placeholder={t('customers.search.placeholder')}
          type="search"
          value={search}
          onChange={(event) => typeSearch(event.currentTarget.value)}
          style={phoneLayout ? { flex: '1 1 100%' } : { flex: '1 1 240px', maxWidth: 340 }}
        />
        <NativeSelect
          style={field}
          label={t('customers.filters.event')}
          value={filters.eventId ?? ''}
          onChange={(event) => set({ eventId: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('customers.filters.anyEvent') },
            ...events.map((option) => ({ value: option.id, label: option.name })),
          ]}
        />
        {filters.eventId && (
          <NativeSelect
            style={field}
            label={t('customers.filters.relation')}
            value={filters.eventRelation}
            onChange={(event) =>
              set({ eventRelation: event.currentTarget.value === 'attended' ? 'attended' : 'bought' })
            }
            data={[
              { value: 'bought', label: t('customers.filters.bought') },
              { value: 'attended', label: t('customers.filters.attended') },
            ]}
          />
        )}
        <TextInput
          style={field}
          label={t('customers.filters.tag')}
          value={tag}
          onChange={(event) => typeTag(event.currentTarget.value)}
        />
        <NativeSelect
          style={field}
          label={t('customers.filters.consent')}
          value={filters.consent ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            set({ consent: CONSENT_FILTERS.find((option) => option === value) ?? null });
          }}
          data={[
            { value: '', label: t('customers.filters.anyConsent') },
            ...CONSENT_FILTERS.map((option) => ({
              value: option,
              label: t(`customers.consentFilter.${option}`),
            })),
          ]}
        />
        {lists.length > 0 && (
          <NativeSelect
            style={field}
            label={t('customers.filters.list')}
            value={filters.listId ?? ''}
            onChange={(event) => set({ listId: event.currentTarget.value || null })}
            data={[
              { value: '', label: t('customers.filters.anyList') },
              ...lists.map((list) => ({ value: list.id, label: list.name })),
            ]}
          />
        )}
        <NativeSelect
          style={field}
          label={t('customers.sort.label')}
          value={`${filters.sort}:${filters.direction}`}
          onChange={(event) => {
            const [sort, direction] = event.currentTarget.value.split(':');
            const known = CUSTOMER_SORTS.find((option) => option === sort) ?? NO_FILTERS.sort;
            set({ sort: known, direction: direction === 'asc' ? 'asc' : 'desc' });
          }}
          data={CUSTOMER_SORTS.flatMap((sort) =>
            (['desc', 'asc'] as const).map((direction) => ({
              value: `${sort}:${direction}`,
              label: t(`customers.sort.${sort}_${direction}`),
            })),
          )}
        />
        <Button variant="subtle" onClick={() => setMore((open) => !open)} aria-expanded={more}>
          {t(more ? 'customers.filters.fewer' : 'customers.filters.more')}
        </Button>
        {hasActiveFilters(filters) && (
          <Button
            variant="subtle"
            onClick={() => onChange({ ...NO_FILTERS, sort: filters.sort, direction: filters.direction })}
          >
            {t('customers.filters.clear')}
          </Button>
        )}
      </Group>
      {more && (
        <Group align="flex-start" wrap="wrap" gap="sm">
          <NativeSelect
            style={{ flex: '0 1 110px' }}
            label={t('customers.filters.currency')}
            value={filters.spendCurrency}
            onChange={(event) => set({ spendCurrency: event.currentTarget.value })}
            data={[...new Set([filters.spendCurrency, ...SPEND_CURRENCIES])]}
          />
          <TextInput
            style={field}
            label={t('customers.filters.spendMin')}
            inputMode="decimal"
            value={filters.spendMin}
            error={badAmount(filters.spendMin)}
            onChange={(event) => set({ spendMin: event.currentTarget.value })}
          />
          <TextInput
            style={field}
            label={t('customers.filters.spendMax')}
            inputMode="decimal"
            value={filters.spendMax}
            error={badAmount(filters.spendMax)}
            onChange={(event) => set({ spendMax: event.currentTarget.value })}
          />
          <TextInput
            style={field}
            type="date"
            label={t('customers.filters.firstSeenFrom')}
            value={filters.firstSeenFrom ?? ''}
            onChange={(event) => set({ firstSeenFrom: event.currentTarget.value || null })}
          />
          <TextInput
            style={field}
            type="date"
            label={t('customers.filters.firstSeenTo')}
            value={filters.firstSeenTo ?? ''}
            onChange={(event) => set({ firstSeenTo: event.currentTarget.value || null })}
          />
          <TextInput
            style={field}
            type="date"
            label={t('customers.filters.lastSeenFrom')}
            value={filters.lastSeenFrom ?? ''}
            onChange={(event) => set({ lastSeenFrom: event.currentTarget.value || null })}
          />
          <TextInput
            style={field}
            type="date"
            label={t('customers.filters.lastSeenTo')}
            value={filters.lastSeenTo ?? ''}
            onChange={(event) => set({ lastSeenTo: event.currentTarget.value || null })}
          />
        </Group>
      )}
    </>
  );
}
