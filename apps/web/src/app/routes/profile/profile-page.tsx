import { LOCALES, type Locale } from '@guichet/shared/i18n';
import { checkPermission, deriveRole } from '@guichet/shared/permissions';
import { Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { LimitedTextInput } from '../../../components/limited-text';
import { PageHeader } from '../../../components/page-header';
import { PageSection } from '../../../components/page-section';
import { useUpdateProfile } from '../../../features/profile/api/update-profile';
import { DeleteAccountModal } from '../../../features/profile/components/delete-account-modal';
import { LinkedAccountsSection } from '../../../features/profile/components/linked-accounts-section';
import {
  OrderAlertsSection,
  useOrderAlertsStrings,
} from '../../../features/profile/components/order-alerts-section';
import { SessionsSection } from '../../../features/profile/components/sessions-section';
import { TwoFactorSection } from '../../../features/profile/components/two-factor-section';
import { setFlash } from '../../../lib/flash';
import { changeLocale, isLocale, useTranslation } from '../../../lib/i18n';
import { leaveFor } from '../../../lib/public-paths';
import { endLocalSession, signOut } from '../../../lib/session/actions';
import { useSession } from '../../../lib/session/use-session';
import { toastSuccess } from '../../../lib/toasts';

/** `/profile`: the signed-in staff member's own account. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const orderAlerts = useOrderAlertsStrings();
  const { me } = useSession();
  const update = useUpdateProfile();
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const [displayName, setDisplayName] = useState(me?.displayName ?? '');
  const [locale, setLocale] = useState<Locale>(me?.locale ?? 'en');
  const [nameError, setNameError] = useState<string | undefined>();

  useEffect(() => {
    if (!me) return;
    setDisplayName(me.displayName);
    setLocale(me.locale);
  }, [me]);

  if (!me) return null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = displayName.trim();
    if (!name) return setNameError(t('form.required'));
    setNameError(undefined);
    update.mutate(
      { displayName: name, locale },
      {
        onSuccess: async () => {
          await changeLocale(locale);
          toastSuccess(t('profile.saved'));
        },
      },
    );
  }

  async function onSignOut() {
    setFlash('toasts.signedOut');
    await leaveFor('/connection', signOut());
  }

  function onSignedOutEverywhere() {
    setFlash('toasts.signedOut');
    void leaveFor('/connection');
    endLocalSession();
  }

  function onDeleted() {
    deleteModal.close();
    setFlash('profile.deleted');
    void leaveFor('/connection');
    endLocalSession();
  }

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader route="/profile" />

      <PageSection id="profile-account" title={t('profile.account')}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormError error={update.error} />
            <TextInput
              label={t('form.email')}
              value={me.email}
              readOnly
              description={t('profile.emailHint')}
            />
            <LimitedTextInput
              label={t('form.displayName')}
              required
              limit={120}
              autoComplete="name"
              value={displayName}
              onChange={(event) => setDisplayName(event.currentTarget.value)}
              error={nameError}
            />
            <NativeSelect
              label={t('language.label')}
              value={locale}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (isLocale(next)) setLocale(next);
              }}
              data={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </PageSection>

      <PageSection id="profile-organizations" title={t('profile.organizations')}>
        {me.staffOrganization.length === 0 ? (
          <Text c="dimmed">{t('profile.noOrganizations')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {me.staffOrganization.map((entry) => (
              <Group component="li" key={entry.organization_id} justify="space-between" wrap="wrap" gap="xs">
                <Text fw={500}>{entry.organization.name}</Text>
                <Group gap={4}>
                  <Badge variant="light">{t(`roles.${deriveRole(entry.permissions)}`)}</Badge>
                  {entry.permissions.map((permission) => (
                    <Badge key={permission} variant="outline" color="gray">
                      {permission}
                    </Badge>
                  ))}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </PageSection>

      {/* Order mail goes only where the staff member manages events: the choice is offered only then. */}
      {me.staffOrganization.some((entry) => checkPermission(entry.permissions, ['EVENT'])) && (
        <PageSection id="profile-order-alerts" title={orderAlerts.title}>
          <OrderAlertsSection />
        </PageSection>
      )}

      <PageSection id="profile-security" title={t('profile.security')}>
        <Button component={Link} to="/edit-password" variant="default">
          {t('profile.changePassword')}
        </Button>
      </PageSection>

      <PageSection id="profile-two-factor" title={t('profileSecurity.twoFactor')}>
        <TwoFactorSection />
      </PageSection>

      <PageSection id="profile-sessions" title={t('profileSecurity.sessions')}>
        <SessionsSection onSignedOutEverywhere={onSignedOutEverywhere} />
      </PageSection>

      <PageSection id="profile-linked" title={t('profileSecurity.linked')}>
        <LinkedAccountsSection />
      </PageSection>

      <PageSection id="profile-session" title={t('profile.session')}>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{t('profile.signOutHint')}</Text>
          <Button variant="default" onClick={() => void onSignOut()}>
            {t('nav.signOut')}
          </Button>
        </Group>
      </PageSection>

      <PageSection id="profile-delete" title={t('profile.dangerZone')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('profile.deleteIntro')}</Text>
          <Button color="red" variant="outline" onClick={deleteModal.open}>
            {t('profile.deleteButton')}
          </Button>
        </Stack>
      </PageSection>

      <DeleteAccountModal opened={deleteOpened} onClose={deleteModal.close} onDeleted={onDeleted} />
    </Stack>
  );
}
