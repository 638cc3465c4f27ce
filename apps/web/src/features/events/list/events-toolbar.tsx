import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useDevice } from '../../../lib/use-device';
import {
  defaultSort,
  EVENT_WHENS,
  type EventListFilters,
  type EventWhen,
  oneOf,
  SORT_LABELS,
  SORTS,
  STATUS_LABELS,
  STATUSES,
} from './filters';

/** Typing pauses this long before the list is asked again. */

export interface EventsToolbarProps {
  filters: EventListFilters;
  onChange: (next: EventListFilters) => void;
}

/** Search, status, dates and sort of the events list. */
export function EventsToolbar({ filters, onChange }: EventsToolbarProps) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  // On phones the fields share the width two by two instead of each taking a row at its natural size.
  const field = phoneLayout ? { flex: '1 1 40%', minWidth: 0 } : undefined;
  const [search, typeSearch] = useDebouncedSearch(filters.q, (q) => onChange({ ...filters, q }));

  const setWhen = (when: EventWhen) => {
    // The sort follows the date filter unless one was chosen: past events read best most recent first.
    const sort = filters.sort === defaultSort(filters.when) ? defaultSort(when) : filters.sort;
    onChange({ ...filters, when, sort, fromDay: null, toDay: null });
  };

  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <TextInput
        label={t('eventList.search.label')}
        placeholder={t('eventList.search.placeholder')}
        type="search"
        value={search}
        onChange={(event) => typeSearch(event.currentTarget.value)}
        style={phoneLayout ? { flex: '1 1 100%' } : { flex: '1 1 200px', maxWidth: 360 }}
      />
      <NativeSelect
        style={field}
        label={t('eventList.statusFilter.label')}
        value={filters.status ?? ''}
        onChange={(event) => onChange({ ...filters, status: oneOf(STATUSES, event.currentTarget.value) })}
        data={[
          { value: '', label: t('eventList.statusFilter.all') },
          ...STATUSES.map((status) => ({ value: status, label: t(STATUS_LABELS[status]) })),
        ]}
      />
      <NativeSelect
        style={field}
        label={t('eventList.when.label')}
        value={filters.when}
        onChange={(event) => {
          const when = oneOf(EVENT_WHENS, event.currentTarget.value);
          if (when) setWhen(when);
        }}
        data={EVENT_WHENS.map((when) => ({ value: when, label: t(`eventList.when.${when}`) }))}
      />
      {filters.when === 'range' && (
        <>
          <TextInput
            style={field}
            type="date"
            label={t('eventList.when.fromDay')}
            value={filters.fromDay ?? ''}
            max={filters.toDay ?? undefined}
            onChange={(event) => onChange({ ...filters, fromDay: event.currentTarget.value || null })}
          />
          <TextInput
            style={field}
            type="date"
            label={t('eventList.when.toDay')}
            value={filters.toDay ?? ''}
            min={filters.fromDay ?? undefined}
            onChange={(event) => onChange({ ...filters, toDay: event.currentTarget.value || null })}
          />
        </>
      )}
      <NativeSelect
        style={field}
        label={t('eventList.sort.label')}
        value={filters.sort}
        onChange={(event) => {
          const sort = oneOf(SORTS, event.currentTarget.value);
          if (sort) onChange({ ...filters, sort });
        }}
        data={SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }))}
      />
    </Group>
  );
}
