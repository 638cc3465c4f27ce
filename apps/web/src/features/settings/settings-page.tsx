import { PASSWORD_RULES } from '@guichet/shared/password-policy';
import type { SettingsOverview } from '@guichet/shared/settings';
import { Alert, Anchor, Button, Group, Image, List, Loader, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { PageSection } from '../../components/page-section';
import { useFileUrl } from '../../lib/file-url';
import { useTranslation } from '../../lib/i18n';
import { toastError } from '../../lib/toasts';
import { PaymentsSection } from '../payments/payments-section';
import { useSettingsOverview } from './api/get-overview';
import { useUpdateSecuritySettings } from './api/update-security';
import { announceChanges } from './components/changed-fields';

function CompanySummary({ company }: { company: SettingsOverview['company'] }) {
  const { t } = useTranslation();
  const logoUrl = useFileUrl(company.logo?.path);
  const place = [company.city, company.country].filter(Boolean).join(', ');
  const rows: [string, string | null][] = [
    [t('settings.fields.name'), company.name],
    [t('settings.fields.legalName'), company.legalName],
    [t('settings.fields.city'), place || null],
    [t('settings.fields.defaultCurrency'), company.defaultCurrency],
    [t('settings.fields.timeZone'), company.timeZone],
  ];
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        {logoUrl && <Image src={logoUrl} alt={t('settings.logo.preview')} w={72} h={72} fit="contain" />}
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value ?? t('settings.notSet')}
              </Text>
            </div>
          ))}
        </dl>
      </Group>
      <div>
        <Button component={Link} to="/settings/company" variant="default">
          {t('settings.company.edit')}
        </Button>
      </div>
    </Stack>
  );
}

function SecuritySection({ security }: { security: SettingsOverview['security'] }) {
  const { t } = useTranslation();
  const update = useUpdateSecuritySettings();
  const blocked = !security.requireTwoFactor && !security.viewerHasTwoFactor;
  return (
    <Stack gap="sm">
      <Switch
        checked={security.requireTwoFactor}
        disabled={blocked || update.isPending}
        label={t('settings.security.requireTwoFactor')}
        description={t('settings.security.requireTwoFactorHint')}
        onChange={(event) =>
          update.mutate(
            { requireTwoFactor: event.currentTarget.checked },
            {
              onSuccess: (result) => announceChanges(t, result.changed),
              onError: (error) => toastError(error, t('settings.saveFailed')),
            },
          )
        }
      />
      {blocked && (
        <Alert variant="light" color="yellow">
          <Text size="sm">{t('settings.security.needOwn')}</Text>
          <Anchor component={Link} to="/profile" size="sm">
            {t('settings.security.openProfile')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

/** `/settings`: the hub of the organisation's settings; each section saves on its own. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const overview = useSettingsOverview();
  const data = overview.data;

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader route="/settings">
        <Text c="dimmed">{t('settings.intro')}</Text>
      </PageHeader>
      {overview.isPending && <Loader aria-label={t('app.loading')} />}
      <FormError error={overview.error} />
      {data && (
        <>
          <PageSection id="settings-company" title={t('settings.company.title')}>
            <CompanySummary company={data.company} />
          </PageSection>

          <PageSection id="settings-registration" title={t('settings.registration.title')}>
            <Stack gap="xs">
              <Text fw={500}>
                {data.registration.mode === 'open'
                  ? t('settings.registration.open')
                  : t('settings.registration.inviteOnly')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('settings.registration.explain')}
              </Text>
            </Stack>
          </PageSection>

          <PageSection id="settings-password" title={t('settings.password.title')}>
            <Stack gap="xs">
              <List size="sm">
                {PASSWORD_RULES.map((rule) => {
                  const value = data.passwordPolicy[rule];
                  if (value === undefined || value === false) return null;
                  return (
                    <List.Item key={rule}>
                      {typeof value === 'number'
                        ? t(`settings.password.${rule as 'minLength' | 'maxLength'}`, { count: value })
                        : t(`settings.password.${rule}`)}
                    </List.Item>
                  );
                })}
              </List>
              <Text size="sm" c="dimmed">
                {t('settings.password.explain')}
              </Text>
            </Stack>
          </PageSection>

          <PageSection id="settings-security" title={t('settings.security.title')}>
            <SecuritySection security={data.security} />
          </PageSection>

          <PageSection id="settings-payments" title={t('stripe.settings.title')}>
            <PaymentsSection />
          </PageSection>
        </>
      )}
    </Stack>
  );
}
