import type { Place } from '@guichet/shared/places';
import { Combobox, Loader, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PLACE_QUERY_MIN, usePlaceSearch } from '../api/search-places';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 250;

function secondLine(place: Place): string {
  return place.address ?? [place.region, place.countryName ?? place.country].filter(Boolean).join(', ');
}

/** Place search through the API: suggestions as one types, picked with the mouse or the arrow keys. */
export function PlaceSearch({ onPick }: { onPick: (place: Place) => void }) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const query = usePlaceSearch(debounced);
  const longEnough = search.trim().length >= PLACE_QUERY_MIN;
  const waiting = longEnough && (debounced !== search.trim() || query.isFetching);
  const places = longEnough ? (query.data ?? []) : [];

  function pick(id: string) {
    const place = places.find((candidate) => candidate.id === id);
    if (!place) return;
    onPick(place);
    setSearch('');
    combobox.closeDropdown();
  }

  let status = '';
  if (longEnough && !waiting) {
    status = query.isError
      ? t('eventEditor.place.failed')
      : places.length === 0
        ? t('eventEditor.place.noResults')
        : t('eventEditor.place.results', { count: places.length });
  }

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={t('eventEditor.place.search')}
            description={t('eventEditor.place.searchHint')}
            placeholder={t('eventEditor.place.searchPlaceholder')}
            value={search}
            autoComplete="off"
            rightSection={waiting ? <Loader size="xs" aria-label={t('eventEditor.place.searching')} /> : null}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!longEnough}>
          <Combobox.Options aria-label={t('eventEditor.place.suggestions')}>
            {places.map((place) => (
              <Combobox.Option value={place.id} key={place.id}>
                <Text size="sm" fw={500}>
                  {place.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {secondLine(place)}
                </Text>
              </Combobox.Option>
            ))}
            {places.length === 0 && (
              <Combobox.Empty>{waiting ? t('eventEditor.place.searching') : status}</Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
    </>
  );
}
