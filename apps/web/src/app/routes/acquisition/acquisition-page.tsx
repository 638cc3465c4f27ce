import {
  Button,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { PageSection } from '../../../components/page-section';
import { downloadFunnelCsv } from '../../../features/acquisition/api/download-funnel-csv';
import { type FunnelParams, useFunnel } from '../../../features/acquisition/api/get-funnel';
import { useAcquisitionEvents } from '../../../features/acquisition/api/list-events';
import { saveBlob } from '../../../features/acquisition/download';
import { FunnelChart } from '../../../features/acquisition/funnel-chart';
import { FunnelTable } from '../../../features/acquisition/funnel-table';
import { LinksSection } from '../../../features/acquisition/links-section';
import { SettingsForm } from '../../../features/acquisition/settings-form';
import { useTranslation } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toasts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day in the browser's time zone, `YYYY-MM-DD`. */
function localDay(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

function validPeriod(from: string, to: string): boolean {
  return (
    DAY.test(from) && DAY.test(to) && from <= to && Date.parse(to) - Date.parse(from) <= 366 * 86_400_000
  );
}

/**
 * `/acquisition` (ALL or DASHBOARD): the funnel per channel or link for a period (filters in the address, so a
 * view can be shared), then the tracking links and the attribution window.
 */
export default function AcquisitionPage() {
  const { t, locale } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const events = useAcquisitionEvents();
  const today = new Date();
  const params: FunnelParams = {
    eventId: search.get('event') || null,
    from: search.get('from') ?? localDay(new Date(today.getTime() - 29 * 86_400_000)),
    to: search.get('to') ?? localDay(today),
    groupBy: search.get('by') === 'link' ? 'link' : 'channel',
    model: search.get('model') === 'first' ? 'first' : 'last',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
  const periodOk = validPeriod(params.from, params.to);
  const funnel = useFunnel(params, periodOk);
  const eventItems = events.data?.items ?? [];

  const setParam = (name: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  async function exportCsv() {
    try {
      const blob = await downloadFunnelCsv(params, locale);
      saveBlob(`${t('acquisition.funnel.file')}-${params.from}-${params.to}.csv`, blob);
      toastSuccess(t('acquisition.funnel.exported'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader route="/acquisition">
        <Text c="dimmed" maw={760}>
          {t('acquisition.intro')}
        </Text>
      </PageHeader>

      <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={t('acquisition.filters.label')}>
        <NativeSelect
          label={t('acquisition.filters.event')}
          value={params.eventId ?? ''}
          onChange={(event) => setParam('event', event.currentTarget.value || null)}
          data={[
            { value: '', label: t('acquisition.filters.allEvents') },
            ...eventItems.map((item) => ({ value: item.id, label: item.name })),
          ]}
          w={{ base: '100%', sm: 260 }}
        />
        <TextInput
          type="date"
          label={t('acquisition.filters.from')}
          value={params.from}
          max={params.to}
          onChange={(event) => setParam('from', event.currentTarget.value || null)}
        />
        <TextInput
          type="date"
          label={t('acquisition.filters.to')}
          value={params.to}
          min={params.from}
          onChange={(event) => setParam('to', event.currentTarget.value || null)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="funnel-rows">
            {t('acquisition.filters.groupBy')}
          </Text>
          <SegmentedControl
            aria-labelledby="funnel-rows"
            value={params.groupBy}
            onChange={(value) => setParam('by', value === 'link' ? 'link' : null)}
            data={[
              { value: 'channel', label: t('acquisition.filters.byChannel') },
              { value: 'link', label: t('acquisition.filters.byLink') },
            ]}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="funnel-model">
            {t('acquisition.filters.model')}
          </Text>
          <SegmentedControl
            aria-labelledby="funnel-model"
            value={params.model}
            onChange={(value) => setParam('model', value === 'first' ? 'first' : null)}
            data={[
              { value: 'last', label: t('acquisition.filters.last') },
              { value: 'first', label: t('acquisition.filters.first') },
            ]}
          />
        </Stack>
      </Group>

      <section aria-labelledby="funnel-title">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h3" id="funnel-title">
            {t('acquisition.funnel.title')}
          </Title>
          <Button variant="default" onClick={() => void exportCsv()} disabled={!periodOk || !funnel.data}>
            {t('acquisition.funnel.export')}
          </Button>
        </Group>
        {!periodOk ? (
          <Text c="red.8" role="alert">
            {t('acquisition.funnel.badPeriod')}
          </Text>
        ) : funnel.isPending ? (
          <Loader aria-label={t('acquisition.funnel.loading')} />
        ) : funnel.isError ? (
          <FormError error={funnel.error} />
        ) : funnel.data.rows.length === 0 ? (
          <Text c="dimmed">{t('acquisition.funnel.empty')}</Text>
        ) : (
          <Stack gap="md">
            <FunnelChart funnel={funnel.data} />
            <FunnelTable funnel={funnel.data} />
          </Stack>
        )}
        <Text size="sm" c="dimmed" mt="sm" maw={760}>
          {t('acquisition.funnel.explain')}
        </Text>
      </section>

      <PageSection id="tracking-links" title={t('acquisition.links.title')}>
        <LinksSection eventId={params.eventId} events={eventItems} />
      </PageSection>

      <PageSection id="attribution-window" title={t('acquisition.settings.title')}>
        <SettingsForm />
      </PageSection>
    </Stack>
  );
}
