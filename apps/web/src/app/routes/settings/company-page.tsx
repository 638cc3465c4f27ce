import {
  type CompanySettings,
  CURRENCIES,
  OFFLINE_INSTRUCTIONS_MAX,
  type PatchCompanySettingsBody,
  patchCompanySettingsBodySchema,
  timeZones,
} from '@guichet/shared/settings';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { LimitedTextarea, LimitedTextInput } from '../../../components/limited-text';
import { PageHeader } from '../../../components/page-header';
import { PageSection } from '../../../components/page-section';
import { useCompanySettings } from '../../../features/settings/api/get-company';
import { useUpdateCompanySettings } from '../../../features/settings/api/update-company';
import { announceChanges, changedLabels } from '../../../features/settings/components/changed-fields';
import { LogoField } from '../../../features/settings/components/logo-field';
import { isApiError } from '../../../lib/api-error';
import { type TranslationKey, useTranslation } from '../../../lib/i18n';

const TEXT_FIELDS = [
  'name',
  'legalName',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'country',
  'vatNumber',
  'contactEmail',
  'offlinePaymentInstructions',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Field = TextField | 'defaultCurrency' | 'timeZone';
type Values = Record<Field, string>;

const MAX_LENGTH: Record<TextField, number> = {
  name: 120,
  legalName: 200,
  addressLine1: 200,
  addressLine2: 200,
  postalCode: 20,
  city: 120,
  country: 120,
  vatNumber: 32,
  contactEmail: 254,
  offlinePaymentInstructions: OFFLINE_INSTRUCTIONS_MAX,
};

function toValues(settings: CompanySettings): Values {
  return {
    name: settings.name,
    legalName: settings.legalName ?? '',
    addressLine1: settings.addressLine1 ?? '',
    addressLine2: settings.addressLine2 ?? '',
    postalCode: settings.postalCode ?? '',
    city: settings.city ?? '',
    country: settings.country ?? '',
    vatNumber: settings.vatNumber ?? '',
    contactEmail: settings.contactEmail ?? '',
    offlinePaymentInstructions: settings.offlinePaymentInstructions ?? '',
    defaultCurrency: settings.defaultCurrency,
    timeZone: settings.timeZone,
  };
}

/** The message shown next to a field for a validation issue (client check or server details). */
function messageFor(
  t: (key: TranslationKey, params?: Record<string, string | number>) => string,
  field: Field,
) {
  switch (field) {
    case 'name':
      return t('settings.company.nameLength');
    case 'contactEmail':
      return t('settings.company.invalidEmail');
    case 'vatNumber':
      return t('settings.company.invalidVat');
    case 'defaultCurrency':
    case 'timeZone':
      return t('form.required');
    default:
      return t('settings.company.tooLong', { max: MAX_LENGTH[field] });
  }
}

/** `/settings/company`: the company details, logo and the instructions buyers get for offline payment. */
export default function CompanyPage() {
  const { t, locale } = useTranslation();
  const company = useCompanySettings();
  const update = useUpdateCompanySettings();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [lastChanged, setLastChanged] = useState<string[] | null>(null);

  useEffect(() => {
    if (company.data && values === null) setValues(toValues(company.data));
  }, [company.data, values]);

  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'currency' });
    return CURRENCIES.map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
  }, [locale]);
  const zones = useMemo(
    () => timeZones().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    [],
  );

  if (company.isPending || !values) {
    return (
      <Stack maw={760}>
        <PageHeader route="/settings/company" />
        {company.error ? <FormError error={company.error} /> : <Loader aria-label={t('app.loading')} />}
      </Stack>
    );
  }

  const set = (field: Field) => (value: string) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const parsed = patchCompanySettingsBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= messageFor(t, field);
      }
      return setErrors(next);
    }
    setErrors({});
    update.mutate(values as PatchCompanySettingsBody, {
      onSuccess: (result) => {
        setValues(toValues(result.settings));
        setLastChanged(result.changed);
        announceChanges(t, result.changed);
      },
      onError: (error) => {
        if (!isApiError(error) || !Array.isArray(error.details)) return;
        const next: Partial<Record<Field, string>> = {};
        for (const detail of error.details as { path?: string }[]) {
          const field = detail.path?.split('.')[1] as Field | undefined;
          if (field && field in values) next[field] ??= messageFor(t, field);
        }
        setErrors(next);
      },
    });
  }

  const text = (
    field: TextField,
    extra: { description?: string; autoComplete?: string; type?: string } = {},
  ) => (
    <LimitedTextInput
      label={t(`settings.fields.${field}`)}
      value={values[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
      error={errors[field]}
      limit={MAX_LENGTH[field]}
      required={field === 'name'}
      {...extra}
    />
  );

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader route="/settings/company" />

      <PageSection id="company-logo" title={t('settings.logo.title')}>
        <LogoField path={company.data?.logo?.path ?? null} onChanged={setLastChanged} />
      </PageSection>

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <PageSection id="company-identity" title={t('settings.company.identity')}>
            <Stack gap="md">
              {text('name', { description: t('settings.company.nameHint'), autoComplete: 'organization' })}
              {text('legalName', { description: t('settings.company.legalNameHint') })}
              {text('vatNumber', { description: t('settings.company.vatHint') })}
              {text('contactEmail', {
                description: t('settings.company.contactEmailHint'),
                autoComplete: 'email',
                type: 'email',
              })}
            </Stack>
          </PageSection>

          <PageSection id="company-address" title={t('settings.company.address')}>
            <Stack gap="md">
              {text('addressLine1', { autoComplete: 'address-line1' })}
              {text('addressLine2', { autoComplete: 'address-line2' })}
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                {text('postalCode', { autoComplete: 'postal-code' })}
                {text('city', { autoComplete: 'address-level2' })}
              </SimpleGrid>
              {text('country', { autoComplete: 'country-name' })}
            </Stack>
          </PageSection>

          <PageSection id="company-money" title={t('settings.company.money')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('settings.fields.defaultCurrency')}
                description={t('settings.company.currencyHint')}
                data={currencies}
                value={values.defaultCurrency}
                onChange={(value) => set('defaultCurrency')(value ?? '')}
                searchable
                allowDeselect={false}
                placeholder={t('settings.company.search')}
                nothingFoundMessage={t('settings.company.nothingFound')}
                error={errors.defaultCurrency}
                required
              />
              <Select
                label={t('settings.fields.timeZone')}
                description={t('settings.company.timeZoneHint')}
                data={zones}
                value={values.timeZone}
                onChange={(value) => set('timeZone')(value ?? '')}
                searchable
                allowDeselect={false}
                limit={50}
                placeholder={t('settings.company.search')}
                nothingFoundMessage={t('settings.company.nothingFound')}
                error={errors.timeZone}
                required
              />
            </SimpleGrid>
          </PageSection>

          <PageSection id="company-offline-payments" title={t('settings.company.offlinePayments')}>
            <LimitedTextarea
              label={t('settings.fields.offlinePaymentInstructions')}
              description={t('settings.company.offlineInstructionsHint')}
              value={values.offlinePaymentInstructions}
              onChange={(event) => set('offlinePaymentInstructions')(event.currentTarget.value)}
              error={errors.offlinePaymentInstructions}
              limit={OFFLINE_INSTRUCTIONS_MAX}
              autosize
              minRows={3}
              maxRows={10}
            />
          </PageSection>

          <FormError error={update.error} />
          {lastChanged && (
            <Alert variant="light" color={lastChanged.length ? 'green' : 'blue'} role="status">
              {lastChanged.length
                ? t('settings.saved', { fields: changedLabels(t, lastChanged) })
                : t('settings.nothingChanged')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
