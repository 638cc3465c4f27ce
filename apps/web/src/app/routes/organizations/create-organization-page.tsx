import { isScanOnly } from '@guichet/shared/permissions';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { LimitedTextInput } from '../../../components/limited-text';
import { useCreateOrganization } from '../../../features/organizations/api/create-organization';
import { takeAfterSignUp } from '../../../lib/after-sign-up';
import { useTranslation } from '../../../lib/i18n';
import { leaveFor, SCAN_PATH } from '../../../lib/public-paths';
import { signOut } from '../../../lib/session/actions';
import { useSession } from '../../../lib/session/use-session';
import { toastSuccess } from '../../../lib/toasts';

/** `/create-organization`: a name, then the new organisation is selected and the dashboard opens. */
export default function CreateOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, user } = useSession();
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const scanOnlyElsewhere = (me?.staffOrganization ?? []).some(isScanOnly);

  // Registration that started from a link (an invitation) goes back there instead.
  useEffect(() => {
    const next = takeAfterSignUp();
    if (next) void navigate(next, { replace: true });
  }, [navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = name.trim();
    if (value.length < 2 || value.length > 120) return setError(t('createOrganization.nameLength'));
    setError(undefined);
    create.mutate(
      { name: value },
      {
        onSuccess: (organization) => {
          toastSuccess(t('createOrganization.created', { name: organization.name }));
          void navigate('/', { replace: true });
        },
      },
    );
  }

  async function onSignOut() {
    await leaveFor('/connection', signOut());
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('createOrganization.heading')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('createOrganization.intro')}
        </Text>
      </div>
      {scanOnlyElsewhere && (
        <Alert color="blue" variant="light">
          <Stack gap="xs" align="flex-start">
            {t('createOrganization.scanOnly')}
            <Button component="a" href={SCAN_PATH} size="sm">
              {t('nav.openScanner')}
            </Button>
          </Stack>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError error={create.error} />
          <LimitedTextInput
            label={t('createOrganization.name')}
            description={t('createOrganization.nameHint')}
            required
            limit={120}
            autoComplete="organization"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
          <Button type="submit" fullWidth loading={create.isPending}>
            {t('createOrganization.submit')}
          </Button>
        </Stack>
      </form>
      {user && (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {t('createOrganization.signedInAs', { email: user.email })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => void onSignOut()}>
            {t('nav.signOut')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
