import type { SettingsOverview } from '@guichet/shared/settings';
import { Alert, Anchor, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { toastError } from '../../../lib/toasts';
import { useUpdateSecuritySettings } from '../api/update-security';
import { announceChanges } from './changed-fields';

/** Whether the organisation requires two-factor sign-in; refused while the viewer does not use it. */
export function SecuritySection({ security }: { security: SettingsOverview['security'] }) {
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
