import type { Permission } from '@guichet/shared/permissions';
import type { AuditEntry, TeamMember } from '@guichet/shared/teams';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DetailLoadState } from '../../components/detail-load-state';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-error';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useMember } from './api/get-member';
import { useRemoveMember } from './api/remove-member';
import { useUpdateMember } from './api/update-member';
import { formatDate, formatDateTime } from './components/format';
import { PermissionBadges } from './components/permission-badges';
import { PermissionCheckboxes } from './components/permission-checkboxes';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const isLastAdmin = (error: unknown) => isApiError(error) && error.code === 'last-admin';

function permissionsOf(value: unknown): Permission[] | null {
  if (!value || typeof value !== 'object' || !('permissions' in value)) return null;
  const { permissions } = value as { permissions: unknown };
  return Array.isArray(permissions) ? (permissions as Permission[]) : null;
}

function describeEntry(t: TFunction, entry: AuditEntry): string {
  const list = (value: unknown) =>
    (permissionsOf(value) ?? []).map((permission) => t(`teams.permission.${permission}`)).join(', ');
  switch (entry.action) {
    case 'staff.permissions-changed':
      return t('teams.audit.permissionsChanged', { before: list(entry.before), after: list(entry.after) });
    case 'staff.joined':
      return t('teams.audit.joined', { after: list(entry.after) });
    case 'staff.removed':
      return t('teams.audit.removed', { before: list(entry.before) });
    default:
      return entry.action;
  }
}

function PermissionsEditor({ member }: { member: TeamMember }) {
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

function RemoveMember({ member }: { member: TeamMember }) {
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

/** `/teams/:id`: one staff member: permissions, removal and the history of changes. */
export default function MemberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useMember(id);

  if (detail.isPending || detail.isError) {
    return (
      <DetailLoadState
        route="/teams/:id"
        query={detail}
        notFound={t('teams.member.notFound')}
        back={{ to: '/teams', label: t('teams.member.back') }}
      />
    );
  }

  const { member, audit } = detail.data;
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader route="/teams/:id" title={member.displayName}>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Text>
        <PermissionBadges permissions={member.permissions} />
        <Text size="sm" c="dimmed">
          {t('teams.member.joined', { date: formatDate(member.joinedAt) })} ·{' '}
          {t('teams.member.lastSignIn', {
            date: member.lastSignInAt ? formatDateTime(member.lastSignInAt) : t('teams.never'),
          })}
        </Text>
      </PageHeader>

      <Section id="member-permissions" title={t('teams.member.permissionsHeading')}>
        <PermissionsEditor member={member} />
      </Section>

      <Section id="member-history" title={t('teams.member.historyHeading')}>
        {audit.items.length === 0 ? (
          <Text c="dimmed">{t('teams.member.noHistory')}</Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {audit.items.map((entry) => (
              <Timeline.Item key={entry.id} title={describeEntry(t, entry)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt)} ·{' '}
                  {t('teams.member.by', {
                    name: entry.actor?.displayName ?? t('teams.member.unknownActor'),
                  })}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Section>

      <Section id="member-remove" title={t('teams.member.removeHeading')}>
        <RemoveMember member={member} />
      </Section>
    </Stack>
  );
}
