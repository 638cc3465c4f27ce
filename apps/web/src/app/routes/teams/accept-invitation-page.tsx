import { firstAllowedRoute, isScanOnly } from '@guichet/shared/permissions';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error';
import { useAcceptInvitation } from '../../../features/teams/api/accept-invitation';
import { useInvitation } from '../../../features/teams/api/get-invitation';
import { PermissionBadges } from '../../../features/teams/components/permission-badges';
import { useTranslation } from '../../../lib/i18n';
import { SCAN_PATH } from '../../../lib/public-paths';
import { signOut } from '../../../lib/session/actions';
import { useSession } from '../../../lib/session/use-session';
import { toastSuccess } from '../../../lib/toasts';

/**
 * `/invitations/accept?token=`: the link of an invitation e-mail. Signed in with the invited address, one
 * click joins; otherwise it leads to sign-in or registration and back here.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const session = useSession();
  const accept = useAcceptInvitation();
  const here = `/invitations/accept?token=${encodeURIComponent(token)}`;

  if (!token) {
    return (
      <Alert color="orange" variant="light" role="alert">
        {t('invitation.missingToken')}
      </Alert>
    );
  }
  if (invitation.isPending || session.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (invitation.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('pages.invitationAccept')}
        </Title>
        <FormError error={invitation.error} />
        <Button component={Link} to="/" variant="default">
          {t('invitation.goHome')}
        </Button>
      </Stack>
    );
  }

  const { organizationName: organization, email, permissions, accountExists } = invitation.data;
  const signedInAs = session.me?.email ?? null;

  function onAccept() {
    accept.mutate(token, {
      onSuccess: (accepted) => {
        toastSuccess(t('invitation.joined', { organization: accepted.organization.name }));
        // Door staff work in the scanner, an app of its own: a full load, not a route of this one.
        if (isScanOnly(accepted)) window.location.assign(SCAN_PATH);
        else void navigate(firstAllowedRoute(accepted.permissions), { replace: true });
      },
    });
  }

  let action: ReactNode;
  if (signedInAs === email) {
    action = (
      <>
        <FormError error={accept.error} />
        <Button onClick={onAccept} loading={accept.isPending} fullWidth>
          {t('invitation.accept')}
        </Button>
      </>
    );
  } else if (signedInAs) {
    action = (
      <>
        <Alert color="orange" variant="light" role="alert">
          {t('invitation.mismatch', { current: signedInAs, email })}
        </Alert>
        <Button variant="default" onClick={() => void signOut()} fullWidth>
          {t('invitation.signOut')}
        </Button>
      </>
    );
  } else if (accountExists) {
    action = (
      <>
        <Text size="sm">{t('invitation.signInHint', { email })}</Text>
        <Button component="a" href={`/connection?next=${encodeURIComponent(here)}`} fullWidth>
          {t('invitation.signIn')}
        </Button>
      </>
    );
  } else {
    action = (
      <>
        <Text size="sm">{t('invitation.registerHint', { email })}</Text>
        <Button
          component="a"
          href={`/regs8df0s9dfsd?next=${encodeURIComponent(here)}&email=${encodeURIComponent(email)}`}
          fullWidth
        >
          {t('invitation.register')}
        </Button>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('invitation.heading', { organization })}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('invitation.intro', { organization, email })}
        </Text>
      </div>
      <PermissionBadges permissions={permissions} />
      {action}
    </Stack>
  );
}
