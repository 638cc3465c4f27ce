import { formatVatRate } from '@guichet/shared/vat';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { LimitedTextInput } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastError, toastSuccess } from '../../lib/toasts';
import { useVatSettings } from './api/get-vat-settings';
import { useUpdateVatSettings } from './api/update-vat-settings';

/** Rates typed as percentages separated by spaces or semicolons ("20 10 5,5 2,1") as basis points. */
export function ratesOf(input: string): number[] | null {
  const parts = input
    .split(/[\s;]+/)
    .map((part) => part.trim().replace(',', '.').replace(/%$/, ''))
    .filter(Boolean);
  const rates: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(part)) return null;
    const basisPoints = Math.round(Number(part) * 100);
    if (basisPoints > 10000) return null;
    rates.push(basisPoints);
  }
  return [...new Set(rates)].sort((a, b) => b - a);
}

/** The organisation's VAT: registered or not, its number, its rates and the default rate of ticket types. */
export function VatSettingsForm() {
  const { t, locale } = useTranslation();
  const settings = useVatSettings();
  const update = useUpdateVatSettings();
  const [registered, setRegistered] = useState(false);
  const [vatNumber, setVatNumber] = useState('');
  const [rates, setRates] = useState('');
  const [defaultRate, setDefaultRate] = useState<string | null>(null);
  useEffect(() => {
    if (!settings.data) return;
    setRegistered(settings.data.registered);
    setVatNumber(settings.data.vatNumber ?? '');
    setRates(
      settings.data.ratesBp
        .map((rate) => String(rate / 100).replace('.', locale === 'fr' ? ',' : '.'))
        .join(' '),
    );
    setDefaultRate(settings.data.defaultRateBp > 0 ? String(settings.data.defaultRateBp) : null);
  }, [settings.data, locale]);

  if (settings.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('financeReports.loading')} />
      </Center>
    );
  }
  const parsed = ratesOf(rates);
  const ratesError = parsed === null ? t('financeReports.vatSettings.ratesInvalid') : undefined;
  const numberError =
    registered && !vatNumber.trim() ? t('financeReports.vatSettings.numberRequired') : undefined;
  const save = async () => {
    if (parsed === null || numberError) return;
    try {
      await update.mutateAsync({
        registered,
        vatNumber: vatNumber.trim() || null,
        ratesBp: parsed,
        defaultRateBp:
          registered && defaultRate && parsed.includes(Number(defaultRate)) ? Number(defaultRate) : 0,
      });
      toastSuccess(t('financeReports.vatSettings.saved'));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack gap="md">
        <Text c="dimmed">{t('financeReports.vatSettings.intro')}</Text>
        <Switch
          label={t('financeReports.vatSettings.registered')}
          checked={registered}
          onChange={(event) => setRegistered(event.currentTarget.checked)}
        />
        <LimitedTextInput
          label={t('financeReports.vatSettings.number')}
          value={vatNumber}
          onChange={(event) => setVatNumber(event.currentTarget.value)}
          limit={40}
          error={numberError}
          required={registered}
        />
        <TextInput
          label={t('financeReports.vatSettings.rates')}
          description={t('financeReports.vatSettings.ratesHint')}
          value={rates}
          onChange={(event) => setRates(event.currentTarget.value)}
          error={ratesError}
        />
        <Select
          label={t('financeReports.vatSettings.defaultRate')}
          description={t('financeReports.vatSettings.defaultRateHint')}
          data={(parsed ?? []).map((rate) => ({ value: String(rate), label: formatVatRate(rate, locale) }))}
          value={defaultRate}
          onChange={setDefaultRate}
          disabled={!registered}
          clearable
        />
        {!registered && <Alert color="gray">{t('financeReports.vatSettings.notRegistered')}</Alert>}
        <Group>
          <Button onClick={() => void save()} loading={update.isPending} disabled={parsed === null}>
            {t('financeReports.vatSettings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
