import type { Invitation } from '@guichet/shared/teams';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { FormError } from '../../../components/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDate, formatDateTime } from './format';
import { PermissionBadges } from './permission-badges';

/** A pending invitation with its actions: send again, revoke. */
export function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const expired = invitation.status === 'expired';
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {invitation.email}
          </Text>
          <Badge color={expired ? 'orange' : 'blue'} variant="light">
            {t(expired ? 'teams.status.expired' : 'teams.status.invited')}
          </Badge>
        </Group>
        <PermissionBadges permissions={invitation.permissions} />
        <Text size="xs" c="dimmed">
          {invitation.invitedBy &&
            `${t('teams.invitedBy', { name: invitation.invitedBy.displayName, date: formatDate(invitation.createdAt) })} · `}
          {t(expired ? 'teams.expiredOn' : 'teams.expiresOn', { date: formatDateTime(invitation.expiresAt) })}
        </Text>
        <FormError error={resend.error ?? revoke.error} />
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('teams.resendLabel', { email: invitation.email })}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => toastSuccess(t('teams.resent', { email: invitation.email })),
              })
            }
          >
            {t('teams.resend')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={t('teams.revokeLabel', { email: invitation.email })}
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => toastSuccess(t('teams.revoked', { email: invitation.email })),
              })
            }
          >
            {t('teams.revoke')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
