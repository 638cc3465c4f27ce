import type { Permission } from '@guichet/shared/permissions';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { useCreateInvitation } from '../../../features/teams/api/create-invitation';
import { looksLikeEmail } from '../../../features/teams/components/email';
import { PermissionCheckboxes } from '../../../features/teams/components/permission-checkboxes';
import { fieldErrors } from '../../../lib/field-errors';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';

/** `/teams/add`: invite someone by e-mail with a set of permissions. */
export default function AddMemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [errors, setErrors] = useState<{ email?: string; permissions?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    const address = email.trim();
    if (!address) next.email = t('form.required');
    else if (!looksLikeEmail(address)) next.email = t('form.invalidEmail');
    if (permissions.length === 0) next.permissions = t('teams.add.permissionsRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      { email: address, permissions },
      {
        onSuccess: (invitation) => {
          toastSuccess(t('teams.add.sent', { email: invitation.email }));
          void navigate('/teams');
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <PageHeader route="/teams/add">
        <Text c="dimmed">{t('teams.add.intro')}</Text>
      </PageHeader>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <FormError error={create.error} />
            <TextInput
              label={t('teams.add.email')}
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
            />
            <PermissionCheckboxes
              label={t('teams.add.permissionsLegend')}
              value={permissions}
              onChange={setPermissions}
              error={errors.permissions}
            />
            <Group justify="flex-end">
              <Button component={Link} to="/teams" variant="default">
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('teams.add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
