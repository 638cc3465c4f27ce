import type { Permission } from '@guichet/shared/permissions';
import type { TeamMember } from '@guichet/shared/teams';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { PermissionCheckboxes } from './permission-checkboxes';

/** The organisation's last ALL holder can be neither demoted nor removed: said in plain words. */
const isLastAdmin = (error: unknown) => isApiError(error) && error.code === 'last-admin';

/** A staff member's permissions, changed and saved together. */
export function PermissionsEditor({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const update = useUpdateMember(member.staffId);
  const [permissions, setPermissions] = useState<Permission[]>(member.permissions);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setPermissions(member.permissions), [member.permissions]);
  const unchanged = permissions.join() === member.permissions.join();

  function save() {
    if (permissions.length === 0) return setError(t('teams.add.permissionsRequired'));
    setError(undefined);
    update.mutate(
      { permissions },
      { onSuccess: () => toastSuccess(t('teams.member.saved', { name: member.displayName })) },
    );
  }

  return (
    <Stack gap="md">
      {isLastAdmin(update.error) ? (
        <Alert color="orange" variant="light" role="alert">
          {t('teams.member.lastAdmin', { name: member.displayName })}
        </Alert>
      ) : (
        <FormError error={update.error} />
      )}
      <PermissionCheckboxes
        label={t('teams.member.permissionsHeading')}
        value={permissions}
        onChange={setPermissions}
        error={error}
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending} disabled={unchanged}>
          {t('teams.member.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Removing a staff member from the organisation, after a confirmation. */
export function RemoveMember({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveMember(member.staffId);
  const [opened, modal] = useDisclosure(false);
  const name = member.displayName;

  function close() {
    remove.reset();
    modal.close();
  }

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{t('teams.member.removeHint', { name })}</Text>
        <Button color="red" variant="light" onClick={modal.open}>
          {t('teams.member.remove', { name })}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t('teams.member.removeConfirmTitle', { name })} centered>
        <Stack gap="md">
          <Text size="sm">{t('teams.member.removeConfirmBody', { name })}</Text>
          {isLastAdmin(remove.error) ? (
            <Alert color="orange" variant="light" role="alert">
              {t('teams.member.lastAdmin', { name })}
            </Alert>
          ) : (
            <FormError error={remove.error} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    toastSuccess(t('teams.member.removed', { name }));
                    void navigate('/teams', { replace: true });
                  },
                })
              }
            >
              {t('teams.member.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
