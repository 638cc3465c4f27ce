import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { type FinancesFilters, PRESETS, type Preset, presetRange } from './period';

/** The period (a preset or two days), the date that counts, and the event (all, or one). */
export function PeriodPicker({
  filters,
  events,
  onChange,
}: {
  filters: FinancesFilters;
  events: { id: string; name: string }[];
  onChange: (next: FinancesFilters) => void;
}) {
  const { t } = useTranslation();
  const setPreset = (preset: Preset) =>
    onChange(preset === 'custom' ? { ...filters, preset } : { ...filters, preset, ...presetRange(preset) });
  const setDay = (field: 'from' | 'to', value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    const next = { ...filters, preset: 'custom' as const, [field]: value };
    if (next.from <= next.to) onChange(next);
  };
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <Select
        label={t('financesPage.period')}
        data={PRESETS.map((preset) => ({ value: preset, label: t(`financesPage.presets.${preset}`) }))}
        value={filters.preset}
        onChange={(value) => value && setPreset(value as Preset)}
        allowDeselect={false}
        w={190}
      />
      <TextInput
        type="date"
        label={t('financesPage.from')}
        value={filters.from}
        max={filters.to}
        onChange={(event) => setDay('from', event.currentTarget.value)}
        w={170}
      />
      <TextInput
        type="date"
        label={t('financesPage.to')}
        value={filters.to}
        min={filters.from}
        onChange={(event) => setDay('to', event.currentTarget.value)}
        w={170}
      />
      <Select
        label={t('financesPage.scope')}
        data={[
          { value: '', label: t('financesPage.allEvents') },
          ...events.map((event) => ({ value: event.id, label: event.name })),
        ]}
        value={filters.eventId ?? ''}
        onChange={(value) => onChange({ ...filters, eventId: value ? value : null })}
        allowDeselect={false}
        searchable
        w={240}
      />
      <div>
        <SegmentedControl
          aria-label={t('financesPage.basis')}
          data={[
            { value: 'payment', label: t('financesPage.basisPayment') },
            { value: 'event', label: t('financesPage.basisEvent') },
          ]}
          value={filters.basis}
          onChange={(value) => onChange({ ...filters, basis: value === 'event' ? 'event' : 'payment' })}
        />
      </div>
    </Group>
  );
}
