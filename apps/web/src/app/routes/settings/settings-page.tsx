import { PASSWORD_RULES } from '@guichet/shared/password-policy';
import { Button, List, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { PageSection } from '../../../components/page-section';
import { PaymentsSection } from '../../../features/payments/payments-section';
import { useSettingsOverview } from '../../../features/settings/api/get-overview';
import { CompanySummary } from '../../../features/settings/components/company-summary';
import { SecuritySection } from '../../../features/settings/components/security-section';
import { useTranslation } from '../../../lib/i18n';

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

          <PageSection id="settings-integrations" title={t('settings.integrations.title')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('settings.integrations.body')}</Text>
              <Button component={Link} to="/settings/integrations" variant="default">
                {t('settings.integrations.open')}
              </Button>
            </Stack>
          </PageSection>
        </>
      )}
    </Stack>
  );
}
